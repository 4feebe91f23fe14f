// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @title Wrapped BNB (WETH9): the parts the Nexus contracts and tests use
interface IWBNB {
    function deposit() external payable;
    function withdraw(uint256 amount) external;
    function balanceOf(address account) external view returns (uint256);
    function approve(address spender, uint256 amount) external returns (bool);
    function transfer(address to, uint256 amount) external returns (bool);
}
