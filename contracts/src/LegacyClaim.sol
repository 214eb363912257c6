// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {Ownable2Step} from "@openzeppelin/contracts/access/Ownable2Step.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";

import {ILegacyClaim} from "./interfaces/ILegacyClaim.sol";

/// @title LegacyClaim
/// @notice Pays out leftovers from earlier vesting platforms: one amount per owner, claimable in full from
/// `claimStart` on. An owner is allocated at most once, so a batch loaded again can never pay anyone twice: it skips
/// the owners it already holds.
contract LegacyClaim is ILegacyClaim, Ownable2Step, ReentrancyGuardTransient {
    using SafeERC20 for IERC20;

    /// @notice The paid token.
    IERC20 public immutable token;
    /// @notice From this time on (inclusive) owners may claim, in seconds since the epoch.
    uint256 public immutable claimStart;

    /// @dev Per owner, the amount still to claim plus one; zero only for an address that was never allocated. After
    /// a claim the slot holds 1, not 0, so that the owner can never be allocated again.
    mapping(address owner => uint256 amountPlusOne) private _claims;

    /// @dev Transient: how many {addClaims} calls this transaction has made so far.
    /// keccak256(abi.encode(uint256(keccak256("nai.legacyClaim.addClaims.batch")) - 1)) & ~bytes32(uint256(0xff))
    bytes32 private constant _BATCH_COUNTER_SLOT = 0x430267622cfd998b21df927e887fee2c4aaa92920bcaa783cbfdabb6bf0a4400;

    /// @param token_ The paid ERC-20 token.
    /// @param claimStart_ From this time on owners may claim, in seconds since the epoch.
    /// Requirements: `token_` is not the zero address.
    constructor(address token_, uint256 claimStart_) Ownable(msg.sender) {
        if (token_ == address(0)) revert LegacyClaim_ZeroTokenAddress();
        token = IERC20(token_);
        claimStart = claimStart_;
    }

    /// @notice The amount `owner` may still claim, in the token's smallest unit.
    function claimByOwner(address owner) external view returns (uint256 amount) {
        uint256 amountPlusOne = _claims[owner];
        return amountPlusOne == 0 ? 0 : amountPlusOne - 1;
    }

    /// @notice Whether `owner` was ever allocated an amount, claimed or not: tells an owner who claimed everything
    /// apart from an address that never had a claim; {addClaims} never allocates to it again.
    function everAllocated(address owner) external view returns (bool) {
        return _claims[owner] != 0;
    }

    /// @notice Records what each owner never allocated before may claim, and pulls exactly their total from the
    /// caller in the same call. An owner that was ever allocated (see {everAllocated}), claimed or not, is left out
    /// with a {ClaimSkipped} event and nothing pulled for it, so a batch run twice allocates nothing twice.
    /// @dev Emits a {ClaimAdded} event per owner allocated and a {ClaimSkipped} event per owner left out, in the
    /// order of the batch. The caller must have approved this contract for at least the sum of the amounts
    /// allocated; nothing is pulled when every owner is left out.
    /// Requirements:
    /// - The caller is the owner; the two arrays have the same length.
    /// - No owner is the zero address or appears twice in the batch; each item is checked in this order, skipped or
    ///   not.
    /// - Every amount is above zero and at most `type(uint128).max`, in the token's smallest unit (far above any
    ///   token's supply; it keeps the stored amount plus one and the batch total from overflowing).
    /// - The contract receives exactly the sum of the amounts allocated (fee-on-transfer tokens are rejected).
    function addClaims(address[] calldata owners, uint256[] calldata amounts) external onlyOwner nonReentrant {
        uint256 count = owners.length;
        if (amounts.length != count) revert LegacyClaim_LengthMismatch(count, amounts.length);
        uint256 batch = _startBatch();
        uint256 total;
        for (uint256 i; i < count; ++i) {
            address owner_ = owners[i];
            uint256 amount = amounts[i];
            if (owner_ == address(0)) revert LegacyClaim_ZeroAddress(i);
            if (amount == 0) revert LegacyClaim_ZeroAmount(owner_);
            if (amount > type(uint128).max) revert LegacyClaim_AmountTooLarge(owner_, amount, type(uint128).max);
            if (_claims[owner_] == 0) {
                // Below 2^128 per item: neither the amount plus one nor the total of any batch that fits in calldata
                // comes near 2^256.
                unchecked {
                    _claims[owner_] = amount + 1;
                    total += amount;
                }
                _markInBatch(owner_, batch);
                emit ClaimAdded(owner_, amount);
            } else {
                // Allocated before this batch, or by an earlier item of it: only the second is an error.
                if (_batchOf(owner_) == batch) revert LegacyClaim_DuplicateOwner(owner_);
                _markInBatch(owner_, batch);
                emit ClaimSkipped(owner_, amount);
            }
        }
        if (total == 0) return;
        uint256 balanceBefore = token.balanceOf(address(this));
        token.safeTransferFrom(msg.sender, address(this), total);
        uint256 received = token.balanceOf(address(this)) - balanceBefore;
        if (received != total) revert LegacyClaim_FundingMismatch(total, received);
    }

    /// @notice Pays the caller their whole legacy amount.
    /// @dev Emits a {Claimed} event.
    /// Requirements: `block.timestamp >= claimStart`; the caller has an amount above zero.
    function claim() external nonReentrant {
        if (block.timestamp < claimStart) revert LegacyClaim_ClaimNotStarted(block.timestamp, claimStart);
        uint256 amountPlusOne = _claims[msg.sender];
        if (amountPlusOne <= 1) revert LegacyClaim_NothingToClaim(msg.sender);
        uint256 amount = amountPlusOne - 1;
        // Kept at 1, not cleared: the owner stays allocated, so loading the same batch again cannot pay twice.
        _claims[msg.sender] = 1;
        emit Claimed(msg.sender, amount);
        token.safeTransfer(msg.sender, amount);
    }

    /// @dev Gives this {addClaims} call a number no other call in the transaction has. Transient storage outlives a
    /// call until the end of its transaction, where a multisig may run several batches in a row: the number tells
    /// this batch's marks from theirs.
    function _startBatch() private returns (uint256 batch) {
        assembly ("memory-safe") {
            batch := add(tload(_BATCH_COUNTER_SLOT), 1)
            tstore(_BATCH_COUNTER_SLOT, batch)
        }
    }

    /// @dev Records in transient storage that `owner_` is an item of batch number `batch`. An owner's mark lives at
    /// the transient slot numbered by its address: below 2^160, so it can never meet the batch counter or the
    /// reentrancy guard, whose slots are hashes far above.
    function _markInBatch(address owner_, uint256 batch) private {
        assembly ("memory-safe") {
            tstore(owner_, batch)
        }
    }

    /// @dev The number of the last batch of this transaction that had `owner_` as an item; 0 when none did.
    function _batchOf(address owner_) private view returns (uint256 batch) {
        assembly ("memory-safe") {
            batch := tload(owner_)
        }
    }
}
