// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {IVesting} from "../../../src/interfaces/IVesting.sol";
import {Base} from "../../Base.t.sol";
import {PositionHolder} from "../../mocks/PositionHolder.sol";

/// @dev The race between the owner's batch and a locked transfer. The owner checks that none of a batch's holders was
/// ever allocated, approves exactly the batch's total and sends the batch; with a multisig, days may pass between the
/// check and the execution. Meanwhile a holder who operates a whitelisted contract moves a sliver of its locked
/// position to one of the batch's holders, which makes it ever allocated. The batch must still allocate everyone
/// else, name the holder it left out and pull only what it allocated; the sliver must cost the sender real value.
contract Vesting_AddClaims_Race_Unit_Test is Base {
    PositionHolder internal vault;
    address internal frank;
    address internal grace;
    address internal heidi;

    address[] internal owners;
    uint256[] internal amounts;
    uint256[] internal burnPercentages;
    uint256 internal total;

    function setUp() public override {
        super.setUp();
        vault = _deployWhitelistedHolder(alice);
        frank = makeAddr("frank");
        grace = makeAddr("grace");
        heidi = makeAddr("heidi");
        owners = [frank, grace, heidi];
        amounts = [uint256(30_000e18), 12_000e18, 5e18];
        burnPercentages = [uint256(0.35e18), 0.1e18, 0];
        total = amounts[0] + amounts[1] + amounts[2];

        // A quarter into the unlock, alice has taken what vested and parked the rest in her vault.
        vm.warp(UNLOCK_START + UNLOCK_DURATION / 4);
        vm.startPrank(alice);
        vesting.unlock();
        vesting.transferLocked(address(vault), ALICE_AMOUNT);
        vm.stopPrank();

        // The owner's check, then the exact approval of the batch it prepared.
        for (uint256 i; i < owners.length; ++i) {
            vm.assertFalse(vesting.everAllocated(owners[i]), "fresh when checked");
        }
        vm.prank(admin);
        nai.approve(address(vesting), total);
    }

    /// @dev The smallest transfer out of the vault that still moves a wei of value: 2 wei, of which a quarter (rounded
    /// up, 1 wei) is carried unlocked share.
    function _raceTo(address victim) internal returns (uint256 moved) {
        moved = 2;
        vm.prank(alice);
        vault.transferLocked(victim, moved);
        vm.assertTrue(vesting.everAllocated(victim), "the victim is now ever allocated");
    }

    function test_WhenATransferLandsBetweenTheCheckAndTheBatch() external {
        uint256 moved = _raceTo(grace);
        (uint256 graceAmount, uint256 graceBurn, uint256 graceUnlocked) = vesting.claimByOwner(grace);
        uint256 vestingBefore = nai.balanceOf(address(vesting));
        uint256 adminBefore = nai.balanceOf(admin);

        vm.expectEmit(true, true, true, true, address(vesting));
        emit IVesting.ClaimAdded(frank, amounts[0], burnPercentages[0]);
        vm.expectEmit(true, true, true, true, address(vesting));
        emit IVesting.ClaimSkipped(grace, amounts[1], burnPercentages[1]);
        vm.expectEmit(true, true, true, true, address(vesting));
        emit IVesting.ClaimAdded(heidi, amounts[2], burnPercentages[2]);
        vm.prank(admin);
        vesting.addClaims(owners, amounts, burnPercentages);

        // Everyone else is loaded, and paid for exactly.
        (uint256 frankAmount, uint256 frankBurn,) = vesting.claimByOwner(frank);
        vm.assertEq(frankAmount, amounts[0]);
        vm.assertEq(frankBurn, burnPercentages[0]);
        vm.assertEq(_positionAmount(heidi), amounts[2]);
        uint256 added = amounts[0] + amounts[2];
        vm.assertEq(nai.balanceOf(address(vesting)), vestingBefore + added, "pulled only what was allocated");
        vm.assertEq(nai.balanceOf(admin), adminBefore - added, "the owner paid only what was allocated");
        // Grace's allocation was neither stored nor funded: the approval for it is left unspent.
        vm.assertEq(nai.allowance(admin, address(vesting)), amounts[1], "unspent approval = grace's amount");
        (uint256 amountAfter, uint256 burnAfter, uint256 unlockedAfter) = vesting.claimByOwner(grace);
        vm.assertEq(amountAfter, graceAmount, "grace keeps only the sliver");
        vm.assertEq(amountAfter, moved);
        vm.assertEq(burnAfter, graceBurn);
        vm.assertEq(unlockedAfter, graceUnlocked);
    }

    function test_WhenTheBatchRunsAgainAfterTheRace() external {
        _raceTo(grace);
        vm.prank(admin);
        vesting.addClaims(owners, amounts, burnPercentages);
        uint256 vestingBefore = nai.balanceOf(address(vesting));

        // The owner's follow-up cannot reach grace through addClaims, and a second run doubles nobody.
        vm.prank(admin);
        nai.approve(address(vesting), total);
        vm.prank(admin);
        vesting.addClaims(owners, amounts, burnPercentages);
        vm.assertEq(nai.balanceOf(address(vesting)), vestingBefore, "nothing pulled the second time");
        vm.assertEq(_positionAmount(frank), amounts[0], "frank not doubled");
        vm.assertEq(_positionAmount(grace), 2, "grace still holds only the sliver");
    }

    function test_WhenTheSliverMovesNoValue() external {
        // After unlockEnd the vault takes everything it held: any sliver it moves then is all carried unlocked
        // share, so racing with it would cost nothing, and is refused.
        vm.warp(UNLOCK_END);
        vm.prank(alice);
        vault.unlock();
        vm.expectRevert(abi.encodeWithSelector(IVesting.Vesting_TransferMovesNoValue.selector, address(vault), 1, 1));
        vm.prank(alice);
        vault.transferLocked(grace, 1);
        vm.assertFalse(vesting.everAllocated(grace), "grace stays fresh");

        vm.prank(admin);
        vesting.addClaims(owners, amounts, burnPercentages);
        vm.assertEq(_positionAmount(grace), amounts[1], "grace is loaded");
        vm.assertEq(nai.allowance(admin, address(vesting)), 0, "the exact approval is spent");
    }

    function test_WhenTheSliverIsTooSmallToCarryValue() external {
        // A quarter unlocked: 1 wei carries ceil(0.25) = 1 wei of unlocked share and nothing owed.
        vm.expectRevert(abi.encodeWithSelector(IVesting.Vesting_TransferMovesNoValue.selector, address(vault), 1, 1));
        vm.prank(alice);
        vault.transferLocked(grace, 1);
        vm.assertFalse(vesting.everAllocated(grace), "grace stays fresh");
    }
}
