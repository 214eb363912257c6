// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {LegacyClaim} from "../../../src/LegacyClaim.sol";
import {DemoToken} from "../../../src/local/DemoToken.sol";
import {Cheats} from "../../utils/Cheats.sol";

/// @title LegacyClaimHandler
/// @notice Makes random valid calls on {LegacyClaim} for the invariant tests: time passing across claimStart,
/// batches adding owners never allocated before, a batch run again for an owner who was (claimed or not), and
/// claims, each followed at once by a second claim that must fail. Ghosts record what each owner was added and paid.
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
    bool public ghostDuplicateAccepted;

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

    /// @notice Adds an owner who was allocated before again, whether they claimed or not: it must be rejected.
    function addClaimsAgain(uint256 seed) external atCurrentTime {
        address owner = _owners[seed % _owners.length];
        if (!ghostEverAdded[owner]) return;
        address[] memory batchOwners = new address[](1);
        uint256[] memory amounts = new uint256[](1);
        batchOwners[0] = owner;
        amounts[0] = bound(seed >> 8, 1, MAX_AMOUNT);
        nai.mint(admin, amounts[0]);
        vm.startPrank(admin);
        nai.approve(address(legacy), amounts[0]);
        try legacy.addClaims(batchOwners, amounts) {
            ghostDuplicateAccepted = true;
            ghostAdded[owner] += amounts[0];
        } catch {}
        vm.stopPrank();
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
