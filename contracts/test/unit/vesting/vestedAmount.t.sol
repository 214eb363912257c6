// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {Base} from "../../Base.t.sol";

contract Vesting_VestedAmount_Unit_Test is Base {
    function test_GivenNoPosition() external view {
        vm.assertEq(vesting.vestedAmount(eve, UNLOCK_END), 0);
    }

    function test_WhenBeforeUnlockStart() external view {
        vm.assertEq(vesting.vestedAmount(alice, CLAIM_START), 0);
        vm.assertEq(vesting.vestedAmount(alice, UNLOCK_START - 1), 0);
    }

    function test_WhenAtUnlockStart() external view {
        vm.assertEq(vesting.vestedAmount(alice, UNLOCK_START), 0);
    }

    function test_WhenDuringUnlock() external view {
        vm.assertEq(vesting.vestedAmount(alice, UNLOCK_START + 1), 31_709_791_983_764_586);
        vm.assertEq(vesting.vestedAmount(alice, UNLOCK_START + 73 days), 200_000e18);
        vm.assertEq(vesting.vestedAmount(alice, UNLOCK_START + UNLOCK_DURATION / 2), 500_000e18);
        vm.assertEq(vesting.vestedAmount(alice, UNLOCK_END - 1), ALICE_AMOUNT - 31_709_791_983_764_587);
    }

    function test_WhenAtUnlockEnd() external view {
        vm.assertEq(vesting.vestedAmount(bob, UNLOCK_END), BOB_AMOUNT);
    }

    function test_WhenAfterUnlockEnd() external view {
        vm.assertEq(vesting.vestedAmount(bob, UNLOCK_END + 1), BOB_AMOUNT);
        vm.assertEq(vesting.vestedAmount(bob, type(uint256).max), BOB_AMOUNT);
    }

    function test_WhenAtAnyTimeIndependentOfBlockTime() external {
        // The timestamp argument, not the block time, decides.
        vm.warp(UNLOCK_END);
        vm.assertEq(vesting.vestedAmount(alice, UNLOCK_START + 73 days), 200_000e18);
    }

    function test_GivenPositionPartlyClaimed() external {
        vm.warp(CLAIM_START);
        vm.prank(alice);
        vesting.claimAndBurn(600_000e18);
        vm.assertEq(vesting.vestedAmount(alice, UNLOCK_START + 73 days), 80_000e18);
    }
}
