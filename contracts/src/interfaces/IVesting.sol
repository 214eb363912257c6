// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// @title IVesting
/// @notice Events, errors and the external interface of the claim-and-burn {Vesting} contract.
interface IVesting {
    /*//////////////////////////////////////////////////////////////
                                 EVENTS
    //////////////////////////////////////////////////////////////*/

    /// @notice Emitted once per holder added by {addClaims}.
    event ClaimAdded(address indexed holder, uint256 amount, uint256 burnPercentage);

    /// @notice Emitted when a holder claims part of their position during the claim window.
    /// @param amount The part of the position taken, `received + burned`.
    event ClaimedAndBurned(address indexed holder, uint256 amount, uint256 received, uint256 burned);

    /// @notice Emitted when a holder takes tokens that have unlocked.
    event Unlocked(address indexed holder, uint256 amount);

    /// @notice Emitted when part of a position moves to another position.
    /// @param amount The part of the position moved.
    /// @param unlockedShareMoved The share of the sender's unlocked amount that moved with it.
    event LockedTransferred(address indexed from, address indexed to, uint256 amount, uint256 unlockedShareMoved);

    /// @notice Emitted when the owner adds or removes a contract from the whitelist.
    event ContractWhitelistUpdated(address indexed contractAddress, bool allowed);

    /*//////////////////////////////////////////////////////////////
                                 ERRORS
    //////////////////////////////////////////////////////////////*/

    error Vesting_ZeroTokenAddress();
    error Vesting_InvalidSchedule(uint256 claimStart, uint256 claimEnd, uint256 unlockStart, uint256 unlockEnd);
    error Vesting_LengthMismatch(uint256 owners, uint256 amounts, uint256 burnPercentages);
    error Vesting_ZeroAddress(uint256 index);
    error Vesting_ZeroAmount(address holder);
    error Vesting_AmountTooLarge(address holder, uint256 amount, uint256 max);
    error Vesting_BurnPercentageTooHigh(address holder, uint256 burnPercentage);
    error Vesting_PositionExists(address holder);
    error Vesting_FundingMismatch(uint256 expected, uint256 received);
    error Vesting_OutsideClaimWindow(uint256 timestamp, uint256 claimStart, uint256 claimEnd);
    error Vesting_AmountExceedsPosition(address holder, uint256 amount, uint256 position);
    error Vesting_UnlockNotStarted(uint256 timestamp, uint256 unlockStart);
    error Vesting_NothingToUnlock(address holder);
    error Vesting_NotLockedYet(uint256 timestamp, uint256 claimEnd);
    error Vesting_NotWhitelisted(address from, address to);
    error Vesting_InvalidRecipient(address to);
    error Vesting_AmountExceedsLocked(address holder, uint256 amount, uint256 locked);
    error Vesting_NoCode(address contractAddress);

    /*//////////////////////////////////////////////////////////////
                                 VIEWS
    //////////////////////////////////////////////////////////////*/

    function claimByOwner(address holder)
        external
        view
        returns (uint256 amount, uint256 burnPercentage, uint256 unlockedAmount);
    function claimStart() external view returns (uint256);
    function claimEnd() external view returns (uint256);
    function unlockStart() external view returns (uint256);
    function unlockEnd() external view returns (uint256);
    function contractWhitelist(address contractAddress) external view returns (bool);
    function everAllocated(address holder) external view returns (bool);
    function totalBurned() external view returns (uint256);
    function vestedAmount(address holder, uint256 timestamp) external view returns (uint256);
    function claimableAmount(address holder) external view returns (uint256);
    function previewClaimAndBurn(address holder, uint256 amount)
        external
        view
        returns (uint256 received, uint256 burned);

    /*//////////////////////////////////////////////////////////////
                                ACTIONS
    //////////////////////////////////////////////////////////////*/

    function addClaims(address[] calldata owners, uint256[] calldata amounts, uint256[] calldata burnPercentages)
        external;
    function claimAndBurn(uint256 amount) external;
    function unlock() external;
    function transferLocked(address to, uint256 amount) external;
    function setContractWhitelist(address contractAddress, bool allowed) external;
}
