// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";

import {IVesting} from "../../../src/interfaces/IVesting.sol";
import {Base} from "../../Base.t.sol";
import {PositionHolder} from "../../mocks/PositionHolder.sol";

contract Vesting_SetContractWhitelist_Unit_Test is Base {
    PositionHolder internal vault;

    function setUp() public override {
        super.setUp();
        vault = new PositionHolder(vesting, alice);
    }

    function test_RevertWhen_CallerIsNotOwner() external {
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, alice));
        vm.prank(alice);
        vesting.setContractWhitelist(address(vault), true);
        vm.assertFalse(vesting.contractWhitelist(address(vault)));
    }

    function test_RevertWhen_AllowingAddressWithoutCode() external {
        vm.expectRevert(abi.encodeWithSelector(IVesting.Vesting_NoCode.selector, bob));
        vm.prank(admin);
        vesting.setContractWhitelist(bob, true);
        vm.assertFalse(vesting.contractWhitelist(bob));
    }

    function test_RevertWhen_AllowingZeroAddress() external {
        vm.expectRevert(abi.encodeWithSelector(IVesting.Vesting_NoCode.selector, address(0)));
        vm.prank(admin);
        vesting.setContractWhitelist(address(0), true);
    }

    function test_WhenAllowingContract() external {
        vm.expectEmit(true, true, true, true, address(vesting));
        emit IVesting.ContractWhitelistUpdated(address(vault), true);
        vm.prank(admin);
        vesting.setContractWhitelist(address(vault), true);
        vm.assertTrue(vesting.contractWhitelist(address(vault)));
    }

    function test_WhenDisallowingContract() external {
        vm.startPrank(admin);
        vesting.setContractWhitelist(address(vault), true);
        vm.expectEmit(true, true, true, true, address(vesting));
        emit IVesting.ContractWhitelistUpdated(address(vault), false);
        vesting.setContractWhitelist(address(vault), false);
        vm.stopPrank();
        vm.assertFalse(vesting.contractWhitelist(address(vault)));
    }

    function test_WhenDisallowingAddressWithoutCode() external {
        // Removing needs no code, so an entry can always be cleared.
        vm.expectEmit(true, true, true, true, address(vesting));
        emit IVesting.ContractWhitelistUpdated(bob, false);
        vm.prank(admin);
        vesting.setContractWhitelist(bob, false);
        vm.assertFalse(vesting.contractWhitelist(bob));
    }
}
