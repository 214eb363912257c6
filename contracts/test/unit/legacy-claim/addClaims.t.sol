// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {IERC20Errors} from "@openzeppelin/contracts/interfaces/draft-IERC6093.sol";

import {ILegacyClaim} from "../../../src/interfaces/ILegacyClaim.sol";
import {LegacyClaim} from "../../../src/LegacyClaim.sol";
import {Base} from "../../Base.t.sol";
import {FeeOnTransferToken} from "../../mocks/FeeOnTransferToken.sol";
import {Vm} from "../../utils/Vm.sol";

/// @dev The branches of addClaims.tree, one test per leaf.
contract LegacyClaim_AddClaims_Unit_Test is Base {
    address internal frank;
    address internal grace;

    function setUp() public override {
        super.setUp();
        frank = makeAddr("frank");
        grace = makeAddr("grace");
    }

    function _batch() internal view returns (address[] memory owners, uint256[] memory amounts) {
        owners = new address[](3);
        amounts = new uint256[](3);
        (owners[0], amounts[0]) = (frank, 2_500e18);
        (owners[1], amounts[1]) = (grace, 0.000000000000000001e18);
        (owners[2], amounts[2]) = (carol, 99_999.999999999999999999e18);
    }

    function _expectRevertAsAdmin(bytes memory revertData, address[] memory owners, uint256[] memory amounts) internal {
        uint256 balanceBefore = nai.balanceOf(address(legacy));
        vm.expectRevert(revertData);
        vm.prank(admin);
        legacy.addClaims(owners, amounts);
        vm.assertEq(nai.balanceOf(address(legacy)), balanceBefore, "legacy balance");
        vm.assertEq(legacy.claimByOwner(frank), 0, "frank not added");
        vm.assertFalse(legacy.everAllocated(frank), "frank not allocated");
    }

    /// @dev Checks that the batch emitted exactly one event per item, in order: {ClaimSkipped} for the items in
    /// `skipped`, {ClaimAdded} for the others, each with the item's amount.
    function _assertItemEvents(
        Vm.Log[] memory logs,
        address[] memory owners,
        uint256[] memory amounts,
        bool[] memory skipped
    ) internal view {
        uint256 item;
        for (uint256 i; i < logs.length; ++i) {
            if (logs[i].emitter != address(legacy)) continue;
            bytes32 topic = logs[i].topics[0];
            if (topic != ILegacyClaim.ClaimAdded.selector && topic != ILegacyClaim.ClaimSkipped.selector) continue;
            vm.assertEq(
                topic,
                skipped[item] ? ILegacyClaim.ClaimSkipped.selector : ILegacyClaim.ClaimAdded.selector,
                "added or skipped"
            );
            vm.assertEq(logs[i].topics[1], bytes32(uint256(uint160(owners[item]))), "owner topic");
            vm.assertEq(logs[i].data, abi.encode(amounts[item]), "amount");
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
        (address[] memory owners, uint256[] memory amounts) = _batch();
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, frank));
        vm.prank(frank);
        legacy.addClaims(owners, amounts);
    }

    function test_RevertWhen_LengthsDiffer() external {
        (address[] memory owners,) = _batch();
        _expectRevertAsAdmin(
            abi.encodeWithSelector(ILegacyClaim.LegacyClaim_LengthMismatch.selector, 3, 4), owners, new uint256[](4)
        );
    }

    function test_RevertWhen_OwnerIsZeroAddress() external {
        (address[] memory owners, uint256[] memory amounts) = _batch();
        owners[2] = address(0);
        _expectRevertAsAdmin(abi.encodeWithSelector(ILegacyClaim.LegacyClaim_ZeroAddress.selector, 2), owners, amounts);
    }

    function test_RevertWhen_AmountIsZero() external {
        (address[] memory owners, uint256[] memory amounts) = _batch();
        amounts[1] = 0;
        _expectRevertAsAdmin(
            abi.encodeWithSelector(ILegacyClaim.LegacyClaim_ZeroAmount.selector, grace), owners, amounts
        );
    }

    function test_RevertWhen_AmountExceedsUint128() external {
        (address[] memory owners, uint256[] memory amounts) = _batch();
        amounts[0] = uint256(type(uint128).max) + 1;
        _expectRevertAsAdmin(
            abi.encodeWithSelector(
                ILegacyClaim.LegacyClaim_AmountTooLarge.selector, frank, amounts[0], type(uint128).max
            ),
            owners,
            amounts
        );
    }

    function test_RevertWhen_AmountIsUint256Max() external {
        // The slot holds the amount plus one: the largest value would overflow it, and is refused by name first.
        (address[] memory owners, uint256[] memory amounts) = _batch();
        amounts[0] = type(uint256).max;
        _expectRevertAsAdmin(
            abi.encodeWithSelector(
                ILegacyClaim.LegacyClaim_AmountTooLarge.selector, frank, type(uint256).max, type(uint128).max
            ),
            owners,
            amounts
        );
    }

    function test_RevertWhen_OwnerAppearsTwice() external {
        (address[] memory owners, uint256[] memory amounts) = _batch();
        owners[2] = frank;
        _expectRevertAsAdmin(
            abi.encodeWithSelector(ILegacyClaim.LegacyClaim_DuplicateOwner.selector, frank), owners, amounts
        );
    }

    function test_RevertWhen_EverAllocatedOwnerAppearsTwice() external {
        (address[] memory owners, uint256[] memory amounts) = _batch();
        owners[1] = bob;
        owners[2] = bob;
        _expectRevertAsAdmin(
            abi.encodeWithSelector(ILegacyClaim.LegacyClaim_DuplicateOwner.selector, bob), owners, amounts
        );
        vm.assertEq(legacy.claimByOwner(bob), BOB_LEGACY, "bob unchanged");
    }

    function test_RevertWhen_AllowanceTooLow() external {
        (address[] memory owners, uint256[] memory amounts) = _batch();
        uint256 total = amounts[0] + amounts[1] + amounts[2];
        vm.prank(admin);
        nai.approve(address(legacy), 0);
        _expectRevertAsAdmin(
            abi.encodeWithSelector(IERC20Errors.ERC20InsufficientAllowance.selector, address(legacy), 0, total),
            owners,
            amounts
        );
    }

    function test_RevertGiven_TokenTakesFeeOnTransfer() external {
        FeeOnTransferToken feeToken = new FeeOnTransferToken();
        vm.prank(admin);
        LegacyClaim feeLegacy = new LegacyClaim(address(feeToken), CLAIM_START);
        feeToken.mint(admin, 1_000_000e18);
        vm.prank(admin);
        feeToken.approve(address(feeLegacy), type(uint256).max);

        (address[] memory owners, uint256[] memory amounts) = _batch();
        uint256 total = amounts[0] + amounts[1] + amounts[2];
        uint256 received = total - total * feeToken.FEE_BPS() / 10_000;
        vm.expectRevert(abi.encodeWithSelector(ILegacyClaim.LegacyClaim_FundingMismatch.selector, total, received));
        vm.prank(admin);
        feeLegacy.addClaims(owners, amounts);
        vm.assertEq(feeLegacy.claimByOwner(frank), 0);
    }

    /*//////////////////////////////////////////////////////////////
                                SUCCESSES
    //////////////////////////////////////////////////////////////*/

    function test_WhenBatchIsValid() external {
        (address[] memory owners, uint256[] memory amounts) = _batch();
        uint256 total = amounts[0] + amounts[1] + amounts[2];
        uint256 legacyBefore = nai.balanceOf(address(legacy));
        uint256 adminBefore = nai.balanceOf(admin);

        for (uint256 i; i < owners.length; ++i) {
            vm.expectEmit(true, true, true, true, address(legacy));
            emit ILegacyClaim.ClaimAdded(owners[i], amounts[i]);
        }
        vm.prank(admin);
        legacy.addClaims(owners, amounts);

        for (uint256 i; i < owners.length; ++i) {
            vm.assertEq(legacy.claimByOwner(owners[i]), amounts[i]);
        }
        vm.assertEq(nai.balanceOf(address(legacy)), legacyBefore + total, "legacy balance");
        vm.assertEq(nai.balanceOf(admin), adminBefore - total, "admin balance");
    }

    function test_WhenBatchIsEmpty() external {
        uint256 legacyBefore = nai.balanceOf(address(legacy));
        vm.prank(admin);
        legacy.addClaims(new address[](0), new uint256[](0));
        vm.assertEq(nai.balanceOf(address(legacy)), legacyBefore);
    }

    function test_WhenAmountIsUint128Max() external {
        nai.mint(admin, type(uint128).max);
        address[] memory owners = new address[](1);
        uint256[] memory amounts = new uint256[](1);
        (owners[0], amounts[0]) = (frank, type(uint128).max);
        vm.prank(admin);
        legacy.addClaims(owners, amounts);
        vm.assertEq(legacy.claimByOwner(frank), type(uint128).max);
    }

    function test_GivenOwnerHasUnclaimedAmount() external {
        (address[] memory owners, uint256[] memory amounts) = _batch();
        owners[1] = bob;
        uint256 legacyBefore = nai.balanceOf(address(legacy));
        vm.recordLogs();
        vm.prank(admin);
        legacy.addClaims(owners, amounts);

        _assertItemEvents(vm.getRecordedLogs(), owners, amounts, _skipped(false, true, false));
        vm.assertEq(legacy.claimByOwner(bob), BOB_LEGACY, "bob unchanged");
        vm.assertEq(legacy.claimByOwner(frank), amounts[0]);
        vm.assertEq(legacy.claimByOwner(carol), amounts[2]);
        vm.assertEq(nai.balanceOf(address(legacy)), legacyBefore + amounts[0] + amounts[2], "pulled what was added");
    }

    function test_GivenOwnerAlreadyClaimed() external {
        // An owner who claimed stays allocated: the same batch loaded again must not pay them a second time.
        vm.warp(CLAIM_START);
        vm.prank(bob);
        legacy.claim();
        vm.assertEq(legacy.claimByOwner(bob), 0);
        vm.assertTrue(legacy.everAllocated(bob));
        (address[] memory owners, uint256[] memory amounts) = _batch();
        owners[1] = bob;
        vm.recordLogs();
        vm.prank(admin);
        legacy.addClaims(owners, amounts);
        _assertItemEvents(vm.getRecordedLogs(), owners, amounts, _skipped(false, true, false));
        vm.assertEq(legacy.claimByOwner(bob), 0, "nothing new to claim");
    }

    function test_WhenBatchIsRunTwice() external {
        (address[] memory owners, uint256[] memory amounts) = _batch();
        uint256 total = amounts[0] + amounts[1] + amounts[2];
        vm.startPrank(admin);
        nai.approve(address(legacy), total);
        legacy.addClaims(owners, amounts);
        vm.assertEq(nai.allowance(admin, address(legacy)), 0, "the exact approval is spent");
        uint256 legacyBefore = nai.balanceOf(address(legacy));

        nai.approve(address(legacy), total);
        vm.recordLogs();
        legacy.addClaims(owners, amounts);
        vm.stopPrank();

        _assertItemEvents(vm.getRecordedLogs(), owners, amounts, _skipped(true, true, true));
        vm.assertEq(nai.balanceOf(address(legacy)), legacyBefore, "no second deposit");
        vm.assertEq(nai.allowance(admin, address(legacy)), total, "the second approval is left unspent");
        vm.assertEq(legacy.claimByOwner(frank), 2_500e18, "amount not doubled");
    }

    function test_WhenTwoBatchesRunInOneTransaction() external {
        // A test function is one transaction: transient storage lives through both calls, and the second batch must
        // still treat frank as added before it, not as a duplicate.
        (address[] memory owners, uint256[] memory amounts) = _batch();
        vm.prank(admin);
        legacy.addClaims(owners, amounts);
        address ivan = makeAddr("ivan");
        owners[1] = ivan;
        vm.recordLogs();
        vm.prank(admin);
        legacy.addClaims(owners, amounts);
        _assertItemEvents(vm.getRecordedLogs(), owners, amounts, _skipped(true, false, true));
        vm.assertEq(legacy.claimByOwner(ivan), amounts[1], "ivan added");
        vm.assertEq(legacy.claimByOwner(frank), 2_500e18, "frank added once");
    }
}
