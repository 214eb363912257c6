// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {Vesting} from "../../src/Vesting.sol";
import {Base} from "../Base.t.sol";

/// @dev Covers the linear unlock schedule: for any position (1 wei up to the uint96 limit), any time (before,
/// at and after every boundary, decades on) and any valid schedule (including one with no locked phase),
/// vestedAmount equals the plain formula, never falls as time passes and never exceeds the position; claimableAmount
/// equals max(0, vested − unlockedAmount) after an earlier unlock at another random time, and unlock pays exactly it.
contract Schedule_Fuzz_Test is Base {
    address internal holder;

    function setUp() public override {
        super.setUp();
        holder = makeAddr("holder");
    }

    function testFuzz_VestedMatchesReference(uint256 amount, uint256 timestamp) external {
        amount = bound(amount, 1, MAX_UINT96);
        timestamp = bound(timestamp, 0, UNLOCK_END + 100 * 365 days);
        _addVestingClaim(holder, amount, 0.25e18);
        vm.assertEq(vesting.vestedAmount(holder, timestamp), _referenceVested(amount, timestamp));
    }

    function testFuzz_VestedMatchesReference_AnySchedule(
        uint256 claimStart,
        uint256 claimDuration,
        uint256 lockDuration,
        uint256 unlockDuration,
        uint256 amount,
        uint256 timestamp
    ) external {
        claimStart = bound(claimStart, 0, type(uint40).max);
        claimDuration = bound(claimDuration, 1, 10 * 365 days);
        lockDuration = bound(lockDuration, 0, 10 * 365 days);
        unlockDuration = bound(unlockDuration, 1, 20 * 365 days);
        amount = bound(amount, 1, MAX_UINT96);
        uint256 unlockStart = claimStart + claimDuration + lockDuration;
        uint256 unlockEnd = unlockStart + unlockDuration;
        timestamp = bound(timestamp, 0, unlockEnd + 365 days);

        vm.startPrank(admin);
        Vesting schedule = new Vesting(address(nai), claimStart, claimStart + claimDuration, unlockStart, unlockEnd);
        nai.approve(address(schedule), amount);
        address[] memory owners = new address[](1);
        uint256[] memory amounts = new uint256[](1);
        (owners[0], amounts[0]) = (holder, amount);
        schedule.addClaims(owners, amounts, new uint256[](1));
        vm.stopPrank();

        uint256 expected;
        if (timestamp >= unlockEnd) expected = amount;
        else if (timestamp >= unlockStart) expected = amount * (timestamp - unlockStart) / unlockDuration;
        vm.assertEq(schedule.vestedAmount(holder, timestamp), expected);
    }

    function testFuzz_VestedNeverFallsAndNeverExceedsPosition(uint256 amount, uint256 earlier, uint256 later) external {
        amount = bound(amount, 1, MAX_UINT96);
        earlier = bound(earlier, 0, UNLOCK_END + 365 days);
        later = bound(later, earlier, UNLOCK_END + 365 days);
        _addVestingClaim(holder, amount, 0);
        uint256 vestedEarlier = vesting.vestedAmount(holder, earlier);
        uint256 vestedLater = vesting.vestedAmount(holder, later);
        vm.assertLe(vestedEarlier, vestedLater, "monotonic");
        vm.assertLe(vestedLater, amount, "at most the position");
    }

    function testFuzz_ClaimableMatchesReference(uint256 amount, uint256 firstUnlock, uint256 later) external {
        amount = bound(amount, 1, MAX_UINT96);
        firstUnlock = bound(firstUnlock, UNLOCK_START, UNLOCK_END + 30 days);
        later = bound(later, firstUnlock, UNLOCK_END + 60 days);
        _addVestingClaim(holder, amount, 0.5e18);

        vm.warp(firstUnlock);
        uint256 paidFirst = _referenceVested(amount, firstUnlock);
        vm.assertEq(vesting.claimableAmount(holder), paidFirst, "claimable before any unlock");
        if (paidFirst != 0) {
            vm.prank(holder);
            vesting.unlock();
        }
        vm.assertEq(_unlockedAmount(holder), paidFirst, "unlocked");

        vm.warp(later);
        uint256 expected = _referenceVested(amount, later) - paidFirst;
        vm.assertEq(vesting.claimableAmount(holder), expected, "claimable after an unlock");
        if (expected != 0) {
            uint256 balanceBefore = nai.balanceOf(holder);
            vm.prank(holder);
            vesting.unlock();
            vm.assertEq(nai.balanceOf(holder), balanceBefore + expected, "unlock pays the claimable amount");
        }
    }
}
