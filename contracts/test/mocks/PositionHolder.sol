// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {IVesting} from "../../src/interfaces/IVesting.sol";

/// @title PositionHolder
/// @notice A contract that holds a vesting position for its operator (a staking vault or multisig stands in for
/// it in practice): the operator makes it claim, unlock and move locked tokens.
contract PositionHolder {
    IVesting public immutable vesting;
    address public immutable operator;

    error PositionHolder_NotOperator(address caller);

    constructor(IVesting vesting_, address operator_) {
        vesting = vesting_;
        operator = operator_;
    }

    modifier onlyOperator() {
        if (msg.sender != operator) revert PositionHolder_NotOperator(msg.sender);
        _;
    }

    function claimAndBurn(uint256 amount) external onlyOperator {
        vesting.claimAndBurn(amount);
    }

    function unlock() external onlyOperator {
        vesting.unlock();
    }

    function transferLocked(address to, uint256 amount) external onlyOperator {
        vesting.transferLocked(to, amount);
    }
}
