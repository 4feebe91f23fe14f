// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @title The action log: what each user did and earned, per symbol
/// @notice Only writer contracts (authorized by the owner) add entries; every entry is also a {LogAdded}
/// event, so an indexer can rebuild the log. Symbols and actions are small codes, listed once in
/// `libraries/LogCodes.sol` (the SDK's `logSymbols`/`logActionCodes` are generated from it); whether an entry is
/// money the account paid (`isReduce`) or a reward follows from its action. Each account's own entries are one list
/// (a referral or team credit another account's action pays it is a {LogAdded} event only: {addCredits});
/// views page over it (`offset`, `count`, newest first, at most `MAX_PAGE` entries); the symbol/action filters scan
/// the account's list (a view, no gas for the writers). Rewards are summed per user and symbol: total, today and
/// yesterday, where a day is `dayTimes` seconds (day number = `block.timestamp / dayTimes`).
interface ILog {
    /// @notice One log entry; `index` is its position in the global log, `userIndex` in its owner's list.
    struct Entry {
        bool isReduce;
        uint256 index;
        uint256 userIndex;
        uint8 symbol;
        uint8 action;
        uint256 amount;
        uint256 balance;
        uint256 startTime;
        address owner;
        address from;
    }

    /// @notice Rewards of one user in one symbol.
    struct Reward {
        uint256 total;
        uint256 yesterday;
        uint256 today;
    }

    /// @notice The caller is not an authorized writer.
    error LogUnauthorizedWriter(address account);
    /// @notice The entry's owner is the zero address.
    error LogInvalidOwner(address owner);
    /// @notice The writer is the zero address.
    error LogInvalidWriter(address writer);
    /// @notice More symbols asked at once than `MAX_PAGE`.
    error LogTooManySymbols(uint256 count, uint256 max);
    /// @notice Every writer id is taken (`max` writers were ever authorized).
    error LogTooManyWriters(uint256 max);
    /// @notice `symbol` or `action` is not a code of `LogCodes`.
    error LogUnknownCode(uint8 symbol, uint8 action);
    /// @notice `action` was written the wrong way: a credit (`LogCodes.CREDIT`) through {addLog}, or another action
    /// through {addCredits}.
    error LogWrongEntryKind(uint8 action);
    /// @notice A credit of {addCredits} says its exact amount follows (amount bits 2**88 - 1) but is the last word.
    error LogCreditAmountMissing();

    /// @notice Emitted for every entry.
    /// @param index the entry's global index
    /// @param owner the user the entry belongs to
    /// @param from the counterparty (e.g. the referrer of a registration; the writer for the user's own actions)
    /// @param writer the contract that wrote it
    /// @param userIndex the entry's position in `owner`'s list; 2**256 - 1 for a credit ({addCredits}), which no
    /// list holds
    /// @param symbol the token symbol's code (`LogCodes.SYMBOL_*`)
    /// @param action the action's code (`LogCodes.ACTION_*`)
    /// @param isReduce whether the user paid the amount (from the action)
    /// @param isReward whether the amount counts as a reward (from the action)
    /// @param amount the amount
    /// @param balance the user's balance after the action
    /// @param startTime the block timestamp
    event LogAdded(
        uint256 indexed index,
        address indexed owner,
        address indexed from,
        address writer,
        uint256 userIndex,
        uint8 symbol,
        uint8 action,
        bool isReduce,
        bool isReward,
        uint256 amount,
        uint256 balance,
        uint256 startTime
    );
    /// @notice Emitted when the owner grants or revokes a writer.
    event WriterUpdated(address indexed writer, bool allowed);
    /// @notice Emitted when the owner changes the length of a day.
    event DayTimesUpdated(uint256 previousDayTimes, uint256 newDayTimes);

    /// @notice Adds an entry (writers only; not a credit action: see {addCredits}); a reward action also counts in the owner's rewards. Emits
    /// {LogAdded}. Returns its global index.
    function addLog(
        address owner,
        address from,
        uint8 symbol,
        uint8 action,
        uint256 amount,
        uint256 balance
    ) external returns (uint256 index);

    /// @notice Adds one entry per credit of an action by `from` (writers only): each referral or team reward the
    /// action credited to an ancestor. A credit is one word, `owner | amount << 160 | action << 248` (`action` a
    /// credit code of `LogCodes.CREDIT`; an `amount` of 2**88 - 1 or more is given as 2**88 - 1, followed by a word
    /// holding the exact amount). A credit is an event, not a storage word: its {LogAdded} has every field of an
    /// entry (`symbol`, balance 0, `from` as its counterparty, its global index, counted by {totalLog}) and
    /// `userIndex` 2**256 - 1 (it is in no account's list: the list views return the accounts' own actions only). A
    /// credit action in `LogCodes.REWARD` counts in the owner's rewards ({getUserReward}). Returns the global index of
    /// the first entry.
    function addCredits(address from, uint8 symbol, uint256[] calldata credits) external returns (uint256 first);

    /// @notice {addLog} of an account's own action whose counterparty is the writer (`from` = the caller), then
    /// {addCredits} of the referral and team rewards that action credited (`creditSymbol`, their counterparty
    /// `owner`), in one call: the same entries, global indexes (the entry's first, the credits' next), events and
    /// reward figures as the two calls. Returns the entry's global index.
    function addLogAndCredits(
        address owner,
        uint8 symbol,
        uint8 action,
        uint256 amount,
        uint256 balance,
        uint8 creditSymbol,
        uint256[] calldata credits
    ) external returns (uint256 index);

    /// @notice Grants or revokes `writer` (owner only; at most 31 writers are ever granted). Emits {WriterUpdated}.
    function setWriter(address writer, bool allowed) external;

    /// @notice Sets the length of a day in seconds (owner only, bounded). Emits {DayTimesUpdated}.
    function setDayTimes(uint256 dayTimes) external;

    /// @notice Whether `account` may write.
    function isWriter(address account) external view returns (bool);

    /// @notice The length of a day in seconds.
    function dayTimes() external view returns (uint256);

    /// @notice The number of entries in the whole log: the accounts' own entries and the credits (events only).
    function totalLog() external view returns (uint256);

    /// @notice `account`'s entries (its own actions; the credits others' actions paid it are {LogAdded} events
    /// only), newest first; `total` is the size of the list.
    function getUserLogs(
        address account,
        uint256 offset,
        uint256 count
    ) external view returns (Entry[] memory entries, uint256 total);

    /// @notice `account`'s entries with `action`, newest first; `total` counts those.
    function getUserActionLogs(
        address account,
        uint8 action,
        uint256 offset,
        uint256 count
    ) external view returns (Entry[] memory entries, uint256 total);

    /// @notice `account`'s entries in `symbol`, newest first; `total` counts those.
    function getUserSymbolLogs(
        address account,
        uint8 symbol,
        uint256 offset,
        uint256 count
    ) external view returns (Entry[] memory entries, uint256 total);

    /// @notice `account`'s entries in `symbol` with `action`, newest first; `total` counts those.
    function getUserSymbolActions(
        address account,
        uint8 symbol,
        uint8 action,
        uint256 offset,
        uint256 count
    ) external view returns (Entry[] memory entries, uint256 total);

    /// @notice `account`'s rewards in `symbol`: total, yesterday and today.
    function getUserReward(address account, uint8 symbol) external view returns (Reward memory);

    /// @notice `account`'s rewards in each of `symbols` (at most `MAX_PAGE`).
    function getUserRewards(address account, uint8[] calldata symbols) external view returns (Reward[] memory);
}
