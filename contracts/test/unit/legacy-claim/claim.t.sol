// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";

import {ILegacyClaim} from "../../../src/interfaces/ILegacyClaim.sol";
import {LegacyClaim} from "../../../src/LegacyClaim.sol";
import {Base} from "../../Base.t.sol";
import {ReentrantToken} from "../../mocks/ReentrantToken.sol";

/// @dev The branches of claim.tree, one test per leaf.
contract LegacyClaim_Claim_Unit_Test is Base {
    function _claimAndCheck(address owner, uint256 expectedPaid) internal {
        uint256 ownerBefore = nai.balanceOf(owner);
        uint256 legacyBefore = nai.balanceOf(address(legacy));
        vm.expectEmit(true, true, true, true, address(legacy));
        emit ILegacyClaim.Claimed(owner, expectedPaid);
        vm.prank(owner);
        legacy.claim();
        vm.assertEq(nai.balanceOf(owner), ownerBefore + expectedPaid, "owner paid");
        vm.assertEq(nai.balanceOf(address(legacy)), legacyBefore - expectedPaid, "legacy balance");
        vm.assertEq(legacy.claimByOwner(owner), 0, "amount cleared");
    }

    function test_RevertWhen_OneSecondBeforeClaimStart() external {
        vm.warp(CLAIM_START - 1);
        vm.expectRevert(
            abi.encodeWithSelector(ILegacyClaim.LegacyClaim_ClaimNotStarted.selector, CLAIM_START - 1, CLAIM_START)
        );
        vm.prank(alice);
        legacy.claim();
        vm.assertEq(legacy.claimByOwner(alice), ALICE_LEGACY);
    }

    function test_RevertGiven_NothingToClaim() external {
        vm.warp(CLAIM_START);
        vm.expectRevert(abi.encodeWithSelector(ILegacyClaim.LegacyClaim_NothingToClaim.selector, eve));
        vm.prank(eve);
        legacy.claim();
    }

    function test_RevertGiven_AlreadyClaimed() external {
        vm.warp(CLAIM_START);
        _claimAndCheck(alice, ALICE_LEGACY);
        vm.expectRevert(abi.encodeWithSelector(ILegacyClaim.LegacyClaim_NothingToClaim.selector, alice));
        vm.prank(alice);
        legacy.claim();
        vm.assertEq(nai.balanceOf(alice), ALICE_LEGACY, "paid once");
    }

    function test_RevertWhen_TokenReentersClaim() external {
        ReentrantToken token = new ReentrantToken();
        vm.prank(admin);
        LegacyClaim reentered = new LegacyClaim(address(token), CLAIM_START);
        token.mint(admin, 2e18);
        address[] memory owners = new address[](2);
        uint256[] memory amounts = new uint256[](2);
        (owners[0], amounts[0]) = (alice, 1e18);
        (owners[1], amounts[1]) = (address(this), 1e18);
        vm.startPrank(admin);
        token.approve(address(reentered), 2e18);
        reentered.addClaims(owners, amounts);
        vm.stopPrank();

        vm.warp(CLAIM_START);
        token.arm(address(reentered), abi.encodeCall(ILegacyClaim.claim, ()));
        vm.expectRevert(abi.encodeWithSelector(ReentrancyGuardTransient.ReentrancyGuardReentrantCall.selector));
        vm.prank(alice);
        reentered.claim();
        vm.assertEq(reentered.claimByOwner(alice), 1e18);
    }

    function test_WhenAtClaimStart() external {
        vm.warp(CLAIM_START);
        _claimAndCheck(alice, ALICE_LEGACY);
    }

    function test_WhenLongAfterClaimStart() external {
        vm.warp(UNLOCK_END + 5 * 365 days);
        _claimAndCheck(bob, BOB_LEGACY);
        _claimAndCheck(alice, ALICE_LEGACY);
        vm.assertEq(nai.balanceOf(address(legacy)), 0, "everything paid out");
    }

    function test_GivenSameBatchLoadedAgainAfterClaim() external {
        vm.warp(CLAIM_START);
        _claimAndCheck(bob, BOB_LEGACY);
        // The owner's key or the owner tool runs the original batch again: bob is left out, so he is paid once.
        address[] memory owners = new address[](2);
        uint256[] memory amounts = new uint256[](2);
        (owners[0], amounts[0]) = (alice, ALICE_LEGACY);
        (owners[1], amounts[1]) = (bob, BOB_LEGACY);
        uint256 legacyBefore = nai.balanceOf(address(legacy));
        vm.expectEmit(true, true, true, true, address(legacy));
        emit ILegacyClaim.ClaimSkipped(alice, ALICE_LEGACY);
        vm.expectEmit(true, true, true, true, address(legacy));
        emit ILegacyClaim.ClaimSkipped(bob, BOB_LEGACY);
        vm.prank(admin);
        legacy.addClaims(owners, amounts);
        vm.assertEq(nai.balanceOf(address(legacy)), legacyBefore, "nothing pulled");

        vm.expectRevert(abi.encodeWithSelector(ILegacyClaim.LegacyClaim_NothingToClaim.selector, bob));
        vm.prank(bob);
        legacy.claim();
        vm.assertEq(nai.balanceOf(bob), BOB_LEGACY, "paid once");
    }
}
