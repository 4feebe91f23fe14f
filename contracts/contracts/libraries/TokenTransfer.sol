// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Address} from "@openzeppelin/contracts/utils/Address.sol";

/// @title Balances and transfers of ERC-20 tokens and the native coin behind one address
/// @notice `token == address(0)` stands for the native coin (BNB). Used by the "withdraw only the excess" helper.
library TokenTransfer {
    using SafeERC20 for IERC20;

    /// @notice The balance of `account` in `token` (native coin for the zero address).
    function balanceOf(address token, address account) internal view returns (uint256) {
        return token == address(0) ? account.balance : IERC20(token).balanceOf(account);
    }

    /// @notice Sends `amount` of `token` (native coin for the zero address) to `to`; reverts on failure.
    function send(address token, address to, uint256 amount) internal {
        if (token == address(0)) Address.sendValue(payable(to), amount);
        else IERC20(token).safeTransfer(to, amount);
    }

    /// @notice The part of `balance` above `claimable` (0 when the contract is short).
    /// @dev The "withdraw only the excess over users' claimable" rule: an owner may take `excess(...)`, never more.
    function excess(uint256 balance, uint256 claimable) internal pure returns (uint256) {
        return balance > claimable ? balance - claimable : 0;
    }
}
