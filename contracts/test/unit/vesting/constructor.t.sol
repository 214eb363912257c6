// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";

import {IVesting} from "../../../src/interfaces/IVesting.sol";
import {Vesting} from "../../../src/Vesting.sol";
import {Base} from "../../Base.t.sol";

contract Vesting_Constructor_Unit_Test is Base {
    function test_RevertWhen_TokenIsZeroAddress() external {
        vm.expectRevert(abi.encodeWithSelector(IVesting.Vesting_ZeroTokenAddress.selector));
        new Vesting(address(0), CLAIM_START, CLAIM_END, UNLOCK_START, UNLOCK_END);
    }

    function test_RevertWhen_ClaimStartEqualsClaimEnd() external {
        _expectInvalidSchedule(CLAIM_END, CLAIM_END, UNLOCK_START, UNLOCK_END);
    }

    function test_RevertWhen_ClaimStartAfterClaimEnd() external {
        _expectInvalidSchedule(CLAIM_END + 1, CLAIM_END, UNLOCK_START, UNLOCK_END);
    }

    function test_RevertWhen_ClaimEndAfterUnlockStart() external {
        _expectInvalidSchedule(CLAIM_START, UNLOCK_START + 1, UNLOCK_START, UNLOCK_END);
    }

    function test_RevertWhen_UnlockStartEqualsUnlockEnd() external {
        _expectInvalidSchedule(CLAIM_START, CLAIM_END, UNLOCK_END, UNLOCK_END);
    }

    function test_RevertWhen_UnlockStartAfterUnlockEnd() external {
        _expectInvalidSchedule(CLAIM_START, CLAIM_END, UNLOCK_END + 1, UNLOCK_END);
    }

    function test_WhenClaimEndEqualsUnlockStart() external {
        // No locked phase: unlocking starts the second the claim window closes.
        Vesting noLock = new Vesting(address(nai), CLAIM_START, CLAIM_END, CLAIM_END, UNLOCK_END);
        vm.assertEq(noLock.claimEnd(), CLAIM_END);
        vm.assertEq(noLock.unlockStart(), CLAIM_END);
    }

    function test_WhenScheduleIsValid() external {
        vm.expectEmit(true, true, false, false);
        emit Ownable.OwnershipTransferred(address(0), alice);
        vm.prank(alice);
        Vesting deployed = new Vesting(address(nai), CLAIM_START, CLAIM_END, UNLOCK_START, UNLOCK_END);

        vm.assertEq(address(deployed.token()), address(nai), "token");
        vm.assertEq(deployed.claimStart(), CLAIM_START, "claimStart");
        vm.assertEq(deployed.claimEnd(), CLAIM_END, "claimEnd");
        vm.assertEq(deployed.unlockStart(), UNLOCK_START, "unlockStart");
        vm.assertEq(deployed.unlockEnd(), UNLOCK_END, "unlockEnd");
        vm.assertEq(deployed.owner(), alice, "owner");
        vm.assertEq(deployed.totalBurned(), 0, "totalBurned");
        vm.assertEq(deployed.DEAD(), DEAD, "DEAD");
        vm.assertEq(deployed.FULL_BURN(), 1e18, "FULL_BURN");
    }

    function _expectInvalidSchedule(uint256 claimStart, uint256 claimEnd, uint256 unlockStart, uint256 unlockEnd)
        private
    {
        vm.expectRevert(
            abi.encodeWithSelector(
                IVesting.Vesting_InvalidSchedule.selector, claimStart, claimEnd, unlockStart, unlockEnd
            )
        );
        new Vesting(address(nai), claimStart, claimEnd, unlockStart, unlockEnd);
    }
}
