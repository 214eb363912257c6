// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";

import {Base} from "../../Base.t.sol";

/// @dev Renouncing ends the owner functions but never what holders are owed.
contract RenounceOwnership_Unit_Test is Base {
    function test_RevertWhen_CallerIsNotOwner_Vesting() external {
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, bob));
        vm.prank(bob);
        vesting.renounceOwnership();
        vm.assertEq(vesting.owner(), admin);
    }

    function test_RevertWhen_CallerIsNotOwner_LegacyClaim() external {
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, bob));
        vm.prank(bob);
        legacy.renounceOwnership();
        vm.assertEq(legacy.owner(), admin);
    }

    function test_WhenOwnerRenounces_Vesting() external {
        vm.expectEmit(true, true, true, true, address(vesting));
        emit Ownable.OwnershipTransferred(admin, address(0));
        vm.prank(admin);
        vesting.renounceOwnership();
        vm.assertEq(vesting.owner(), address(0));

        address[] memory owners = new address[](1);
        uint256[] memory amounts = new uint256[](1);
        uint256[] memory burnPercentages = new uint256[](1);
        (owners[0], amounts[0]) = (eve, 1e18);
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, admin));
        vm.prank(admin);
        vesting.addClaims(owners, amounts, burnPercentages);

        // Holders still get everything they are owed.
        vm.warp(UNLOCK_END);
        vm.prank(alice);
        vesting.unlock();
        vm.assertEq(nai.balanceOf(alice), ALICE_AMOUNT);
    }

    function test_WhenOwnerRenounces_LegacyClaim() external {
        vm.expectEmit(true, true, true, true, address(legacy));
        emit Ownable.OwnershipTransferred(admin, address(0));
        vm.prank(admin);
        legacy.renounceOwnership();
        vm.assertEq(legacy.owner(), address(0));

        address[] memory owners = new address[](1);
        uint256[] memory amounts = new uint256[](1);
        (owners[0], amounts[0]) = (eve, 1e18);
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, admin));
        vm.prank(admin);
        legacy.addClaims(owners, amounts);

        vm.warp(CLAIM_START);
        vm.prank(alice);
        legacy.claim();
        vm.assertEq(nai.balanceOf(alice), ALICE_LEGACY);
    }
}
