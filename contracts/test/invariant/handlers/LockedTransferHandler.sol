// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {IVesting} from "../../../src/interfaces/IVesting.sol";
import {DemoToken} from "../../../src/local/DemoToken.sol";
import {Vesting} from "../../../src/Vesting.sol";
import {PositionHolder} from "../../mocks/PositionHolder.sol";
import {Cheats} from "../../utils/Cheats.sol";

/// @title LockedTransferHandler
/// @notice Moves locked positions around from claimEnd on, at random times through the unlock and after it: locked
/// transfers of any size up to the whole position between accounts and whitelisted holder contracts (vaults), to
/// fresh addresses created on the way, unlocks by anyone, and whole rounds of the skip-the-unlock attack (a vault
/// moves its whole position to a fresh address, which unlocks and sends its whole position back). A transfer that
/// would move no value is expected to revert with the exact error.
/// @dev Ghost state: everything paid by `unlock`, the number of locked transfers, and for each holder the set of
/// transfers that fed its position (those it received, and those received earlier by the positions it received
/// from). A transfer rounds the moved unlocked share up, which lets the recipient count less than one wei more as
/// unlocked than it has vested; that excess can travel on with a later transfer but never grows otherwise, so a
/// holder's unlocked amount exceeds its vested amount by at most the number of transfers that fed it, and all
/// unlocks together exceed the vested share of everything held by at most the number of transfers.
contract LockedTransferHandler is Cheats {
    /// @dev Fresh addresses stop being created beyond this many holders; later transfers reuse existing ones.
    uint256 internal constant MAX_HOLDERS = 48;

    Vesting public immutable vesting;
    DemoToken public immutable nai;

    address[] internal _holders;
    PositionHolder[] internal _vaults;
    mapping(address holder => bool) public isVault;
    mapping(address holder => bool) internal _known;

    uint256 public currentTimestamp;
    uint256 public ghostPaid;
    uint256 public ghostTransfers;
    /// @dev Bit `i` is set when transfer number `i` fed the holder's position.
    mapping(address holder => uint256[] words) internal _feedingTransfers;
    /// @notice How many transfers fed `holder`'s position: the bits set in its `_feedingTransfers`.
    mapping(address holder => uint256 count) public feedingTransferCount;

    mapping(string action => uint256 count) public calls;

    /// @param accounts Holders that are plain accounts.
    /// @param vaultCount How many vaults to deploy, operated by this handler; the test whitelists them.
    constructor(Vesting vesting_, DemoToken nai_, address[] memory accounts, uint256 vaultCount) {
        vesting = vesting_;
        nai = nai_;
        currentTimestamp = block.timestamp;
        for (uint256 i; i < accounts.length; ++i) {
            _addHolder(accounts[i]);
        }
        for (uint256 i; i < vaultCount; ++i) {
            PositionHolder vault = new PositionHolder(vesting_, address(this));
            _vaults.push(vault);
            isVault[address(vault)] = true;
            _addHolder(address(vault));
        }
    }

    function holders() external view returns (address[] memory) {
        return _holders;
    }

    function vaults() external view returns (PositionHolder[] memory) {
        return _vaults;
    }

    modifier atCurrentTime() {
        vm.warp(currentTimestamp);
        _;
    }

    /*//////////////////////////////////////////////////////////////
                                 ACTIONS
    //////////////////////////////////////////////////////////////*/

    /// @notice A quarter of the time jumps to a random moment before unlockEnd (when still before it), otherwise
    /// moves on by one second to twenty days.
    function passTime(uint256 seed) external atCurrentTime {
        uint256 unlockEnd = vesting.unlockEnd();
        if (seed % 4 == 0 && currentTimestamp < unlockEnd) {
            currentTimestamp = bound(seed >> 8, currentTimestamp, unlockEnd);
        } else {
            currentTimestamp += bound(seed >> 8, 1, 20 days);
        }
        vm.warp(currentTimestamp);
        ++calls["passTime"];
    }

    function unlock(uint256 holderSeed) external atCurrentTime {
        address holder = _findHolder(holderSeed, _hasClaimable);
        if (holder == address(0)) return;
        _unlock(holder);
    }

    /// @notice Moves part of a position, what is still owed of it (`amount - unlockedAmount`, the largest move
    /// before transfers could move whole positions) or all of it to another holder, or to a fresh address; one side
    /// is always a whitelisted vault. A part that moves no value must revert.
    function transferLocked(uint256 fromSeed, uint256 toSeed, uint256 amountSeed) external atCurrentTime {
        if (currentTimestamp < vesting.claimEnd()) return;
        address from = _findHolder(fromSeed, _hasLocked);
        if (from == address(0)) return;
        address to;
        if (isVault[from] && toSeed % 3 == 0) to = _freshAddress();
        else to = _holders[toSeed % _holders.length];
        if (to == from || (!isVault[from] && !isVault[to])) to = _otherVault(from, toSeed);
        (uint256 positionAmount,,) = vesting.claimByOwner(from);
        uint256 pick = amountSeed % 4;
        uint256 amount = pick == 0
            ? positionAmount
            : pick == 1 ? _locked(from) : bound(amountSeed >> 8, 1, positionAmount);
        _transfer(from, to, amount);
    }

    /// @notice One to five rounds of the attack: a vault moves its whole position to a fresh address, which unlocks
    /// what it can and sends its whole position back; the vault then unlocks what it can.
    function cycleThroughFresh(uint256 vaultSeed, uint256 rounds) external atCurrentTime {
        if (currentTimestamp < vesting.claimEnd()) return;
        address hub = address(_vaults[vaultSeed % _vaults.length]);
        rounds = bound(rounds, 1, 5);
        for (uint256 i; i < rounds && _locked(hub) != 0; ++i) {
            address fresh = _freshAddress();
            _transfer(hub, fresh, _amount(hub));
            if (vesting.claimableAmount(fresh) != 0) _unlock(fresh);
            if (_locked(fresh) != 0) _transfer(fresh, hub, _amount(fresh));
            if (vesting.claimableAmount(hub) != 0) _unlock(hub);
        }
        ++calls["cycleThroughFresh"];
    }

    /*//////////////////////////////////////////////////////////////
                                INTERNALS
    //////////////////////////////////////////////////////////////*/

    function _unlock(address holder) internal {
        uint256 claimable = vesting.claimableAmount(holder);
        uint256 before = nai.balanceOf(holder);
        _as(holder, abi.encodeCall(Vesting.unlock, ()));
        vm.assertEq(nai.balanceOf(holder) - before, claimable, "unlock pays the claimable amount");
        ghostPaid += claimable;
        ++calls[currentTimestamp >= vesting.unlockEnd() ? "unlockAfterEnd" : "unlock"];
    }

    function _transfer(address from, address to, uint256 amount) internal {
        (uint256 fromAmount,, uint256 fromUnlocked) = vesting.claimByOwner(from);
        uint256 toUnlocked = _unlocked(to);
        // The moved part carries ceil(unlocked × amount ÷ position amount) of the sender's unlocked amount.
        uint256 share = (fromUnlocked * amount + fromAmount - 1) / fromAmount;
        if (share == amount) {
            bytes memory expected =
                abi.encodeWithSelector(IVesting.Vesting_TransferMovesNoValue.selector, from, amount, share);
            bool toAllocated = vesting.everAllocated(to);
            try this.callAs(from, abi.encodeCall(Vesting.transferLocked, (to, amount))) {
                revert("a transfer that moves no value went through");
            } catch (bytes memory reason) {
                vm.assertEq(reason, expected, "a transfer that moves no value reverts with its error");
            }
            vm.assertEq(vesting.everAllocated(to), toAllocated, "the recipient is not made ever allocated");
            ++calls["transferWithoutValue"];
            return;
        }
        _as(from, abi.encodeCall(Vesting.transferLocked, (to, amount)));
        vm.assertEq(_unlocked(from), fromUnlocked - share, "sender keeps the rest of its unlocked amount");
        vm.assertEq(_unlocked(to), toUnlocked + share, "recipient takes the moved share");

        // The recipient is now fed by this transfer and by every transfer that fed the sender.
        uint256 id = ghostTransfers++;
        uint256[] storage target = _feedingTransfers[to];
        uint256[] storage source = _feedingTransfers[from];
        while (target.length <= id / 256) {
            target.push(0);
        }
        for (uint256 i; i <= id / 256; ++i) {
            uint256 word = i < source.length ? source[i] : 0;
            if (i == id / 256) word |= 2 ** (id % 256);
            uint256 added = word & ~target[i];
            target[i] |= added;
            for (; added != 0; added &= added - 1) {
                ++feedingTransferCount[to];
            }
        }
        if (fromUnlocked != 0) ++calls["transferCarryingShare"];
        else ++calls["transferWithoutShare"];
        if (amount == fromAmount) ++calls["transferWholePosition"];
    }

    /// @dev An external entry for a call that is expected to revert, so that the handler can catch it.
    function callAs(address holder, bytes calldata callData) external {
        if (msg.sender != address(this)) revert("only the handler");
        _as(holder, callData);
    }

    /// @dev A never-used address, registered as a holder; an existing account once there are enough holders.
    function _freshAddress() internal returns (address fresh) {
        if (_holders.length >= MAX_HOLDERS) {
            for (uint256 i; i < _holders.length; ++i) {
                if (!isVault[_holders[i]]) return _holders[i];
            }
        }
        fresh = vm.addr(uint256(keccak256(abi.encode("fresh", _holders.length))));
        _addHolder(fresh);
    }

    function _otherVault(address notThis, uint256 seed) internal view returns (address) {
        address vault = address(_vaults[seed % _vaults.length]);
        return vault != notThis ? vault : address(_vaults[(seed + 1) % _vaults.length]);
    }

    function _addHolder(address holder) internal {
        if (_known[holder]) return;
        _known[holder] = true;
        _holders.push(holder);
    }

    function _unlocked(address holder) internal view returns (uint256 unlockedAmount) {
        (,, unlockedAmount) = vesting.claimByOwner(holder);
    }

    function _amount(address holder) internal view returns (uint256 amount) {
        (amount,,) = vesting.claimByOwner(holder);
    }

    function _locked(address holder) internal view returns (uint256) {
        (uint256 amount,, uint256 unlockedAmount) = vesting.claimByOwner(holder);
        return amount - unlockedAmount;
    }

    function _hasLocked(address holder) internal view returns (bool) {
        return _locked(holder) != 0;
    }

    function _hasClaimable(address holder) internal view returns (bool) {
        return vesting.claimableAmount(holder) != 0;
    }

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

    /// @dev Calls Vesting as `holder`: a vault makes the call itself (the handler is its operator), an account
    /// through a prank.
    function _as(address holder, bytes memory callData) internal {
        bool success;
        bytes memory returnData;
        if (isVault[holder]) {
            (success, returnData) = holder.call(callData);
        } else {
            vm.prank(holder);
            (success, returnData) = address(vesting).call(callData);
        }
        if (success) return;
        assembly ("memory-safe") {
            revert(add(returnData, 0x20), mload(returnData))
        }
    }
}
