// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @title Basis-point math for fees and rates
/// @notice Rates are in basis points: 10,000 = 100 %. Rounding is always down, so a fee never exceeds its rate.
library FeeMath {
    /// @notice 100 % in basis points.
    uint256 internal constant BPS = 10_000;

    /// @notice A rate above its bound.
    error FeeMathRateTooHigh(uint256 rate, uint256 max);

    /// @notice `amount * rate / BPS`, rounded down. Reverts on `rate > BPS`.
    function bps(uint256 amount, uint256 rate) internal pure returns (uint256) {
        if (rate > BPS) revert FeeMathRateTooHigh(rate, BPS);
        // amount * rate overflows only for amount > 2**256 / 10_000, far above any token supply; checked anyway.
        return (amount * rate) / BPS;
    }

    /// @notice Splits `amount` into `fee = bps(amount, rate)` and the rest; `fee + rest == amount` always.
    function split(uint256 amount, uint256 rate) internal pure returns (uint256 fee, uint256 rest) {
        fee = bps(amount, rate);
        unchecked {
            rest = amount - fee; // fee <= amount because rate <= BPS
        }
    }

    /// @notice Reverts with {FeeMathRateTooHigh} if `rate > max`.
    function checkRate(uint256 rate, uint256 max) internal pure {
        if (rate > max) revert FeeMathRateTooHigh(rate, max);
    }
}
