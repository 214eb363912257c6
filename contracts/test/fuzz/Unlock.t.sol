// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {IVesting} from "../../src/interfaces/IVesting.sol";
import {Base} from "../Base.t.sol";

/// @dev Covers repeated partial unlocks: for any position (1 wei up to the uint96 limit), any part of it claimed in
/// the window first, and one to eight unlocks at random increasing times through the unlock period (several in the
/// same second included), every payout equals the increase of the reference formula, and once unlockEnd has passed
/// the payouts sum to exactly the remaining position — no dust is left behind and nothing more can be taken.
contract Unlock_Fuzz_Test is Base {
    address internal holder;

    function setUp() public override {
        super.setUp();
        holder = makeAddr("holder");
    }

    function testFuzz_PartialUnlocksSumToRemaining(
        uint256 amount,
        uint256 claimed,
        uint256 burnPercentage,
        uint256[8] memory steps,
        uint256 count
    ) external {
        amount = bound(amount, 1, MAX_UINT96);
        claimed = bound(claimed, 0, amount - 1);
        burnPercentage = bound(burnPercentage, 0, FULL_BURN);
        count = bound(count, 1, 8);
        _addVestingClaim(holder, amount, burnPercentage);
        if (claimed != 0) {
            vm.warp(CLAIM_START);
            vm.prank(holder);
            vesting.claimAndBurn(claimed);
        }
        uint256 remaining = amount - claimed;
        uint256 balanceBefore = nai.balanceOf(holder);

        uint256 timestamp = UNLOCK_START;
        uint256 paid;
        for (uint256 i; i < count; ++i) {
            // Steps of up to a quarter of the unlock period, zero included, sometimes past its end.
            timestamp += bound(steps[i], 0, UNLOCK_DURATION / 4);
            vm.warp(timestamp);
            uint256 expected = _referenceVested(remaining, timestamp) - paid;
            if (expected == 0) {
                vm.expectRevert(abi.encodeWithSelector(IVesting.Vesting_NothingToUnlock.selector, holder));
            } else {
                vm.expectEmit(true, true, true, true, address(vesting));
                emit IVesting.Unlocked(holder, expected);
            }
            vm.prank(holder);
            vesting.unlock();
            paid += expected;
            vm.assertEq(_unlockedAmount(holder), paid, "unlocked amount");
            vm.assertLe(paid, remaining, "never more than the position");
        }

        vm.warp(bound(steps[0], UNLOCK_END, UNLOCK_END + 365 days));
        uint256 last = remaining - paid;
        if (last != 0) {
            vm.prank(holder);
            vesting.unlock();
        }
        vm.assertEq(nai.balanceOf(holder) - balanceBefore, remaining, "exactly the remaining position");
        vm.assertEq(_unlockedAmount(holder), _positionAmount(holder), "unlocked everything");
        vm.assertEq(vesting.claimableAmount(holder), 0, "no dust");
        vm.expectRevert(abi.encodeWithSelector(IVesting.Vesting_NothingToUnlock.selector, holder));
        vm.prank(holder);
        vesting.unlock();
    }
}
