// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";

/// @title Receives the USDT of the token's internal swaps
/// @notice A UniswapV2 pair refuses to send a swap's output to one of its own tokens, so the NEX contract swaps
/// to this helper and takes the USDT back. Only its creator (the token) can move its balance.
contract TokenDistributor {
    using SafeERC20 for IERC20;

    /// @notice The caller is not the token that created this distributor.
    error TokenDistributorUnauthorized(address account);

    address private immutable _token;

    constructor() {
        _token = msg.sender;
    }

    /// @notice Sends `amount` of `asset` to `to` (the token only).
    function transfer(address asset, address to, uint256 amount) external {
        if (msg.sender != _token) revert TokenDistributorUnauthorized(msg.sender);
        IERC20(asset).safeTransfer(to, amount);
    }
}
