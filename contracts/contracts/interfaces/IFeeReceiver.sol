// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @title Optional hook for contracts that receive fee payouts (NFT dividends, the burn contract)
/// @notice The token calls `onFeeReceived` after sending USDT, with at most `dividendGas` gas, inside a try/catch:
/// a failing or missing hook never blocks the payout. Implement it to account the new balance at once.
interface IFeeReceiver {
    /// @notice `amount` of `token` was just sent to this contract as fees.
    function onFeeReceived(address token, uint256 amount) external;
}
