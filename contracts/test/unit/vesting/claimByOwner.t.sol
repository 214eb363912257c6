// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {Base} from "../../Base.t.sol";

contract Vesting_ClaimByOwner_Unit_Test is Base {
    function test_GivenNoPosition() external view {
        (uint256 amount, uint256 burnPercentage, uint256 unlockedAmount) = vesting.claimByOwner(eve);
        vm.assertEq(amount, 0);
        vm.assertEq(burnPercentage, 0);
        vm.assertEq(unlockedAmount, 0);
    }

    function test_GivenPosition() external view {
        (uint256 amount, uint256 burnPercentage, uint256 unlockedAmount) = vesting.claimByOwner(bob);
        vm.assertEq(amount, BOB_AMOUNT);
        vm.assertEq(burnPercentage, BOB_BURN);
        vm.assertEq(unlockedAmount, 0);
    }

    function test_GivenZeroBurnPercentage() external view {
        (uint256 amount, uint256 burnPercentage,) = vesting.claimByOwner(dave);
        vm.assertEq(amount, DAVE_AMOUNT);
        vm.assertEq(burnPercentage, 0);
    }

    function test_GivenFullBurnPercentage() external view {
        (, uint256 burnPercentage,) = vesting.claimByOwner(carol);
        vm.assertEq(burnPercentage, FULL_BURN);
    }

    function test_GivenClaimedAndUnlocked() external {
        vm.warp(CLAIM_START);
        vm.prank(alice);
        vesting.claimAndBurn(500_000e18);
        vm.warp(UNLOCK_START + 73 days);
        vm.prank(alice);
        vesting.unlock();
        (uint256 amount, uint256 burnPercentage, uint256 unlockedAmount) = vesting.claimByOwner(alice);
        vm.assertEq(amount, 500_000e18);
        vm.assertEq(burnPercentage, ALICE_BURN);
        vm.assertEq(unlockedAmount, 100_000e18);
    }
}
