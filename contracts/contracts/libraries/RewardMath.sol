// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {SafeCast} from "@openzeppelin/contracts/utils/math/SafeCast.sol";

/// @title Reward-per-weight accumulator math (dividends shared by weight: NFT power, burn-order force)
/// @notice A pool adds `increment(amount, totalWeight)` to its accumulator `acc` whenever it distributes
/// `amount`; a holder of `weight` keeps a signed `debt`, so that its unpaid entitlement, scaled by
/// `PRECISION`, is `weight * acc - debt`. Settling pays the whole wei part of it and keeps the fraction in the
/// debt; changing the weight keeps the entitlement unchanged. Hence a holder is never paid more than its exact
/// share, and never loses more than one wei over its whole life.
/// @dev Every holder's entitlement `weight * acc - debt` is >= 0 at all times: it starts at 0, only grows when
/// `acc` grows, drops by `paid * PRECISION <= entitlement` on settle, and is unchanged by {reweight}.
/// Ranges: every product is checked (0.8 arithmetic and SafeCast), so an input out of range reverts and never wraps.
/// {increment} needs `amount * PRECISION < 2**256` (amount below 1.15e59); {pending}, {settle} and {reweight} need
/// `weight * acc < 2**255`. A pool keeps the second true by a floor on its total weight ({incrementAbove}): each
/// distribution then adds at most `amount * PRECISION / minWeight` to `acc`.
library RewardMath {
    /// @notice The scale of the accumulator.
    uint256 internal constant PRECISION = 1e18;

    /// @notice The accumulator increment that shares `amount` over `totalWeight`, and the part of `amount`
    /// the holders can ever receive from it (rounded up, so the pool never keeps less than it gave).
    /// @return inc the increment of `acc`
    /// @return consumed `ceil(inc * totalWeight / PRECISION)`, at most `amount`
    function increment(uint256 amount, uint256 totalWeight) internal pure returns (uint256 inc, uint256 consumed) {
        if (totalWeight == 0) return (0, 0);
        inc = (amount * PRECISION) / totalWeight;
        uint256 scaled = inc * totalWeight; // <= amount * PRECISION
        consumed = scaled / PRECISION + (scaled % PRECISION == 0 ? 0 : 1);
    }

    /// @notice {increment} while `totalWeight` is at least the pool's weight floor `minWeight` (at least 1), and
    /// `(0, 0)` below it: the amount then stays in the pool for a later distribution.
    function incrementAbove(
        uint256 amount,
        uint256 totalWeight,
        uint256 minWeight
    ) internal pure returns (uint256 inc, uint256 consumed) {
        if (totalWeight < minWeight) return (0, 0);
        return increment(amount, totalWeight);
    }

    /// @notice What a holder of `weight` can be paid now (whole wei).
    function pending(uint256 weight, uint256 acc, int256 debt) internal pure returns (uint256) {
        return SafeCast.toUint256(SafeCast.toInt256(weight * acc) - debt) / PRECISION;
    }

    /// @notice Settles a holder: returns what to pay and the new debt (the fraction of a wei stays owed).
    function settle(uint256 weight, uint256 acc, int256 debt) internal pure returns (uint256 paid, int256 newDebt) {
        paid = pending(weight, acc, debt);
        newDebt = debt + SafeCast.toInt256(paid * PRECISION);
    }

    /// @notice The debt after the weight changes from `oldWeight` to `newWeight` at `acc`, entitlement unchanged.
    function reweight(uint256 oldWeight, uint256 newWeight, uint256 acc, int256 debt) internal pure returns (int256) {
        return debt + SafeCast.toInt256(newWeight * acc) - SafeCast.toInt256(oldWeight * acc);
    }
}
