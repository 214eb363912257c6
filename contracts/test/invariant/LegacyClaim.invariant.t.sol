// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {Base} from "../Base.t.sol";
import {InvariantTargets} from "../utils/InvariantTargets.sol";
import {LegacyClaimHandler} from "./handlers/LegacyClaimHandler.sol";

/// @dev The LegacyClaim invariants under any sequence of the handler's calls, for the two default owners and six more.
contract LegacyClaim_Invariant_Test is Base, InvariantTargets {
    LegacyClaimHandler internal handler;
    address[] internal owners;

    function setUp() public override {
        super.setUp();
        owners.push(alice);
        owners.push(bob);
        for (uint256 i; i < 6; ++i) {
            owners.push(makeAddr(string.concat("legacyOwner", vm.toString(i))));
        }
        handler = new LegacyClaimHandler(legacy, nai, admin, owners);
        handler.recordInitialClaim(alice, ALICE_LEGACY);
        handler.recordInitialClaim(bob, BOB_LEGACY);

        targetContract(address(handler));
        bytes4[] memory selectors = new bytes4[](4);
        selectors[0] = LegacyClaimHandler.passTime.selector;
        selectors[1] = LegacyClaimHandler.addClaims.selector;
        selectors[2] = LegacyClaimHandler.addClaimsAgain.selector;
        selectors[3] = LegacyClaimHandler.claim.selector;
        targetSelector(FuzzSelector({addr: address(handler), selectors: selectors}));
    }

    function invariant_LegacyBalanceCoversUnclaimed() external view {
        uint256 unclaimed;
        for (uint256 i; i < owners.length; ++i) {
            unclaimed += legacy.claimByOwner(owners[i]);
        }
        vm.assertGe(nai.balanceOf(address(legacy)), unclaimed, "balance covers unclaimed amounts");
        // Nobody else sends tokens here, so the balance is exactly what is unclaimed.
        vm.assertEq(nai.balanceOf(address(legacy)), unclaimed, "balance = unclaimed");
    }

    function invariant_LegacyEachClaimPaysOnce() external view {
        vm.assertFalse(handler.ghostPaidTwice(), "a second claim paid");
        vm.assertFalse(handler.ghostAllocatedTwice(), "an owner allocated before was added again");
        for (uint256 i; i < owners.length; ++i) {
            address owner = owners[i];
            vm.assertEq(
                handler.ghostPaid(owner) + legacy.claimByOwner(owner),
                handler.ghostAdded(owner),
                "paid + unclaimed = added"
            );
            // Owners get tokens only from LegacyClaim: their balance is exactly what they were paid.
            vm.assertEq(nai.balanceOf(owner), handler.ghostPaid(owner), "balance = paid");
            vm.assertEq(legacy.everAllocated(owner), handler.ghostEverAdded(owner), "everAllocated");
        }
    }
}
