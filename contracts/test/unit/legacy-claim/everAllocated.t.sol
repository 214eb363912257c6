// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {Base} from "../../Base.t.sol";

/// @dev everAllocated tells an owner who claimed everything apart from an address that never had a legacy amount.
contract LegacyClaim_EverAllocated_Unit_Test is Base {
    function test_GivenNeverAllocated() external view {
        vm.assertFalse(legacy.everAllocated(carol));
        vm.assertEq(legacy.claimByOwner(carol), 0);
    }

    function test_GivenAllocated() external view {
        vm.assertTrue(legacy.everAllocated(alice));
        vm.assertEq(legacy.claimByOwner(alice), ALICE_LEGACY);
    }

    function test_GivenClaimed() external {
        vm.warp(CLAIM_START);
        vm.prank(alice);
        legacy.claim();
        vm.assertEq(legacy.claimByOwner(alice), 0);
        vm.assertTrue(legacy.everAllocated(alice));
    }
}
