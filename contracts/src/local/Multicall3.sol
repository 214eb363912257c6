// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// @title Multicall3
/// @notice The subset of the canonical Multicall3 (deployed at 0xcA11bde05977b3631167028862bE2a173976CA11 on
/// public chains) that the portal and viem use. Only for the local chain, where it is placed at the canonical
/// address so that reads are batched exactly as on a public network.
contract Multicall3 {
    struct Call3 {
        address target;
        bool allowFailure;
        bytes callData;
    }

    struct Result {
        bool success;
        bytes returnData;
    }

    error Multicall3_CallFailed(uint256 index);

    /// @notice Calls each target in turn; reverts when a call fails unless it allows failure.
    function aggregate3(Call3[] calldata calls) external payable returns (Result[] memory returnData) {
        uint256 length = calls.length;
        returnData = new Result[](length);
        for (uint256 i; i < length; ++i) {
            Call3 calldata call = calls[i];
            (bool success, bytes memory data) = call.target.call(call.callData);
            if (!success && !call.allowFailure) revert Multicall3_CallFailed(i);
            returnData[i] = Result(success, data);
        }
    }

    /// @notice The current block's timestamp, in seconds since the epoch.
    function getCurrentBlockTimestamp() external view returns (uint256 timestamp) {
        timestamp = block.timestamp;
    }

    /// @notice The current block number.
    function getBlockNumber() external view returns (uint256 blockNumber) {
        blockNumber = block.number;
    }

    /// @notice The chain id.
    function getChainId() external view returns (uint256 chainid) {
        chainid = block.chainid;
    }

    /// @notice The native balance of `addr`.
    function getEthBalance(address addr) external view returns (uint256 balance) {
        balance = addr.balance;
    }
}
