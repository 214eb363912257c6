// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {IVesting} from "../../../src/interfaces/IVesting.sol";
import {Base} from "../../Base.t.sol";
import {PositionHolder} from "../../mocks/PositionHolder.sol";

/// @dev The branches of transferLocked.tree, one test per leaf.
contract Vesting_TransferLocked_Unit_Test is Base {
    PositionHolder internal vault;

    function setUp() public override {
        super.setUp();
        vault = _deployWhitelistedHolder(alice);
        vm.label(address(vault), "vault");
    }

    struct PositionView {
        uint256 amount;
        uint256 burnPercentage;
        uint256 unlockedAmount;
    }

    function _position(address holder) internal view returns (PositionView memory position) {
        (position.amount, position.burnPercentage, position.unlockedAmount) = vesting.claimByOwner(holder);
    }

    /// @dev Moves `amount` from `from` to `to` and checks the event, both positions (with `expectedShare` of the
    /// unlocked amount moving along) and that no token moved.
    function _transferAndCheck(address from, address to, uint256 amount, uint256 expectedShare) internal {
        PositionView memory fromBefore = _position(from);
        PositionView memory toBefore = _position(to);
        uint256 vestingBalance = nai.balanceOf(address(vesting));

        vm.expectEmit(true, true, true, true, address(vesting));
        emit IVesting.LockedTransferred(from, to, amount, expectedShare);
        vm.prank(from);
        vesting.transferLocked(to, amount);

        PositionView memory fromAfter = _position(from);
        PositionView memory toAfter = _position(to);
        vm.assertEq(fromAfter.amount, fromBefore.amount - amount, "sender amount");
        vm.assertEq(fromAfter.burnPercentage, fromBefore.burnPercentage, "sender burn percentage");
        vm.assertEq(fromAfter.unlockedAmount, fromBefore.unlockedAmount - expectedShare, "sender unlocked");
        vm.assertEq(toAfter.amount, toBefore.amount + amount, "recipient amount");
        vm.assertEq(toAfter.unlockedAmount, toBefore.unlockedAmount + expectedShare, "recipient unlocked");
        vm.assertEq(nai.balanceOf(address(vesting)), vestingBalance, "no tokens move");
    }

    function _expectRevert(address from, address to, uint256 amount, bytes memory revertData) internal {
        vm.expectRevert(revertData);
        vm.prank(from);
        vesting.transferLocked(to, amount);
    }

    function _unlockAs(address holder, uint256 expectedPaid) internal {
        uint256 before = nai.balanceOf(holder);
        if (holder == address(vault)) {
            vm.prank(alice);
            vault.unlock();
        } else {
            vm.prank(holder);
            vesting.unlock();
        }
        vm.assertEq(nai.balanceOf(holder) - before, expectedPaid, "paid");
    }

    /*//////////////////////////////////////////////////////////////
                                 REVERTS
    //////////////////////////////////////////////////////////////*/

    function test_RevertWhen_BeforeClaimStart() external {
        _expectRevert(
            alice,
            address(vault),
            1e18,
            abi.encodeWithSelector(IVesting.Vesting_NotLockedYet.selector, START, CLAIM_END)
        );
    }

    function test_RevertWhen_OneSecondBeforeClaimEnd() external {
        vm.warp(CLAIM_END - 1);
        _expectRevert(
            alice,
            address(vault),
            1e18,
            abi.encodeWithSelector(IVesting.Vesting_NotLockedYet.selector, CLAIM_END - 1, CLAIM_END)
        );
    }

    function test_RevertWhen_RecipientIsZeroAddress() external {
        vm.warp(CLAIM_END);
        _expectRevert(
            address(vault),
            address(0),
            1,
            abi.encodeWithSelector(IVesting.Vesting_InvalidRecipient.selector, address(0))
        );
    }

    function test_RevertWhen_RecipientIsCaller() external {
        vm.warp(UNLOCK_START + 73 days);
        _transferAndCheck(alice, address(vault), 500_000e18, 0);
        // Even a whitelisted contract cannot move a position onto itself.
        _expectRevert(
            address(vault),
            address(vault),
            1,
            abi.encodeWithSelector(IVesting.Vesting_InvalidRecipient.selector, address(vault))
        );
    }

    function test_RevertGiven_NeitherPartyIsWhitelisted() external {
        vm.warp(CLAIM_END);
        _expectRevert(alice, bob, 1e18, abi.encodeWithSelector(IVesting.Vesting_NotWhitelisted.selector, alice, bob));
    }

    function test_RevertGiven_ContractRemovedFromWhitelist() external {
        vm.prank(admin);
        vesting.setContractWhitelist(address(vault), false);
        vm.warp(CLAIM_END);
        _expectRevert(
            alice,
            address(vault),
            1e18,
            abi.encodeWithSelector(IVesting.Vesting_NotWhitelisted.selector, alice, address(vault))
        );
    }

    function test_RevertWhen_AmountIsZero() external {
        vm.warp(CLAIM_END);
        _expectRevert(alice, address(vault), 0, abi.encodeWithSelector(IVesting.Vesting_ZeroAmount.selector, alice));
    }

    function test_RevertGiven_SenderHasNoPosition() external {
        vm.warp(CLAIM_END);
        _expectRevert(
            eve, address(vault), 1, abi.encodeWithSelector(IVesting.Vesting_AmountExceedsPosition.selector, eve, 1, 0)
        );
    }

    function test_RevertWhen_AmountExceedsPositionAmount() external {
        vm.warp(UNLOCK_START + 73 days);
        vm.prank(alice);
        vesting.unlock(); // 200,000 of 1,000,000 taken: the whole 1,000,000 may still move, not one wei more
        _expectRevert(
            alice,
            address(vault),
            ALICE_AMOUNT + 1,
            abi.encodeWithSelector(IVesting.Vesting_AmountExceedsPosition.selector, alice, ALICE_AMOUNT + 1, ALICE_AMOUNT)
        );
    }

    function test_RevertGiven_SenderUnlockedEverything() external {
        vm.warp(UNLOCK_END);
        _unlockAs(dave, DAVE_AMOUNT);
        // (7,500, 7,500): every part of it carries as much unlocked share as it moves.
        _expectRevert(
            dave,
            address(vault),
            DAVE_AMOUNT,
            abi.encodeWithSelector(IVesting.Vesting_TransferMovesNoValue.selector, dave, DAVE_AMOUNT, DAVE_AMOUNT)
        );
        _expectRevert(
            dave, address(vault), 1, abi.encodeWithSelector(IVesting.Vesting_TransferMovesNoValue.selector, dave, 1, 1)
        );
        vm.assertFalse(vesting.everAllocated(address(vault)), "the vault was not made ever allocated");
    }

    function test_RevertWhen_AmountCarriesNoWholeWeiStillOwed() external {
        // 100 wei, 99 of them unlocked: 1 wei is owed, so a piece under 100 wei carries under one wei of it, which
        // rounds to nothing. ceil(99 × 99 ÷ 100) = 99.
        address tiny = makeAddr("tiny");
        _addVestingClaim(tiny, 100, 0);
        vm.warp(UNLOCK_START + UNLOCK_DURATION * 99 / 100);
        _unlockAs(tiny, 99);
        _expectRevert(
            tiny, address(vault), 99, abi.encodeWithSelector(IVesting.Vesting_TransferMovesNoValue.selector, tiny, 99, 99)
        );
        _expectRevert(
            tiny, address(vault), 1, abi.encodeWithSelector(IVesting.Vesting_TransferMovesNoValue.selector, tiny, 1, 1)
        );
        vm.assertFalse(vesting.everAllocated(address(vault)), "the vault was not made ever allocated");
    }

    function test_RevertWhen_RecipientAmountWouldExceedUint96() external {
        address whale = makeAddr("whale");
        _addVestingClaim(whale, MAX_UINT96 - 1e18, 0);
        vm.warp(CLAIM_END);
        _transferAndCheck(whale, address(vault), MAX_UINT96 - 1e18, 0);
        _expectRevert(
            alice,
            address(vault),
            1e18 + 1,
            abi.encodeWithSelector(IVesting.Vesting_AmountTooLarge.selector, address(vault), MAX_UINT96 + 1, MAX_UINT96)
        );
        // Up to the limit still fits.
        _transferAndCheck(alice, address(vault), 1e18, 0);
        vm.assertEq(_positionAmount(address(vault)), MAX_UINT96);
    }

    /*//////////////////////////////////////////////////////////////
                                SUCCESSES
    //////////////////////////////////////////////////////////////*/

    function test_WhenAtClaimEnd() external {
        vm.warp(CLAIM_END);
        _transferAndCheck(alice, address(vault), 250_000e18, 0);
    }

    function test_GivenSenderClaimedPartInClaimWindow() external {
        vm.warp(CLAIM_START);
        vm.prank(alice);
        vesting.claimAndBurn(400_000e18);
        vm.warp(CLAIM_END);
        // Only what is left in the position can move.
        _expectRevert(
            alice,
            address(vault),
            600_000e18 + 1,
            abi.encodeWithSelector(IVesting.Vesting_AmountExceedsPosition.selector, alice, 600_000e18 + 1, 600_000e18)
        );
        _transferAndCheck(alice, address(vault), 600_000e18, 0);
        vm.assertEq(_positionAmount(alice), 0);
    }

    function test_GivenOnlyCallerIsWhitelisted() external {
        vm.warp(CLAIM_END);
        _transferAndCheck(alice, address(vault), 300_000e18, 0);
        // The vault may pass locked tokens on to anyone, even a holder without a whitelist entry.
        vm.prank(alice);
        vault.transferLocked(eve, 100_000e18);
        vm.assertEq(_positionAmount(eve), 100_000e18);
        vm.assertEq(_positionAmount(address(vault)), 200_000e18);
    }

    function test_GivenSenderUnlockedNothing() external {
        vm.warp(UNLOCK_START + 73 days);
        _transferAndCheck(dave, address(vault), 5_000e18, 0);
        // Each part unlocks on the schedule: a fifth of each has vested.
        vm.assertEq(vesting.claimableAmount(address(vault)), 1_000e18);
        vm.assertEq(vesting.claimableAmount(dave), 500e18);
        _unlockAs(address(vault), 1_000e18);
        _unlockAs(dave, 500e18);
    }

    function test_WhenShareDividesExactly() external {
        vm.warp(UNLOCK_START + 73 days);
        _unlockAs(alice, 200_000e18);
        // 200,000 of 1,000,000 unlocked: moving 800,000 carries 800,000 × 200,000 ÷ 1,000,000 = 160,000 with it.
        _transferAndCheck(alice, address(vault), 800_000e18, 160_000e18);
        vm.assertEq(vesting.claimableAmount(alice), 0, "sender has taken its fifth");
        vm.assertEq(vesting.claimableAmount(address(vault)), 0, "the moved part's fifth was taken too");
        // Later each side takes only what vested since: 2/5 - 1/5 of each part.
        vm.warp(UNLOCK_START + 146 days);
        _unlockAs(alice, 40_000e18);
        _unlockAs(address(vault), 160_000e18);
        vm.warp(UNLOCK_END);
        _unlockAs(alice, 120_000e18);
        _unlockAs(address(vault), 480_000e18);
        vm.assertEq(nai.balanceOf(alice) + nai.balanceOf(address(vault)), ALICE_AMOUNT, "the whole position");
    }

    function test_WhenShareHasRemainder() external {
        vm.warp(UNLOCK_START + 1 days);
        // 1,000,000e18 × 86,400 ÷ 31,536,000, rounded down.
        _unlockAs(alice, 2_739_726_027_397_260_273_972);
        // 300,000 of the position carries 0.3 × that = 821,917,808,219,178,082,191.6 wei, rounded up.
        _transferAndCheck(alice, address(vault), 300_000e18, 821_917_808_219_178_082_192);
        // The sender keeps exactly what its 700,000 has vested; the vault's part counts 1 wei more as unlocked than
        // its 300,000 has vested, which only holds the vault's own claimable amount back.
        vm.assertEq(_unlockedAmount(alice), 1_917_808_219_178_082_191_780);
        vm.assertEq(vesting.vestedAmount(alice, block.timestamp), 1_917_808_219_178_082_191_780);
        vm.assertEq(vesting.vestedAmount(address(vault), block.timestamp), 821_917_808_219_178_082_191);
        vm.assertEq(vesting.claimableAmount(alice), 0);
        vm.assertEq(vesting.claimableAmount(address(vault)), 0);
    }

    function test_GivenRecipientUnlockedPartOfOwnPosition() external {
        _addVestingClaim(address(vault), 5_000e18, 0.9e18);
        vm.warp(UNLOCK_START + 73 days);
        _unlockAs(address(vault), 1_000e18);
        _unlockAs(alice, 200_000e18);
        // 100,000 of alice's position carries 20,000 unlocked; the vault counts 1,000 + 20,000 of 105,000.
        _transferAndCheck(alice, address(vault), 100_000e18, 20_000e18);
        vm.assertEq(vesting.claimableAmount(address(vault)), 0);
        vm.warp(UNLOCK_END);
        _unlockAs(address(vault), 84_000e18);
        _unlockAs(alice, 720_000e18);
    }

    function test_GivenRecipientHasPositionWithOtherBurnPercentage() external {
        vm.warp(CLAIM_END);
        _addVestingClaim(address(vault), 5_000e18, 0.9e18);
        _transferAndCheck(carol, address(vault), 10_000e18, 0);
        (uint256 amount, uint256 burnPercentage,) = vesting.claimByOwner(address(vault));
        vm.assertEq(amount, 15_000e18);
        vm.assertEq(burnPercentage, 0.9e18, "recipient keeps its own burn percentage");
    }

    function test_GivenRecipientNeverHadPosition() external {
        vm.warp(CLAIM_END + 10 days);
        _transferAndCheck(bob, address(vault), BOB_AMOUNT, 0);
        vm.assertEq(_positionAmount(bob), 0);
        (, uint256 burnPercentage,) = vesting.claimByOwner(address(vault));
        vm.assertEq(burnPercentage, BOB_BURN, "fresh recipient takes the sender's burn percentage");
    }

    function test_WhenMovingWholePositionAfterPartialUnlock() external {
        // At 90 % of the unlock, with 900,000 taken, the 100,000 still owed move in one call.
        vm.warp(UNLOCK_START + UNLOCK_DURATION * 9 / 10);
        _unlockAs(alice, 900_000e18);
        _transferAndCheck(alice, address(vault), ALICE_AMOUNT, 900_000e18);
        (uint256 amount,, uint256 unlockedAmount) = vesting.claimByOwner(alice);
        vm.assertEq(amount, 0, "sender amount");
        vm.assertEq(unlockedAmount, 0, "sender unlocked");
        vm.assertTrue(vesting.everAllocated(alice), "sender stays ever allocated");
        vm.assertEq(vesting.claimableAmount(alice), 0);

        vm.warp(UNLOCK_END);
        _unlockAs(address(vault), 100_000e18);
        vm.assertEq(nai.balanceOf(alice) + nai.balanceOf(address(vault)), ALICE_AMOUNT, "the whole position");
    }

    function test_WhenAmountCarriesJustOneWeiStillOwed() external {
        // 100 wei, 99 unlocked: 100 wei carries ceil(99 × 100 ÷ 100) = 99, so the one wei still owed moves.
        address tiny = makeAddr("tiny");
        _addVestingClaim(tiny, 100, 0);
        vm.warp(UNLOCK_START + UNLOCK_DURATION * 99 / 100);
        _unlockAs(tiny, 99);
        _transferAndCheck(tiny, address(vault), 100, 99);
        vm.warp(UNLOCK_END);
        vm.prank(alice);
        vault.unlock();
        vm.assertEq(nai.balanceOf(tiny) + nai.balanceOf(address(vault)), 100, "the whole position");
    }

    function test_WhenAfterUnlockEnd() external {
        vm.warp(UNLOCK_START + 73 days);
        _unlockAs(alice, 200_000e18);
        vm.warp(UNLOCK_END + 1 days);
        // Everything has vested: 300,000 carries 60,000 unlocked, so 240,000 of alice's 800,000 owed moves.
        _transferAndCheck(alice, address(vault), 300_000e18, 60_000e18);
        _unlockAs(alice, 560_000e18);
        _unlockAs(address(vault), 240_000e18);
        vm.assertEq(nai.balanceOf(alice) + nai.balanceOf(address(vault)), ALICE_AMOUNT, "the whole position");
    }
}
