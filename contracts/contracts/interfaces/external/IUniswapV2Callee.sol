// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @title The flash-swap callback of a UniswapV2 pair (PancakeSwap V2 names it `pancakeCall`)
interface IUniswapV2Callee {
    function uniswapV2Call(address sender, uint256 amount0, uint256 amount1, bytes calldata data) external;
}
