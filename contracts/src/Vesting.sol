// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {Ownable2Step} from "@openzeppelin/contracts/access/Ownable2Step.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Math} from "@openzeppelin/contracts/utils/math/Math.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";

import {IVesting} from "./interfaces/IVesting.sol";

/// @title Vesting
/// @notice Holds NAI vesting positions. During the claim window a holder may take part of their position now,
/// with a fixed per-holder share of what they take burned. Whatever is left is locked at the end of the window
/// and unlocks linearly between `unlockStart` and `unlockEnd`, claimable at any time as it unlocks.
/// @dev Phases by block time t: before `claimStart`; claim window `claimStart <= t < claimEnd`; locked
/// `claimEnd <= t < unlockStart`; unlocking `unlockStart <= t < unlockEnd`; fully unlocked `t >= unlockEnd`.
/// A position is packed in one storage slot, so amounts are limited to `type(uint96).max` (about 7.9e28 in the
/// token's smallest unit, 79,228,162,514 whole tokens at 18 decimals); {addClaims} rejects larger values.
/// The owner (transferred in two steps) can add funded positions and change the whitelist, nothing else: no function
/// lets anyone, the owner included, move tokens anywhere but from a holder's position to that holder or to the dead
/// address on the holder's own {claimAndBurn}.
contract Vesting is IVesting, Ownable2Step, ReentrancyGuardTransient {
    using SafeERC20 for IERC20;

    /// @notice Where burned tokens are sent; works with any ERC-20, burnable or not.
    address public constant DEAD = 0x000000000000000000000000000000000000dEaD;

    /// @notice A burn percentage of 100 %, as an 18-decimal fraction.
    uint256 public constant FULL_BURN = 1e18;

    /// @dev One slot per holder.
    struct Position {
        // Still held in the position, in the token's smallest unit.
        uint96 amount;
        // Counted as already unlocked: what {unlock} paid out of this position, plus the shares that came in with
        // locked transfers and minus those that went out.
        uint96 unlockedAmount;
        // The burn percentage plus one: zero only for an address that was never allocated, so that a holder who
        // claimed their whole position can never be allocated again by a batch that is run twice.
        uint64 burnPercentagePlusOne;
    }

    /// @notice The vested token.
    IERC20 public immutable token;
    /// @notice Start of the claim window (inclusive), in seconds since the epoch.
    uint256 public immutable claimStart;
    /// @notice End of the claim window (exclusive) and start of the lock.
    uint256 public immutable claimEnd;
    /// @notice Start of the linear unlock.
    uint256 public immutable unlockStart;
    /// @notice End of the linear unlock: from then on the whole position is unlocked.
    uint256 public immutable unlockEnd;

    /// @notice Everything burned through {claimAndBurn}, in the token's smallest unit.
    uint256 public totalBurned;

    /// @notice Contracts allowed to send or receive locked positions through {transferLocked}.
    mapping(address contractAddress => bool allowed) public contractWhitelist;

    mapping(address holder => Position) private _positions;

    /// @dev Transient: how many {addClaims} calls this transaction has made so far.
    /// keccak256(abi.encode(uint256(keccak256("nai.vesting.addClaims.batch")) - 1)) & ~bytes32(uint256(0xff))
    bytes32 private constant _BATCH_COUNTER_SLOT = 0x9854865c856d966030ff666447896355b567907c84b198df73656be4e01b4500;

    /*//////////////////////////////////////////////////////////////
                               CONSTRUCTOR
    //////////////////////////////////////////////////////////////*/

    /// @param token_ The vested ERC-20 token.
    /// @param claimStart_ Start of the claim window, in seconds since the epoch.
    /// @param claimEnd_ End of the claim window.
    /// @param unlockStart_ Start of the linear unlock.
    /// @param unlockEnd_ End of the linear unlock.
    /// Requirements: `token_` is not the zero address; `claimStart_ < claimEnd_ <= unlockStart_ < unlockEnd_`.
    constructor(address token_, uint256 claimStart_, uint256 claimEnd_, uint256 unlockStart_, uint256 unlockEnd_)
        Ownable(msg.sender)
    {
        if (token_ == address(0)) revert Vesting_ZeroTokenAddress();
        if (!(claimStart_ < claimEnd_ && claimEnd_ <= unlockStart_ && unlockStart_ < unlockEnd_)) {
            revert Vesting_InvalidSchedule(claimStart_, claimEnd_, unlockStart_, unlockEnd_);
        }
        token = IERC20(token_);
        claimStart = claimStart_;
        claimEnd = claimEnd_;
        unlockStart = unlockStart_;
        unlockEnd = unlockEnd_;
    }

    /*//////////////////////////////////////////////////////////////
                                  VIEWS
    //////////////////////////////////////////////////////////////*/

    /// @notice The position of `holder`.
    /// @return amount Still held in the position, in the token's smallest unit.
    /// @return burnPercentage Share of a claim that is burned, as an 18-decimal fraction (1e18 = 100 %).
    /// @return unlockedAmount Counted as already unlocked: taken through {unlock}, adjusted by the unlocked shares
    /// moved with {transferLocked}.
    function claimByOwner(address holder)
        external
        view
        returns (uint256 amount, uint256 burnPercentage, uint256 unlockedAmount)
    {
        Position memory position = _positions[holder];
        amount = position.amount;
        burnPercentage = position.burnPercentagePlusOne == 0 ? 0 : position.burnPercentagePlusOne - 1;
        unlockedAmount = position.unlockedAmount;
    }

    /// @notice Whether `holder` ever held a position, allocated by {addClaims} or received through {transferLocked}.
    /// Stays true once the position is claimed, unlocked or moved away in full, which tells such a holder apart
    /// from an address that never had a position; {addClaims} never allocates to it again.
    function everAllocated(address holder) external view returns (bool) {
        return _positions[holder].burnPercentagePlusOne != 0;
    }

    /// @notice How much of `holder`'s position has unlocked by `timestamp`, taken or not.
    function vestedAmount(address holder, uint256 timestamp) external view returns (uint256) {
        return _vestedAmount(_positions[holder].amount, timestamp);
    }

    /// @notice What {unlock} would pay `holder` now.
    function claimableAmount(address holder) external view returns (uint256) {
        Position memory position = _positions[holder];
        return _claimableAmount(position.amount, position.unlockedAmount, block.timestamp);
    }

    /// @notice How {claimAndBurn} would split `amount` of `holder`'s position: `burned = amount * burnPercentage /
    /// 1e18` rounded down, `received = amount - burned`. Does not check the window or the position size.
    function previewClaimAndBurn(address holder, uint256 amount)
        external
        view
        returns (uint256 received, uint256 burned)
    {
        uint256 plusOne = _positions[holder].burnPercentagePlusOne;
        burned = plusOne == 0 ? 0 : _burnShare(amount, plusOne - 1);
        received = amount - burned;
    }

    /*//////////////////////////////////////////////////////////////
                             OWNER FUNCTIONS
    //////////////////////////////////////////////////////////////*/

    /// @notice Allocates positions to holders that were never allocated and pulls exactly their total from the
    /// caller in the same call. A holder that was ever allocated (see {everAllocated}: a position now or at any time
    /// before, whether from an earlier batch or received through {transferLocked}) is left out with a {ClaimSkipped}
    /// event and nothing pulled for it, so a batch run twice allocates nothing twice, and a locked transfer that
    /// lands on one of its holders before the batch executes cannot block the rest of it.
    /// @dev Emits a {ClaimAdded} event per holder allocated and a {ClaimSkipped} event per holder left out, in the
    /// order of the batch. The caller must have approved this contract for at least the sum of the amounts allocated;
    /// nothing is pulled when every holder is left out.
    /// Requirements:
    /// - The caller is the owner.
    /// - The three arrays have the same length.
    /// - No holder is the zero address or appears twice in the batch; each item is checked in this order, skipped
    ///   or not.
    /// - Every amount is above zero and at most `type(uint96).max`, in the token's smallest unit.
    /// - Every burn percentage is at most 1e18 (100 %).
    /// - The contract receives exactly the sum of the amounts allocated (fee-on-transfer tokens are rejected).
    function addClaims(address[] calldata owners, uint256[] calldata amounts, uint256[] calldata burnPercentages)
        external
        onlyOwner
        nonReentrant
    {
        uint256 count = owners.length;
        if (amounts.length != count || burnPercentages.length != count) {
            revert Vesting_LengthMismatch(count, amounts.length, burnPercentages.length);
        }
        uint256 batch = _startBatch();
        uint256 total;
        for (uint256 i; i < count; ++i) {
            address holder = owners[i];
            uint256 amount = amounts[i];
            uint256 burnPercentage = burnPercentages[i];
            if (holder == address(0)) revert Vesting_ZeroAddress(i);
            if (amount == 0) revert Vesting_ZeroAmount(holder);
            if (amount > type(uint96).max) revert Vesting_AmountTooLarge(holder, amount, type(uint96).max);
            if (burnPercentage > FULL_BURN) revert Vesting_BurnPercentageTooHigh(holder, burnPercentage);
            if (_positions[holder].burnPercentagePlusOne == 0) {
                // forge-lint: disable-next-line(unsafe-typecast) both checked against their limits just above
                _positions[holder] = Position(uint96(amount), 0, uint64(burnPercentage + 1));
                _markInBatch(holder, batch);
                // At most 2^96 per item: the total of any batch that fits in calldata stays far below 2^256.
                unchecked {
                    total += amount;
                }
                emit ClaimAdded(holder, amount, burnPercentage);
            } else {
                // Allocated before this batch, or by an earlier item of it: only the second is an error.
                if (_batchOf(holder) == batch) revert Vesting_DuplicateHolder(holder);
                _markInBatch(holder, batch);
                emit ClaimSkipped(holder, amount, burnPercentage);
            }
        }
        if (total != 0) _pullExactly(total);
    }

    /// @notice Allows or disallows `contractAddress` to send or receive locked positions via {transferLocked}.
    /// @dev Emits a {ContractWhitelistUpdated} event.
    /// Requirements: the caller is the owner; when `allowed`, `contractAddress` holds code.
    function setContractWhitelist(address contractAddress, bool allowed) external onlyOwner {
        if (allowed && contractAddress.code.length == 0) revert Vesting_NoCode(contractAddress);
        contractWhitelist[contractAddress] = allowed;
        emit ContractWhitelistUpdated(contractAddress, allowed);
    }

    /*//////////////////////////////////////////////////////////////
                             HOLDER FUNCTIONS
    //////////////////////////////////////////////////////////////*/

    /// @notice Takes `amount` of the caller's position now: `amount * burnPercentage / 1e18` (rounded down) is
    /// sent to the dead address and the rest to the caller.
    /// @dev Emits a {ClaimedAndBurned} event.
    /// Requirements:
    /// - `claimStart <= block.timestamp < claimEnd`.
    /// - `0 < amount <=` the caller's position amount, in the token's smallest unit.
    function claimAndBurn(uint256 amount) external nonReentrant {
        if (block.timestamp < claimStart || block.timestamp >= claimEnd) {
            revert Vesting_OutsideClaimWindow(block.timestamp, claimStart, claimEnd);
        }
        Position storage position = _positions[msg.sender];
        uint256 positionAmount = position.amount;
        if (amount == 0) revert Vesting_ZeroAmount(msg.sender);
        if (amount > positionAmount) revert Vesting_AmountExceedsPosition(msg.sender, amount, positionAmount);

        uint256 burned = _burnShare(amount, position.burnPercentagePlusOne - 1);
        uint256 received = amount - burned;
        // forge-lint: disable-next-line(unsafe-typecast) amount <= positionAmount, a uint96
        position.amount = uint96(positionAmount - amount);
        if (burned != 0) totalBurned += burned;
        emit ClaimedAndBurned(msg.sender, amount, received, burned);

        if (burned != 0) token.safeTransfer(DEAD, burned);
        if (received != 0) token.safeTransfer(msg.sender, received);
    }

    /// @notice Pays the caller everything that has unlocked and was not taken yet.
    /// @dev Emits an {Unlocked} event.
    /// Requirements: `block.timestamp >= unlockStart`; something is claimable.
    function unlock() external nonReentrant {
        if (block.timestamp < unlockStart) revert Vesting_UnlockNotStarted(block.timestamp, unlockStart);
        Position storage position = _positions[msg.sender];
        uint256 unlockedAmount = position.unlockedAmount;
        uint256 claimable = _claimableAmount(position.amount, unlockedAmount, block.timestamp);
        if (claimable == 0) revert Vesting_NothingToUnlock(msg.sender);

        // forge-lint: disable-next-line(unsafe-typecast) unlockedAmount + claimable <= position.amount, a uint96
        position.unlockedAmount = uint96(unlockedAmount + claimable);
        emit Unlocked(msg.sender, claimable);

        token.safeTransfer(msg.sender, claimable);
    }

    /// @notice Moves `amount` of the caller's position to `to`'s, on the same schedule. The moved part carries its
    /// share of what the caller already unlocked, `ceil(unlockedAmount * amount / positionAmount)`, so that it keeps
    /// unlocking as it would have in the caller's position and no sequence of transfers gets ahead of the schedule
    /// (beyond one wei of rounding per transfer, caught up later). What changes hands is what is still owed on the
    /// moved part, `amount - unlockedShare`; `amount` equal to the position amount moves the whole position, and
    /// everything still owed on it, in one call. Before `unlockStart` nothing has unlocked and only `amount` moves.
    /// @dev Emits a {LockedTransferred} event. Rounding the moved share up keeps the caller's unlocked amount at or
    /// below its exact share. What it costs the recipient: the value it receives, `amount - unlockedShare`, is the
    /// exact owed share of the moved part, `amount * (positionAmount - unlockedAmount) / positionAmount`, rounded
    /// down, so up to one wei less than exact for good (that wei stays owed to the caller; nothing is lost between
    /// the two); and while unlocking, the recipient may count up to one wei more as unlocked than its part has
    /// vested, which holds its claimable amount back by that wei until the schedule catches up. A transfer whose
    /// value rounds down to zero reverts, so a position with nothing left owed cannot make an address ever
    /// allocated (see {everAllocated}) for free. The recipient keeps its burn percentage, or takes the caller's when
    /// it never had a position.
    /// Requirements:
    /// - `block.timestamp >= claimEnd`.
    /// - The caller or `to` is whitelisted; `to` is neither the zero address nor the caller.
    /// - `0 < amount <=` the caller's position amount, in the token's smallest unit.
    /// - `amount - unlockedShare > 0`: something still owed changes hands.
    /// - `to`'s position amount plus `amount` is at most `type(uint96).max`.
    function transferLocked(address to, uint256 amount) external nonReentrant {
        if (block.timestamp < claimEnd) revert Vesting_NotLockedYet(block.timestamp, claimEnd);
        if (to == address(0) || to == msg.sender) revert Vesting_InvalidRecipient(to);
        if (!contractWhitelist[msg.sender] && !contractWhitelist[to]) revert Vesting_NotWhitelisted(msg.sender, to);
        if (amount == 0) revert Vesting_ZeroAmount(msg.sender);

        Position memory sender = _positions[msg.sender];
        if (amount > sender.amount) revert Vesting_AmountExceedsPosition(msg.sender, amount, sender.amount);
        // 0 < amount <= sender.amount, and unlockedAmount * amount < 2^192: no overflow, no division by zero. As
        // unlockedAmount <= sender.amount, the share is at most both `amount` and the sender's unlockedAmount, so
        // neither side's unlockedAmount can exceed its amount or fall below zero.
        uint256 unlockedShare = Math.ceilDiv(uint256(sender.unlockedAmount) * amount, sender.amount);
        if (unlockedShare == amount) revert Vesting_TransferMovesNoValue(msg.sender, amount, unlockedShare);
        Position memory recipient = _positions[to];
        uint256 recipientAmount = recipient.amount + amount;
        if (recipientAmount > type(uint96).max) {
            revert Vesting_AmountTooLarge(to, recipientAmount, type(uint96).max);
        }

        // forge-lint: disable-start(unsafe-typecast) every value is at most a uint96 amount, as shown above
        _positions[msg.sender] = Position({
            amount: uint96(sender.amount - amount),
            unlockedAmount: uint96(sender.unlockedAmount - unlockedShare),
            burnPercentagePlusOne: sender.burnPercentagePlusOne
        });
        _positions[to] = Position({
            amount: uint96(recipientAmount),
            unlockedAmount: uint96(recipient.unlockedAmount + unlockedShare),
            burnPercentagePlusOne: recipient.burnPercentagePlusOne == 0
                ? sender.burnPercentagePlusOne
                : recipient.burnPercentagePlusOne
        });
        // forge-lint: disable-end(unsafe-typecast)
        emit LockedTransferred(msg.sender, to, amount, unlockedShare);
    }

    /*//////////////////////////////////////////////////////////////
                                INTERNALS
    //////////////////////////////////////////////////////////////*/

    /// @dev The schedule: 0 before `unlockStart`; `amount` from `unlockEnd`; otherwise
    /// `amount * (timestamp - unlockStart) / (unlockEnd - unlockStart)`, rounded down.
    function _vestedAmount(uint256 amount, uint256 timestamp) private view returns (uint256) {
        if (timestamp < unlockStart) return 0;
        if (timestamp >= unlockEnd) return amount;
        return (amount * (timestamp - unlockStart)) / (unlockEnd - unlockStart);
    }

    /// @dev `max(0, vested - unlockedAmount)`: a position that received locked tokens may count a few wei more as
    /// unlocked than it has vested, from rounding in {transferLocked}.
    function _claimableAmount(uint256 amount, uint256 unlockedAmount, uint256 timestamp)
        private
        view
        returns (uint256)
    {
        uint256 vested = _vestedAmount(amount, timestamp);
        return vested > unlockedAmount ? vested - unlockedAmount : 0;
    }

    /// @dev `amount * burnPercentage / 1e18`, rounded down.
    function _burnShare(uint256 amount, uint256 burnPercentage) private pure returns (uint256) {
        return (amount * burnPercentage) / FULL_BURN;
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

    /// @dev Records in transient storage that `holder` is an item of batch number `batch`. A holder's mark lives at
    /// the transient slot numbered by its address: below 2^160, so it can never meet the batch counter or the
    /// reentrancy guard, whose slots are hashes far above.
    function _markInBatch(address holder, uint256 batch) private {
        assembly ("memory-safe") {
            tstore(holder, batch)
        }
    }

    /// @dev The number of the last batch of this transaction that had `holder` as an item; 0 when none did.
    function _batchOf(address holder) private view returns (uint256 batch) {
        assembly ("memory-safe") {
            batch := tload(holder)
        }
    }

    /// @dev Pulls `total` from the caller and checks that exactly `total` arrived.
    function _pullExactly(uint256 total) private {
        uint256 balanceBefore = token.balanceOf(address(this));
        token.safeTransferFrom(msg.sender, address(this), total);
        uint256 received = token.balanceOf(address(this)) - balanceBefore;
        if (received != total) revert Vesting_FundingMismatch(total, received);
    }
}
