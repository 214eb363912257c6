// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {IERC20Errors} from "@openzeppelin/contracts/interfaces/draft-IERC6093.sol";

import {ILegacyClaim} from "../../../src/interfaces/ILegacyClaim.sol";
import {LegacyClaim} from "../../../src/LegacyClaim.sol";
import {Base} from "../../Base.t.sol";
import {FeeOnTransferToken} from "../../mocks/FeeOnTransferToken.sol";

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

    function test_RevertWhen_AmountIsUint256Max() external {
        // The slot holds the amount plus one: the largest amount cannot be stored, and no token could fund it.
        (address[] memory owners, uint256[] memory amounts) = _batch();
        amounts[0] = type(uint256).max;
        _expectRevertAsAdmin(abi.encodeWithSignature("Panic(uint256)", 0x11), owners, amounts);
    }

    function test_RevertGiven_OwnerHasUnclaimedAmount() external {
        (address[] memory owners, uint256[] memory amounts) = _batch();
        owners[1] = bob;
        _expectRevertAsAdmin(
            abi.encodeWithSelector(ILegacyClaim.LegacyClaim_ClaimExists.selector, bob), owners, amounts
        );
        vm.assertEq(legacy.claimByOwner(bob), BOB_LEGACY, "bob unchanged");
    }

    function test_RevertWhen_OwnerAppearsTwice() external {
        (address[] memory owners, uint256[] memory amounts) = _batch();
        owners[2] = frank;
        _expectRevertAsAdmin(
            abi.encodeWithSelector(ILegacyClaim.LegacyClaim_ClaimExists.selector, frank), owners, amounts
        );
    }

    function test_RevertWhen_BatchIsRunTwice() external {
        (address[] memory owners, uint256[] memory amounts) = _batch();
        vm.prank(admin);
        legacy.addClaims(owners, amounts);
        uint256 balanceBefore = nai.balanceOf(address(legacy));
        vm.expectRevert(abi.encodeWithSelector(ILegacyClaim.LegacyClaim_ClaimExists.selector, frank));
        vm.prank(admin);
        legacy.addClaims(owners, amounts);
        vm.assertEq(nai.balanceOf(address(legacy)), balanceBefore, "no second deposit");
        vm.assertEq(legacy.claimByOwner(frank), 2_500e18, "amount not doubled");
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

    function test_RevertGiven_OwnerAlreadyClaimed() external {
        // An owner who claimed stays allocated: the same batch loaded again must not pay them a second time.
        vm.warp(CLAIM_START);
        vm.prank(bob);
        legacy.claim();
        vm.assertEq(legacy.claimByOwner(bob), 0);
        vm.assertTrue(legacy.everAllocated(bob));
        (address[] memory owners, uint256[] memory amounts) = _batch();
        owners[1] = bob;
        _expectRevertAsAdmin(
            abi.encodeWithSelector(ILegacyClaim.LegacyClaim_ClaimExists.selector, bob), owners, amounts
        );
        vm.assertEq(legacy.claimByOwner(bob), 0, "nothing new to claim");
    }
}
