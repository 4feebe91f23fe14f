// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @title The action log: what each user did and earned, per symbol
/// @notice Only writer contracts (authorized by the owner) add entries; every entry is also a {LogAdded}
/// event, so an indexer can rebuild the log. Views are paged (`offset`, `count`, newest first, at most
/// `MAX_PAGE` entries) so that none is unbounded. Rewards are summed per user and symbol: total, today and
/// yesterday, where a day is `dayTimes` seconds (day number = `block.timestamp / dayTimes`).
interface ILog {
    /// @notice One log entry; `index` is its position in the global log, `userIndex` in its owner's list.
    struct Entry {
        bool isReduce;
        uint256 index;
        uint256 userIndex;
        string symbol;
        string action;
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
    /// @notice `dayTimes` is outside `[min, max]`.
    error LogDayTimesOutOfBounds(uint256 dayTimes, uint256 min, uint256 max);
    /// @notice The entry's owner is the zero address.
    error LogInvalidOwner(address owner);
    /// @notice The writer is the zero address.
    error LogInvalidWriter(address writer);
    /// @notice More symbols asked at once than `MAX_PAGE`.
    error LogTooManySymbols(uint256 count, uint256 max);

    /// @notice Emitted for every entry.
    /// @param index the entry's global index
    /// @param owner the user the entry belongs to
    /// @param from the counterparty (e.g. the invitee that produced a referral reward)
    /// @param writer the contract that wrote it
    /// @param userIndex the entry's position in `owner`'s list
    /// @param symbol the token symbol
    /// @param action what happened
    /// @param isReduce whether the user's balance went down
    /// @param isReward whether the amount counts as a reward
    /// @param amount the amount
    /// @param balance the user's balance after the action
    /// @param startTime the block timestamp
    event LogAdded(
        uint256 indexed index,
        address indexed owner,
        address indexed from,
        address writer,
        uint256 userIndex,
        string symbol,
        string action,
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

    /// @notice Adds an entry (writers only). Emits {LogAdded}. Returns its global index.
    function addLog(
        address owner,
        address from,
        string calldata symbol,
        string calldata action,
        uint256 amount,
        uint256 balance,
        bool isReduce
    ) external returns (uint256 index);

    /// @notice Adds a reward entry (writers only) and counts it in the owner's rewards. Emits {LogAdded}.
    function addReward(
        address owner,
        address from,
        string calldata symbol,
        string calldata action,
        uint256 amount,
        uint256 balance
    ) external returns (uint256 index);

    /// @notice Grants or revokes `writer` (owner only). Emits {WriterUpdated}.
    function setWriter(address writer, bool allowed) external;

    /// @notice Sets the length of a day in seconds (owner only, bounded). Emits {DayTimesUpdated}.
    function setDayTimes(uint256 dayTimes) external;

    /// @notice Whether `account` may write.
    function isWriter(address account) external view returns (bool);

    /// @notice The length of a day in seconds.
    function dayTimes() external view returns (uint256);

    /// @notice The number of entries in the whole log.
    function totalLog() external view returns (uint256);

    /// @notice The whole log, newest first.
    function getLogs(uint256 offset, uint256 count) external view returns (Entry[] memory entries, uint256 total);

    /// @notice `account`'s entries, newest first; `total` is the size of the list.
    function getUserLogs(
        address account,
        uint256 offset,
        uint256 count
    ) external view returns (Entry[] memory entries, uint256 total);

    /// @notice `account`'s entries with `action`, newest first.
    function getUserActionLogs(
        address account,
        string calldata action,
        uint256 offset,
        uint256 count
    ) external view returns (Entry[] memory entries, uint256 total);

    /// @notice `account`'s entries in `symbol`, newest first.
    function getUserSymbolLogs(
        address account,
        string calldata symbol,
        uint256 offset,
        uint256 count
    ) external view returns (Entry[] memory entries, uint256 total);

    /// @notice `account`'s entries in `symbol` with `action`, newest first.
    function getUserSymbolActions(
        address account,
        string calldata symbol,
        string calldata action,
        uint256 offset,
        uint256 count
    ) external view returns (Entry[] memory entries, uint256 total);

    /// @notice `account`'s rewards in `symbol`: total, yesterday and today.
    function getUserReward(address account, string calldata symbol) external view returns (Reward memory);

    /// @notice `account`'s rewards in each of `symbols` (at most `MAX_PAGE`).
    function getUserRewards(address account, string[] calldata symbols) external view returns (Reward[] memory);
}
