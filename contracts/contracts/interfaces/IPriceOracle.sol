// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @title A time-weighted average price (TWAP) over one UniswapV2 pair
/// @notice Payouts that depend on a price read `consult`, never the spot price: the average covers at least
/// `window()` seconds that ended at most `window()` seconds ago, and a swap in the current block does not
/// count toward it, so no single transaction (flash swap included) can move it.
interface IPriceOracle {
    /// @notice Emitted when a new average is stored.
    /// @param priceAverage the average price of token0 in token1, UQ112x112
    /// @param timestamp the end of the averaged period
    event PriceUpdated(uint256 priceAverage, uint256 timestamp);

    /// @notice Stores a new average if at least `window()` seconds passed since the last one. Anyone may call.
    /// @return updated whether a new average was stored
    function update() external returns (bool updated);

    /// @notice The TWAP value of `amountIn` of `token` in the pair's other token.
    /// @dev Reverts with {TwapOracle.TwapOracleNotReady} until one full window with liquidity has passed.
    function consult(address token, uint256 amountIn) external view returns (uint256 amountOut);

    /// @notice The spot value of `amountIn` of `token` from the current reserves: for display only.
    function spot(address token, uint256 amountIn) external view returns (uint256 amountOut);

    /// @notice The pair observed.
    function pair() external view returns (address);

    /// @notice The minimum length of an averaged period, in seconds.
    function window() external view returns (uint256);
}
