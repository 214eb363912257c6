// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {Base} from "../../Base.t.sol";
import {PositionHolder} from "../../mocks/PositionHolder.sol";

/// @dev everAllocated tells a holder whose position is used up apart from an address that never had one.
contract Vesting_EverAllocated_Unit_Test is Base {
    function test_GivenNeverAllocated() external view {
        vm.assertFalse(vesting.everAllocated(eve));
        vm.assertFalse(vesting.everAllocated(address(0)));
    }

    function test_GivenAllocated() external view {
        vm.assertTrue(vesting.everAllocated(alice));
        vm.assertTrue(vesting.everAllocated(dave), "a zero burn percentage still counts");
    }

    function test_GivenWholePositionClaimed() external {
        vm.warp(CLAIM_START);
        vm.prank(carol);
        vesting.claimAndBurn(CAROL_AMOUNT);
        vm.assertEq(_positionAmount(carol), 0);
        vm.assertTrue(vesting.everAllocated(carol));
    }

    function test_GivenWholePositionUnlocked() external {
        vm.warp(UNLOCK_END);
        vm.prank(dave);
        vesting.unlock();
        vm.assertTrue(vesting.everAllocated(dave));
    }

    function test_GivenPositionReceivedOrMovedAway() external {
        PositionHolder vault = _deployWhitelistedHolder(bob);
        vm.warp(CLAIM_END);
        vm.assertFalse(vesting.everAllocated(address(vault)));
        vm.prank(bob);
        vesting.transferLocked(address(vault), BOB_AMOUNT);
        vm.assertTrue(vesting.everAllocated(address(vault)), "received locked tokens");
        vm.assertTrue(vesting.everAllocated(bob), "moved everything away");
        vm.assertEq(_positionAmount(bob), 0);
    }
}
