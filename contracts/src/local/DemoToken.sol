// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// @title DemoToken
/// @notice A mintable 18-decimal ERC-20 standing in for NAI in tests and the local demo. Anyone may mint.
contract DemoToken is ERC20 {
    constructor(string memory name_, string memory symbol_) ERC20(name_, symbol_) {}

    /// @notice Mints `amount` (in the token's smallest unit) to `to`.
    function mint(address to, uint256 amount) external {
        _mint(to, amount);
    }
}
