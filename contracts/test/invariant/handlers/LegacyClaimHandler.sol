// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {LegacyClaim} from "../../../src/LegacyClaim.sol";
import {DemoToken} from "../../../src/local/DemoToken.sol";
import {Cheats} from "../../utils/Cheats.sol";

/// @title LegacyClaimHandler
/// @notice Makes random valid calls on {LegacyClaim} for the invariant tests: time passing across claimStart,
/// batches adding owners never allocated before, a batch naming an owner who was (claimed or not) beside a fresh
/// one, which must leave the first as it is and fund only the second, and claims, each followed at once by a second
/// claim that must fail. Ghosts record what each owner was added and paid.
contract LegacyClaimHandler is Cheats {
    uint256 internal constant MAX_AMOUNT = 1e27;

    LegacyClaim public immutable legacy;
    DemoToken public immutable nai;
    address public immutable admin;

    address[] internal _owners;
    uint256 public currentTimestamp;

    mapping(address owner => uint256 amount) public ghostAdded;
    mapping(address owner => uint256 amount) public ghostPaid;
    mapping(address owner => bool) public ghostEverAdded;
    bool public ghostPaidTwice;
    /// @notice Set when a batch changed an owner allocated before it, or pulled other than the sum it allocated.
    bool public ghostAllocatedTwice;

    constructor(LegacyClaim legacy_, DemoToken nai_, address admin_, address[] memory owners_) {
        legacy = legacy_;
        nai = nai_;
        admin = admin_;
        _owners = owners_;
        currentTimestamp = block.timestamp;
    }

    function owners() external view returns (address[] memory) {
        return _owners;
    }

    /// @notice Records what the invariant test added before the handler took over.
    function recordInitialClaim(address owner, uint256 amount) external {
        ghostAdded[owner] += amount;
        ghostEverAdded[owner] = true;
    }

    modifier atCurrentTime() {
        vm.warp(currentTimestamp);
        _;
    }

    /// @notice Half the time lands around claimStart while it is ahead, otherwise moves on by up to 30 days.
    function passTime(uint256 seed) external atCurrentTime {
        uint256 claimStart = legacy.claimStart();
        uint256 target = seed % 2 == 0 && currentTimestamp < claimStart
            ? claimStart - 1 + (seed >> 8) % 3
            : currentTimestamp + bound(seed >> 8, 1, 30 days);
        currentTimestamp = target > currentTimestamp ? target : currentTimestamp + 1;
        vm.warp(currentTimestamp);
    }

    /// @notice Adds one to three owners that were never allocated.
    function addClaims(uint256 seed, uint256 count) external atCurrentTime {
        count = bound(count, 1, 3);
        address[] memory batchOwners = new address[](count);
        uint256 found;
        for (uint256 i; i < _owners.length && found < count; ++i) {
            address owner = _owners[(seed % _owners.length + i) % _owners.length];
            if (!ghostEverAdded[owner]) batchOwners[found++] = owner;
        }
        if (found == 0) return;
        assembly ("memory-safe") {
            mstore(batchOwners, found)
        }
        uint256[] memory amounts = new uint256[](found);
        uint256 total;
        for (uint256 i; i < found; ++i) {
            amounts[i] = bound(uint256(keccak256(abi.encode(seed, i))), 1, MAX_AMOUNT);
            total += amounts[i];
            ghostAdded[batchOwners[i]] += amounts[i];
            ghostEverAdded[batchOwners[i]] = true;
        }
        nai.mint(admin, total);
        vm.startPrank(admin);
        nai.approve(address(legacy), total);
        legacy.addClaims(batchOwners, amounts);
        vm.stopPrank();
    }

    /// @notice Loads a batch naming an owner who was allocated before (claimed or not) and, when one is left, an
    /// owner who was not, funded by an exact approval of the whole batch: only the second may be added and funded.
    function addClaimsAgain(uint256 seed) external atCurrentTime {
        address again = _owners[seed % _owners.length];
        if (!ghostEverAdded[again]) return;
        address fresh;
        for (uint256 i; i < _owners.length && fresh == address(0); ++i) {
            address owner = _owners[(seed / 7 % _owners.length + i) % _owners.length];
            if (!ghostEverAdded[owner]) fresh = owner;
        }
        uint256 count = fresh == address(0) ? 1 : 2;
        address[] memory batchOwners = new address[](count);
        uint256[] memory amounts = new uint256[](count);
        batchOwners[0] = again;
        amounts[0] = bound(seed >> 8, 1, MAX_AMOUNT);
        if (count == 2) {
            batchOwners[1] = fresh;
            amounts[1] = bound(uint256(keccak256(abi.encode(seed, "fresh"))), 1, MAX_AMOUNT);
        }
        uint256 total = amounts[0] + (count == 2 ? amounts[1] : 0);
        uint256 againBefore = legacy.claimByOwner(again);
        uint256 balanceBefore = nai.balanceOf(address(legacy));
        nai.mint(admin, total);
        vm.startPrank(admin);
        nai.approve(address(legacy), total);
        legacy.addClaims(batchOwners, amounts);
        vm.stopPrank();

        if (legacy.claimByOwner(again) != againBefore) ghostAllocatedTwice = true;
        uint256 added = count == 2 ? amounts[1] : 0;
        if (nai.balanceOf(address(legacy)) != balanceBefore + added) ghostAllocatedTwice = true;
        if (count == 2) {
            if (legacy.claimByOwner(fresh) != amounts[1]) ghostAllocatedTwice = true;
            ghostAdded[fresh] += amounts[1];
            ghostEverAdded[fresh] = true;
        }
    }

    /// @notice The first owner from a seeded start with something to claim claims it, then tries again.
    function claim(uint256 seed) external atCurrentTime {
        if (currentTimestamp < legacy.claimStart()) return;
        address owner;
        for (uint256 i; i < _owners.length && owner == address(0); ++i) {
            address candidate = _owners[(seed % _owners.length + i) % _owners.length];
            if (legacy.claimByOwner(candidate) != 0) owner = candidate;
        }
        if (owner == address(0)) return;
        uint256 amount = legacy.claimByOwner(owner);
        uint256 balanceBefore = nai.balanceOf(owner);

        vm.prank(owner);
        legacy.claim();
        vm.assertEq(nai.balanceOf(owner), balanceBefore + amount, "claim pays the whole amount");
        ghostPaid[owner] += amount;

        vm.prank(owner);
        try legacy.claim() {
            ghostPaidTwice = true;
        } catch {}
    }
}
