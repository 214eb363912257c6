// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {IERC20Errors} from "@openzeppelin/contracts/interfaces/draft-IERC6093.sol";

import {IVesting} from "../../../src/interfaces/IVesting.sol";
import {Vesting} from "../../../src/Vesting.sol";
import {Base} from "../../Base.t.sol";
import {FeeOnTransferToken} from "../../mocks/FeeOnTransferToken.sol";
import {PositionHolder} from "../../mocks/PositionHolder.sol";
import {Vm} from "../../utils/Vm.sol";

/// @dev The branches of addClaims.tree, one test per leaf.
contract Vesting_AddClaims_Unit_Test is Base {
    address internal frank;
    address internal grace;
    address internal heidi;

    function setUp() public override {
        super.setUp();
        frank = makeAddr("frank");
        grace = makeAddr("grace");
        heidi = makeAddr("heidi");
    }

    /// @dev A batch of three new holders: frank, grace, heidi.
    function _batch()
        internal
        view
        returns (address[] memory owners, uint256[] memory amounts, uint256[] memory burnPercentages)
    {
        owners = new address[](3);
        amounts = new uint256[](3);
        burnPercentages = new uint256[](3);
        (owners[0], amounts[0], burnPercentages[0]) = (frank, 30_000e18, 0.35e18);
        (owners[1], amounts[1], burnPercentages[1]) = (grace, 1_234.567890123456789e18, 0);
        (owners[2], amounts[2], burnPercentages[2]) = (heidi, 1, FULL_BURN);
    }

    function _addAsAdmin(address[] memory owners, uint256[] memory amounts, uint256[] memory burnPercentages) internal {
        vm.prank(admin);
        vesting.addClaims(owners, amounts, burnPercentages);
    }

    function _expectRevertAsAdmin(
        bytes memory revertData,
        address[] memory owners,
        uint256[] memory amounts,
        uint256[] memory burnPercentages
    ) internal {
        uint256 balanceBefore = nai.balanceOf(address(vesting));
        vm.expectRevert(revertData);
        _addAsAdmin(owners, amounts, burnPercentages);
        // The whole batch is rejected: nothing was stored for the valid items before the bad one.
        vm.assertEq(nai.balanceOf(address(vesting)), balanceBefore, "vesting balance");
        vm.assertEq(_positionAmount(frank), 0, "frank not allocated");
    }

    /// @dev Checks that the batch emitted exactly one event per item, in order: {ClaimSkipped} for the items in
    /// `skipped`, {ClaimAdded} for the others, each with the item's values.
    function _assertItemEvents(
        Vm.Log[] memory logs,
        address[] memory owners,
        uint256[] memory amounts,
        uint256[] memory burnPercentages,
        bool[] memory skipped
    ) internal view {
        uint256 item;
        for (uint256 i; i < logs.length; ++i) {
            if (logs[i].emitter != address(vesting)) continue;
            bytes32 topic = logs[i].topics[0];
            if (topic != IVesting.ClaimAdded.selector && topic != IVesting.ClaimSkipped.selector) continue;
            vm.assertEq(
                topic,
                skipped[item] ? IVesting.ClaimSkipped.selector : IVesting.ClaimAdded.selector,
                "added or skipped"
            );
            vm.assertEq(logs[i].topics[1], bytes32(uint256(uint160(owners[item]))), "holder topic");
            vm.assertEq(logs[i].data, abi.encode(amounts[item], burnPercentages[item]), "values");
            ++item;
        }
        vm.assertEq(item, owners.length, "one event per item");
    }

    function _skipped(bool first, bool second, bool third) internal pure returns (bool[] memory skipped) {
        skipped = new bool[](3);
        (skipped[0], skipped[1], skipped[2]) = (first, second, third);
    }

    /*//////////////////////////////////////////////////////////////
                                 REVERTS
    //////////////////////////////////////////////////////////////*/

    function test_RevertWhen_CallerIsNotOwner() external {
        (address[] memory owners, uint256[] memory amounts, uint256[] memory burnPercentages) = _batch();
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, eve));
        vm.prank(eve);
        vesting.addClaims(owners, amounts, burnPercentages);
    }

    function test_RevertWhen_AmountsLengthDiffers() external {
        (address[] memory owners,, uint256[] memory burnPercentages) = _batch();
        uint256[] memory amounts = new uint256[](2);
        _expectRevertAsAdmin(
            abi.encodeWithSelector(IVesting.Vesting_LengthMismatch.selector, 3, 2, 3), owners, amounts, burnPercentages
        );
    }

    function test_RevertWhen_BurnPercentagesLengthDiffers() external {
        (address[] memory owners, uint256[] memory amounts,) = _batch();
        uint256[] memory burnPercentages = new uint256[](4);
        _expectRevertAsAdmin(
            abi.encodeWithSelector(IVesting.Vesting_LengthMismatch.selector, 3, 3, 4), owners, amounts, burnPercentages
        );
    }

    function test_RevertWhen_HolderIsZeroAddress() external {
        (address[] memory owners, uint256[] memory amounts, uint256[] memory burnPercentages) = _batch();
        owners[1] = address(0);
        _expectRevertAsAdmin(
            abi.encodeWithSelector(IVesting.Vesting_ZeroAddress.selector, 1), owners, amounts, burnPercentages
        );
    }

    function test_RevertWhen_AmountIsZero() external {
        (address[] memory owners, uint256[] memory amounts, uint256[] memory burnPercentages) = _batch();
        amounts[2] = 0;
        _expectRevertAsAdmin(
            abi.encodeWithSelector(IVesting.Vesting_ZeroAmount.selector, heidi), owners, amounts, burnPercentages
        );
    }

    function test_RevertWhen_AmountExceedsUint96() external {
        (address[] memory owners, uint256[] memory amounts, uint256[] memory burnPercentages) = _batch();
        amounts[1] = MAX_UINT96 + 1;
        _expectRevertAsAdmin(
            abi.encodeWithSelector(IVesting.Vesting_AmountTooLarge.selector, grace, MAX_UINT96 + 1, MAX_UINT96),
            owners,
            amounts,
            burnPercentages
        );
    }

    function test_RevertWhen_BurnPercentageAboveFullBurn() external {
        (address[] memory owners, uint256[] memory amounts, uint256[] memory burnPercentages) = _batch();
        burnPercentages[1] = FULL_BURN + 1;
        _expectRevertAsAdmin(
            abi.encodeWithSelector(IVesting.Vesting_BurnPercentageTooHigh.selector, grace, FULL_BURN + 1),
            owners,
            amounts,
            burnPercentages
        );
    }

    function test_RevertWhen_HolderAppearsTwice() external {
        (address[] memory owners, uint256[] memory amounts, uint256[] memory burnPercentages) = _batch();
        owners[2] = frank;
        _expectRevertAsAdmin(
            abi.encodeWithSelector(IVesting.Vesting_DuplicateHolder.selector, frank), owners, amounts, burnPercentages
        );
    }

    function test_RevertWhen_EverAllocatedHolderAppearsTwice() external {
        // Bob would be left out either time; a batch naming him twice is still malformed.
        (address[] memory owners, uint256[] memory amounts, uint256[] memory burnPercentages) = _batch();
        owners[1] = bob;
        owners[2] = bob;
        _expectRevertAsAdmin(
            abi.encodeWithSelector(IVesting.Vesting_DuplicateHolder.selector, bob), owners, amounts, burnPercentages
        );
        vm.assertEq(_positionAmount(bob), BOB_AMOUNT, "bob unchanged");
    }

    function test_RevertWhen_ItemBreaksSeveralRules() external {
        // The rules are checked in the documented order, so the first broken one is reported.
        (address[] memory owners, uint256[] memory amounts, uint256[] memory burnPercentages) = _batch();
        owners[1] = alice;
        amounts[1] = 0;
        burnPercentages[1] = FULL_BURN + 1;
        _expectRevertAsAdmin(
            abi.encodeWithSelector(IVesting.Vesting_ZeroAmount.selector, alice), owners, amounts, burnPercentages
        );

        amounts[1] = MAX_UINT96 + 1;
        _expectRevertAsAdmin(
            abi.encodeWithSelector(IVesting.Vesting_AmountTooLarge.selector, alice, MAX_UINT96 + 1, MAX_UINT96),
            owners,
            amounts,
            burnPercentages
        );

        amounts[1] = 1;
        _expectRevertAsAdmin(
            abi.encodeWithSelector(IVesting.Vesting_BurnPercentageTooHigh.selector, alice, FULL_BURN + 1),
            owners,
            amounts,
            burnPercentages
        );
    }

    function test_RevertWhen_ItemOfEverAllocatedHolderIsInvalid() external {
        (address[] memory owners, uint256[] memory amounts, uint256[] memory burnPercentages) = _batch();
        owners[1] = bob;
        amounts[1] = 0;
        _expectRevertAsAdmin(
            abi.encodeWithSelector(IVesting.Vesting_ZeroAmount.selector, bob), owners, amounts, burnPercentages
        );
    }

    function test_RevertWhen_EarlierItemIsInvalid() external {
        (address[] memory owners, uint256[] memory amounts, uint256[] memory burnPercentages) = _batch();
        burnPercentages[0] = FULL_BURN + 5;
        amounts[2] = 0;
        _expectRevertAsAdmin(
            abi.encodeWithSelector(IVesting.Vesting_BurnPercentageTooHigh.selector, frank, FULL_BURN + 5),
            owners,
            amounts,
            burnPercentages
        );
    }

    function test_RevertWhen_HolderWordIsNotAnAddress() external {
        // An owners item with bits above the 160 address bits is malformed calldata: rejected without data, the way
        // the ABI decoder rejects it.
        (address[] memory owners, uint256[] memory amounts, uint256[] memory burnPercentages) = _batch();
        bytes memory callData = abi.encodeCall(IVesting.addClaims, (owners, amounts, burnPercentages));
        // Layout: selector, three offsets, owners length, owners[0], owners[1] ...: dirty the top byte of owners[1].
        uint256 ownerOnePosition = 4 + 32 * 5;
        callData[ownerOnePosition] = 0x01;

        vm.prank(admin);
        (bool success, bytes memory returnData) = address(vesting).call(callData);
        vm.assertFalse(success, "call succeeded");
        vm.assertEq(returnData.length, 0, "revert data");
        vm.assertEq(_positionAmount(frank), 0);

        // The same calldata with a clean address goes through.
        callData[ownerOnePosition] = 0x00;
        vm.prank(admin);
        (success,) = address(vesting).call(callData);
        vm.assertTrue(success, "clean call");
        vm.assertEq(_positionAmount(grace), 1_234.567890123456789e18);
    }

    function test_RevertWhen_AllowanceTooLow() external {
        (address[] memory owners, uint256[] memory amounts, uint256[] memory burnPercentages) = _batch();
        uint256 total = amounts[0] + amounts[1] + amounts[2];
        vm.prank(admin);
        nai.approve(address(vesting), total - 1);
        _expectRevertAsAdmin(
            abi.encodeWithSelector(
                IERC20Errors.ERC20InsufficientAllowance.selector, address(vesting), total - 1, total
            ),
            owners,
            amounts,
            burnPercentages
        );
    }

    function test_RevertGiven_TokenTakesFeeOnTransfer() external {
        FeeOnTransferToken feeToken = new FeeOnTransferToken();
        vm.prank(admin);
        Vesting feeVesting = new Vesting(address(feeToken), CLAIM_START, CLAIM_END, UNLOCK_START, UNLOCK_END);
        feeToken.mint(admin, 1_000_000e18);
        vm.prank(admin);
        feeToken.approve(address(feeVesting), type(uint256).max);

        (address[] memory owners, uint256[] memory amounts, uint256[] memory burnPercentages) = _batch();
        uint256 total = amounts[0] + amounts[1] + amounts[2];
        uint256 received = total - total * feeToken.FEE_BPS() / 10_000;
        vm.expectRevert(abi.encodeWithSelector(IVesting.Vesting_FundingMismatch.selector, total, received));
        vm.prank(admin);
        feeVesting.addClaims(owners, amounts, burnPercentages);
        (uint256 frankAmount,,) = feeVesting.claimByOwner(frank);
        vm.assertEq(frankAmount, 0);
    }

    /*//////////////////////////////////////////////////////////////
                                SUCCESSES
    //////////////////////////////////////////////////////////////*/

    function test_WhenBatchIsValid() external {
        (address[] memory owners, uint256[] memory amounts, uint256[] memory burnPercentages) = _batch();
        uint256 total = amounts[0] + amounts[1] + amounts[2];
        uint256 vestingBefore = nai.balanceOf(address(vesting));
        uint256 adminBefore = nai.balanceOf(admin);

        vm.recordLogs();
        _addAsAdmin(owners, amounts, burnPercentages);

        // Exactly one ClaimAdded per holder, in the order of the batch.
        Vm.Log[] memory logs = vm.getRecordedLogs();
        uint256 claimAddedCount;
        for (uint256 i; i < logs.length; ++i) {
            if (logs[i].emitter == address(vesting) && logs[i].topics[0] == IVesting.ClaimAdded.selector) {
                vm.assertEq(logs[i].topics[1], bytes32(uint256(uint160(owners[claimAddedCount]))), "holder topic");
                vm.assertEq(logs[i].data, abi.encode(amounts[claimAddedCount], burnPercentages[claimAddedCount]));
                ++claimAddedCount;
            }
        }
        vm.assertEq(claimAddedCount, 3, "one ClaimAdded per holder");

        for (uint256 i; i < owners.length; ++i) {
            (uint256 amount, uint256 burnPercentage, uint256 unlockedAmount) = vesting.claimByOwner(owners[i]);
            vm.assertEq(amount, amounts[i], "amount");
            vm.assertEq(burnPercentage, burnPercentages[i], "burnPercentage");
            vm.assertEq(unlockedAmount, 0, "unlockedAmount");
            vm.assertTrue(vesting.everAllocated(owners[i]), "everAllocated");
        }
        vm.assertEq(nai.balanceOf(address(vesting)), vestingBefore + total, "vesting balance");
        vm.assertEq(nai.balanceOf(admin), adminBefore - total, "admin balance");
    }

    function test_GivenHolderAlreadyHasPosition() external {
        (address[] memory owners, uint256[] memory amounts, uint256[] memory burnPercentages) = _batch();
        owners[1] = bob;
        uint256 vestingBefore = nai.balanceOf(address(vesting));
        uint256 adminBefore = nai.balanceOf(admin);

        vm.recordLogs();
        _addAsAdmin(owners, amounts, burnPercentages);

        _assertItemEvents(vm.getRecordedLogs(), owners, amounts, burnPercentages, _skipped(false, true, false));
        (uint256 amount, uint256 burnPercentage, uint256 unlockedAmount) = vesting.claimByOwner(bob);
        vm.assertEq(amount, BOB_AMOUNT, "bob's amount unchanged");
        vm.assertEq(burnPercentage, BOB_BURN, "bob's burn percentage unchanged");
        vm.assertEq(unlockedAmount, 0);
        vm.assertEq(_positionAmount(frank), 30_000e18, "frank allocated");
        vm.assertEq(_positionAmount(heidi), 1, "heidi allocated");
        uint256 added = amounts[0] + amounts[2];
        vm.assertEq(nai.balanceOf(address(vesting)), vestingBefore + added, "pulled only what was allocated");
        vm.assertEq(nai.balanceOf(admin), adminBefore - added, "admin paid only what was allocated");
    }

    function test_GivenHolderClaimedWholePosition() external {
        vm.warp(CLAIM_START);
        vm.prank(dave);
        vesting.claimAndBurn(DAVE_AMOUNT);
        vm.assertEq(_positionAmount(dave), 0);

        (address[] memory owners, uint256[] memory amounts, uint256[] memory burnPercentages) = _batch();
        owners[0] = dave;
        uint256 vestingBefore = nai.balanceOf(address(vesting));
        vm.recordLogs();
        _addAsAdmin(owners, amounts, burnPercentages);

        _assertItemEvents(vm.getRecordedLogs(), owners, amounts, burnPercentages, _skipped(true, false, false));
        vm.assertEq(_positionAmount(dave), 0, "a claimed position is never refilled");
        vm.assertEq(nai.balanceOf(address(vesting)), vestingBefore + amounts[1] + amounts[2], "vesting balance");
    }

    function test_GivenHolderReceivedLockedTokens() external {
        PositionHolder vault = _deployWhitelistedHolder(alice);
        vm.warp(CLAIM_END);
        vm.prank(alice);
        vesting.transferLocked(address(vault), 1e18);

        // The vault now holds a position although no batch allocated one.
        (address[] memory owners, uint256[] memory amounts, uint256[] memory burnPercentages) = _batch();
        owners[1] = address(vault);
        uint256 vestingBefore = nai.balanceOf(address(vesting));
        vm.recordLogs();
        _addAsAdmin(owners, amounts, burnPercentages);

        _assertItemEvents(vm.getRecordedLogs(), owners, amounts, burnPercentages, _skipped(false, true, false));
        vm.assertEq(_positionAmount(address(vault)), 1e18, "vault keeps only what was transferred");
        vm.assertEq(_positionAmount(frank), 30_000e18, "frank allocated");
        vm.assertEq(_positionAmount(heidi), 1, "heidi allocated");
        vm.assertEq(nai.balanceOf(address(vesting)), vestingBefore + amounts[0] + amounts[2], "vesting balance");
    }

    function test_WhenBatchIsRunTwice() external {
        // As a multisig runs a prepared transaction: approve exactly the batch's total, then the batch, twice.
        (address[] memory owners, uint256[] memory amounts, uint256[] memory burnPercentages) = _batch();
        uint256 total = amounts[0] + amounts[1] + amounts[2];
        vm.startPrank(admin);
        nai.approve(address(vesting), total);
        vesting.addClaims(owners, amounts, burnPercentages);
        vm.assertEq(nai.allowance(admin, address(vesting)), 0, "the exact approval is spent");
        uint256 vestingBefore = nai.balanceOf(address(vesting));
        uint256 adminBefore = nai.balanceOf(admin);

        nai.approve(address(vesting), total);
        vm.recordLogs();
        vesting.addClaims(owners, amounts, burnPercentages);
        vm.stopPrank();

        _assertItemEvents(vm.getRecordedLogs(), owners, amounts, burnPercentages, _skipped(true, true, true));
        vm.assertEq(nai.balanceOf(address(vesting)), vestingBefore, "no second deposit");
        vm.assertEq(nai.balanceOf(admin), adminBefore, "the owner pays nothing twice");
        vm.assertEq(nai.allowance(admin, address(vesting)), total, "the second approval is left unspent");
        vm.assertEq(_positionAmount(frank), 30_000e18, "allocation not doubled");
        vm.assertEq(_positionAmount(grace), 1_234.567890123456789e18, "allocation not doubled");
        vm.assertEq(_positionAmount(heidi), 1, "allocation not doubled");
    }

    function test_WhenEveryHolderIsSkipped() external {
        address[] memory owners = new address[](2);
        uint256[] memory amounts = new uint256[](2);
        uint256[] memory burnPercentages = new uint256[](2);
        (owners[0], amounts[0]) = (alice, 5e18);
        (owners[1], amounts[1]) = (carol, 6e18);
        vm.expectCall(address(nai), abi.encodeWithSelector(nai.transferFrom.selector), 0);
        vm.expectCall(address(nai), abi.encodeWithSelector(nai.balanceOf.selector), 0);
        _addAsAdmin(owners, amounts, burnPercentages);
        vm.assertEq(_positionAmount(alice), ALICE_AMOUNT);
        vm.assertEq(_positionAmount(carol), CAROL_AMOUNT);
    }

    function test_WhenTwoBatchesRunInOneTransaction() external {
        // A test function is one transaction, as a multisig's batch of calls is: transient storage lives through
        // both calls, and the second batch must still treat frank as allocated before it, not as a duplicate.
        (address[] memory owners, uint256[] memory amounts, uint256[] memory burnPercentages) = _batch();
        _addAsAdmin(owners, amounts, burnPercentages);
        address ivan = makeAddr("ivan");
        owners[1] = ivan;
        vm.recordLogs();
        _addAsAdmin(owners, amounts, burnPercentages);
        _assertItemEvents(vm.getRecordedLogs(), owners, amounts, burnPercentages, _skipped(true, false, true));
        vm.assertEq(_positionAmount(ivan), amounts[1], "ivan allocated");
        vm.assertEq(_positionAmount(frank), 30_000e18, "frank allocated once");
    }

    function test_WhenBatchIsEmpty() external {
        uint256 vestingBefore = nai.balanceOf(address(vesting));
        _addAsAdmin(new address[](0), new uint256[](0), new uint256[](0));
        vm.assertEq(nai.balanceOf(address(vesting)), vestingBefore);
    }

    function test_WhenAmountIsUint96Max() external {
        address[] memory owners = new address[](1);
        uint256[] memory amounts = new uint256[](1);
        uint256[] memory burnPercentages = new uint256[](1);
        (owners[0], amounts[0], burnPercentages[0]) = (frank, MAX_UINT96, FULL_BURN);
        _addAsAdmin(owners, amounts, burnPercentages);

        (uint256 amount, uint256 burnPercentage, uint256 unlockedAmount) = vesting.claimByOwner(frank);
        vm.assertEq(amount, MAX_UINT96);
        vm.assertEq(burnPercentage, FULL_BURN);
        vm.assertEq(unlockedAmount, 0);
    }

    function test_WhenCalledAfterClaimWindow() external {
        // Late allocations are allowed; they simply start locked.
        vm.warp(UNLOCK_START);
        (address[] memory owners, uint256[] memory amounts, uint256[] memory burnPercentages) = _batch();
        _addAsAdmin(owners, amounts, burnPercentages);
        vm.assertEq(_positionAmount(frank), 30_000e18);
    }
}
