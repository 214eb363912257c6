// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// @title InvariantTargets
/// @notice The target declarations forge reads from an invariant test contract: which contracts and which of
/// their functions the fuzzer may call, and from which senders.
abstract contract InvariantTargets {
    struct FuzzSelector {
        address addr;
        bytes4[] selectors;
    }

    address[] private _targetedContracts;
    FuzzSelector[] private _targetedSelectors;
    address[] private _targetedSenders;

    function targetContract(address target) internal {
        _targetedContracts.push(target);
    }

    function targetSelector(FuzzSelector memory selector) internal {
        _targetedSelectors.push(selector);
    }

    function targetSender(address sender) internal {
        _targetedSenders.push(sender);
    }

    function targetContracts() public view returns (address[] memory) {
        return _targetedContracts;
    }

    function targetSelectors() public view returns (FuzzSelector[] memory) {
        return _targetedSelectors;
    }

    function targetSenders() public view returns (address[] memory) {
        return _targetedSenders;
    }
}
