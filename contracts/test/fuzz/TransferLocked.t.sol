// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {IVesting} from "../../src/interfaces/IVesting.sol";
import {Base} from "../Base.t.sol";
import {PositionHolder} from "../mocks/PositionHolder.sol";

/// @dev Covers transferLocked between any sender position and a whitelisted contract (fresh or already holding a
/// position), at any point of the unlock (from claimEnd to after unlockEnd), after any earlier unlock by either side,
/// for any amount up to the whole position that moves value: exactly `ceil(unlockedAmount × amount ÷
/// positionAmount)` of the sender's unlocked amount moves along, the value moved is the exact owed share rounded
/// down, what the pair is owed, Σ (amount − unlockedAmount), is unchanged, no token moves, at no later time can the
/// pair take more than it could have without the transfer (give or take the one wei of rounding), and after
/// unlockEnd the two together take exactly what they were owed before. Amounts above the position, and amounts
/// whose value rounds to zero, revert with the exact error and change nothing.
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

    function _claimablePair() internal view returns (uint256) {
        return vesting.claimableAmount(sender) + vesting.claimableAmount(address(vault));
    }

    /// @dev The largest amount whose value, `floor(amount × owed ÷ positionAmount)`, is zero.
    function _largestWorthless() internal view returns (uint256) {
        (uint256 senderAmount,,) = vesting.claimByOwner(sender);
        uint256 owed = _owed(sender);
        return owed == 0 ? senderAmount : (senderAmount - 1) / owed;
    }

    function testFuzz_TransferCarriesUnlockedShare(Case memory c, uint256 laterAt) external {
        uint256 owed = _prepare(c);
        vm.assume(owed != 0);
        (uint256 senderAmount,, uint256 senderUnlocked) = vesting.claimByOwner(sender);
        // A third of the runs move the whole position, the rest any amount that moves value.
        c.amount = c.amount % 3 == 0 ? senderAmount : bound(c.amount >> 8, _largestWorthless() + 1, senderAmount);
        laterAt = bound(laterAt, c.transferAt, UNLOCK_END + 30 days);
        uint256 vaultUnlocked = _unlockedAmount(address(vault));
        uint256 expectedShare = (senderUnlocked * c.amount + senderAmount - 1) / senderAmount;
        // The value moved is the exact owed share of the moved part, rounded down.
        vm.assertEq(c.amount - expectedShare, c.amount * owed / senderAmount, "value = owed share, rounded down");
        vm.assertGt(c.amount - expectedShare, 0, "value moved");

        uint256 owedBefore = _owed(sender) + _owed(address(vault));
        uint256 vaultOwedBefore = _owed(address(vault));
        uint256 claimableNowWithout = _claimablePair();
        vm.warp(laterAt);
        uint256 claimableLaterWithout = _claimablePair();
        vm.warp(c.transferAt);
        uint256 vestingBalance = nai.balanceOf(address(vesting));

        vm.expectEmit(true, true, true, true, address(vesting));
        emit IVesting.LockedTransferred(sender, address(vault), c.amount, expectedShare);
        vm.prank(sender);
        vesting.transferLocked(address(vault), c.amount);

        vm.assertEq(_unlockedAmount(sender), senderUnlocked - expectedShare, "sender unlocked");
        vm.assertEq(_owed(address(vault)), vaultOwedBefore + c.amount - expectedShare, "the vault is owed the value");
        vm.assertEq(_unlockedAmount(address(vault)), vaultUnlocked + expectedShare, "vault unlocked");
        // The sender keeps its exact share of what it unlocked, rounded down: never more.
        vm.assertLe(_unlockedAmount(sender) * senderAmount, senderUnlocked * (senderAmount - c.amount), "at most");
        vm.assertGt(
            (_unlockedAmount(sender) + 1) * senderAmount, senderUnlocked * (senderAmount - c.amount), "within 1 wei"
        );
        vm.assertEq(_owed(sender) + _owed(address(vault)), owedBefore, "owed is conserved");
        vm.assertEq(nai.balanceOf(address(vesting)), vestingBalance, "no tokens move");
        vm.assertLe(_claimablePair(), claimableNowWithout + 1, "the pair gains at most 1 wei now");
        vm.warp(laterAt);
        vm.assertLe(_claimablePair(), claimableLaterWithout + 1, "the pair gains at most 1 wei later");

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

    function testFuzz_RevertWhen_AmountExceedsPosition(Case memory c) external {
        _prepare(c);
        (uint256 senderAmount,,) = vesting.claimByOwner(sender);
        c.amount = bound(c.amount, senderAmount + 1, type(uint256).max);
        vm.expectRevert(
            abi.encodeWithSelector(IVesting.Vesting_AmountExceedsPosition.selector, sender, c.amount, senderAmount)
        );
        vm.prank(sender);
        vesting.transferLocked(address(vault), c.amount);
    }

    function testFuzz_RevertWhen_TransferMovesNoValue(Case memory c) external {
        _prepare(c);
        uint256 largest = _largestWorthless();
        vm.assume(largest != 0);
        c.amount = bound(c.amount, 1, largest);
        (uint256 senderAmount,, uint256 senderUnlocked) = vesting.claimByOwner(sender);
        bool vaultWasAllocated = vesting.everAllocated(address(vault));
        // Every unit moved is carried unlocked share: nothing still owed would change hands.
        vm.expectRevert(
            abi.encodeWithSelector(IVesting.Vesting_TransferMovesNoValue.selector, sender, c.amount, c.amount)
        );
        vm.prank(sender);
        vesting.transferLocked(address(vault), c.amount);
        (uint256 amountAfter,, uint256 unlockedAfter) = vesting.claimByOwner(sender);
        vm.assertEq(amountAfter, senderAmount);
        vm.assertEq(unlockedAfter, senderUnlocked);
        vm.assertEq(vesting.everAllocated(address(vault)), vaultWasAllocated, "not made ever allocated");
    }
}
