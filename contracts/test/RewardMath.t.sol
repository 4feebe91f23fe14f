// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {RewardMath} from "../contracts/libraries/RewardMath.sol";
import {TestBase} from "./utils/Vm.sol";

/// @dev External entry points, so that a revert of the library can be expected.
contract RewardMathHarness {
    function increment(uint256 amount, uint256 totalWeight) external pure returns (uint256, uint256) {
        return RewardMath.increment(amount, totalWeight);
    }

    function pending(uint256 weight, uint256 acc, int256 debt) external pure returns (uint256) {
        return RewardMath.pending(weight, acc, debt);
    }

    function reweight(uint256 oldWeight, uint256 newWeight, uint256 acc, int256 debt) external pure returns (int256) {
        return RewardMath.reweight(oldWeight, newWeight, acc, debt);
    }
}

/// @dev The accumulator library every pool shares, from 1 wei to inputs at the edge of 256 bits: the increment never
/// gives out more than the amount, a holder is never paid more than its exact share and loses less than one wei
/// over its life, and an input out of range reverts instead of wrapping.
contract RewardMathTest is TestBase {
    uint256 internal constant P = RewardMath.PRECISION;
    RewardMathHarness internal harness;

    function setUp() public {
        harness = new RewardMathHarness();
    }

    /// @dev `inc` is the floor of `amount * P / totalWeight`, and `consumed` the ceiling of what it gives out: at
    /// most `amount`, and never less than the holders can ever be paid from it.
    function testFuzz_increment_isTheFloorAndConsumesAtMostTheAmount(uint256 amount, uint256 totalWeight) public pure {
        amount = bound(amount, 0, type(uint256).max / P);
        totalWeight = bound(totalWeight, 1, type(uint256).max);
        (uint256 inc, uint256 consumed) = RewardMath.increment(amount, totalWeight);
        assertEq(inc, (amount * P) / totalWeight, "floor of amount * P / weight");
        assertLe(consumed, amount, "never more than the amount");
        // what the holders can ever be paid, scaled: inc * totalWeight <= amount * P, so it does not overflow
        uint256 scaled = inc * totalWeight;
        assertLe(scaled, amount * P, "inc * weight within amount * P");
        assertGe(consumed * P, scaled, "consumed covers every holder's share");
        assertLe(consumed * P, scaled + P - 1, "consumed is the ceiling, not more");
    }

    /// @dev A 1-wei amount over any weight, and any amount over a 1-wei weight, stay exact.
    function testFuzz_increment_oneWeiEdges(uint256 amount) public pure {
        amount = bound(amount, 1, type(uint256).max / P);
        (uint256 inc, uint256 consumed) = RewardMath.increment(amount, 1);
        assertEq(inc, amount * P, "a 1-wei weight takes all of it");
        assertEq(consumed, amount, "all of it consumed");
        (inc, consumed) = RewardMath.increment(1, amount);
        assertEq(inc, P / amount, "1 wei over the weight");
        assertLe(consumed, 1, "at most the 1 wei");
    }

    function testFuzz_increment_revertsAboveItsRange(uint256 amount, uint256 totalWeight) public {
        amount = bound(amount, type(uint256).max / P + 1, type(uint256).max);
        totalWeight = bound(totalWeight, 1, type(uint256).max);
        vm.expectRevert();
        harness.increment(amount, totalWeight);
    }

    function testFuzz_incrementAbove_waitsBelowTheFloor(
        uint256 amount,
        uint256 totalWeight,
        uint256 floor
    ) public pure {
        amount = bound(amount, 0, type(uint256).max / P);
        floor = bound(floor, 1, type(uint256).max);
        totalWeight = bound(totalWeight, 0, type(uint256).max - 1);
        (uint256 inc, uint256 consumed) = RewardMath.incrementAbove(amount, totalWeight, floor);
        if (totalWeight < floor) {
            assertEq(inc, 0, "no increment below the floor");
            assertEq(consumed, 0, "the amount waits");
        } else {
            (uint256 inc2, uint256 consumed2) = RewardMath.increment(amount, totalWeight);
            assertEq(inc, inc2, "the increment at or above the floor");
            assertEq(consumed, consumed2, "consumed at or above the floor");
        }
    }

    /// @dev A holder's life: it joins with `w1` after `acc0`, is settled, changes to `w2`, is settled again, leaves.
    /// Paid in all: never more than the exact share, less than one wei below it. Weights from 1 wei to 2^120,
    /// accumulator steps from 0 to 2^120, so every product stays below 2^255.
    function testFuzz_holderLife_neverMoreThanExactLessThanOneWeiLost(
        uint256 w1,
        uint256 w2,
        uint256 acc0,
        uint256 step1,
        uint256 step2,
        uint256 step3
    ) public pure {
        w1 = bound(w1, 1, 2 ** 120);
        w2 = bound(w2, 0, 2 ** 120);
        uint256[4] memory acc;
        acc[0] = bound(acc0, 0, 2 ** 120);
        acc[1] = acc[0] + bound(step1, 0, 2 ** 120);
        acc[2] = acc[1] + bound(step2, 0, 2 ** 120);
        acc[3] = acc[2] + bound(step3, 0, 2 ** 120);
        uint256 paid = _life(w1, w2, acc);
        uint256 exact = w1 * (acc[2] - acc[0]) + w2 * (acc[3] - acc[2]);
        assertLe(paid * P, exact, "never more than the exact share");
        assertLe(exact - paid * P, P - 1, "less than one wei lost over the life");
    }

    /// @dev Joins with `w1` at `acc[0]`, settles at `acc[1]`, changes to `w2` at `acc[2]` and settles, leaves at
    /// `acc[3]`; returns what it was paid.
    function _life(uint256 w1, uint256 w2, uint256[4] memory acc) private pure returns (uint256 paid) {
        int256 debt = RewardMath.reweight(0, w1, acc[0], 0);
        assertEq(RewardMath.pending(w1, acc[0], debt), 0, "nothing owed on joining");
        uint256 part;
        (part, debt) = RewardMath.settle(w1, acc[1], debt);
        assertEq(part, (w1 * (acc[1] - acc[0])) / P, "first settlement: the floor of the exact share");
        paid = part;
        uint256 owed = RewardMath.pending(w1, acc[2], debt);
        debt = RewardMath.reweight(w1, w2, acc[2], debt);
        assertEq(RewardMath.pending(w2, acc[2], debt), owed, "a change of weight keeps what is owed");
        (part, debt) = RewardMath.settle(w2, acc[2], debt);
        paid += part;
        (part, ) = RewardMath.settle(0, acc[3], RewardMath.reweight(w2, 0, acc[3], debt));
        paid += part;
    }

    /// @dev Out of range (`weight * acc` at or above 2^255) the math reverts, it never wraps into a wrong payment.
    function testFuzz_pending_revertsOutOfRange(uint256 weight, uint256 acc) public {
        weight = bound(weight, 2, type(uint128).max);
        acc = bound(acc, type(uint256).max / weight + 1, type(uint256).max);
        vm.expectRevert();
        harness.pending(weight, acc, 0);
        vm.expectRevert();
        harness.reweight(0, weight, acc, 0);
    }

    function test_pending_atTheSignedLimit() public {
        uint256 acc = uint256(type(int256).max);
        assertEq(harness.pending(1, acc, 0), acc / P, "2^255 - 1 in range");
        vm.expectRevert();
        harness.pending(1, acc + 1, 0);
    }
}
