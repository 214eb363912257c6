// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {IVesting} from "../../src/interfaces/IVesting.sol";
import {Base} from "../Base.t.sol";

/// @dev Covers the claim split for any position (1 wei up to the uint96 limit), any burn percentage
/// (0 to 100 %), any claimed amount (1 wei up to the whole position) or any whole percentage of the position, at
/// any second of the claim window, after other holders already burned: event, preview, both payouts, the dead
/// address, totalBurned and the position must all equal the plain formula. Also: any second outside the window
/// and any amount above the position revert with their exact errors.
contract ClaimAndBurn_Fuzz_Test is Base {
    address internal holder;

    function setUp() public override {
        super.setUp();
        holder = makeAddr("holder");
        // Others claimed first, so totalBurned and the dead address start non-zero.
        vm.warp(CLAIM_START);
        vm.prank(alice);
        vesting.claimAndBurn(100_000e18);
        vm.warp(START);
    }

    function testFuzz_SplitMatchesRule(uint256 position, uint256 burnPercentage, uint256 amount, uint256 timestamp)
        external
    {
        position = bound(position, 1, MAX_UINT96);
        burnPercentage = bound(burnPercentage, 0, FULL_BURN);
        amount = bound(amount, 1, position);
        timestamp = bound(timestamp, CLAIM_START, CLAIM_END - 1);
        _addVestingClaim(holder, position, burnPercentage);
        vm.warp(timestamp);

        _claimAndCheck(amount, burnPercentage);
        vm.assertEq(_positionAmount(holder), position - amount, "position left");
    }

    function testFuzz_PercentOfPosition(uint256 position, uint256 burnPercentage, uint256 percent) external {
        position = bound(position, 100, MAX_UINT96);
        burnPercentage = bound(burnPercentage, 0, FULL_BURN);
        percent = bound(percent, 1, 100);
        _addVestingClaim(holder, position, burnPercentage);
        vm.warp(CLAIM_START + 1 days);

        // claimed = position × percent ÷ 100, exactly the position at 100 %.
        uint256 claimed = position * percent / 100;
        _claimAndCheck(claimed, burnPercentage);
        if (percent == 100) vm.assertEq(_positionAmount(holder), 0, "whole position at 100 %");
        else vm.assertEq(_positionAmount(holder), position - claimed, "position left");
    }

    function testFuzz_RepeatedClaimsNeverExceedPosition(uint256 position, uint256 burnPercentage, uint256 seed)
        external
    {
        position = bound(position, 1, MAX_UINT96);
        burnPercentage = bound(burnPercentage, 0, FULL_BURN);
        _addVestingClaim(holder, position, burnPercentage);
        vm.warp(CLAIM_START);

        uint256 totalReceived;
        uint256 totalBurned;
        for (uint256 i; i < 4 && _positionAmount(holder) != 0; ++i) {
            uint256 left = _positionAmount(holder);
            uint256 amount = i == 3 ? left : bound(uint256(keccak256(abi.encode(seed, i))), 1, left);
            (uint256 received, uint256 burned) = _referenceSplit(amount, burnPercentage);
            _claimAndCheck(amount, burnPercentage);
            totalReceived += received;
            totalBurned += burned;
        }
        vm.assertEq(totalReceived + totalBurned, position, "claims add up to the position");
        vm.assertEq(_positionAmount(holder), 0);
    }

    function testFuzz_RevertWhen_OutsideClaimWindow(uint256 timestamp) external {
        timestamp = bound(timestamp, 0, type(uint64).max);
        vm.assume(timestamp < CLAIM_START || timestamp >= CLAIM_END);
        vm.warp(timestamp);
        vm.expectRevert(
            abi.encodeWithSelector(IVesting.Vesting_OutsideClaimWindow.selector, timestamp, CLAIM_START, CLAIM_END)
        );
        vm.prank(bob);
        vesting.claimAndBurn(1);
    }

    function testFuzz_RevertWhen_AmountExceedsPosition(uint256 position, uint256 amount) external {
        position = bound(position, 1, MAX_UINT96);
        amount = bound(amount, position + 1, type(uint256).max);
        _addVestingClaim(holder, position, 0.3e18);
        vm.warp(CLAIM_START);
        vm.expectRevert(
            abi.encodeWithSelector(IVesting.Vesting_AmountExceedsPosition.selector, holder, amount, position)
        );
        vm.prank(holder);
        vesting.claimAndBurn(amount);
    }

    function _claimAndCheck(uint256 amount, uint256 burnPercentage) internal {
        (uint256 expectedReceived, uint256 expectedBurned) = _referenceSplit(amount, burnPercentage);
        (uint256 previewReceived, uint256 previewBurned) = vesting.previewClaimAndBurn(holder, amount);
        vm.assertEq(previewReceived, expectedReceived, "preview received");
        vm.assertEq(previewBurned, expectedBurned, "preview burned");

        uint256 holderBefore = nai.balanceOf(holder);
        uint256 deadBefore = nai.balanceOf(DEAD);
        uint256 totalBurnedBefore = vesting.totalBurned();
        vm.expectEmit(true, true, true, true, address(vesting));
        emit IVesting.ClaimedAndBurned(holder, amount, expectedReceived, expectedBurned);
        vm.prank(holder);
        vesting.claimAndBurn(amount);

        vm.assertEq(nai.balanceOf(holder), holderBefore + expectedReceived, "received");
        vm.assertEq(nai.balanceOf(DEAD), deadBefore + expectedBurned, "burned to dead");
        vm.assertEq(vesting.totalBurned(), totalBurnedBefore + expectedBurned, "totalBurned");
    }
}
