// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {Math} from "@openzeppelin/contracts/utils/math/Math.sol";
import {IUniswapV2Pair} from "../interfaces/external/IUniswapV2Pair.sol";

/// @title Time-weighted average price over a UniswapV2 pair's cumulative prices (fixed window)
/// @notice The UniswapV2 oracle pattern ("ExampleOracleSimple"), made safe against a price moved in the
/// current transaction:
/// - `update` stores an observation of both cumulative prices when at least `window` seconds passed since the
///   previous one, and the average price over that period;
/// - `consult` returns the average over `[lastObservation, now]` if that is at least `window` long, else the
///   stored average of the previous period. Either way the averaged period is at least `window` seconds long
///   and ended at most `window` seconds ago.
/// The current block's reserves never weigh in: the cumulative price is extended to `now` with the reserves
/// recorded at the pair's last update, times the seconds since then, which is zero right after a swap in this
/// block. So a flash swap (or any swap in the same transaction) cannot move the result.
/// Window: the Nexus contracts use 30 minutes on BSC (see `config/defaults.ts`); longer is harder to move over
/// several blocks but lags the market more.
/// @dev Uniswap's cumulative prices overflow by design; differences are taken in `unchecked` blocks, which is
/// correct modulo 2**256 as long as one period is shorter than the overflow time (centuries).
library TwapOracle {
    /// @notice The shortest window that can be configured, in seconds.
    uint32 internal constant MIN_WINDOW = 60;
    /// @notice The longest window that can be configured, in seconds.
    uint32 internal constant MAX_WINDOW = 1 days;
    /// @dev The top bit of `State.averages`: both averages are in that word (an average alone is below 2**224).
    uint256 private constant PACKED = 1 << 255;

    /// @notice No average is available yet: a full `window` with liquidity in the pair has not passed.
    error TwapOracleNotReady(address pair, uint256 elapsed, uint256 window);
    /// @notice The window is outside `[MIN_WINDOW, MAX_WINDOW]`.
    error TwapOracleWindowOutOfBounds(uint256 window, uint256 min, uint256 max);
    /// @notice The token is not one of the pair's tokens.
    error TwapOracleInvalidToken(address pair, address token);

    /// @notice The oracle's state, kept in the consumer's storage.
    struct State {
        address pair;
        uint32 window;
        uint32 timestamp; // time of the last observation
        bool anchored; // the last observation was taken while the pair had liquidity
        uint256 price0Cumulative; // at `timestamp`
        uint256 price1Cumulative; // at `timestamp`
        // the averages over the period that ended at `timestamp` (UQ112x112, below 2**224): packed (the top bit
        // set), token0's in bits 0-127 and token1's in bits 128-254; else token0's here and token1's in
        // `price1Average`. A pair whose reserves are within a factor 2**15 of each other (two 18-decimal tokens
        // priced within 32,768 of each other) has them packed: an update then writes one word for both
        uint256 averages;
        uint224 price1Average;
    }

    /// @notice Sets the pair and window and takes the first observation (if the pair has liquidity).
    function initialize(State storage self, address pair, uint32 window) internal {
        self.pair = pair;
        setWindow(self, window);
        _observe(self);
    }

    /// @notice Changes the window (bounded); the current observation stays.
    function setWindow(State storage self, uint32 window) internal {
        if (window < MIN_WINDOW || window > MAX_WINDOW)
            revert TwapOracleWindowOutOfBounds(window, MIN_WINDOW, MAX_WINDOW);
        self.window = window;
    }

    /// @notice Stores a new observation and average when at least `window` seconds passed since the last one.
    /// @return updated whether anything was stored
    /// @dev The first slot (`pair`, `window`, `timestamp`, `anchored`: bits 0-159, 160-191, 192-223, 224-231, the
    /// compiler's packing of {State}) is read once and written once; inside the window nothing else is read (the
    /// observation's time is the block's, as in {currentCumulativePrices}): the pair is called only when an average
    /// is stored.
    function update(State storage self) internal returns (bool updated) {
        uint256 word;
        assembly ("memory-safe") {
            word := sload(self.slot)
        }
        if (uint8(word >> 224) == 0) return _observe(self);
        uint32 elapsed;
        unchecked {
            elapsed = uint32(block.timestamp) - uint32(word >> 192); // uint32 wrap-around is intended
        }
        if (elapsed < uint32(word >> 160)) return false;
        (uint256 price0Cumulative, uint256 price1Cumulative, uint32 timestamp) = currentCumulativePrices(
            address(uint160(word & type(uint160).max))
        );
        uint224 average0;
        uint224 average1;
        unchecked {
            average0 = uint224((price0Cumulative - self.price0Cumulative) / elapsed);
            average1 = uint224((price1Cumulative - self.price1Cumulative) / elapsed);
        }
        if (average0 >> 128 == 0 && average1 >> 127 == 0) {
            self.averages = PACKED | uint256(average0) | (uint256(average1) << 128);
        } else {
            self.averages = average0;
            self.price1Average = average1;
        }
        self.price0Cumulative = price0Cumulative;
        self.price1Cumulative = price1Cumulative;
        word = (word & ~(uint256(type(uint32).max) << 192)) | (uint256(timestamp) << 192);
        assembly ("memory-safe") {
            sstore(self.slot, word)
        }
        return true;
    }

    /// @notice The stored average of token0 (`isToken0`) or token1 in the other token, UQ112x112: over the period
    /// that ended at the last observation (0 before the first average).
    function storedAverage(State storage self, bool isToken0) internal view returns (uint256) {
        uint256 averages = self.averages;
        if (averages & PACKED == 0) return isToken0 ? averages : self.price1Average;
        return isToken0 ? averages & type(uint128).max : (averages & ~PACKED) >> 128;
    }

    /// @notice The TWAP value of `amountIn` of `token` in the pair's other token.
    function consult(State storage self, address token, uint256 amountIn) internal view returns (uint256 amountOut) {
        return consultSide(self, _isToken0(self.pair, token), amountIn);
    }

    /// @notice {consult} for a token whose side of the pair the caller knows: token0 (`isToken0`) or token1.
    function consultSide(State storage self, bool isToken0, uint256 amountIn) internal view returns (uint256) {
        return Math.mulDiv(averagePrice(self, isToken0), amountIn, 2 ** 112);
    }

    /// @notice The TWAP of token0 (`isToken0`) or token1 in the other token, UQ112x112. The pair's cumulative prices
    /// are read only when the live average is the one returned (a full window since the last observation): a read
    /// inside the window, or right after an `update` in the same transaction, takes the stored average without
    /// calling the pair.
    function averagePrice(State storage self, bool isToken0) internal view returns (uint256) {
        // `pair`, `window`, `timestamp` and `anchored` share the first slot: one read (bits 0-159, 160-191, 192-223,
        // 224-231, the compiler's packing of {State})
        uint256 word;
        assembly ("memory-safe") {
            word := sload(self.slot)
        }
        uint256 window = uint32(word >> 160);
        bool anchored = uint8(word >> 224) != 0;
        uint32 elapsed;
        unchecked {
            elapsed = uint32(block.timestamp) - uint32(word >> 192); // as in {currentCumulativePrices}: wrap intended
        }
        if (anchored && elapsed >= window) {
            (uint256 price0Cumulative, uint256 price1Cumulative, ) = currentCumulativePrices(self.pair);
            unchecked {
                return
                    isToken0
                        ? (price0Cumulative - self.price0Cumulative) / elapsed
                        : (price1Cumulative - self.price1Cumulative) / elapsed;
            }
        }
        uint256 stored = storedAverage(self, isToken0);
        if (stored == 0) revert TwapOracleNotReady(self.pair, anchored ? elapsed : 0, window);
        return stored;
    }

    /// @notice The spot value of `amountIn` of `token` at the current reserves (display only, manipulable).
    function spot(address pair, address token, uint256 amountIn) internal view returns (uint256) {
        bool isToken0 = _isToken0(pair, token);
        (uint112 reserve0, uint112 reserve1, ) = IUniswapV2Pair(pair).getReserves();
        if (reserve0 == 0 || reserve1 == 0) return 0;
        return isToken0 ? Math.mulDiv(amountIn, reserve1, reserve0) : Math.mulDiv(amountIn, reserve0, reserve1);
    }

    /// @notice The pair's cumulative prices extended to the current block without reading the current block's
    /// swaps (UniswapV2OracleLibrary.currentCumulativePrices).
    function currentCumulativePrices(
        address pair
    ) internal view returns (uint256 price0Cumulative, uint256 price1Cumulative, uint32 timestamp) {
        timestamp = uint32(block.timestamp); // truncation is intended, as in the pair
        price0Cumulative = IUniswapV2Pair(pair).price0CumulativeLast();
        price1Cumulative = IUniswapV2Pair(pair).price1CumulativeLast();
        (uint112 reserve0, uint112 reserve1, uint32 timestampLast) = IUniswapV2Pair(pair).getReserves();
        if (timestampLast != timestamp && reserve0 != 0 && reserve1 != 0) {
            unchecked {
                uint32 elapsed = timestamp - timestampLast;
                price0Cumulative += ((uint256(reserve1) << 112) / reserve0) * elapsed;
                price1Cumulative += ((uint256(reserve0) << 112) / reserve1) * elapsed;
            }
        }
    }

    function _observe(State storage self) private returns (bool) {
        (uint112 reserve0, uint112 reserve1, ) = IUniswapV2Pair(self.pair).getReserves();
        if (reserve0 == 0 || reserve1 == 0) return false;
        (self.price0Cumulative, self.price1Cumulative, self.timestamp) = currentCumulativePrices(self.pair);
        self.anchored = true;
        return true;
    }

    function _isToken0(address pair, address token) private view returns (bool) {
        if (token == IUniswapV2Pair(pair).token0()) return true;
        if (token == IUniswapV2Pair(pair).token1()) return false;
        revert TwapOracleInvalidToken(pair, token);
    }
}
