// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {Base} from "../../Base.t.sol";
import {PositionHolder} from "../../mocks/PositionHolder.sol";

contract Vesting_ClaimableAmount_Unit_Test is Base {
    function test_GivenNoPosition() external {
        vm.warp(UNLOCK_END);
        vm.assertEq(vesting.claimableAmount(eve), 0);
    }

    function test_WhenBeforeUnlockStart() external {
        vm.warp(UNLOCK_START - 1);
        vm.assertEq(vesting.claimableAmount(alice), 0);
    }

    function test_WhenDuringUnlock() external {
        vm.warp(UNLOCK_START + 73 days);
        vm.assertEq(vesting.claimableAmount(alice), 200_000e18);
    }

    function test_GivenPartUnlocked() external {
        vm.warp(UNLOCK_START + 73 days);
        vm.prank(alice);
        vesting.unlock();
        vm.assertEq(vesting.claimableAmount(alice), 0);
        vm.warp(UNLOCK_START + 146 days);
        vm.assertEq(vesting.claimableAmount(alice), 200_000e18);
        vm.warp(UNLOCK_END);
        vm.assertEq(vesting.claimableAmount(alice), 800_000e18);
    }

    function test_GivenVestedBelowUnlocked() external {
        PositionHolder vault = _deployWhitelistedHolder(alice);
        vm.warp(UNLOCK_START + 1 days);
        vm.prank(alice);
        vesting.unlock();
        // Two wei carry their share of alice's unlocked amount (a 365th), rounded up to the whole wei: the vault's
        // position has vested nothing yet but counts 1 wei as unlocked. Clamped to zero, never negative.
        vm.prank(alice);
        vesting.transferLocked(address(vault), 2);
        vm.assertEq(vesting.vestedAmount(address(vault), block.timestamp), 0);
        vm.assertEq(_unlockedAmount(address(vault)), 1);
        vm.assertEq(vesting.claimableAmount(address(vault)), 0);
        vm.warp(UNLOCK_END);
        vm.assertEq(vesting.claimableAmount(address(vault)), 1, "only the wei still owed when it moved");
    }

    function test_GivenEverythingUnlocked() external {
        vm.warp(UNLOCK_END);
        vm.prank(dave);
        vesting.unlock();
        vm.warp(UNLOCK_END + 1);
        vm.assertEq(vesting.claimableAmount(dave), 0);
    }
}
