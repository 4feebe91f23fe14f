// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IPriceOracle} from "./interfaces/IPriceOracle.sol";
import {IUniswapV2Pair} from "./interfaces/external/IUniswapV2Pair.sol";
import {TwapOracle} from "./libraries/TwapOracle.sol";

/// @title A stand-alone TWAP oracle for one UniswapV2 pair (see {TwapOracle} for the window rules)
/// @notice Anyone may `update`; contracts that pay by price call `update()` then `consult(...)`.
contract PriceOracle is IPriceOracle {
    using TwapOracle for TwapOracle.State;

    TwapOracle.State private _state;
    /// @dev The pair's two tokens (a pair's tokens never change): `consult` tells the side without calling the pair.
    address private immutable _token0;
    address private immutable _token1;

    /// @param pair_ the UniswapV2 pair to observe
    /// @param window_ the minimum averaged period in seconds (bounded by {TwapOracle-MIN_WINDOW}/{TwapOracle-MAX_WINDOW})
    constructor(address pair_, uint32 window_) {
        _state.initialize(pair_, window_);
        _token0 = IUniswapV2Pair(pair_).token0();
        _token1 = IUniswapV2Pair(pair_).token1();
    }

    /// @inheritdoc IPriceOracle
    function update() external returns (bool updated) {
        // within the window {TwapOracle-update} stores nothing and reads nothing but the oracle's first word
        updated = _state.update();
        if (updated) emit PriceUpdated(_state.storedAverage(true), uint32(block.timestamp)); // the stored time
    }

    /// @inheritdoc IPriceOracle
    function consult(address token, uint256 amountIn) external view returns (uint256) {
        bool isToken0 = token == _token0;
        if (!isToken0 && token != _token1) revert TwapOracle.TwapOracleInvalidToken(_state.pair, token);
        return _state.consultSide(isToken0, amountIn);
    }

    /// @inheritdoc IPriceOracle
    function spot(address token, uint256 amountIn) external view returns (uint256) {
        return TwapOracle.spot(_state.pair, token, amountIn);
    }

    /// @inheritdoc IPriceOracle
    function pair() external view returns (address) {
        return _state.pair;
    }

    /// @inheritdoc IPriceOracle
    function window() external view returns (uint256) {
        return _state.window;
    }
}
