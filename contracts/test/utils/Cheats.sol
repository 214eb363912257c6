// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {Vm} from "./Vm.sol";

/// @title Cheats
/// @notice Access to the forge cheatcodes plus the few conveniences every test here uses.
abstract contract Cheats {
    Vm internal constant vm = Vm(0x7109709ECfa91a80626fF3989D68f67F5b1DD12D);

    /// @dev Maps any `x` into `[min, max]`, keeping `x` unchanged when it is already inside, so that fuzzed edge
    /// values (0, 1, max) stay edge values: values just past `max` wrap to `min`, values just below `min` to `max`.
    function bound(uint256 x, uint256 min, uint256 max) internal pure returns (uint256) {
        require(min <= max, "bound: min > max");
        if (x >= min && x <= max) return x;
        uint256 size = max - min + 1;
        // Small and huge inputs map onto the edges of the range, where the interesting cases are.
        if (x <= 3 && size > x) return min + x;
        if (x >= type(uint256).max - 3 && size > type(uint256).max - x) return max - (type(uint256).max - x);
        if (x > max) {
            uint256 remainder = (x - max) % size;
            return remainder == 0 ? max : min + remainder - 1;
        }
        uint256 below = (min - x) % size;
        return below == 0 ? min : max - below + 1;
    }

    /// @dev A labelled address derived from `name`, the same in every run.
    function makeAddr(string memory name) internal returns (address account) {
        account = vm.addr(uint256(keccak256(bytes(name))));
        vm.label(account, name);
    }
}
