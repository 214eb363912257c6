// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {IVesting} from "../../../src/interfaces/IVesting.sol";
import {Base} from "../../Base.t.sol";
import {PositionHolder} from "../../mocks/PositionHolder.sol";

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

    /// @dev Moves `amount` from `from` to `to` and checks the event, both positions and that no token moved.
    function _transferAndCheck(address from, address to, uint256 amount) internal {
        PositionView memory fromBefore = _position(from);
        PositionView memory toBefore = _position(to);
        uint256 vestingBalance = nai.balanceOf(address(vesting));

        vm.expectEmit(true, true, true, true, address(vesting));
        emit IVesting.LockedTransferred(from, to, amount);
        vm.prank(from);
        vesting.transferLocked(to, amount);

        PositionView memory fromAfter = _position(from);
        PositionView memory toAfter = _position(to);
        vm.assertEq(fromAfter.amount, fromBefore.amount - amount, "sender amount");
        vm.assertEq(fromAfter.burnPercentage, fromBefore.burnPercentage, "sender burn percentage");
        vm.assertEq(fromAfter.unlockedAmount, fromBefore.unlockedAmount, "sender unlocked");
        vm.assertEq(toAfter.amount, toBefore.amount + amount, "recipient amount");
        vm.assertEq(toAfter.unlockedAmount, toBefore.unlockedAmount, "recipient unlocked");
        vm.assertEq(nai.balanceOf(address(vesting)), vestingBalance, "no tokens move");
    }

    function _expectRevert(address from, address to, uint256 amount, bytes memory revertData) internal {
        vm.expectRevert(revertData);
        vm.prank(from);
        vesting.transferLocked(to, amount);
    }

    /*//////////////////////////////////////////////////////////////
                                 REVERTS
    //////////////////////////////////////////////////////////////*/

    function test_RevertWhen_OneSecondBeforeClaimEnd() external {
        vm.warp(CLAIM_END - 1);
        _expectRevert(
            alice,
            address(vault),
            1e18,
            abi.encodeWithSelector(IVesting.Vesting_NotLockedYet.selector, CLAIM_END - 1, CLAIM_END)
        );
    }

    function test_RevertWhen_BeforeClaimStart() external {
        _expectRevert(
            alice,
            address(vault),
            1e18,
            abi.encodeWithSelector(IVesting.Vesting_NotLockedYet.selector, START, CLAIM_END)
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
        vm.warp(CLAIM_END);
        _expectRevert(
            address(vault),
            address(vault),
            1,
            abi.encodeWithSelector(IVesting.Vesting_InvalidRecipient.selector, address(vault))
        );
    }

    function test_RevertWhen_NeitherPartyIsWhitelisted() external {
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

    function test_RevertWhen_AmountExceedsLocked() external {
        vm.warp(UNLOCK_START + 73 days);
        vm.prank(alice);
        vesting.unlock(); // 200,000 of 1,000,000 taken: 800,000 still locked
        _expectRevert(
            alice,
            address(vault),
            800_000e18 + 1,
            abi.encodeWithSelector(IVesting.Vesting_AmountExceedsLocked.selector, alice, 800_000e18 + 1, 800_000e18)
        );
    }

    function test_RevertGiven_NoPosition() external {
        vm.warp(CLAIM_END);
        _expectRevert(
            eve, address(vault), 1, abi.encodeWithSelector(IVesting.Vesting_AmountExceedsLocked.selector, eve, 1, 0)
        );
    }

    function test_RevertWhen_RecipientWouldExceedUint96() external {
        address whale = makeAddr("whale");
        _addVestingClaim(whale, MAX_UINT96 - 1e18, 0);
        vm.warp(CLAIM_END);
        _transferAndCheck(whale, address(vault), MAX_UINT96 - 1e18);
        _expectRevert(
            alice,
            address(vault),
            1e18 + 1,
            abi.encodeWithSelector(IVesting.Vesting_AmountTooLarge.selector, address(vault), MAX_UINT96 + 1, MAX_UINT96)
        );
        // Up to the limit still fits.
        _transferAndCheck(alice, address(vault), 1e18);
        vm.assertEq(_positionAmount(address(vault)), MAX_UINT96);
    }

    /*//////////////////////////////////////////////////////////////
                                SUCCESSES
    //////////////////////////////////////////////////////////////*/

    function test_WhenAtClaimEnd() external {
        vm.warp(CLAIM_END);
        _transferAndCheck(alice, address(vault), 250_000e18);
    }

    function test_WhenRecipientIsWhitelisted() external {
        vm.warp(CLAIM_END + 10 days);
        _transferAndCheck(bob, address(vault), BOB_AMOUNT);
        vm.assertEq(_positionAmount(bob), 0);
        (, uint256 burnPercentage,) = vesting.claimByOwner(address(vault));
        vm.assertEq(burnPercentage, BOB_BURN, "fresh recipient takes the sender's burn percentage");
    }

    function test_WhenCallerIsWhitelisted() external {
        vm.warp(CLAIM_END);
        _transferAndCheck(alice, address(vault), 300_000e18);
        // The vault may now pass locked tokens on to anyone, even a holder without a whitelist entry.
        vm.prank(alice);
        vault.transferLocked(eve, 100_000e18);
        vm.assertEq(_positionAmount(eve), 100_000e18);
        vm.assertEq(_positionAmount(address(vault)), 200_000e18);
        (, uint256 burnPercentage,) = vesting.claimByOwner(eve);
        vm.assertEq(burnPercentage, ALICE_BURN);
    }

    function test_WhenRecipientHasPosition() external {
        vm.warp(CLAIM_END);
        _addVestingClaim(address(vault), 5_000e18, 0.9e18);
        _transferAndCheck(carol, address(vault), 10_000e18);
        (uint256 amount, uint256 burnPercentage,) = vesting.claimByOwner(address(vault));
        vm.assertEq(amount, 15_000e18);
        vm.assertEq(burnPercentage, 0.9e18, "recipient keeps its own burn percentage");
    }

    function test_WhenSenderHasUnlockedPart() external {
        vm.warp(UNLOCK_START + 73 days);
        vm.prank(alice);
        vesting.unlock(); // 200,000
        // Everything not yet unlocked may move.
        _transferAndCheck(alice, address(vault), 800_000e18);
        vm.assertEq(_positionAmount(alice), 200_000e18);
        vm.assertEq(_unlockedAmount(alice), 200_000e18);
        vm.warp(UNLOCK_END);
        vm.assertEq(vesting.claimableAmount(alice), 0, "sender has taken everything");
        vm.assertEq(vesting.claimableAmount(address(vault)), 800_000e18);
    }

    function test_WhenDuringUnlocking() external {
        vm.warp(UNLOCK_START + 73 days);
        _transferAndCheck(dave, address(vault), 5_000e18);
        // Same schedule: a fifth of what moved is unlocked for the recipient already.
        vm.assertEq(vesting.claimableAmount(address(vault)), 1_000e18);
        vm.assertEq(vesting.claimableAmount(dave), 500e18);
        vm.prank(alice);
        vault.unlock();
        vm.assertEq(nai.balanceOf(address(vault)), 1_000e18);
    }
}
