// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {IVesting} from "../../src/interfaces/IVesting.sol";
import {Base} from "../Base.t.sol";
import {PositionHolder} from "../mocks/PositionHolder.sol";

/// @dev Covers transferLocked between any sender position and a whitelisted contract (fresh or already holding a
/// position), at any time from claimEnd on, after any earlier unlock by either side, for any amount up to the
/// sender's locked part: what the pair is owed, Σ (amount − unlockedAmount), is unchanged, no token moves, neither
/// claimable amount goes negative, and after unlockEnd the two together take exactly what they were owed before.
/// Amounts above the locked part revert with the exact error.
contract TransferLocked_Fuzz_Test is Base {
    address internal sender;
    PositionHolder internal vault;

    struct Case {
        uint256 senderAmount;
        uint256 vaultAmount;
        uint256 senderUnlockAt;
        uint256 transferAt;
        uint256 amount;
    }

    function setUp() public override {
        super.setUp();
        sender = makeAddr("sender");
        vault = _deployWhitelistedHolder(sender);
    }

    function _owed(address holder) internal view returns (uint256) {
        (uint256 amount,, uint256 unlockedAmount) = vesting.claimByOwner(holder);
        return amount - unlockedAmount;
    }

    function _prepare(Case memory c) internal returns (uint256 locked) {
        c.senderAmount = bound(c.senderAmount, 1, MAX_UINT96 / 2);
        c.vaultAmount = bound(c.vaultAmount, 0, MAX_UINT96 / 2);
        _addVestingClaim(sender, c.senderAmount, 0.4e18);
        if (c.vaultAmount != 0) _addVestingClaim(address(vault), c.vaultAmount, 0.1e18);

        c.transferAt = bound(c.transferAt, CLAIM_END, UNLOCK_END + 30 days);
        c.senderUnlockAt = bound(c.senderUnlockAt, CLAIM_END, c.transferAt);
        vm.warp(c.senderUnlockAt);
        if (vesting.claimableAmount(sender) != 0) {
            vm.prank(sender);
            vesting.unlock();
        }
        if (vesting.claimableAmount(address(vault)) != 0) {
            vm.prank(sender);
            vault.unlock();
        }
        vm.warp(c.transferAt);
        locked = _owed(sender);
    }

    function testFuzz_TransferConservesOwed(Case memory c) external {
        uint256 locked = _prepare(c);
        vm.assume(locked != 0);
        c.amount = bound(c.amount, 1, locked);

        uint256 owedBefore = _owed(sender) + _owed(address(vault));
        uint256 vestingBalance = nai.balanceOf(address(vesting));
        vm.prank(sender);
        vesting.transferLocked(address(vault), c.amount);

        vm.assertEq(_owed(sender) + _owed(address(vault)), owedBefore, "owed is conserved");
        vm.assertEq(_owed(sender), locked - c.amount, "sender owed");
        vm.assertEq(nai.balanceOf(address(vesting)), vestingBalance, "no tokens move");
        vm.assertLe(vesting.claimableAmount(sender), _owed(sender), "sender claimable within owed");
        vm.assertLe(vesting.claimableAmount(address(vault)), _owed(address(vault)), "vault claimable within owed");

        // After unlockEnd both sides together take exactly what they were owed.
        vm.warp(UNLOCK_END + 1 days);
        uint256 senderPayout = vesting.claimableAmount(sender);
        uint256 vaultPayout = vesting.claimableAmount(address(vault));
        vm.assertEq(senderPayout + vaultPayout, owedBefore, "payouts equal owed");
        uint256 senderBalance = nai.balanceOf(sender);
        uint256 vaultBalance = nai.balanceOf(address(vault));
        vm.startPrank(sender);
        if (senderPayout != 0) vesting.unlock();
        if (vaultPayout != 0) vault.unlock();
        vm.stopPrank();
        vm.assertEq(nai.balanceOf(sender) - senderBalance, senderPayout, "sender paid");
        vm.assertEq(nai.balanceOf(address(vault)) - vaultBalance, vaultPayout, "vault paid");
        vm.assertEq(_owed(sender) + _owed(address(vault)), 0, "nothing left owed");
    }

    function testFuzz_RevertWhen_AmountExceedsLocked(Case memory c) external {
        uint256 locked = _prepare(c);
        c.amount = bound(c.amount, locked + 1, MAX_UINT96);
        vm.expectRevert(abi.encodeWithSelector(IVesting.Vesting_AmountExceedsLocked.selector, sender, c.amount, locked));
        vm.prank(sender);
        vesting.transferLocked(address(vault), c.amount);
    }
}
