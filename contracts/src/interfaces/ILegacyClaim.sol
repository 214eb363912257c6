// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// @title ILegacyClaim
/// @notice Events, errors and the external interface of the {LegacyClaim} contract.
interface ILegacyClaim {
    /// @notice Emitted once per owner added by {addClaims}.
    event ClaimAdded(address indexed owner, uint256 amount);

    /// @notice Emitted once per owner that {addClaims} left out because it was ever allocated (see
    /// {everAllocated}), with the amount it was given; nothing was stored or pulled for it.
    event ClaimSkipped(address indexed owner, uint256 amount);

    /// @notice Emitted when an owner takes their whole legacy amount.
    event Claimed(address indexed owner, uint256 amount);

    /// @notice Thrown when the constructor is given the zero address as the token.
    error LegacyClaim_ZeroTokenAddress();

    /// @notice Thrown when the two arrays given to {addClaims} differ in length.
    error LegacyClaim_LengthMismatch(uint256 owners, uint256 amounts);

    /// @notice Thrown when the owner at `index` of an {addClaims} batch is the zero address.
    error LegacyClaim_ZeroAddress(uint256 index);

    /// @notice Thrown when {addClaims} is given a zero amount for `owner`.
    error LegacyClaim_ZeroAmount(address owner);

    /// @notice Thrown when {addClaims} is given an amount above `max` (`type(uint128).max`) for `owner`.
    error LegacyClaim_AmountTooLarge(address owner, uint256 amount, uint256 max);

    /// @notice Thrown when `owner` appears more than once in one {addClaims} batch.
    error LegacyClaim_DuplicateOwner(address owner);

    /// @notice Thrown when {addClaims} did not receive exactly the sum of its amounts, as with a fee-on-transfer
    /// token.
    error LegacyClaim_FundingMismatch(uint256 expected, uint256 received);

    /// @notice Thrown when {claim} is called before `claimStart`.
    error LegacyClaim_ClaimNotStarted(uint256 timestamp, uint256 claimStart);

    /// @notice Thrown when {claim} finds nothing left to claim for `owner`.
    error LegacyClaim_NothingToClaim(address owner);

    function claimByOwner(address owner) external view returns (uint256 amount);
    function everAllocated(address owner) external view returns (bool);
    function claimStart() external view returns (uint256);
    function addClaims(address[] calldata owners, uint256[] calldata amounts) external;
    function claim() external;
}
