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
/// `claimStart` on. An owner is allocated at most once, so a batch loaded again can never pay anyone twice.
contract LegacyClaim is ILegacyClaim, Ownable2Step, ReentrancyGuardTransient {
    using SafeERC20 for IERC20;

    /// @notice The paid token.
    IERC20 public immutable token;
    /// @notice From this time on (inclusive) owners may claim, in seconds since the epoch.
    uint256 public immutable claimStart;

    /// @dev Per owner, the amount still to claim plus one; zero only for an address that was never allocated. After
    /// a claim the slot holds 1, not 0, so that the owner can never be allocated again.
    mapping(address owner => uint256 amountPlusOne) private _claims;

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

    /// @notice Records what each owner may claim and pulls the total from the caller in the same call.
    /// @dev Emits a {ClaimAdded} event per owner. The caller must have approved this contract for the sum of
    /// `amounts`.
    /// Requirements:
    /// - The caller is the owner; the two arrays have the same length.
    /// - No owner is the zero address, appears twice, or was ever allocated before, claimed or not.
    /// - Every amount is above zero and below `type(uint256).max`, in the token's smallest unit.
    /// - The contract receives exactly the sum of `amounts` (fee-on-transfer tokens are rejected).
    function addClaims(address[] calldata owners, uint256[] calldata amounts) external onlyOwner nonReentrant {
        uint256 count = owners.length;
        if (amounts.length != count) revert LegacyClaim_LengthMismatch(count, amounts.length);
        uint256 total;
        for (uint256 i; i < count; ++i) {
            address owner_ = owners[i];
            uint256 amount = amounts[i];
            if (owner_ == address(0)) revert LegacyClaim_ZeroAddress(i);
            if (amount == 0) revert LegacyClaim_ZeroAmount(owner_);
            // Also catches an owner that appears twice in this batch: its first item was written just before.
            if (_claims[owner_] != 0) revert LegacyClaim_ClaimExists(owner_);
            _claims[owner_] = amount + 1;
            total += amount;
            emit ClaimAdded(owner_, amount);
        }
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
}
