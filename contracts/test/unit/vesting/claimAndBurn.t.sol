// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";

import {IVesting} from "../../../src/interfaces/IVesting.sol";
import {Vesting} from "../../../src/Vesting.sol";
import {Base} from "../../Base.t.sol";
import {ReentrantToken} from "../../mocks/ReentrantToken.sol";

/// @dev The branches of claimAndBurn.tree, one test per leaf.
contract Vesting_ClaimAndBurn_Unit_Test is Base {
    function _expectOutsideWindow(uint256 timestamp) internal {
        vm.warp(timestamp);
        vm.expectRevert(
            abi.encodeWithSelector(IVesting.Vesting_OutsideClaimWindow.selector, timestamp, CLAIM_START, CLAIM_END)
        );
        vm.prank(alice);
        vesting.claimAndBurn(1e18);
        vm.assertEq(_positionAmount(alice), ALICE_AMOUNT);
    }

    /*//////////////////////////////////////////////////////////////
                                 REVERTS
    //////////////////////////////////////////////////////////////*/

    function test_RevertWhen_OneSecondBeforeClaimStart() external {
        _expectOutsideWindow(CLAIM_START - 1);
    }

    function test_RevertWhen_AtClaimEnd() external {
        _expectOutsideWindow(CLAIM_END);
    }

    function test_RevertWhen_AfterUnlockStart() external {
        _expectOutsideWindow(UNLOCK_START + 1 days);
    }

    function test_RevertWhen_AmountIsZero() external {
        vm.warp(CLAIM_START);
        vm.expectRevert(abi.encodeWithSelector(IVesting.Vesting_ZeroAmount.selector, alice));
        vm.prank(alice);
        vesting.claimAndBurn(0);
    }

    function test_RevertWhen_AmountExceedsPosition() external {
        vm.warp(CLAIM_START);
        vm.expectRevert(
            abi.encodeWithSelector(IVesting.Vesting_AmountExceedsPosition.selector, bob, BOB_AMOUNT + 1, BOB_AMOUNT)
        );
        vm.prank(bob);
        vesting.claimAndBurn(BOB_AMOUNT + 1);
    }

    function test_RevertGiven_NoPosition() external {
        vm.warp(CLAIM_START);
        vm.expectRevert(abi.encodeWithSelector(IVesting.Vesting_AmountExceedsPosition.selector, eve, 1, 0));
        vm.prank(eve);
        vesting.claimAndBurn(1);
    }

    function test_RevertGiven_WholePositionAlreadyClaimed() external {
        vm.warp(CLAIM_START);
        vm.startPrank(dave);
        vesting.claimAndBurn(DAVE_AMOUNT);
        vm.expectRevert(abi.encodeWithSelector(IVesting.Vesting_AmountExceedsPosition.selector, dave, 1, 0));
        vesting.claimAndBurn(1);
        vm.stopPrank();
    }

    function test_RevertWhen_TokenReentersClaimAndBurn() external {
        (ReentrantToken token, Vesting reentered) = _deployReentrantVesting();

        vm.warp(CLAIM_START);
        token.arm(address(reentered), abi.encodeCall(IVesting.claimAndBurn, (1e18)));
        vm.expectRevert(abi.encodeWithSelector(ReentrancyGuardTransient.ReentrancyGuardReentrantCall.selector));
        vm.prank(alice);
        reentered.claimAndBurn(10e18);
        (uint256 amount,,) = reentered.claimByOwner(alice);
        vm.assertEq(amount, ALICE_AMOUNT);
    }

    /*//////////////////////////////////////////////////////////////
                                SUCCESSES
    //////////////////////////////////////////////////////////////*/

    /// @dev Claims `amount` for `holder` and checks the event, both payouts, totalBurned and the position.
    function _claimAndCheck(address holder, uint256 amount, uint256 expectedReceived, uint256 expectedBurned) internal {
        (uint256 positionBefore, uint256 burnPercentage, uint256 unlockedBefore) = vesting.claimByOwner(holder);
        uint256 holderBefore = nai.balanceOf(holder);
        uint256 deadBefore = nai.balanceOf(DEAD);
        uint256 vestingBefore = nai.balanceOf(address(vesting));
        uint256 burnedBefore = vesting.totalBurned();

        vm.expectEmit(true, true, true, true, address(vesting));
        emit IVesting.ClaimedAndBurned(holder, amount, expectedReceived, expectedBurned);
        vm.prank(holder);
        vesting.claimAndBurn(amount);

        vm.assertEq(nai.balanceOf(holder), holderBefore + expectedReceived, "holder received");
        vm.assertEq(nai.balanceOf(DEAD), deadBefore + expectedBurned, "dead address");
        vm.assertEq(nai.balanceOf(address(vesting)), vestingBefore - amount, "vesting balance");
        vm.assertEq(vesting.totalBurned(), burnedBefore + expectedBurned, "totalBurned");
        (uint256 positionAfter, uint256 burnPercentageAfter, uint256 unlockedAfter) = vesting.claimByOwner(holder);
        vm.assertEq(positionAfter, positionBefore - amount, "position amount");
        vm.assertEq(burnPercentageAfter, burnPercentage, "burn percentage kept");
        vm.assertEq(unlockedAfter, unlockedBefore, "unlocked amount kept");
    }

    function test_WhenAtClaimStart() external {
        vm.warp(CLAIM_START);
        // Half of alice's 400,000 is burned.
        _claimAndCheck(alice, 400_000e18, 200_000e18, 200_000e18);
    }

    function test_WhenOneSecondBeforeClaimEnd() external {
        vm.warp(CLAIM_END - 1);
        _claimAndCheck(alice, 400_000e18, 200_000e18, 200_000e18);
    }

    function test_WhenAmountIsWholePosition() external {
        vm.warp(CLAIM_START + 3 days);
        // 20 % of 250,000.123456789 is 50,000.0246913578.
        _claimAndCheck(bob, BOB_AMOUNT, 200_000.0987654312e18, 50_000.0246913578e18);
        vm.assertEq(_positionAmount(bob), 0);
    }

    function test_GivenBurnPercentageIsZero() external {
        vm.warp(CLAIM_START);
        _claimAndCheck(dave, 2_500e18, 2_500e18, 0);
    }

    function test_GivenBurnPercentageIsFull() external {
        vm.warp(CLAIM_START);
        _claimAndCheck(carol, 10_000e18, 0, 10_000e18);
    }

    function test_WhenBurnShareRoundsDown() external {
        vm.warp(CLAIM_START);
        // 3 × 50 % = 1.5, rounded down to 1 burned; the holder gets the other 2.
        _claimAndCheck(alice, 3, 2, 1);
        // 20 % of 4 = 0.8, rounded down to nothing burned.
        _claimAndCheck(bob, 4, 4, 0);
    }

    function test_WhenClaimingRepeatedly() external {
        vm.warp(CLAIM_START);
        _claimAndCheck(alice, 100_000e18, 50_000e18, 50_000e18);
        vm.warp(CLAIM_START + 10 days);
        _claimAndCheck(alice, 100_000e18, 50_000e18, 50_000e18);
        _claimAndCheck(carol, CAROL_AMOUNT, 0, CAROL_AMOUNT);
        vm.assertEq(vesting.totalBurned(), 100_000e18 + CAROL_AMOUNT, "totalBurned across holders");
        vm.assertEq(nai.balanceOf(DEAD), 100_000e18 + CAROL_AMOUNT, "dead balance equals totalBurned");
        vm.assertEq(_positionAmount(alice), 800_000e18);
    }
}
