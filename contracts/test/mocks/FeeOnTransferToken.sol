// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// @title FeeOnTransferToken
/// @notice An ERC-20 that keeps 1 % of every transfer (mints and burns are exact), so the recipient gets less than
/// was sent. Anyone may mint.
contract FeeOnTransferToken is ERC20 {
    uint256 public constant FEE_BPS = 100;
    address public constant FEE_COLLECTOR = address(0xFEE);

    constructor() ERC20("Fee Token", "FEE") {}

    function mint(address to, uint256 amount) external {
        _mint(to, amount);
    }

    function _update(address from, address to, uint256 value) internal override {
        if (from == address(0) || to == address(0)) return super._update(from, to, value);
        uint256 fee = (value * FEE_BPS) / 10_000;
        super._update(from, FEE_COLLECTOR, fee);
        super._update(from, to, value - fee);
    }
}
