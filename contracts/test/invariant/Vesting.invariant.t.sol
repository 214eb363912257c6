// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {Base} from "../Base.t.sol";
import {InvariantTargets} from "../utils/InvariantTargets.sol";
import {VestingHandler} from "./handlers/VestingHandler.sol";

/// @dev Vesting's accounting invariants under any sequence of the handler's calls: the four default holders plus
/// six more accounts and two whitelisted holder contracts, through every phase.
contract Vesting_Invariant_Test is Base, InvariantTargets {
    VestingHandler internal handler;
    address[] internal holders;

    function setUp() public override {
        super.setUp();
        address[] memory accounts = new address[](10);
        (accounts[0], accounts[1], accounts[2], accounts[3]) = (alice, bob, carol, dave);
        for (uint256 i = 4; i < accounts.length; ++i) {
            accounts[i] = makeAddr(string.concat("holder", vm.toString(i)));
        }
        handler = new VestingHandler(vesting, nai, admin, accounts, 2);
        holders = handler.holders();
        for (uint256 i; i < holders.length; ++i) {
            if (!handler.isVault(holders[i])) continue;
            vm.prank(admin);
            vesting.setContractWhitelist(holders[i], true);
        }
        address[] memory allocated = new address[](4);
        uint256[] memory amounts = new uint256[](4);
        (allocated[0], allocated[1], allocated[2], allocated[3]) = (alice, bob, carol, dave);
        (amounts[0], amounts[1], amounts[2], amounts[3]) = (ALICE_AMOUNT, BOB_AMOUNT, CAROL_AMOUNT, DAVE_AMOUNT);
        handler.recordInitialAllocation(allocated, amounts);

        targetContract(address(handler));
        bytes4[] memory selectors = new bytes4[](8);
        selectors[0] = VestingHandler.passTime.selector;
        selectors[1] = VestingHandler.addClaims.selector;
        selectors[2] = VestingHandler.addClaimsAgain.selector;
        selectors[3] = VestingHandler.setWhitelist.selector;
        selectors[4] = VestingHandler.claimAndBurn.selector;
        selectors[5] = VestingHandler.unlock.selector;
        selectors[6] = VestingHandler.transferLocked.selector;
        selectors[7] = VestingHandler.tryOutOfTurn.selector;
        targetSelector(FuzzSelector({addr: address(handler), selectors: selectors}));
    }

    /// @dev Σ over holders of (amount − unlockedAmount).
    function _owed() internal view returns (uint256 owed) {
        for (uint256 i; i < holders.length; ++i) {
            (uint256 amount,, uint256 unlockedAmount) = vesting.claimByOwner(holders[i]);
            owed += amount - unlockedAmount;
        }
    }

    function invariant_BalanceCoversOwed() external view {
        vm.assertGe(nai.balanceOf(address(vesting)), _owed(), "balance covers what holders are owed");
    }

    function invariant_AllocatedEqualsOwedPlusReceivedPlusBurnedPlusUnlocked() external view {
        uint256 owed = _owed();
        vm.assertEq(
            handler.ghostAllocated(),
            owed + handler.ghostReceived() + handler.ghostBurned() + handler.ghostUnlocked(),
            "allocated = owed + received + burned + unlocked"
        );
        // Nobody else sends tokens here, so the balance is exactly what is still owed.
        vm.assertEq(nai.balanceOf(address(vesting)), owed, "balance = owed");
        uint256 unlockedTotal;
        for (uint256 i; i < holders.length; ++i) {
            (,, uint256 unlockedAmount) = vesting.claimByOwner(holders[i]);
            unlockedTotal += unlockedAmount;
        }
        vm.assertEq(unlockedTotal, handler.ghostUnlocked(), "unlocked amounts add up to what was paid");
    }

    /// @dev Nothing is allocated or funded twice: a batch naming holders allocated before leaves them as they were
    /// and pulls only what it allocated to the others.
    function invariant_NoHolderAllocatedTwice() external view {
        vm.assertFalse(handler.ghostAllocatedTwice(), "a batch changed a holder allocated before it");
    }

    /// @dev Per holder, nothing leaves early or twice: what it took (received, burned, unlocked) plus what it is
    /// still owed plus the value it sent away equals what it was allocated plus the value it received, to the wei.
    function invariant_EachHolderTakesExactlyWhatCameIn() external view {
        for (uint256 i; i < holders.length; ++i) {
            address holder = holders[i];
            (uint256 amount,, uint256 unlockedAmount) = vesting.claimByOwner(holder);
            vm.assertEq(
                handler.ghostTaken(holder) + (amount - unlockedAmount) + handler.ghostOut(holder),
                handler.ghostIn(holder),
                "taken + owed + sent = allocated + received"
            );
        }
    }

    /// @dev Nothing pays early: a claim outside the window or beyond the position, an unlock with nothing claimable
    /// and a locked transfer before claimEnd all revert and leave the contract's balance as it was.
    function invariant_NothingPaysOutOfTurn() external view {
        vm.assertFalse(handler.ghostPaidOutOfTurn(), "a call paid out of turn");
    }

    /// @dev A locked transfer that would hand over nothing still owed never goes through, so no position with
    /// nothing owed can make an address ever allocated.
    function invariant_NoWorthlessTransfer() external view {
        vm.assertFalse(handler.ghostWorthlessTransferAccepted(), "a transfer that moves no value went through");
    }

    function invariant_TotalBurnedMonotonicAndEqualsDeadBalance() external view {
        vm.assertFalse(handler.ghostTotalBurnedDecreased(), "totalBurned fell");
        vm.assertEq(vesting.totalBurned(), nai.balanceOf(DEAD), "totalBurned = dead balance");
        vm.assertEq(vesting.totalBurned(), handler.ghostBurned(), "totalBurned = burned");
    }

    function invariant_EverAllocatedMatchesHistory() external view {
        for (uint256 i; i < holders.length; ++i) {
            vm.assertEq(vesting.everAllocated(holders[i]), handler.everAllocated(holders[i]), "everAllocated");
        }
    }

    function invariant_UnlockedNeverExceedsAmount() external view {
        for (uint256 i; i < holders.length; ++i) {
            (uint256 amount,, uint256 unlockedAmount) = vesting.claimByOwner(holders[i]);
            vm.assertLe(unlockedAmount, amount, "unlockedAmount <= amount");
        }
    }
}
