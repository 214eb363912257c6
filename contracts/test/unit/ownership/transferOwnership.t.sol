// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";

import {Base} from "../../Base.t.sol";

/// @dev Both contracts use OpenZeppelin's Ownable; each is checked here, with the owner functions it guards.
contract TransferOwnership_Unit_Test is Base {
    function test_RevertWhen_CallerIsNotOwner_Vesting() external {
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, alice));
        vm.prank(alice);
        vesting.transferOwnership(alice);
        vm.assertEq(vesting.owner(), admin);
    }

    function test_RevertWhen_CallerIsNotOwner_LegacyClaim() external {
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, alice));
        vm.prank(alice);
        legacy.transferOwnership(alice);
        vm.assertEq(legacy.owner(), admin);
    }

    function test_RevertWhen_NewOwnerIsZeroAddress_Vesting() external {
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableInvalidOwner.selector, address(0)));
        vm.prank(admin);
        vesting.transferOwnership(address(0));
    }

    function test_RevertWhen_NewOwnerIsZeroAddress_LegacyClaim() external {
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableInvalidOwner.selector, address(0)));
        vm.prank(admin);
        legacy.transferOwnership(address(0));
    }

    function test_WhenOwnerTransfers_Vesting() external {
        address newOwner = makeAddr("newOwner");
        vm.expectEmit(true, true, true, true, address(vesting));
        emit Ownable.OwnershipTransferred(admin, newOwner);
        vm.prank(admin);
        vesting.transferOwnership(newOwner);
        vm.assertEq(vesting.owner(), newOwner);

        // The old owner lost the owner functions, the new one has them.
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, admin));
        vm.prank(admin);
        vesting.setContractWhitelist(address(nai), true);
        vm.prank(newOwner);
        vesting.setContractWhitelist(address(nai), true);
        vm.assertTrue(vesting.contractWhitelist(address(nai)));
    }

    function test_WhenOwnerTransfers_LegacyClaim() external {
        address newOwner = makeAddr("newOwner");
        vm.expectEmit(true, true, true, true, address(legacy));
        emit Ownable.OwnershipTransferred(admin, newOwner);
        vm.prank(admin);
        legacy.transferOwnership(newOwner);
        vm.assertEq(legacy.owner(), newOwner);

        address[] memory owners = new address[](1);
        uint256[] memory amounts = new uint256[](1);
        (owners[0], amounts[0]) = (carol, 1e18);
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, admin));
        vm.prank(admin);
        legacy.addClaims(owners, amounts);

        nai.mint(newOwner, 1e18);
        vm.startPrank(newOwner);
        nai.approve(address(legacy), 1e18);
        legacy.addClaims(owners, amounts);
        vm.stopPrank();
        vm.assertEq(legacy.claimByOwner(carol), 1e18);
    }
}
