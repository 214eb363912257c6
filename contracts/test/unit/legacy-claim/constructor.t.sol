// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";

import {ILegacyClaim} from "../../../src/interfaces/ILegacyClaim.sol";
import {LegacyClaim} from "../../../src/LegacyClaim.sol";
import {Base} from "../../Base.t.sol";

contract LegacyClaim_Constructor_Unit_Test is Base {
    function test_RevertWhen_TokenIsZeroAddress() external {
        vm.expectRevert(abi.encodeWithSelector(ILegacyClaim.LegacyClaim_ZeroTokenAddress.selector));
        new LegacyClaim(address(0), CLAIM_START);
    }

    function test_WhenTokenIsSet() external {
        vm.expectEmit(true, true, false, false);
        emit Ownable.OwnershipTransferred(address(0), bob);
        vm.prank(bob);
        LegacyClaim deployed = new LegacyClaim(address(nai), CLAIM_START);
        vm.assertEq(address(deployed.token()), address(nai), "token");
        vm.assertEq(deployed.claimStart(), CLAIM_START, "claimStart");
        vm.assertEq(deployed.owner(), bob, "owner");
        vm.assertEq(deployed.claimByOwner(alice), 0, "no claims yet");
    }

    function test_WhenClaimStartIsInThePast() external {
        // A claim start already passed simply opens claims at once.
        LegacyClaim deployed = new LegacyClaim(address(nai), START - 30 days);
        vm.assertEq(deployed.claimStart(), START - 30 days);
    }
}
