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

    /// @notice Emitted once per holder that {addClaims} left out because it was ever allocated (see
    /// {everAllocated}), with the values it was given; nothing was stored or pulled for it.
    event ClaimSkipped(address indexed holder, uint256 amount, uint256 burnPercentage);

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

    /// @notice Thrown when the constructor is given the zero address as the token.
    error Vesting_ZeroTokenAddress();

    /// @notice Thrown when the constructor's schedule breaks `claimStart < claimEnd <= unlockStart < unlockEnd`.
    error Vesting_InvalidSchedule(uint256 claimStart, uint256 claimEnd, uint256 unlockStart, uint256 unlockEnd);

    /// @notice Thrown when the three arrays given to {addClaims} differ in length.
    error Vesting_LengthMismatch(uint256 owners, uint256 amounts, uint256 burnPercentages);

    /// @notice Thrown when the holder at `index` of an {addClaims} batch is the zero address.
    error Vesting_ZeroAddress(uint256 index);

    /// @notice Thrown when {addClaims} is given a zero amount for `holder`, or {claimAndBurn} or {transferLocked}
    /// is called with a zero amount by `holder`.
    error Vesting_ZeroAmount(address holder);

    /// @notice Thrown when an amount for `holder` would exceed `max` (`type(uint96).max`): an {addClaims} amount, or
    /// the recipient's position after {transferLocked}.
    error Vesting_AmountTooLarge(address holder, uint256 amount, uint256 max);

    /// @notice Thrown when {addClaims} is given a burn percentage above 1e18 (100 %) for `holder`.
    error Vesting_BurnPercentageTooHigh(address holder, uint256 burnPercentage);

    /// @notice Thrown when `holder` appears more than once in one {addClaims} batch.
    error Vesting_DuplicateHolder(address holder);

    /// @notice Thrown when {addClaims} did not receive exactly the sum of its amounts, as with a fee-on-transfer
    /// token.
    error Vesting_FundingMismatch(uint256 expected, uint256 received);

    /// @notice Thrown when {claimAndBurn} is called outside the claim window `claimStart <= t < claimEnd`.
    error Vesting_OutsideClaimWindow(uint256 timestamp, uint256 claimStart, uint256 claimEnd);

    /// @notice Thrown when {claimAndBurn} or {transferLocked} asks for more than the caller's position holds.
    error Vesting_AmountExceedsPosition(address holder, uint256 amount, uint256 position);

    /// @notice Thrown when {unlock} is called before `unlockStart`.
    error Vesting_UnlockNotStarted(uint256 timestamp, uint256 unlockStart);

    /// @notice Thrown when {unlock} finds nothing claimable for the caller.
    error Vesting_NothingToUnlock(address holder);

    /// @notice Thrown when {transferLocked} is called before `claimEnd`.
    error Vesting_NotLockedYet(uint256 timestamp, uint256 claimEnd);

    /// @notice Thrown when neither the caller of {transferLocked} nor the recipient is whitelisted.
    error Vesting_NotWhitelisted(address from, address to);

    /// @notice Thrown when the recipient of {transferLocked} is the zero address or the caller.
    error Vesting_InvalidRecipient(address to);

    /// @notice Thrown when {transferLocked} would hand over nothing still owed: the `amount` moved is all carried
    /// unlocked share (`unlockedShare == amount`), as when the position has unlocked everything or the amount is too
    /// small to carry a whole wei of what is owed.
    error Vesting_TransferMovesNoValue(address holder, uint256 amount, uint256 unlockedShare);

    /// @notice Thrown when {setContractWhitelist} is asked to allow an address that holds no code.
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
