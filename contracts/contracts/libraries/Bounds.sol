// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @title Bounds: the one bounds check of every contract's settings
/// @notice Every setting an owner (or a manager) may change is checked against its bound here, so every contract
/// reverts the same way: {ValueOutOfBounds} with the setting's name, the value and the inclusive bound.
library Bounds {
    /// @notice `value` of the setting `name` is outside `[min, max]`.
    error ValueOutOfBounds(string name, uint256 value, uint256 min, uint256 max);

    /// @notice Reverts with {ValueOutOfBounds} unless `min <= value <= max`.
    function check(string memory name, uint256 value, uint256 min, uint256 max) internal pure {
        if (value < min || value > max) revert ValueOutOfBounds(name, value, min, max);
    }
}
