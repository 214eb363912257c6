// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// @title Vm
/// @notice The forge cheatcodes these tests use, at the cheatcode address
/// `0x7109709ECfa91a80626fF3989D68f67F5b1DD12D`. The `assert*` cheatcodes revert on failure, which fails the test.
interface Vm {
    struct Log {
        bytes32[] topics;
        bytes data;
        address emitter;
    }

    // Environment
    function warp(uint256 newTimestamp) external;
    function getBlockTimestamp() external view returns (uint256 timestamp);
    function deal(address account, uint256 newBalance) external;
    function etch(address target, bytes calldata newRuntimeBytecode) external;

    // Callers
    function prank(address msgSender) external;
    function startPrank(address msgSender) external;
    function stopPrank() external;

    // Addresses
    function addr(uint256 privateKey) external pure returns (address keyAddr);
    function label(address account, string calldata newLabel) external;
    function toString(uint256 value) external pure returns (string memory stringifiedValue);

    // Expectations
    function expectRevert() external;
    function expectRevert(bytes4 revertData) external;
    function expectRevert(bytes calldata revertData) external;
    function expectEmit() external;
    function expectEmit(address emitter) external;
    function expectEmit(bool checkTopic1, bool checkTopic2, bool checkTopic3, bool checkData) external;
    function expectEmit(bool checkTopic1, bool checkTopic2, bool checkTopic3, bool checkData, address emitter) external;
    function expectCall(address callee, bytes calldata data, uint64 count) external;
    function recordLogs() external;
    function getRecordedLogs() external returns (Log[] memory logs);

    // Fuzzing
    function assume(bool condition) external pure;

    // Assertions
    function assertTrue(bool condition) external pure;
    function assertTrue(bool condition, string calldata error) external pure;
    function assertFalse(bool condition) external pure;
    function assertFalse(bool condition, string calldata error) external pure;
    function assertEq(bool left, bool right) external pure;
    function assertEq(uint256 left, uint256 right) external pure;
    function assertEq(uint256 left, uint256 right, string calldata error) external pure;
    function assertEq(address left, address right) external pure;
    function assertEq(address left, address right, string calldata error) external pure;
    function assertEq(bool left, bool right, string calldata error) external pure;
    function assertEq(bytes32 left, bytes32 right) external pure;
    function assertEq(bytes32 left, bytes32 right, string calldata error) external pure;
    function assertEq(bytes calldata left, bytes calldata right) external pure;
    function assertEq(bytes calldata left, bytes calldata right, string calldata error) external pure;
    function assertLe(uint256 left, uint256 right) external pure;
    function assertLe(uint256 left, uint256 right, string calldata error) external pure;
    function assertGe(uint256 left, uint256 right) external pure;
    function assertGe(uint256 left, uint256 right, string calldata error) external pure;
    function assertLt(uint256 left, uint256 right) external pure;
    function assertLt(uint256 left, uint256 right, string calldata error) external pure;
    function assertGt(uint256 left, uint256 right) external pure;
    function assertGt(uint256 left, uint256 right, string calldata error) external pure;
}
