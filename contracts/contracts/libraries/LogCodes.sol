// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {ILog} from "../interfaces/ILog.sol";

/// @title LogCodes: the one list of the action log's symbols and actions, and the one Log-writing helper
/// @notice Every Log entry names its symbol and its action by one of these small codes (a uint8 each) instead of a
/// string. This file is the list's only home: `libs/abi/scripts/generate.ts` reads it at build time and writes
/// `logSymbols`/`logActionCodes` for TypeScript (the SDK, the indexer, the legacy API and the web filters use those),
/// so the format below is strict, one constant a line:
///   `uint8 internal constant SYMBOL_<NAME> = <code>;`  the symbol is <NAME> (e.g. `SYMBOL_USDT` is "USDT")
///   `uint8 internal constant ACTION_<NAME> = <code>;`  the action is <name> in lower case (e.g. "stake_deposit")
///   `REDUCE` and `REWARD` are bit masks of actions (`1 << ACTION_<NAME>` terms): an action in `REDUCE` is money
///   the account paid (its entry has `isReduce`), one in `REWARD` counts in the account's rewards (total, today,
///   yesterday per symbol).
/// Codes are never reused nor renumbered (the log keeps them); a new action takes the next free code. Only list an
/// action some contract writes (the SDK's test checks that each is written, through {write}).
library LogCodes {
    uint8 internal constant SYMBOL_USDT = 1;
    uint8 internal constant SYMBOL_NEX = 2;
    uint8 internal constant SYMBOL_BNB = 3;
    uint8 internal constant SYMBOL_NFT = 4;
    /// @dev The highest symbol code (at most 15: the Log keeps a symbol in 4 bits).
    uint8 internal constant MAX_SYMBOL = 4;

    uint8 internal constant ACTION_CLAIM = 1;
    uint8 internal constant ACTION_STAKE_DEPOSIT = 2;
    uint8 internal constant ACTION_STAKE_CLAIM = 3;
    uint8 internal constant ACTION_MINING_REWARD = 4;
    uint8 internal constant ACTION_MINING_RELEASE = 5;
    uint8 internal constant ACTION_FOMO_REWARD = 6;
    uint8 internal constant ACTION_FOMO_PRIZE = 7;
    uint8 internal constant ACTION_FOMO_RELEASE = 8;
    uint8 internal constant ACTION_DOUBLE_CLAIM = 9;
    uint8 internal constant ACTION_IDO_MINT = 10;
    uint8 internal constant ACTION_SYNTHESIZE = 11;
    uint8 internal constant ACTION_DOUBLE_DEPOSIT = 12;
    uint8 internal constant ACTION_MINING_DEPOSIT = 13;
    uint8 internal constant ACTION_BURN = 14;
    uint8 internal constant ACTION_FOMO_BURN = 15;
    uint8 internal constant ACTION_REGISTER = 16;
    uint8 internal constant ACTION_NFT_CLAIM = 17;
    /// @dev The highest action code (at most 63: the Log keeps an action in 6 bits).
    uint8 internal constant MAX_ACTION = 17;

    /// @dev Actions whose amount the account paid.
    uint256 internal constant REDUCE =
        (1 << ACTION_STAKE_DEPOSIT) |
            (1 << ACTION_IDO_MINT) |
            (1 << ACTION_SYNTHESIZE) |
            (1 << ACTION_DOUBLE_DEPOSIT) |
            (1 << ACTION_MINING_DEPOSIT) |
            (1 << ACTION_BURN) |
            (1 << ACTION_FOMO_BURN);
    /// @dev Actions whose amount counts in the account's rewards.
    uint256 internal constant REWARD =
        (1 << ACTION_CLAIM) |
            (1 << ACTION_STAKE_CLAIM) |
            (1 << ACTION_MINING_REWARD) |
            (1 << ACTION_FOMO_REWARD) |
            (1 << ACTION_FOMO_PRIZE) |
            (1 << ACTION_DOUBLE_CLAIM) |
            (1 << ACTION_NFT_CLAIM);

    /// @notice Whether `symbol` and `action` are codes of this list.
    function isValid(uint8 symbol, uint8 action) internal pure returns (bool) {
        return symbol != 0 && symbol <= MAX_SYMBOL && action != 0 && action <= MAX_ACTION;
    }

    /// @notice Whether `action` is money the account paid.
    function isReduce(uint8 action) internal pure returns (bool) {
        return (REDUCE >> action) & 1 == 1;
    }

    /// @notice Whether `action` counts in the account's rewards.
    function isReward(uint8 action) internal pure returns (bool) {
        return (REWARD >> action) & 1 == 1;
    }

    /// @notice The one way a contract writes its Log entry: none while no Log is set (a deployment step sets it).
    /// `from` is the counterparty (the contract itself for the account's own actions).
    function write(
        ILog log,
        address account,
        address from,
        uint8 symbol,
        uint8 action,
        uint256 amount,
        uint256 balance
    ) internal {
        if (address(log) != address(0)) log.addLog(account, from, symbol, action, amount, balance);
    }
}
