// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// @title ReentrantToken
/// @notice An ERC-20 that, once armed, calls back into `target` with `callData` on its next transfer and bubbles
/// up any revert, to prove that a contract paying out with it cannot be re-entered. Anyone may mint.
contract ReentrantToken is ERC20 {
    address public target;
    bytes public callData;

    constructor() ERC20("Reentrant Token", "RE") {}

    function mint(address to, uint256 amount) external {
        _mint(to, amount);
    }

    /// @notice Makes the next transfer call `target_` with `callData_` before moving the tokens.
    function arm(address target_, bytes calldata callData_) external {
        target = target_;
        callData = callData_;
    }

    function _update(address from, address to, uint256 value) internal override {
        address callee = target;
        if (callee != address(0)) {
            target = address(0);
            (bool success, bytes memory returnData) = callee.call(callData);
            if (!success) {
                assembly ("memory-safe") {
                    revert(add(returnData, 0x20), mload(returnData))
                }
            }
        }
        super._update(from, to, value);
    }
}
