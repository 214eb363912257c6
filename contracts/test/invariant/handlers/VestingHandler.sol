// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {IVesting} from "../../../src/interfaces/IVesting.sol";
import {DemoToken} from "../../../src/local/DemoToken.sol";
import {Vesting} from "../../../src/Vesting.sol";
import {PositionHolder} from "../../mocks/PositionHolder.sol";
import {Cheats} from "../../utils/Cheats.sol";

/// @title VestingHandler
/// @notice Makes random calls on {Vesting} for the invariant tests: time passing through every phase (often
/// landing exactly on a boundary), batches allocating fresh holders, batches mixing holders allocated before with
/// fresh ones (as a batch run again, or one a locked transfer raced), claims in the window, unlocks, locked transfers
/// of any size to and from whitelisted holder contracts (including those that would move no value, which must
/// revert) and whitelist changes. Keeps ghost totals of everything allocated, received, burned and unlocked, and per
/// holder what came in (allocated, or value received by transfer), went out (value sent) and was taken (received,
/// burned, unlocked); checks each payout against the plain formula as it happens.
contract VestingHandler is Cheats {
    uint256 internal constant FULL_BURN = 1e18;
    address internal constant DEAD = 0x000000000000000000000000000000000000dEaD;
    /// @dev Per holder at most 10^27; even all holders together stay far below the uint96 limit.
    uint256 internal constant MAX_ALLOCATION = 1e27;

    Vesting public immutable vesting;
    DemoToken public immutable nai;
    address public immutable admin;

    address[] internal _holders;
    PositionHolder[] internal _vaults;
    mapping(address holder => bool) public isVault;
    mapping(address holder => bool) public everAllocated;

    uint256 public currentTimestamp;

    uint256 public ghostAllocated;
    uint256 public ghostReceived;
    uint256 public ghostBurned;
    uint256 public ghostUnlocked;
    uint256 public ghostLastTotalBurned;
    bool public ghostTotalBurnedDecreased;
    /// @notice Set when a batch changed a holder allocated before it, or pulled other than the sum it allocated.
    bool public ghostAllocatedTwice;
    /// @notice Set when a locked transfer that moves no value went through.
    bool public ghostWorthlessTransferAccepted;
    /// @notice Set when a call that must not pay at this moment went through: a claim outside the window, an unlock
    /// with nothing claimable, a locked transfer before claimEnd, or a claim beyond the position.
    bool public ghostPaidOutOfTurn;

    /// @notice Per holder: allocated, plus value received by locked transfers (amount − unlocked share).
    mapping(address holder => uint256 amount) public ghostIn;
    /// @notice Per holder: value sent by locked transfers.
    mapping(address holder => uint256 amount) public ghostOut;
    /// @notice Per holder: received and burned through claimAndBurn, and paid by unlock.
    mapping(address holder => uint256 amount) public ghostTaken;

    mapping(string action => uint256 count) public calls;

    constructor(Vesting vesting_, DemoToken nai_, address admin_, address[] memory eoaHolders, uint256 vaultCount) {
        vesting = vesting_;
        nai = nai_;
        admin = admin_;
        currentTimestamp = block.timestamp;
        for (uint256 i; i < eoaHolders.length; ++i) {
            _holders.push(eoaHolders[i]);
        }
        for (uint256 i; i < vaultCount; ++i) {
            PositionHolder vault = new PositionHolder(vesting_, address(this));
            _vaults.push(vault);
            _holders.push(address(vault));
            isVault[address(vault)] = true;
        }
    }

    /// @notice Records what the invariant test allocated before the handler took over.
    function recordInitialAllocation(address[] calldata allocated, uint256[] calldata amounts) external {
        for (uint256 i; i < allocated.length; ++i) {
            everAllocated[allocated[i]] = true;
            ghostIn[allocated[i]] += amounts[i];
            ghostAllocated += amounts[i];
        }
    }

    function holders() external view returns (address[] memory) {
        return _holders;
    }

    function vaults() external view returns (PositionHolder[] memory) {
        return _vaults;
    }

    /// @dev Every call runs at the handler's clock and checks afterwards that totalBurned never fell.
    modifier instrumented() {
        vm.warp(currentTimestamp);
        _;
        uint256 totalBurned = vesting.totalBurned();
        if (totalBurned < ghostLastTotalBurned) ghostTotalBurnedDecreased = true;
        ghostLastTotalBurned = totalBurned;
    }

    function _count(string memory action) internal {
        ++calls[action];
    }

    /*//////////////////////////////////////////////////////////////
                                  TIME
    //////////////////////////////////////////////////////////////*/

    /// @notice A quarter of the time lands on the next phase boundary (a second before, on it or a second after), a
    /// quarter of the time anywhere in the next phase, otherwise moves on by up to five days.
    function passTime(uint256 seed) external instrumented {
        (uint256 nextStart, uint256 nextEnd) = _nextPhase(currentTimestamp);
        uint256 choice = seed % 4;
        uint256 target;
        if (choice == 0 && nextStart != 0) target = nextStart - 1 + (seed >> 8) % 3;
        else if (choice == 1 && nextStart != 0) target = bound(seed >> 8, nextStart, nextEnd);
        else target = currentTimestamp + bound(seed >> 8, 1, 5 days);
        currentTimestamp = target > currentTimestamp ? target : currentTimestamp + 1;
        vm.warp(currentTimestamp);
        _count("passTime");
    }

    /*//////////////////////////////////////////////////////////////
                                 OWNER
    //////////////////////////////////////////////////////////////*/

    /// @notice Allocates one to three holders that never had a position.
    function addClaims(uint256 seed, uint256 count) external instrumented {
        count = bound(count, 1, 3);
        address[] memory fresh = new address[](count);
        uint256 found;
        for (uint256 i; i < _holders.length && found < count; ++i) {
            address holder = _holders[(seed % _holders.length + i) % _holders.length];
            if (!everAllocated[holder]) fresh[found++] = holder;
        }
        if (found == 0) return;

        address[] memory owners = new address[](found);
        uint256[] memory amounts = new uint256[](found);
        uint256[] memory burnPercentages = new uint256[](found);
        uint256 total;
        for (uint256 i; i < found; ++i) {
            uint256 itemSeed = uint256(keccak256(abi.encode(seed, i)));
            owners[i] = fresh[i];
            amounts[i] = bound(itemSeed, 1, MAX_ALLOCATION);
            burnPercentages[i] = bound(itemSeed >> 128, 0, FULL_BURN);
            total += amounts[i];
            everAllocated[fresh[i]] = true;
            ghostIn[fresh[i]] += amounts[i];
        }
        nai.mint(admin, total);
        vm.startPrank(admin);
        nai.approve(address(vesting), total);
        vesting.addClaims(owners, amounts, burnPercentages);
        vm.stopPrank();
        ghostAllocated += total;
        _count("addClaims");
    }

    /// @notice A batch that names one to three holders allocated before (as a batch run again, or one a locked
    /// transfer reached first), and a fresh holder when one is left, funded by an exact approval of the whole
    /// batch: the holders allocated before must be left as they are and only the fresh one funded.
    function addClaimsAgain(uint256 seed, uint256 count) external instrumented {
        count = bound(count, 1, 3);
        address[] memory picked = new address[](count + 1);
        uint256 found;
        for (uint256 i; i < _holders.length && found < count; ++i) {
            address holder = _holders[(seed % _holders.length + i) % _holders.length];
            if (everAllocated[holder]) picked[found++] = holder;
        }
        if (found == 0) return;
        for (uint256 i; i < _holders.length; ++i) {
            address holder = _holders[(seed / 7 % _holders.length + i) % _holders.length];
            if (!everAllocated[holder]) {
                picked[found++] = holder;
                break;
            }
        }
        address[] memory owners = new address[](found);
        uint256[] memory amounts = new uint256[](found);
        uint256[] memory burnPercentages = new uint256[](found);
        uint256[] memory amountsBefore = new uint256[](found);
        uint256[] memory unlockedBefore = new uint256[](found);
        uint256 total;
        uint256 fresh;
        for (uint256 i; i < found; ++i) {
            owners[i] = picked[i];
            amounts[i] = bound(uint256(keccak256(abi.encode(seed, i, "again"))), 1, MAX_ALLOCATION);
            total += amounts[i];
            (amountsBefore[i],, unlockedBefore[i]) = vesting.claimByOwner(owners[i]);
            if (!everAllocated[owners[i]]) fresh += amounts[i];
        }
        nai.mint(admin, total);
        uint256 balanceBefore = nai.balanceOf(address(vesting));
        vm.startPrank(admin);
        nai.approve(address(vesting), total);
        vesting.addClaims(owners, amounts, burnPercentages);
        vm.stopPrank();

        if (nai.balanceOf(address(vesting)) != balanceBefore + fresh) ghostAllocatedTwice = true;
        if (nai.allowance(admin, address(vesting)) != total - fresh) ghostAllocatedTwice = true;
        for (uint256 i; i < found; ++i) {
            (uint256 amount,, uint256 unlockedAmount) = vesting.claimByOwner(owners[i]);
            if (everAllocated[owners[i]]) {
                if (amount != amountsBefore[i] || unlockedAmount != unlockedBefore[i]) ghostAllocatedTwice = true;
            } else {
                if (amount != amounts[i]) ghostAllocatedTwice = true;
                everAllocated[owners[i]] = true;
                ghostIn[owners[i]] += amounts[i];
                ghostAllocated += amounts[i];
            }
        }
        // The unspent approval stays behind; the next batch's approval replaces it.
        _count("addClaimsAgain");
    }

    /// @notice Adds or removes the last holder contract from the whitelist; the first ones stay whitelisted.
    function setWhitelist(bool allowed) external instrumented {
        if (_vaults.length == 0) return;
        vm.prank(admin);
        vesting.setContractWhitelist(address(_vaults[_vaults.length - 1]), allowed);
        _count("setWhitelist");
    }

    /*//////////////////////////////////////////////////////////////
                                 HOLDERS
    //////////////////////////////////////////////////////////////*/

    function claimAndBurn(uint256 holderSeed, uint256 amountSeed) external instrumented {
        if (currentTimestamp < vesting.claimStart() || currentTimestamp >= vesting.claimEnd()) return;
        address holder = _findHolder(holderSeed, _hasPosition);
        if (holder == address(0)) return;
        (uint256 position, uint256 burnPercentage,) = vesting.claimByOwner(holder);
        uint256 amount = bound(amountSeed, 1, position);
        uint256 burned = amount * burnPercentage / FULL_BURN;
        uint256 received = amount - burned;
        uint256 holderBefore = nai.balanceOf(holder);
        uint256 deadBefore = nai.balanceOf(DEAD);

        _as(holder, abi.encodeCall(Vesting.claimAndBurn, (amount)));

        vm.assertEq(nai.balanceOf(holder), holderBefore + received, "claim: received");
        vm.assertEq(nai.balanceOf(DEAD), deadBefore + burned, "claim: burned");
        ghostReceived += received;
        ghostBurned += burned;
        ghostTaken[holder] += amount;
        _count("claimAndBurn");
    }

    /// @notice Tries what must not pay now, as any holder: claim and burn outside the window or beyond the
    /// position, unlock with nothing claimable, move a locked position before claimEnd. Each must revert and change
    /// no balance.
    function tryOutOfTurn(uint256 holderSeed, uint256 amountSeed) external instrumented {
        address holder = _holders[holderSeed % _holders.length];
        (uint256 amount,,) = vesting.claimByOwner(holder);
        uint256 balance = nai.balanceOf(address(vesting));
        bool inWindow = currentTimestamp >= vesting.claimStart() && currentTimestamp < vesting.claimEnd();
        uint256 claimed = inWindow ? amount + 1 + amountSeed % 1e18 : bound(amountSeed, 1, 1e27);
        if (_succeeds(holder, abi.encodeCall(Vesting.claimAndBurn, (claimed)))) ghostPaidOutOfTurn = true;
        if (vesting.claimableAmount(holder) == 0 && _succeeds(holder, abi.encodeCall(Vesting.unlock, ()))) {
            ghostPaidOutOfTurn = true;
        }
        if (currentTimestamp < vesting.claimEnd() && amount != 0) {
            address to = _holders[(holderSeed % _holders.length + 1) % _holders.length];
            if (_succeeds(holder, abi.encodeCall(Vesting.transferLocked, (to, 1)))) ghostPaidOutOfTurn = true;
        }
        if (nai.balanceOf(address(vesting)) != balance) ghostPaidOutOfTurn = true;
        _count("tryOutOfTurn");
    }

    /// @dev Whether `callData` goes through as `holder`; a revert is caught and undone.
    function _succeeds(address holder, bytes memory callData) internal returns (bool) {
        try this.callAs(holder, callData) {
            return true;
        } catch {
            return false;
        }
    }

    /// @dev An external entry for a call that may revert, so that the handler can catch it.
    function callAs(address holder, bytes calldata callData) external {
        if (msg.sender != address(this)) revert("only the handler");
        _as(holder, callData);
    }

    function unlock(uint256 holderSeed) external instrumented {
        if (currentTimestamp < vesting.unlockStart()) return;
        address holder = _findHolder(holderSeed, _hasClaimable);
        if (holder == address(0)) holder = _holders[holderSeed % _holders.length];
        (uint256 amount,, uint256 unlockedAmount) = vesting.claimByOwner(holder);
        uint256 vested = vesting.vestedAmount(holder, currentTimestamp);
        uint256 expected = vested > unlockedAmount ? vested - unlockedAmount : 0;
        vm.assertEq(vesting.claimableAmount(holder), expected, "unlock: claimable");
        if (currentTimestamp >= vesting.unlockEnd()) vm.assertEq(expected, amount - unlockedAmount, "unlock: no dust");
        if (expected == 0) return;
        uint256 holderBefore = nai.balanceOf(holder);

        _as(holder, abi.encodeCall(Vesting.unlock, ()));

        vm.assertEq(nai.balanceOf(holder), holderBefore + expected, "unlock: paid");
        ghostUnlocked += expected;
        ghostTaken[holder] += expected;
        _count(currentTimestamp >= vesting.unlockEnd() ? "unlockAfterEnd" : "unlock");
    }

    function transferLocked(uint256 fromSeed, uint256 toSeed, uint256 amountSeed) external instrumented {
        if (currentTimestamp < vesting.claimEnd()) return;
        // Any position, fully unlocked or not: a transfer out of one with nothing owed must be refused.
        address from = _findHolder(fromSeed, _hasPosition);
        if (from == address(0)) return;
        address to = _holders[toSeed % _holders.length];
        if (to == from) to = _holders[(toSeed % _holders.length + 1) % _holders.length];
        // One side must be whitelisted: otherwise send to the first whitelisted holder contract.
        if (!vesting.contractWhitelist(from) && !vesting.contractWhitelist(to)) {
            to = address(0);
            for (uint256 i; i < _vaults.length && to == address(0); ++i) {
                if (vesting.contractWhitelist(address(_vaults[i]))) to = address(_vaults[i]);
            }
            if (to == address(0)) return;
        }
        (uint256 amount,, uint256 unlockedAmount) = vesting.claimByOwner(from);
        // A third of the time the whole position, otherwise any part of it, worth something or not.
        uint256 moved = amountSeed % 3 == 0 ? amount : bound(amountSeed >> 8, 1, amount);
        uint256 share = (unlockedAmount * moved + amount - 1) / amount;
        uint256 value = moved - share;

        if (value == 0) {
            // Nothing still owed would change hands: refused, and the recipient is not made ever allocated.
            bool recipientAllocated = vesting.everAllocated(to);
            try this.callAs(from, abi.encodeCall(Vesting.transferLocked, (to, moved))) {
                ghostWorthlessTransferAccepted = true;
            } catch (bytes memory reason) {
                vm.assertEq(
                    reason,
                    abi.encodeWithSelector(IVesting.Vesting_TransferMovesNoValue.selector, from, moved, share),
                    "worthless transfer: error"
                );
            }
            vm.assertEq(vesting.everAllocated(to), recipientAllocated, "worthless transfer: recipient");
            _count("transferLockedWorthless");
            return;
        }
        _as(from, abi.encodeCall(Vesting.transferLocked, (to, moved)));
        everAllocated[to] = true;
        ghostOut[from] += value;
        ghostIn[to] += value;
        _count(moved == amount ? "transferLockedWhole" : "transferLocked");
    }

    /*//////////////////////////////////////////////////////////////
                                INTERNALS
    //////////////////////////////////////////////////////////////*/

    /// @dev The first holder, from a seeded start, that `qualifies`; the zero address when none does.
    function _findHolder(uint256 seed, function(address) internal view returns (bool) qualifies)
        internal
        view
        returns (address)
    {
        uint256 count = _holders.length;
        for (uint256 i; i < count; ++i) {
            address holder = _holders[(seed % count + i) % count];
            if (qualifies(holder)) return holder;
        }
        return address(0);
    }

    function _hasPosition(address holder) internal view returns (bool) {
        (uint256 amount,,) = vesting.claimByOwner(holder);
        return amount != 0;
    }

    function _hasClaimable(address holder) internal view returns (bool) {
        return vesting.claimableAmount(holder) != 0;
    }

    function _hasLocked(address holder) internal view returns (bool) {
        (uint256 amount,, uint256 unlockedAmount) = vesting.claimByOwner(holder);
        return amount > unlockedAmount;
    }

    /// @dev Calls Vesting as `holder`: a holder contract makes the call itself, an account through a prank.
    function _as(address holder, bytes memory callData) internal {
        if (isVault[holder]) {
            (bool success, bytes memory returnData) = holder.call(callData);
            _bubble(success, returnData);
        } else {
            vm.prank(holder);
            (bool success, bytes memory returnData) = address(vesting).call(callData);
            _bubble(success, returnData);
        }
    }

    function _bubble(bool success, bytes memory returnData) internal pure {
        if (success) return;
        assembly ("memory-safe") {
            revert(add(returnData, 0x20), mload(returnData))
        }
    }

    /// @dev The start of the phase after the one `timestamp` is in, and the last second of that phase (a year on
    /// for the fully unlocked phase); (0, 0) once fully unlocked.
    function _nextPhase(uint256 timestamp) internal view returns (uint256 start, uint256 end) {
        if (timestamp < vesting.claimStart()) return (vesting.claimStart(), vesting.claimEnd() - 1);
        if (timestamp < vesting.claimEnd()) return (vesting.claimEnd(), vesting.unlockStart() - 1);
        if (timestamp < vesting.unlockStart()) return (vesting.unlockStart(), vesting.unlockEnd() - 1);
        if (timestamp < vesting.unlockEnd()) return (vesting.unlockEnd(), vesting.unlockEnd() + 365 days);
        return (0, 0);
    }
}
