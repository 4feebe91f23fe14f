// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @title The parts of a UniswapV2 / PancakeSwap V2 factory the Nexus contracts use
interface IUniswapV2Factory {
    function getPair(address tokenA, address tokenB) external view returns (address pair);
    function allPairsLength() external view returns (uint256);
    function createPair(address tokenA, address tokenB) external returns (address pair);
}
