// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";

/// @dev Test only: what an owner could set as Fomo's `double_` to take the pool's USDT. During an order it takes
/// exactly its share, like Double; afterwards it tries to pull everything Fomo holds through Fomo's allowance.
contract DoubleDrainer {
    IERC20 public immutable usdt;

    constructor(IERC20 usdt_) {
        usdt = usdt_;
    }

    function deposit(address, uint256 amount, uint256) external {
        usdt.transferFrom(msg.sender, address(this), amount);
    }

    /// @dev A FOM order's Double share arrives by transfer before this call: it keeps it.
    function depositFor(address, uint256, uint256) external {}

    /// @dev Pulls all of `victim`'s USDT (reverts unless `victim` left an allowance that large).
    function drain(address victim) external {
        usdt.transferFrom(victim, address(this), usdt.balanceOf(victim));
    }
}
