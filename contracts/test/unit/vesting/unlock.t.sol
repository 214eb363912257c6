// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";

import {IVesting} from "../../../src/interfaces/IVesting.sol";
import {Vesting} from "../../../src/Vesting.sol";
import {Base} from "../../Base.t.sol";
import {PositionHolder} from "../../mocks/PositionHolder.sol";
import {ReentrantToken} from "../../mocks/ReentrantToken.sol";

/// @dev The branches of unlock.tree, one test per leaf.
contract Vesting_Unlock_Unit_Test is Base {
    /// @dev Unlocks for `holder` and checks the event, the payout and the position.
    function _unlockAndCheck(address holder, uint256 expectedPaid) internal {
        (uint256 amountBefore, uint256 burnPercentage, uint256 unlockedBefore) = vesting.claimByOwner(holder);
        uint256 holderBefore = nai.balanceOf(holder);
        uint256 vestingBefore = nai.balanceOf(address(vesting));

        vm.expectEmit(true, true, true, true, address(vesting));
        emit IVesting.Unlocked(holder, expectedPaid);
        vm.prank(holder);
        vesting.unlock();

        vm.assertEq(nai.balanceOf(holder), holderBefore + expectedPaid, "holder paid");
        vm.assertEq(nai.balanceOf(address(vesting)), vestingBefore - expectedPaid, "vesting balance");
        (uint256 amountAfter, uint256 burnPercentageAfter, uint256 unlockedAfter) = vesting.claimByOwner(holder);
        vm.assertEq(amountAfter, amountBefore, "position amount kept");
        vm.assertEq(burnPercentageAfter, burnPercentage, "burn percentage kept");
        vm.assertEq(unlockedAfter, unlockedBefore + expectedPaid, "unlocked amount");
        vm.assertEq(vesting.claimableAmount(holder), 0, "nothing left to unlock this second");
    }

    function _expectNothingToUnlock(address holder) internal {
        vm.expectRevert(abi.encodeWithSelector(IVesting.Vesting_NothingToUnlock.selector, holder));
        vm.prank(holder);
        vesting.unlock();
    }

    /*//////////////////////////////////////////////////////////////
                                 REVERTS
    //////////////////////////////////////////////////////////////*/

    function test_RevertWhen_OneSecondBeforeUnlockStart() external {
        vm.warp(UNLOCK_START - 1);
        vm.expectRevert(
            abi.encodeWithSelector(IVesting.Vesting_UnlockNotStarted.selector, UNLOCK_START - 1, UNLOCK_START)
        );
        vm.prank(alice);
        vesting.unlock();
    }

    function test_RevertWhen_InClaimWindow() external {
        vm.warp(CLAIM_START);
        vm.expectRevert(abi.encodeWithSelector(IVesting.Vesting_UnlockNotStarted.selector, CLAIM_START, UNLOCK_START));
        vm.prank(alice);
        vesting.unlock();
    }

    function test_RevertWhen_AtUnlockStart() external {
        // The unlock has started, but nothing has vested in its first second.
        vm.warp(UNLOCK_START);
        _expectNothingToUnlock(alice);
    }

    function test_RevertGiven_NoPosition() external {
        vm.warp(UNLOCK_END);
        _expectNothingToUnlock(eve);
    }

    function test_RevertGiven_WholePositionClaimed() external {
        vm.warp(CLAIM_START);
        vm.prank(dave);
        vesting.claimAndBurn(DAVE_AMOUNT);
        vm.warp(UNLOCK_END);
        _expectNothingToUnlock(dave);
    }

    function test_RevertGiven_AlreadyUnlockedThisSecond() external {
        vm.warp(UNLOCK_START + 100 days);
        vm.startPrank(alice);
        vesting.unlock();
        vm.expectRevert(abi.encodeWithSelector(IVesting.Vesting_NothingToUnlock.selector, alice));
        vesting.unlock();
        vm.stopPrank();
    }

    function test_RevertGiven_EverythingUnlocked() external {
        vm.warp(UNLOCK_END);
        vm.prank(alice);
        vesting.unlock();
        vm.warp(UNLOCK_END + 365 days);
        _expectNothingToUnlock(alice);
    }

    function test_RevertGiven_UnlockedShareReceivedExceedsVested() external {
        PositionHolder vault = _deployWhitelistedHolder(alice);
        vm.warp(UNLOCK_START + 1 days);
        vm.prank(alice);
        vesting.unlock();
        // Of the 2 wei moved, 1 counts as unlocked (its share rounded up) before the vault's position has vested any.
        vm.prank(alice);
        vesting.transferLocked(address(vault), 2);
        vm.expectRevert(abi.encodeWithSelector(IVesting.Vesting_NothingToUnlock.selector, address(vault)));
        vm.prank(alice);
        vault.unlock();
    }

    function test_RevertWhen_TokenReentersUnlock() external {
        (ReentrantToken token, Vesting reentered) = _deployReentrantVesting();

        vm.warp(UNLOCK_END);
        token.arm(address(reentered), abi.encodeCall(IVesting.unlock, ()));
        vm.expectRevert(abi.encodeWithSelector(ReentrancyGuardTransient.ReentrancyGuardReentrantCall.selector));
        vm.prank(alice);
        reentered.unlock();
        vm.assertEq(token.balanceOf(alice), 0);
    }

    /*//////////////////////////////////////////////////////////////
                                SUCCESSES
    //////////////////////////////////////////////////////////////*/

    function test_WhenOneSecondAfterUnlockStart() external {
        vm.warp(UNLOCK_START + 1);
        // 1,000,000e18 × 1 / 31,536,000 s, rounded down.
        _unlockAndCheck(alice, 31_709_791_983_764_586);
    }

    function test_WhenPartwayThroughUnlock() external {
        vm.warp(UNLOCK_START + 73 days);
        // 73 of 365 days: a fifth.
        _unlockAndCheck(alice, 200_000e18);
    }

    function test_WhenUnlockingAgainLater() external {
        vm.warp(UNLOCK_START + 73 days);
        _unlockAndCheck(alice, 200_000e18);
        vm.warp(UNLOCK_START + 146 days);
        _unlockAndCheck(alice, 200_000e18);
        vm.assertEq(_unlockedAmount(alice), 400_000e18);
    }

    function test_WhenAtUnlockEnd() external {
        vm.warp(UNLOCK_START + 100 days);
        uint256 first = BOB_AMOUNT * 100 days / UNLOCK_DURATION;
        _unlockAndCheck(bob, first);
        vm.warp(UNLOCK_END);
        // Exactly the rest, no dust left behind.
        _unlockAndCheck(bob, BOB_AMOUNT - first);
        vm.assertEq(_unlockedAmount(bob), BOB_AMOUNT);
    }

    function test_WhenLongAfterUnlockEnd() external {
        vm.warp(UNLOCK_END + 10 * 365 days);
        _unlockAndCheck(dave, DAVE_AMOUNT);
    }

    function test_GivenPositionWasPartlyClaimed() external {
        vm.warp(CLAIM_START);
        vm.prank(alice);
        vesting.claimAndBurn(600_000e18);
        // The remaining 400,000 unlocks; a fifth of it after 73 days.
        vm.warp(UNLOCK_START + 73 days);
        _unlockAndCheck(alice, 80_000e18);
    }

    function test_GivenPositionReceivedLockedTokens() external {
        PositionHolder vault = _deployWhitelistedHolder(alice);
        vm.warp(UNLOCK_START + UNLOCK_DURATION / 2);
        _unlockAndCheck(alice, 500_000e18);
        // 400,000 moves with 200,000 of the unlocked amount: alice keeps (600,000, 300,000), the vault gets
        // (400,000, 200,000). Both have taken exactly their half.
        vm.prank(alice);
        vesting.transferLocked(address(vault), 400_000e18);
        _expectNothingToUnlock(alice);
        // At three quarters each takes the quarter that vested since.
        vm.warp(UNLOCK_START + UNLOCK_DURATION * 3 / 4);
        _unlockAndCheck(alice, 150_000e18);
        uint256 vaultBefore = nai.balanceOf(address(vault));
        vm.prank(alice);
        vault.unlock();
        vm.assertEq(nai.balanceOf(address(vault)) - vaultBefore, 100_000e18, "vault paid");
        // In the end exactly the rest of each position.
        vm.warp(UNLOCK_END);
        _unlockAndCheck(alice, 150_000e18);
        vm.prank(alice);
        vault.unlock();
        vm.assertEq(nai.balanceOf(alice) + nai.balanceOf(address(vault)), ALICE_AMOUNT, "the whole position");
    }
}
