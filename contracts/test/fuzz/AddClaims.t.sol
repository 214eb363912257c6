// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {ILegacyClaim} from "../../src/interfaces/ILegacyClaim.sol";
import {IVesting} from "../../src/interfaces/IVesting.sol";
import {Base} from "../Base.t.sol";

/// @dev Covers batch allocation against a plain reference model of the rules. Batches of 1 to 8 items draw each
/// field valid or broken (zero address, a holder repeated in the batch, zero amount, amount above the limit, burn
/// percentage above 100 %) or name a holder allocated before (alice), all else random. The contract must either
/// revert with exactly the error the model predicts (the first broken item, its rules checked in the documented
/// order) and change nothing, or store every new position exactly, leave every holder allocated before as it was,
/// emit one event per item in order ({ClaimAdded} or {ClaimSkipped}) and pull exactly the sum of what it allocated.
/// The same for LegacyClaim, whose amounts are limited to uint128.
contract AddClaims_Fuzz_Test is Base {
    uint256 internal constant MAX_ITEMS = 8;

    struct Batch {
        address[] owners;
        uint256[] amounts;
        uint256[] burnPercentages;
    }

    /// @dev Mostly fresh holders, sometimes an allocated one (alice), the zero address or a repeat of an earlier item.
    function _holder(uint256 seed, uint256 index, address[] memory earlier) internal returns (address) {
        uint256 pick = seed % 16;
        if (pick == 0) return address(0);
        if (pick == 1) return alice;
        if (pick == 2 && index != 0) return earlier[(seed >> 8) % index];
        return makeAddr(string(abi.encode("holder", seed >> 8)));
    }

    function _amount(uint256 seed, bool vestingLimit) internal pure returns (uint256) {
        uint256 pick = seed % 16;
        if (pick == 0) return 0;
        if (pick == 1) return (vestingLimit ? MAX_UINT96 : type(uint128).max) + 1 + (seed >> 8) % 1e30;
        // Up to 10^26 each keeps a batch within the owner's funds.
        return bound(seed >> 8, 1, vestingLimit && pick == 2 ? MAX_UINT96 : 1e26);
    }

    function _burnPercentage(uint256 seed) internal pure returns (uint256) {
        if (seed % 16 == 0) return FULL_BURN + 1 + (seed >> 8) % 1e18;
        return bound(seed >> 8, 0, FULL_BURN);
    }

    function _draw(uint256 seed, uint256 count, bool vestingLimit) internal returns (Batch memory batch) {
        batch.owners = new address[](count);
        batch.amounts = new uint256[](count);
        batch.burnPercentages = new uint256[](count);
        for (uint256 i; i < count; ++i) {
            batch.owners[i] = _holder(uint256(keccak256(abi.encode(seed, i, "owner"))), i, batch.owners);
            batch.amounts[i] = _amount(uint256(keccak256(abi.encode(seed, i, "amount"))), vestingLimit);
            batch.burnPercentages[i] = _burnPercentage(uint256(keccak256(abi.encode(seed, i, "burn"))));
        }
    }

    /// @dev The reference model: the revert data the rules demand, or empty when the batch is valid.
    function _expectedVestingError(Batch memory batch) internal pure returns (bytes memory) {
        for (uint256 i; i < batch.owners.length; ++i) {
            address holder = batch.owners[i];
            uint256 amount = batch.amounts[i];
            if (holder == address(0)) return abi.encodeWithSelector(IVesting.Vesting_ZeroAddress.selector, i);
            if (amount == 0) return abi.encodeWithSelector(IVesting.Vesting_ZeroAmount.selector, holder);
            if (amount > MAX_UINT96) {
                return abi.encodeWithSelector(IVesting.Vesting_AmountTooLarge.selector, holder, amount, MAX_UINT96);
            }
            if (batch.burnPercentages[i] > FULL_BURN) {
                return abi.encodeWithSelector(
                    IVesting.Vesting_BurnPercentageTooHigh.selector, holder, batch.burnPercentages[i]
                );
            }
            if (_appearsBefore(batch.owners, i)) {
                return abi.encodeWithSelector(IVesting.Vesting_DuplicateHolder.selector, holder);
            }
        }
        return "";
    }

    function _expectedLegacyError(Batch memory batch) internal pure returns (bytes memory) {
        for (uint256 i; i < batch.owners.length; ++i) {
            address owner = batch.owners[i];
            if (owner == address(0)) return abi.encodeWithSelector(ILegacyClaim.LegacyClaim_ZeroAddress.selector, i);
            if (batch.amounts[i] == 0) {
                return abi.encodeWithSelector(ILegacyClaim.LegacyClaim_ZeroAmount.selector, owner);
            }
            if (batch.amounts[i] > type(uint128).max) {
                return abi.encodeWithSelector(
                    ILegacyClaim.LegacyClaim_AmountTooLarge.selector, owner, batch.amounts[i], type(uint128).max
                );
            }
            if (_appearsBefore(batch.owners, i)) {
                return abi.encodeWithSelector(ILegacyClaim.LegacyClaim_DuplicateOwner.selector, owner);
            }
        }
        return "";
    }

    function _appearsBefore(address[] memory owners, uint256 index) internal pure returns (bool) {
        for (uint256 j; j < index; ++j) {
            if (owners[j] == owners[index]) return true;
        }
        return false;
    }

    /// @dev Which items the model leaves out (allocated before the batch) and the sum of the others.
    function _skippedAndAdded(address[] memory owners, uint256[] memory amounts, bool vestingContract)
        internal
        view
        returns (bool[] memory skipped, uint256 added)
    {
        skipped = new bool[](owners.length);
        for (uint256 i; i < owners.length; ++i) {
            skipped[i] = vestingContract ? vesting.everAllocated(owners[i]) : legacy.everAllocated(owners[i]);
            if (!skipped[i]) added += amounts[i];
        }
    }

    function testFuzz_VestingBatchMatchesModel(uint256 seed, uint256 count) external {
        count = bound(count, 1, MAX_ITEMS);
        Batch memory batch = _draw(seed, count, true);
        bytes memory expectedError = _expectedVestingError(batch);
        (bool[] memory skipped, uint256 added) = _skippedAndAdded(batch.owners, batch.amounts, true);
        uint256 vestingBefore = nai.balanceOf(address(vesting));

        if (expectedError.length != 0) {
            vm.expectRevert(expectedError);
        } else {
            for (uint256 i; i < count; ++i) {
                vm.expectEmit(true, true, true, true, address(vesting));
                if (skipped[i]) emit IVesting.ClaimSkipped(batch.owners[i], batch.amounts[i], batch.burnPercentages[i]);
                else emit IVesting.ClaimAdded(batch.owners[i], batch.amounts[i], batch.burnPercentages[i]);
            }
        }
        vm.prank(admin);
        vesting.addClaims(batch.owners, batch.amounts, batch.burnPercentages);

        if (expectedError.length != 0) {
            vm.assertEq(nai.balanceOf(address(vesting)), vestingBefore, "nothing pulled");
            for (uint256 i; i < count; ++i) {
                if (batch.owners[i] == alice) continue;
                vm.assertEq(_positionAmount(batch.owners[i]), 0, "nothing stored");
            }
            return;
        }
        for (uint256 i; i < count; ++i) {
            (uint256 amount, uint256 burnPercentage, uint256 unlockedAmount) = vesting.claimByOwner(batch.owners[i]);
            vm.assertEq(amount, skipped[i] ? ALICE_AMOUNT : batch.amounts[i], "amount");
            vm.assertEq(burnPercentage, skipped[i] ? ALICE_BURN : batch.burnPercentages[i], "burn percentage");
            vm.assertEq(unlockedAmount, 0, "unlocked amount");
        }
        vm.assertEq(nai.balanceOf(address(vesting)), vestingBefore + added, "pulled the sum allocated");
    }

    function testFuzz_LegacyBatchMatchesModel(uint256 seed, uint256 count) external {
        count = bound(count, 1, MAX_ITEMS);
        Batch memory batch = _draw(seed, count, false);
        bytes memory expectedError = _expectedLegacyError(batch);
        (bool[] memory skipped, uint256 added) = _skippedAndAdded(batch.owners, batch.amounts, false);
        uint256 legacyBefore = nai.balanceOf(address(legacy));

        if (expectedError.length != 0) {
            vm.expectRevert(expectedError);
        } else {
            for (uint256 i; i < count; ++i) {
                vm.expectEmit(true, true, true, true, address(legacy));
                if (skipped[i]) emit ILegacyClaim.ClaimSkipped(batch.owners[i], batch.amounts[i]);
                else emit ILegacyClaim.ClaimAdded(batch.owners[i], batch.amounts[i]);
            }
        }
        vm.prank(admin);
        legacy.addClaims(batch.owners, batch.amounts);

        if (expectedError.length != 0) {
            vm.assertEq(nai.balanceOf(address(legacy)), legacyBefore, "nothing pulled");
            return;
        }
        for (uint256 i; i < count; ++i) {
            vm.assertEq(legacy.claimByOwner(batch.owners[i]), skipped[i] ? ALICE_LEGACY : batch.amounts[i], "amount");
        }
        vm.assertEq(nai.balanceOf(address(legacy)), legacyBefore + added, "pulled the sum allocated");
    }
}
