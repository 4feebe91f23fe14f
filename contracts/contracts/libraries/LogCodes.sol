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
///   yesterday per symbol); an action in `CREDIT` is a referral or team reward credited to the account by someone
///   else's action, gathered by {credit} and written by {writeCredits} (one Log call per action) or, with the
///   action's own entry, by {writeWithCredits} (one Log call for both), never through {write}.
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
    uint8 internal constant ACTION_BURN_DIRECT = 18;
    uint8 internal constant ACTION_BURN_INDIRECT = 19;
    uint8 internal constant ACTION_BURN_TEAM = 20;
    uint8 internal constant ACTION_FOMO_DIRECT = 21;
    uint8 internal constant ACTION_FOMO_INDIRECT = 22;
    uint8 internal constant ACTION_FOMO_TEAM = 23;
    uint8 internal constant ACTION_STAKE_DIRECT = 24;
    uint8 internal constant ACTION_STAKE_INDIRECT = 25;
    uint8 internal constant ACTION_IDO_DIRECT = 26;
    uint8 internal constant ACTION_IDO_INDIRECT = 27;
    /// @dev The highest action code (at most 63: the Log keeps an action in 6 bits).
    uint8 internal constant MAX_ACTION = 27;

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
            (1 << ACTION_NFT_CLAIM) |
            (1 << ACTION_IDO_DIRECT) |
            (1 << ACTION_IDO_INDIRECT);
    /// @dev Referral and team rewards credited to an ancestor by someone else's action ({credit}, written in
    /// batches by {writeCredits}). Those credited to a balance the ancestor claims later (Burn, Fomo, Stake) are not
    /// in `REWARD`: the claim's entry counts them; Ido's, paid at once, are.
    uint256 internal constant CREDIT =
        (1 << ACTION_BURN_DIRECT) |
            (1 << ACTION_BURN_INDIRECT) |
            (1 << ACTION_BURN_TEAM) |
            (1 << ACTION_FOMO_DIRECT) |
            (1 << ACTION_FOMO_INDIRECT) |
            (1 << ACTION_FOMO_TEAM) |
            (1 << ACTION_STAKE_DIRECT) |
            (1 << ACTION_STAKE_INDIRECT) |
            (1 << ACTION_IDO_DIRECT) |
            (1 << ACTION_IDO_INDIRECT);

    /// @notice The referral and team credits of one action, gathered in memory and written by one {writeCredits}
    /// call: `words[0..count)` are credits (`owner | amount << 160 | action << 248`, as {ILog-addCredits} takes them;
    /// an amount too large for its 88 bits takes a second word).
    struct Credits {
        uint256[] words;
        uint256 count;
    }

    /// @notice Whether `symbol` and `action` are codes of this list.
    function isValid(uint8 symbol, uint8 action) internal pure returns (bool) {
        return symbol != 0 && symbol <= MAX_SYMBOL && action != 0 && action <= MAX_ACTION;
    }

    /// @notice Whether `action` is a referral or team credit ({CREDIT}).
    function isCredit(uint8 action) internal pure returns (bool) {
        return (CREDIT >> action) & 1 == 1;
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

    /// @notice {write} of `account`'s own action (its counterparty the calling contract) and {writeCredits} of the
    /// credits it paid (`creditSymbol`, counterparty `account`) in one Log call ({ILog-addLogAndCredits}: the same
    /// entries, indexes and events as the two); nothing while no Log is set.
    function writeWithCredits(
        ILog log,
        address account,
        uint8 symbol,
        uint8 action,
        uint256 amount,
        uint256 balance,
        uint8 creditSymbol,
        Credits memory batch
    ) internal {
        if (address(log) == address(0)) return;
        uint256[] memory words = batch.words;
        uint256 count = batch.count;
        assembly ("memory-safe") {
            mstore(words, count)
        }
        log.addLogAndCredits(account, symbol, action, amount, balance, creditSymbol, words);
    }

    /// @notice An empty batch of at most `capacity` credits (room for each to take two words).
    function credits(uint256 capacity) internal pure returns (Credits memory) {
        return Credits({words: new uint256[](2 * capacity), count: 0});
    }

    /// @notice Adds a credit of `amount` to `account` by `action` (a {CREDIT} code) to the batch: one word, or two
    /// when `amount` does not fit 88 bits (2**88 - 1 in the word, then the amount).
    function credit(Credits memory batch, address account, uint8 action, uint256 amount) internal pure {
        uint256 big = type(uint88).max;
        batch.words[batch.count++] =
            uint256(uint160(account)) |
            ((amount < big ? amount : big) << 160) |
            (uint256(action) << 248);
        if (amount >= big) batch.words[batch.count++] = amount;
    }

    /// @notice Writes the batch's credits, all in `symbol` with `from` as their counterparty (the account whose
    /// action credited them), in one Log call; nothing while no Log is set or the batch is empty.
    function writeCredits(ILog log, address from, uint8 symbol, Credits memory batch) internal {
        if (address(log) == address(0) || batch.count == 0) return;
        uint256[] memory words = batch.words;
        uint256 count = batch.count;
        assembly ("memory-safe") {
            mstore(words, count)
        }
        log.addCredits(from, symbol, words);
    }
}
