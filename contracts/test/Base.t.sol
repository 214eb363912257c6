// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {DemoToken} from "../src/local/DemoToken.sol";
import {LegacyClaim} from "../src/LegacyClaim.sol";
import {Vesting} from "../src/Vesting.sol";

import {PositionHolder} from "./mocks/PositionHolder.sol";
import {ReentrantToken} from "./mocks/ReentrantToken.sol";
import {Cheats} from "./utils/Cheats.sol";

/// @title Base
/// @notice Deploys NAI (DemoToken), Vesting and LegacyClaim on a realistic schedule, funds the owner and allocates
/// the default positions every unit test starts from.
abstract contract Base is Cheats {
    /*//////////////////////////////////////////////////////////////
                                SCHEDULE
    //////////////////////////////////////////////////////////////*/

    /// @dev 2026-01-01 00:00:00 UTC: the tests start here, a week before the claim window opens.
    uint256 internal constant START = 1_767_225_600;
    uint256 internal constant CLAIM_START = START + 7 days;
    uint256 internal constant CLAIM_END = CLAIM_START + 30 days;
    uint256 internal constant UNLOCK_START = CLAIM_END + 90 days;
    uint256 internal constant UNLOCK_END = UNLOCK_START + 365 days;
    uint256 internal constant UNLOCK_DURATION = UNLOCK_END - UNLOCK_START;

    address internal constant DEAD = 0x000000000000000000000000000000000000dEaD;
    uint256 internal constant FULL_BURN = 1e18;
    uint256 internal constant MAX_UINT96 = type(uint96).max;

    /*//////////////////////////////////////////////////////////////
                            DEFAULT POSITIONS
    //////////////////////////////////////////////////////////////*/

    uint256 internal constant ALICE_AMOUNT = 1_000_000e18;
    uint256 internal constant ALICE_BURN = 0.5e18;
    uint256 internal constant BOB_AMOUNT = 250_000.123456789e18;
    uint256 internal constant BOB_BURN = 0.2e18;
    uint256 internal constant CAROL_AMOUNT = 40_000e18;
    uint256 internal constant CAROL_BURN = FULL_BURN;
    uint256 internal constant DAVE_AMOUNT = 7_500e18;
    uint256 internal constant DAVE_BURN = 0;
    uint256 internal constant VESTING_TOTAL = ALICE_AMOUNT + BOB_AMOUNT + CAROL_AMOUNT + DAVE_AMOUNT;

    uint256 internal constant ALICE_LEGACY = 12_345.6789e18;
    uint256 internal constant BOB_LEGACY = 800e18;
    uint256 internal constant LEGACY_TOTAL = ALICE_LEGACY + BOB_LEGACY;

    /// @dev What the owner is minted: enough for every batch a test adds.
    uint256 internal constant OWNER_FUNDS = 1e30;

    /*//////////////////////////////////////////////////////////////
                                 ACTORS
    //////////////////////////////////////////////////////////////*/

    address internal admin;
    address internal alice;
    address internal bob;
    address internal carol;
    address internal dave;
    /// @dev Never allocated anything.
    address internal eve;

    DemoToken internal nai;
    Vesting internal vesting;
    LegacyClaim internal legacy;

    function setUp() public virtual {
        vm.warp(START);
        admin = makeAddr("admin");
        alice = makeAddr("alice");
        bob = makeAddr("bob");
        carol = makeAddr("carol");
        dave = makeAddr("dave");
        eve = makeAddr("eve");

        vm.startPrank(admin);
        nai = new DemoToken("NAI", "NAI");
        vesting = new Vesting(address(nai), CLAIM_START, CLAIM_END, UNLOCK_START, UNLOCK_END);
        legacy = new LegacyClaim(address(nai), CLAIM_START);
        nai.mint(admin, OWNER_FUNDS);
        nai.approve(address(vesting), type(uint256).max);
        nai.approve(address(legacy), type(uint256).max);
        vm.stopPrank();
        vm.label(address(nai), "NAI");
        vm.label(address(vesting), "Vesting");
        vm.label(address(legacy), "LegacyClaim");
        vm.label(DEAD, "dead");

        _addVestingClaim(alice, ALICE_AMOUNT, ALICE_BURN);
        _addVestingClaim(bob, BOB_AMOUNT, BOB_BURN);
        _addVestingClaim(carol, CAROL_AMOUNT, CAROL_BURN);
        _addVestingClaim(dave, DAVE_AMOUNT, DAVE_BURN);
        _addLegacyClaim(alice, ALICE_LEGACY);
        _addLegacyClaim(bob, BOB_LEGACY);
    }

    /*//////////////////////////////////////////////////////////////
                                 HELPERS
    //////////////////////////////////////////////////////////////*/

    function _addVestingClaim(address holder, uint256 amount, uint256 burnPercentage) internal {
        address[] memory owners = new address[](1);
        uint256[] memory amounts = new uint256[](1);
        uint256[] memory burnPercentages = new uint256[](1);
        owners[0] = holder;
        amounts[0] = amount;
        burnPercentages[0] = burnPercentage;
        vm.prank(admin);
        vesting.addClaims(owners, amounts, burnPercentages);
    }

    function _addLegacyClaim(address owner, uint256 amount) internal {
        address[] memory owners = new address[](1);
        uint256[] memory amounts = new uint256[](1);
        owners[0] = owner;
        amounts[0] = amount;
        vm.prank(admin);
        legacy.addClaims(owners, amounts);
    }

    /// @dev A Vesting on the production schedule over a token that calls back into it on transfer, with alice's
    /// position loaded; the test arms the token with the call to make.
    function _deployReentrantVesting() internal returns (ReentrantToken token, Vesting reentered) {
        token = new ReentrantToken();
        vm.prank(admin);
        reentered = new Vesting(address(token), CLAIM_START, CLAIM_END, UNLOCK_START, UNLOCK_END);
        token.mint(admin, ALICE_AMOUNT);
        vm.prank(admin);
        token.approve(address(reentered), ALICE_AMOUNT);
        address[] memory owners = new address[](1);
        uint256[] memory amounts = new uint256[](1);
        uint256[] memory burnPercentages = new uint256[](1);
        (owners[0], amounts[0], burnPercentages[0]) = (alice, ALICE_AMOUNT, ALICE_BURN);
        vm.prank(admin);
        reentered.addClaims(owners, amounts, burnPercentages);
    }

    /// @dev A contract holding a position for `operator`, whitelisted for locked transfers.
    function _deployWhitelistedHolder(address operator) internal returns (PositionHolder holder) {
        holder = new PositionHolder(vesting, operator);
        vm.prank(admin);
        vesting.setContractWhitelist(address(holder), true);
    }

    function _positionAmount(address holder) internal view returns (uint256 amount) {
        (amount,,) = vesting.claimByOwner(holder);
    }

    function _unlockedAmount(address holder) internal view returns (uint256 unlockedAmount) {
        (,, unlockedAmount) = vesting.claimByOwner(holder);
    }

    /// @dev vested = amount × (t − unlockStart) ÷ (unlockEnd − unlockStart), clamped to [0, amount].
    function _referenceVested(uint256 amount, uint256 timestamp) internal pure returns (uint256) {
        if (timestamp < UNLOCK_START) return 0;
        if (timestamp >= UNLOCK_END) return amount;
        return amount * (timestamp - UNLOCK_START) / UNLOCK_DURATION;
    }

    /// @dev burn = claimed × burnPercentage ÷ 1e18 rounded down, receive = claimed − burn.
    function _referenceSplit(uint256 claimed, uint256 burnPercentage)
        internal
        pure
        returns (uint256 received, uint256 burned)
    {
        burned = claimed * burnPercentage / FULL_BURN;
        received = claimed - burned;
    }
}
