// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {Base} from "../../Base.t.sol";
import {PositionHolder} from "../../mocks/PositionHolder.sol";

/// @dev A holder who controls a whitelisted contract (the hub) tries to take more than has vested by moving locked
/// tokens out of a position that has already unlocked part of itself: through the hub alone, and round after round
/// through fresh addresses that unlock and send the rest back. Each locked transfer carries its share of what was
/// already unlocked, so the whole group never takes more than the position has vested, give or take one wei of
/// rounding per transfer, and in the end takes exactly the position.
contract Vesting_TransferLocked_Attack_Unit_Test is Base {
    PositionHolder internal hub;
    /// @dev Every address the attacker controls, alice and the hub first.
    address[] internal group;
    uint256 internal transfers;

    function setUp() public override {
        super.setUp();
        hub = _deployWhitelistedHolder(alice);
        vm.label(address(hub), "hub");
        group.push(alice);
        group.push(address(hub));
    }

    function _locked(address holder) internal view returns (uint256) {
        (uint256 amount,, uint256 unlockedAmount) = vesting.claimByOwner(holder);
        return amount - unlockedAmount;
    }

    /// @dev Unlocks whatever `holder` can take now, if anything.
    function _unlockAll(address holder) internal {
        if (vesting.claimableAmount(holder) == 0) return;
        if (holder == address(hub)) {
            vm.prank(alice);
            hub.unlock();
        } else {
            vm.prank(holder);
            vesting.unlock();
        }
    }

    function _transfer(address from, address to, uint256 amount) internal {
        if (from == address(hub)) {
            vm.prank(alice);
            hub.transferLocked(to, amount);
        } else {
            vm.prank(from);
            vesting.transferLocked(to, amount);
        }
        ++transfers;
    }

    function _paidToGroup() internal view returns (uint256 paid) {
        for (uint256 i; i < group.length; ++i) {
            paid += nai.balanceOf(group[i]);
        }
    }

    /// @dev What a hop moves: everything still owed (`amount - unlockedAmount`), or the whole position, which
    /// carries its whole unlocked amount along.
    function _hop(address holder, bool wholePosition) internal view returns (uint256) {
        return wholePosition ? _positionAmount(holder) : _locked(holder);
    }

    /// @dev At `elapsed` into the unlock: alice unlocks, moves the rest to the hub, and then `rounds` times the hub
    /// moves everything still locked to a fresh address, which unlocks and sends what is left back to the hub.
    function _attack(uint256 elapsed, uint256 rounds) internal returns (uint256 entitled) {
        return _attack(elapsed, rounds, false);
    }

    function _attack(uint256 elapsed, uint256 rounds, bool wholePositions) internal returns (uint256 entitled) {
        vm.warp(UNLOCK_START + elapsed);
        entitled = vesting.vestedAmount(alice, block.timestamp);
        _unlockAll(alice);
        _transfer(alice, address(hub), _hop(alice, wholePositions));
        _unlockAll(address(hub));
        for (uint256 i; i < rounds; ++i) {
            address fresh = makeAddr(string.concat("fresh", vm.toString(i)));
            group.push(fresh);
            _transfer(address(hub), fresh, _hop(address(hub), wholePositions));
            _unlockAll(fresh);
            _transfer(fresh, address(hub), _hop(fresh, wholePositions));
            _unlockAll(address(hub));
            _unlockAll(alice);
        }
    }

    /// @dev After unlockEnd the group takes what is left: exactly alice's position in total, nothing lost.
    function _finishAndCheckTotal() internal {
        vm.warp(UNLOCK_END);
        for (uint256 i; i < group.length; ++i) {
            _unlockAll(group[i]);
        }
        vm.assertEq(_paidToGroup(), ALICE_AMOUNT, "the whole position, no more and no less");
        vm.assertEq(nai.balanceOf(address(vesting)), VESTING_TOTAL - ALICE_AMOUNT, "the others' tokens stay");
    }

    function test_WhenMovingTheLockedRestToAWhitelistedContract() external {
        uint256 entitled = _attack(UNLOCK_DURATION / 2, 0);
        vm.assertEq(entitled, 500_000e18);
        // 500,000 unlocked of 1,000,000: moving the other 500,000 carries 250,000 of the unlocked share with it.
        vm.assertEq(_paidToGroup(), entitled, "paid = vested");
        vm.assertEq(_unlockedAmount(address(hub)), 250_000e18, "unlocked share moved");
        vm.assertEq(_unlockedAmount(alice), 250_000e18, "unlocked share kept");
        _finishAndCheckTotal();
    }

    function test_WhenRoundingLetsTheGroupTakeOneWeiEarly() external {
        // The limit of splitting whole wei: 100 wei, a third vested (33 wei) and unlocked. Moving 67 carries
        // ceil(33 × 67 ÷ 100) = 23 unlocked; the 33 left count 10 as unlocked and have vested 11, so 1 more wei
        // can be taken now, while the moved part counts 23 of the 22 it has vested. The pair is 1 wei ahead of the
        // schedule until the moved part catches up, and in the end takes exactly its 100 wei.
        address tiny = makeAddr("tiny");
        _addVestingClaim(tiny, 100, ALICE_BURN);
        PositionHolder vault = _deployWhitelistedHolder(tiny);
        vm.warp(UNLOCK_START + UNLOCK_DURATION / 3);
        vm.prank(tiny);
        vesting.unlock();
        vm.prank(tiny);
        vesting.transferLocked(address(vault), 67);
        vm.assertEq(_unlockedAmount(address(vault)), 23);
        vm.assertEq(vesting.claimableAmount(tiny), 1);
        vm.assertEq(vesting.claimableAmount(address(vault)), 0);
        vm.prank(tiny);
        vesting.unlock();
        vm.assertEq(nai.balanceOf(tiny), 34, "33 vested + 1 wei of rounding");

        vm.warp(UNLOCK_END);
        vm.prank(tiny);
        vesting.unlock();
        vm.prank(tiny);
        vault.unlock();
        vm.assertEq(nai.balanceOf(tiny) + nai.balanceOf(address(vault)), 100, "exactly the position");
    }

    function test_WhenCyclingThroughFreshAddressesAtHalfThePeriod() external {
        uint256 entitled = _attack(UNLOCK_DURATION / 2, 30);
        vm.assertEq(transfers, 61);
        vm.assertLe(_paidToGroup(), entitled + transfers, "at most one wei of rounding per transfer");
        _finishAndCheckTotal();
    }

    function test_WhenCyclingThroughFreshAddressesAtOnePercentOfThePeriod() external {
        uint256 entitled = _attack(UNLOCK_DURATION / 100, 300);
        vm.assertEq(entitled, 10_000e18);
        vm.assertEq(transfers, 601);
        vm.assertLe(_paidToGroup(), entitled + transfers, "at most one wei of rounding per transfer");
        _finishAndCheckTotal();
    }

    function test_WhenCyclingWholePositionsThroughFreshAddressesAtHalfThePeriod() external {
        // Each hop moves the whole position, unlocked share and all, the largest move a transfer allows.
        uint256 entitled = _attack(UNLOCK_DURATION / 2, 30, true);
        vm.assertEq(transfers, 61);
        vm.assertLe(_paidToGroup(), entitled + transfers, "at most one wei of rounding per transfer");
        vm.assertEq(_positionAmount(alice), 0, "alice moved everything");
        _finishAndCheckTotal();
    }

    function test_WhenCyclingWholePositionsThroughFreshAddressesAtOnePercentOfThePeriod() external {
        uint256 entitled = _attack(UNLOCK_DURATION / 100, 300, true);
        vm.assertEq(entitled, 10_000e18);
        vm.assertLe(_paidToGroup(), entitled + transfers, "at most one wei of rounding per transfer");
        _finishAndCheckTotal();
    }
}
