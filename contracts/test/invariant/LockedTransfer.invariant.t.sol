// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {Base} from "../Base.t.sol";
import {PositionHolder} from "../mocks/PositionHolder.sol";
import {InvariantTargets} from "../utils/InvariantTargets.sol";
import {LockedTransferHandler} from "./handlers/LockedTransferHandler.sol";

/// @dev No sequence of locked transfers lets anyone unlock ahead of the schedule. From claimEnd on, the handler moves
/// positions between the default holders, holders with tiny and odd amounts, three whitelisted vaults and fresh
/// addresses, at random times through the unlock, and runs rounds of the skip-the-unlock attack. At every point the
/// total paid by `unlock` stays within the vested share of everything held in positions, and each holder's unlocked
/// amount within its own vested amount, both up to the one wei of rounding each transfer may add.
contract LockedTransfer_Invariant_Test is Base, InvariantTargets {
    LockedTransferHandler internal handler;
    uint256 internal allocated;

    function setUp() public override {
        super.setUp();
        address[] memory accounts = new address[](7);
        (accounts[0], accounts[1], accounts[2], accounts[3]) = (alice, bob, carol, dave);
        uint256[3] memory oddAmounts = [uint256(3), 1_000_003, 77_777.777777777777777777e18];
        for (uint256 i; i < oddAmounts.length; ++i) {
            accounts[4 + i] = makeAddr(string.concat("odd", vm.toString(i)));
            _addVestingClaim(accounts[4 + i], oddAmounts[i], 0.3e18);
        }
        // Transfers are possible from claimEnd on; the handler's clock starts there.
        vm.warp(CLAIM_END);
        handler = new LockedTransferHandler(vesting, nai, accounts, 3);
        PositionHolder[] memory vaults = handler.vaults();
        for (uint256 i; i < vaults.length; ++i) {
            vm.prank(admin);
            vesting.setContractWhitelist(address(vaults[i]), true);
        }
        // One vault holds a position of its own, with another burn percentage.
        _addVestingClaim(address(vaults[0]), 12_345e18, 0.9e18);
        allocated = nai.balanceOf(address(vesting));

        targetContract(address(handler));
        bytes4[] memory selectors = new bytes4[](4);
        selectors[0] = LockedTransferHandler.passTime.selector;
        selectors[1] = LockedTransferHandler.unlock.selector;
        selectors[2] = LockedTransferHandler.transferLocked.selector;
        selectors[3] = LockedTransferHandler.cycleThroughFresh.selector;
        targetSelector(FuzzSelector({addr: address(handler), selectors: selectors}));
    }

    function invariant_UnlocksNeverExceedVestedShareOfTotalHeld() external view {
        address[] memory holders = handler.holders();
        uint256 held;
        uint256 unlocked;
        for (uint256 i; i < holders.length; ++i) {
            (uint256 amount,, uint256 unlockedAmount) = vesting.claimByOwner(holders[i]);
            held += amount;
            unlocked += unlockedAmount;
        }
        uint256 paid = handler.ghostPaid();
        vm.assertEq(unlocked, paid, "unlocked amounts add up to what unlock paid");
        vm.assertEq(held, allocated, "transfers neither create nor destroy a position's amount");
        vm.assertLe(
            paid,
            _referenceVested(held, handler.currentTimestamp()) + handler.ghostTransfers(),
            "paid <= vested share of total held + 1 wei per transfer"
        );
        vm.assertEq(nai.balanceOf(address(vesting)), allocated - paid, "balance = allocated - paid");
    }

    function invariant_NoHolderUnlocksMoreThanVestedPlusFeedingTransfers() external view {
        address[] memory holders = handler.holders();
        for (uint256 i; i < holders.length; ++i) {
            (uint256 amount,, uint256 unlockedAmount) = vesting.claimByOwner(holders[i]);
            vm.assertLe(
                unlockedAmount,
                _referenceVested(amount, handler.currentTimestamp()) + handler.feedingTransferCount(holders[i]),
                "unlocked <= vested + 1 wei per transfer that fed the position"
            );
            vm.assertLe(unlockedAmount, amount, "unlockedAmount <= amount");
        }
    }
}
