// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {Base} from "../../Base.t.sol";

contract Vesting_PreviewClaimAndBurn_Unit_Test is Base {
    function test_GivenNoPosition() external view {
        (uint256 received, uint256 burned) = vesting.previewClaimAndBurn(eve, 1_000e18);
        vm.assertEq(received, 1_000e18);
        vm.assertEq(burned, 0);
    }

    function test_GivenHalfBurn() external view {
        (uint256 received, uint256 burned) = vesting.previewClaimAndBurn(alice, 400_000e18);
        vm.assertEq(received, 200_000e18);
        vm.assertEq(burned, 200_000e18);
    }

    function test_GivenFullBurn() external view {
        (uint256 received, uint256 burned) = vesting.previewClaimAndBurn(carol, CAROL_AMOUNT);
        vm.assertEq(received, 0);
        vm.assertEq(burned, CAROL_AMOUNT);
    }

    function test_GivenZeroBurn() external view {
        (uint256 received, uint256 burned) = vesting.previewClaimAndBurn(dave, DAVE_AMOUNT);
        vm.assertEq(received, DAVE_AMOUNT);
        vm.assertEq(burned, 0);
    }

    function test_WhenBurnRoundsDown() external view {
        (uint256 received, uint256 burned) = vesting.previewClaimAndBurn(alice, 3);
        vm.assertEq(received, 2);
        vm.assertEq(burned, 1);
    }

    function test_WhenAmountExceedsPosition() external view {
        // The preview checks neither the window nor the position size.
        (uint256 received, uint256 burned) = vesting.previewClaimAndBurn(bob, 10 * BOB_AMOUNT);
        vm.assertEq(burned, 10 * BOB_AMOUNT * BOB_BURN / FULL_BURN);
        vm.assertEq(received, 10 * BOB_AMOUNT - burned);
    }

    function test_WhenOutsideClaimWindow() external view {
        (uint256 received, uint256 burned) = vesting.previewClaimAndBurn(bob, BOB_AMOUNT);
        vm.assertEq(received, 200_000.0987654312e18);
        vm.assertEq(burned, 50_000.0246913578e18);
    }

    function test_MatchesClaimAndBurn() external {
        (uint256 received, uint256 burned) = vesting.previewClaimAndBurn(bob, 123_456.789e18);
        vm.warp(CLAIM_START);
        vm.prank(bob);
        vesting.claimAndBurn(123_456.789e18);
        vm.assertEq(nai.balanceOf(bob), received);
        vm.assertEq(nai.balanceOf(DEAD), burned);
    }
}
