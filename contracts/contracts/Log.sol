// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {NexusUpgradeable} from "./base/NexusUpgradeable.sol";
import {ILog} from "./interfaces/ILog.sol";

/// @title Log: the action log written by the platform's contracts
/// @notice Deployed behind an ERC-1967 proxy; see {ILog}.
contract Log is NexusUpgradeable, ILog {
    /// @notice The most entries (or symbols) one view returns.
    uint256 public constant MAX_PAGE = 100;
    /// @notice The shortest configurable day (local demo chains), in seconds.
    uint256 public constant MIN_DAY_TIMES = 60;
    /// @notice The longest configurable day, in seconds.
    uint256 public constant MAX_DAY_TIMES = 7 days;

    struct Record {
        address owner;
        uint64 startTime;
        bool isReduce;
        address from;
        uint96 userIndex;
        uint256 amount;
        uint256 balance;
        string symbol;
        string action;
    }

    struct RewardRecord {
        uint256 total;
        uint256 today;
        uint256 yesterday;
        uint256 day;
    }

    Record[] private _records;
    mapping(address account => bool allowed) private _writers;
    // list key: keccak256(owner, keccak(symbol) or 0, keccak(action) or 0) -> global indexes
    mapping(bytes32 key => uint256[] indexes) private _lists;
    mapping(address account => mapping(bytes32 symbol => RewardRecord reward)) private _rewards;
    uint256 private _dayTimes;

    modifier onlyWriter() {
        if (!_writers[msg.sender]) revert LogUnauthorizedWriter(msg.sender);
        _;
    }

    /// @custom:oz-upgrades-unsafe-allow constructor
    constructor() {
        _disableInitializers();
    }

    /// @notice Initializes the proxy: owner, upgrade delay and the length of a day.
    function initialize(address owner_, uint256 upgradeDelay_, uint256 dayTimes_) external initializer {
        __NexusUpgradeable_init(owner_, upgradeDelay_);
        _setDayTimes(dayTimes_);
    }

    /// @inheritdoc ILog
    function addLog(
        address owner,
        address from,
        string calldata symbol,
        string calldata action,
        uint256 amount,
        uint256 balance,
        bool isReduce
    ) external onlyWriter returns (uint256) {
        return _add(owner, from, symbol, action, amount, balance, isReduce, false);
    }

    /// @inheritdoc ILog
    function addReward(
        address owner,
        address from,
        string calldata symbol,
        string calldata action,
        uint256 amount,
        uint256 balance
    ) external onlyWriter returns (uint256) {
        RewardRecord storage reward = _rewards[owner][keccak256(bytes(symbol))];
        uint256 day = block.timestamp / _dayTimes;
        if (reward.day != day) {
            reward.yesterday = reward.day + 1 == day ? reward.today : 0;
            reward.today = 0;
            reward.day = day;
        }
        reward.today += amount;
        reward.total += amount;
        return _add(owner, from, symbol, action, amount, balance, false, true);
    }

    /// @inheritdoc ILog
    function setWriter(address writer, bool allowed) external onlyOwner {
        if (writer == address(0)) revert LogInvalidWriter(writer);
        _writers[writer] = allowed;
        emit WriterUpdated(writer, allowed);
    }

    /// @inheritdoc ILog
    function setDayTimes(uint256 dayTimes_) external onlyOwner {
        _setDayTimes(dayTimes_);
    }

    /// @inheritdoc ILog
    function isWriter(address account) external view returns (bool) {
        return _writers[account];
    }

    /// @inheritdoc ILog
    function dayTimes() external view returns (uint256) {
        return _dayTimes;
    }

    /// @inheritdoc ILog
    function totalLog() external view returns (uint256) {
        return _records.length;
    }

    /// @inheritdoc ILog
    function getLogs(uint256 offset, uint256 count) external view returns (Entry[] memory entries, uint256 total) {
        total = _records.length;
        (uint256 start, uint256 size) = _window(total, offset, count);
        entries = new Entry[](size);
        for (uint256 i; i < size; ++i) entries[i] = _entry(start - i);
    }

    /// @inheritdoc ILog
    function getUserLogs(
        address account,
        uint256 offset,
        uint256 count
    ) external view returns (Entry[] memory, uint256) {
        return _page(_key(account, bytes32(0), bytes32(0)), offset, count);
    }

    /// @inheritdoc ILog
    function getUserActionLogs(
        address account,
        string calldata action,
        uint256 offset,
        uint256 count
    ) external view returns (Entry[] memory, uint256) {
        return _page(_key(account, bytes32(0), keccak256(bytes(action))), offset, count);
    }

    /// @inheritdoc ILog
    function getUserSymbolLogs(
        address account,
        string calldata symbol,
        uint256 offset,
        uint256 count
    ) external view returns (Entry[] memory, uint256) {
        return _page(_key(account, keccak256(bytes(symbol)), bytes32(0)), offset, count);
    }

    /// @inheritdoc ILog
    function getUserSymbolActions(
        address account,
        string calldata symbol,
        string calldata action,
        uint256 offset,
        uint256 count
    ) external view returns (Entry[] memory, uint256) {
        return _page(_key(account, keccak256(bytes(symbol)), keccak256(bytes(action))), offset, count);
    }

    /// @inheritdoc ILog
    function getUserReward(address account, string calldata symbol) public view returns (Reward memory) {
        RewardRecord storage reward = _rewards[account][keccak256(bytes(symbol))];
        uint256 day = block.timestamp / _dayTimes;
        if (reward.day == day) return Reward({total: reward.total, yesterday: reward.yesterday, today: reward.today});
        if (reward.day + 1 == day) return Reward({total: reward.total, yesterday: reward.today, today: 0});
        return Reward({total: reward.total, yesterday: 0, today: 0});
    }

    /// @inheritdoc ILog
    function getUserRewards(
        address account,
        string[] calldata symbols
    ) external view returns (Reward[] memory rewards) {
        if (symbols.length > MAX_PAGE) revert LogTooManySymbols(symbols.length, MAX_PAGE);
        rewards = new Reward[](symbols.length);
        for (uint256 i; i < symbols.length; ++i) rewards[i] = getUserReward(account, symbols[i]);
    }

    function _add(
        address owner,
        address from,
        string calldata symbol,
        string calldata action,
        uint256 amount,
        uint256 balance,
        bool isReduce,
        bool isReward
    ) private returns (uint256 index) {
        if (owner == address(0)) revert LogInvalidOwner(owner);
        index = _records.length;
        uint256 userIndex = _index(owner, keccak256(bytes(symbol)), keccak256(bytes(action)), index);
        Record storage record = _records.push();
        record.owner = owner;
        record.startTime = uint64(block.timestamp);
        record.isReduce = isReduce;
        record.from = from;
        record.userIndex = uint96(userIndex);
        record.amount = amount;
        record.balance = balance;
        record.symbol = symbol;
        record.action = action;
        _emitLogAdded(index, record, isReward);
    }

    /// @dev Appends `index` to the owner's four lists (all, by symbol, by action, by both); returns its position.
    function _index(address owner, bytes32 symbolHash, bytes32 actionHash, uint256 index) private returns (uint256) {
        uint256[] storage all = _lists[_key(owner, bytes32(0), bytes32(0))];
        uint256 userIndex = all.length;
        all.push(index);
        _lists[_key(owner, symbolHash, bytes32(0))].push(index);
        _lists[_key(owner, bytes32(0), actionHash)].push(index);
        _lists[_key(owner, symbolHash, actionHash)].push(index);
        return userIndex;
    }

    function _emitLogAdded(uint256 index, Record storage record, bool isReward) private {
        emit LogAdded(
            index,
            record.owner,
            record.from,
            msg.sender,
            record.userIndex,
            record.symbol,
            record.action,
            record.isReduce,
            isReward,
            record.amount,
            record.balance,
            record.startTime
        );
    }

    function _page(bytes32 key, uint256 offset, uint256 count) private view returns (Entry[] memory entries, uint256) {
        uint256[] storage indexes = _lists[key];
        uint256 total = indexes.length;
        (uint256 start, uint256 size) = _window(total, offset, count);
        entries = new Entry[](size);
        for (uint256 i; i < size; ++i) entries[i] = _entry(indexes[start - i]);
        return (entries, total);
    }

    /// @dev Newest first: position `offset` counted from the end; returns the first position and the size.
    function _window(uint256 total, uint256 offset, uint256 count) private pure returns (uint256 start, uint256 size) {
        if (offset >= total) return (0, 0);
        uint256 available = total - offset;
        size = count < available ? count : available;
        if (size > MAX_PAGE) size = MAX_PAGE;
        start = total - 1 - offset;
    }

    function _entry(uint256 index) private view returns (Entry memory) {
        Record storage record = _records[index];
        return
            Entry({
                isReduce: record.isReduce,
                index: index,
                userIndex: record.userIndex,
                symbol: record.symbol,
                action: record.action,
                amount: record.amount,
                balance: record.balance,
                startTime: record.startTime,
                owner: record.owner,
                from: record.from
            });
    }

    function _key(address owner, bytes32 symbol, bytes32 action) private pure returns (bytes32) {
        return keccak256(abi.encode(owner, symbol, action));
    }

    function _setDayTimes(uint256 dayTimes_) private {
        if (dayTimes_ < MIN_DAY_TIMES || dayTimes_ > MAX_DAY_TIMES) {
            revert LogDayTimesOutOfBounds(dayTimes_, MIN_DAY_TIMES, MAX_DAY_TIMES);
        }
        emit DayTimesUpdated(_dayTimes, dayTimes_);
        _dayTimes = dayTimes_;
    }
}
