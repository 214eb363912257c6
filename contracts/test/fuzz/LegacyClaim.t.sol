// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {ILegacyClaim} from "../../src/interfaces/ILegacyClaim.sol";
import {Base} from "../Base.t.sol";

/// @dev Covers LegacyClaim payouts: for any amount and any time from claimStart on, claim pays exactly the added
/// amount once and a second claim reverts; at any time before claimStart it reverts with the exact error and pays
/// nothing.
contract LegacyClaim_Fuzz_Test is Base {
    address internal owner;

    function setUp() public override {
        super.setUp();
        owner = makeAddr("owner");
    }

    function testFuzz_ClaimPaysOnce(uint256 amount, uint256 timestamp) external {
        amount = bound(amount, 1, OWNER_FUNDS / 2);
        timestamp = bound(timestamp, CLAIM_START, UNLOCK_END + 100 * 365 days);
        _addLegacyClaim(owner, amount);
        vm.warp(timestamp);

        vm.expectEmit(true, true, true, true, address(legacy));
        emit ILegacyClaim.Claimed(owner, amount);
        vm.prank(owner);
        legacy.claim();
        vm.assertEq(nai.balanceOf(owner), amount, "paid");
        vm.assertEq(legacy.claimByOwner(owner), 0, "cleared");
        vm.assertEq(nai.balanceOf(address(legacy)), LEGACY_TOTAL, "others still covered");

        vm.expectRevert(abi.encodeWithSelector(ILegacyClaim.LegacyClaim_NothingToClaim.selector, owner));
        vm.prank(owner);
        legacy.claim();
    }

    function testFuzz_RevertWhen_BeforeClaimStart(uint256 amount, uint256 timestamp) external {
        amount = bound(amount, 1, OWNER_FUNDS / 2);
        timestamp = bound(timestamp, 0, CLAIM_START - 1);
        _addLegacyClaim(owner, amount);
        vm.warp(timestamp);
        vm.expectRevert(
            abi.encodeWithSelector(ILegacyClaim.LegacyClaim_ClaimNotStarted.selector, timestamp, CLAIM_START)
        );
        vm.prank(owner);
        legacy.claim();
        vm.assertEq(legacy.claimByOwner(owner), amount);
    }
}
