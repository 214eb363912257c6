// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {Ownable2Step} from "@openzeppelin/contracts/access/Ownable2Step.sol";

import {Base} from "../../Base.t.sol";

/// @dev Both contracts use OpenZeppelin's Ownable2Step: `transferOwnership` only proposes a new owner, who becomes
/// the owner by calling `acceptOwnership`. Each test runs against both contracts.
contract TransferOwnership_Unit_Test is Base {
    address internal newOwner;

    function setUp() public override {
        super.setUp();
        newOwner = makeAddr("newOwner");
    }

    function _contracts() internal view returns (Ownable2Step[2] memory) {
        return [Ownable2Step(address(vesting)), Ownable2Step(address(legacy))];
    }

    /// @dev Whether `caller` may use the owner functions of `target`: an empty `addClaims` batch is owner-only on
    /// both contracts and moves nothing.
    function _actsAsOwner(Ownable2Step target, address caller) internal returns (bool success) {
        bytes memory callData = address(target) == address(vesting)
            ? abi.encodeWithSignature(
                "addClaims(address[],uint256[],uint256[])", new address[](0), new uint256[](0), new uint256[](0)
            )
            : abi.encodeWithSignature("addClaims(address[],uint256[])", new address[](0), new uint256[](0));
        vm.prank(caller);
        (success,) = address(target).call(callData);
    }

    function _propose(Ownable2Step target, address proposed) internal {
        vm.expectEmit(true, true, true, true, address(target));
        emit Ownable2Step.OwnershipTransferStarted(admin, proposed);
        vm.prank(admin);
        target.transferOwnership(proposed);
        vm.assertEq(target.pendingOwner(), proposed, "pending owner");
        vm.assertEq(target.owner(), admin, "owner unchanged until accepted");
    }

    function test_RevertWhen_CallerIsNotOwner() external {
        Ownable2Step[2] memory targets = _contracts();
        for (uint256 i; i < targets.length; ++i) {
            vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, alice));
            vm.prank(alice);
            targets[i].transferOwnership(alice);
            vm.assertEq(targets[i].pendingOwner(), address(0));
        }
    }

    function test_WhenOwnerProposesNewOwner() external {
        Ownable2Step[2] memory targets = _contracts();
        for (uint256 i; i < targets.length; ++i) {
            _propose(targets[i], newOwner);
            vm.assertTrue(_actsAsOwner(targets[i], admin), "the owner keeps the owner functions");
            vm.assertFalse(_actsAsOwner(targets[i], newOwner), "the proposed owner has none yet");
        }
    }

    function test_RevertWhen_SomeoneElseAccepts() external {
        Ownable2Step[2] memory targets = _contracts();
        for (uint256 i; i < targets.length; ++i) {
            _propose(targets[i], newOwner);
            vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, admin));
            vm.prank(admin);
            targets[i].acceptOwnership();
            vm.assertEq(targets[i].owner(), admin);
        }
    }

    function test_WhenProposedOwnerAccepts() external {
        Ownable2Step[2] memory targets = _contracts();
        for (uint256 i; i < targets.length; ++i) {
            _propose(targets[i], newOwner);
            vm.expectEmit(true, true, true, true, address(targets[i]));
            emit Ownable.OwnershipTransferred(admin, newOwner);
            vm.prank(newOwner);
            targets[i].acceptOwnership();
            vm.assertEq(targets[i].owner(), newOwner);
            vm.assertEq(targets[i].pendingOwner(), address(0), "nothing pending");
            vm.assertFalse(_actsAsOwner(targets[i], admin), "the old owner lost the owner functions");
            vm.assertTrue(_actsAsOwner(targets[i], newOwner), "the new owner has them");
        }
    }

    function test_WhenOwnerProposesAnotherOwner() external {
        address other = makeAddr("other");
        Ownable2Step[2] memory targets = _contracts();
        for (uint256 i; i < targets.length; ++i) {
            _propose(targets[i], newOwner);
            _propose(targets[i], other);
            // The first proposal is replaced.
            vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, newOwner));
            vm.prank(newOwner);
            targets[i].acceptOwnership();
            vm.prank(other);
            targets[i].acceptOwnership();
            vm.assertEq(targets[i].owner(), other);
        }
    }

    function test_WhenOwnerProposesZeroAddress() external {
        Ownable2Step[2] memory targets = _contracts();
        for (uint256 i; i < targets.length; ++i) {
            _propose(targets[i], newOwner);
            // Proposing the zero address withdraws the proposal; nobody can accept it.
            _propose(targets[i], address(0));
            vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, newOwner));
            vm.prank(newOwner);
            targets[i].acceptOwnership();
            vm.assertEq(targets[i].owner(), admin);
        }
    }

    function test_GivenOwnerRenouncedWhileProposalPending() external {
        Ownable2Step[2] memory targets = _contracts();
        for (uint256 i; i < targets.length; ++i) {
            _propose(targets[i], newOwner);
            vm.prank(admin);
            targets[i].renounceOwnership();
            vm.assertEq(targets[i].pendingOwner(), address(0), "renouncing withdraws the proposal");
            vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, newOwner));
            vm.prank(newOwner);
            targets[i].acceptOwnership();
            vm.assertEq(targets[i].owner(), address(0));
        }
    }
}
