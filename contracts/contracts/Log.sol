// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {SafeCast} from "@openzeppelin/contracts/utils/math/SafeCast.sol";
import {NexusUpgradeable} from "./base/NexusUpgradeable.sol";
import {ILog} from "./interfaces/ILog.sol";
import {Bounds} from "./libraries/Bounds.sol";
import {LogCodes} from "./libraries/LogCodes.sol";

/// @title Log: the action log written by the platform's contracts
/// @notice Deployed behind an ERC-1967 proxy; see {ILog}. An entry of an account's own action ({addLog}) is one
/// storage word appended to its owner's list (no global list, no per-filter lists); a referral or team credit that
/// another account's action pays it ({addCredits}, or with the action's own entry {addLogAndCredits}) is its {LogAdded} event only, plus its owner's reward record when
/// the credit counts as a reward. What each costs is in contracts/README.md ("Log entry cost").
contract Log is NexusUpgradeable, ILog {
    /// @notice The most entries (or symbols) one view returns.
    uint256 public constant MAX_PAGE = 100;
    /// @notice The shortest configurable day (local demo chains), in seconds.
    uint256 public constant MIN_DAY_TIMES = 60;
    /// @notice The longest configurable day, in seconds.
    uint256 public constant MAX_DAY_TIMES = 7 days;
    /// @dev The `userIndex` of a credit's {LogAdded}: a credit ({addCredits}) is an event only, at no position
    /// of its owner's list.
    uint256 private constant CREDIT_USER_INDEX = type(uint256).max;

    /// @dev The most writers ever authorized (a writer's id takes 5 bits of an entry).
    uint256 private constant MAX_WRITERS = 31;

    // An entry is one word: amount (88 bits) | balance (88) | startTime (32) | global index's low 32 bits (32) |
    // symbol (4) | action (6) | writer id (5) | has-from (1), lowest bits first. The index's higher bits are its
    // owner's, kept once per 2**32 entries (see `_highStarts`). Its counterparty is the writer (by id) unless
    // has-from is set; then the writer id's bits (which no view needs then) say where the counterparty is: 0, the
    // entry's word in `_froms` (written only then); FROM_INLINE, the entry's own amount and balance bits, which hold
    // its address when both are 0 (a registration: its referrer, no second word). A credit entry (an action of
    // LogCodes.CREDIT, stored by earlier versions of {addCredits}; the current one stores none) has balance 0: its
    // balance bits hold the account id of its counterparty, given once per account in the word of its list's
    // length (`_heads`); the views still read those.
    uint256 private constant BALANCE_SHIFT = 88;
    uint256 private constant TIME_SHIFT = 176;
    uint256 private constant INDEX_SHIFT = 208;
    uint256 private constant SYMBOL_SHIFT = 240;
    uint256 private constant ACTION_SHIFT = 244;
    uint256 private constant WRITER_SHIFT = 250;
    uint256 private constant HAS_FROM_SHIFT = 255;
    /// @dev In the writer id's bits of a has-from entry: the counterparty is in the entry's amount and balance bits.
    uint256 private constant FROM_INLINE = 1;
    /// @dev Where the high part (`index >> 32`) of the global index of an account's latest entry starts in its
    /// `_heads` word (to the top of the word).
    uint256 private constant HIGH_SHIFT = 128;
    /// @dev The bits of an entry word's index field: the global index's low 32 bits.
    uint256 private constant LOW_MASK = type(uint32).max;
    /// @dev {State}'s fields in its word (the compiler's packing of the struct, in order): `total` 0-31,
    /// `dayTimes` 32-63, `writerCount` 64-71, `accountCount` 72-103 (the ids earlier versions gave), `totalHigh` 104-135, `accountCountHigh` 136-167.
    uint256 private constant TOTAL_HIGH_SHIFT = 104;
    /// @dev An amount or balance at least this large (2**88 - 1, 309,485,009 tokens of 18 decimals) does not fit its
    /// 88 bits: the bits hold this value and the exact figure is in `_bigs` (a word written only then), so that no
    /// amount makes the action that writes the entry revert.
    uint256 private constant BIG = type(uint88).max;

    /// @dev A user's rewards in one symbol: `total`, `today` and its `day` in one word (the only word a reward
    /// on the same day writes); `yesterday` apart (written only when a new day starts).
    struct RewardRecord {
        uint128 total;
        uint96 today;
        uint32 day;
        uint128 yesterday;
    }

    /// @dev The global entry count and the length of a day share one word (both read by every write), with the
    /// counts of writers and of account ids. Each count is 64 bits: its low 32 bits where earlier versions kept the
    /// whole count, its high 32 bits in the fields appended after them (the word had room: a proxy's existing state
    /// reads the same), so that no count of entries or accounts realistic maxima reach can fill it.
    struct State {
        uint32 total; // the global entry count, bits 0-31
        uint32 dayTimes;
        uint8 writerCount;
        uint32 accountCount; // the account ids given, bits 0-31
        uint32 totalHigh; // the global entry count, bits 32-63
        uint32 accountCountHigh; // the account ids given, bits 32-63
    }

    mapping(address owner => mapping(uint256 position => uint256 word)) private _entries;
    mapping(address owner => mapping(uint256 position => address from)) private _froms;
    /// @dev An account's list length (bits 0-63), the id earlier versions gave it once it credited others
    /// (bits 64-127; see the entry's layout), and the high part (`index >> 32`) of its latest entry's global index (bits 128-255): one word, which
    /// the account's own entry writes anyway, so that a credit names its counterparty without a word of its own.
    mapping(address owner => uint256 head) private _heads;
    /// @dev A writer: its id (1..MAX_WRITERS, kept when revoked) shifted left by one, and bit 0 = allowed.
    mapping(address account => uint256 writer) private _writers;
    mapping(uint256 id => address writer) private _writerById;
    mapping(address account => mapping(uint8 symbol => RewardRecord reward)) private _rewards;
    State private _state;
    /// @dev The accounts that credited others, by id (1..accountCount).
    mapping(uint256 id => address account) private _accountById;
    /// @dev The exact amount and balance of an entry whose bits hold {BIG} (see there).
    mapping(address owner => mapping(uint256 position => BigFigures figures)) private _bigs;

    /// @dev Where each high part of the global index starts in an account's list: `_highStarts[owner][high]` is
    /// 1 + the position of `owner`'s first entry whose global index is `high << 32` or more (written once per
    /// account per 2**32 entries of the whole log, by the entry that starts it; 0: none). An entry word keeps the
    /// index's low 32 bits; its high part is the largest `high` that starts at or before its position.
    mapping(address owner => mapping(uint256 high => uint256 start)) private _highStarts;

    /// @dev An entry's figures too large for its word; a field is written only when its bits hold {BIG}.
    struct BigFigures {
        uint256 amount;
        uint256 balance;
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
        uint8 symbol,
        uint8 action,
        uint256 amount,
        uint256 balance
    ) external returns (uint256 index) {
        uint256 writer = _writers[msg.sender];
        if (writer & 1 == 0) revert LogUnauthorizedWriter(msg.sender);
        if (owner == address(0)) revert LogInvalidOwner(owner);
        if (!LogCodes.isValid(symbol, action)) revert LogUnknownCode(symbol, action);
        if (LogCodes.isCredit(action)) revert LogWrongEntryKind(action);
        uint256 state = _loadState();
        index = _total(state);
        _storeState(_withTotal(state, index + 1));
        if (LogCodes.isReward(action)) _addReward(_rewards[owner][symbol], amount, block.timestamp / _dayTimes(state));
        uint256 position = _push(owner, index);
        uint256 word =
            (uint256(uint32(block.timestamp)) << TIME_SHIFT) |
                ((index & LOW_MASK) << INDEX_SHIFT) |
                (uint256(symbol) << SYMBOL_SHIFT) |
                (uint256(action) << ACTION_SHIFT);
        if (from == msg.sender) {
            word |= _figures(owner, position, amount, balance) | ((writer >> 1) << WRITER_SHIFT);
        } else if (amount | balance == 0) {
            word |= uint256(uint160(from)) | (FROM_INLINE << WRITER_SHIFT) | (1 << HAS_FROM_SHIFT);
        } else {
            word |= _figures(owner, position, amount, balance) | (1 << HAS_FROM_SHIFT);
            _froms[owner][position] = from;
        }
        _entries[owner][position] = word;
        _emitAdded(index, owner, from, position, word, amount, balance);
    }

    /// @inheritdoc ILog
    function addCredits(address from, uint8 symbol, uint256[] calldata credits) external returns (uint256 first) {
        uint256 writer = _writers[msg.sender];
        if (writer & 1 == 0) revert LogUnauthorizedWriter(msg.sender);
        if (symbol == 0 || symbol > LogCodes.MAX_SYMBOL) revert LogUnknownCode(symbol, 0);
        uint256 state = _loadState();
        first = _total(state);
        if (credits.length == 0) return first;
        _storeState(_withTotal(state, _addCredits(credits, symbol, from, block.timestamp / _dayTimes(state), first)));
    }

    /// @inheritdoc ILog
    function addLogAndCredits(
        address owner,
        uint8 symbol,
        uint8 action,
        uint256 amount,
        uint256 balance,
        uint8 creditSymbol,
        uint256[] calldata credits
    ) external returns (uint256 index) {
        uint256 state = _loadState();
        index = _total(state);
        _addEntry(_writer(), owner, symbol, action, amount, balance, state);
        // the credits follow the entry in the global index, `owner` their counterparty ({addCredits})
        _storeState(_withCredits(state, index + 1, owner, creditSymbol, credits));
    }

    /// @inheritdoc ILog
    function setWriter(address writer, bool allowed) external onlyOwner {
        if (writer == address(0)) revert LogInvalidWriter(writer);
        uint256 id = _writers[writer] >> 1;
        if (id == 0) {
            id = uint256(_state.writerCount) + 1;
            if (id > MAX_WRITERS) revert LogTooManyWriters(MAX_WRITERS);
            _state.writerCount = uint8(id);
            _writerById[id] = writer;
        }
        _writers[writer] = (id << 1) | (allowed ? 1 : 0);
        emit WriterUpdated(writer, allowed);
    }

    /// @inheritdoc ILog
    function setDayTimes(uint256 dayTimes_) external onlyOwner {
        _setDayTimes(dayTimes_);
    }

    /// @inheritdoc ILog
    function isWriter(address account) external view returns (bool) {
        return _writers[account] & 1 == 1;
    }

    /// @inheritdoc ILog
    function dayTimes() external view returns (uint256) {
        return _state.dayTimes;
    }

    /// @inheritdoc ILog
    function totalLog() external view returns (uint256) {
        return _total(_loadState());
    }

    /// @inheritdoc ILog
    function getUserLogs(
        address account,
        uint256 offset,
        uint256 count
    ) external view returns (Entry[] memory entries, uint256 total) {
        total = uint64(_heads[account]);
        if (offset >= total) return (new Entry[](0), total);
        uint256 size = _min(_min(count, total - offset), MAX_PAGE);
        entries = new Entry[](size);
        for (uint256 i; i < size; ++i) entries[i] = _entry(account, total - 1 - offset - i);
    }

    /// @inheritdoc ILog
    function getUserActionLogs(
        address account,
        uint8 action,
        uint256 offset,
        uint256 count
    ) external view returns (Entry[] memory, uint256) {
        return _filter(account, 0, action, offset, count);
    }

    /// @inheritdoc ILog
    function getUserSymbolLogs(
        address account,
        uint8 symbol,
        uint256 offset,
        uint256 count
    ) external view returns (Entry[] memory, uint256) {
        return _filter(account, symbol, 0, offset, count);
    }

    /// @inheritdoc ILog
    function getUserSymbolActions(
        address account,
        uint8 symbol,
        uint8 action,
        uint256 offset,
        uint256 count
    ) external view returns (Entry[] memory, uint256) {
        return _filter(account, symbol, action, offset, count);
    }

    /// @inheritdoc ILog
    function getUserReward(address account, uint8 symbol) public view returns (Reward memory) {
        RewardRecord storage reward = _rewards[account][symbol];
        uint256 day = block.timestamp / _state.dayTimes;
        if (reward.day == day) return Reward({total: reward.total, yesterday: reward.yesterday, today: reward.today});
        if (reward.day + 1 == day) return Reward({total: reward.total, yesterday: reward.today, today: 0});
        return Reward({total: reward.total, yesterday: 0, today: 0});
    }

    /// @inheritdoc ILog
    function getUserRewards(address account, uint8[] calldata symbols) external view returns (Reward[] memory rewards) {
        if (symbols.length > MAX_PAGE) revert LogTooManySymbols(symbols.length, MAX_PAGE);
        rewards = new Reward[](symbols.length);
        for (uint256 i; i < symbols.length; ++i) rewards[i] = getUserReward(account, symbols[i]);
    }

    /// @dev The caller's writer word (its id shifted left by one, bit 0 set); reverts unless it may write.
    function _writer() private view returns (uint256 writer) {
        writer = _writers[msg.sender];
        if (writer & 1 == 0) revert LogUnauthorizedWriter(msg.sender);
    }

    function _checkCreditSymbol(uint8 symbol) private pure {
        if (symbol == 0 || symbol > LogCodes.MAX_SYMBOL) revert LogUnknownCode(symbol, 0);
    }

    /// @dev {addLog}'s entry of `owner`'s own action, its counterparty the writer, at global index `_total(state)`
    /// (the caller stores the count): the same checks, word and {LogAdded}. `writer` is the caller's writer word.
    function _addEntry(
        uint256 writer,
        address owner,
        uint8 symbol,
        uint8 action,
        uint256 amount,
        uint256 balance,
        uint256 state
    ) private {
        if (owner == address(0)) revert LogInvalidOwner(owner);
        if (!LogCodes.isValid(symbol, action)) revert LogUnknownCode(symbol, action);
        if (LogCodes.isCredit(action)) revert LogWrongEntryKind(action);
        uint256 index = _total(state);
        if (LogCodes.isReward(action)) _addReward(_rewards[owner][symbol], amount, _day(state));
        uint256 position = _push(owner, index);
        uint256 word =
            (uint256(uint32(block.timestamp)) << TIME_SHIFT) |
                ((index & LOW_MASK) << INDEX_SHIFT) |
                (uint256(symbol) << SYMBOL_SHIFT) |
                (uint256(action) << ACTION_SHIFT) |
                _figures(owner, position, amount, balance) |
                ((writer >> 1) << WRITER_SHIFT);
        _entries[owner][position] = word;
        _emitAdded(index, owner, msg.sender, position, word, amount, balance);
    }

    function _emitAdded(
        uint256 index,
        address owner,
        address from,
        uint256 position,
        uint256 word,
        uint256 amount,
        uint256 balance
    ) private {
        uint8 action = uint8((word >> ACTION_SHIFT) & 0x3f);
        emit LogAdded(
            index,
            owner,
            from,
            msg.sender,
            position,
            uint8((word >> SYMBOL_SHIFT) & 0xf),
            action,
            LogCodes.isReduce(action),
            LogCodes.isReward(action),
            amount,
            balance,
            block.timestamp
        );
    }

    /// @dev `state` with the count after the credits of {addLogAndCredits} (in `symbol`, by `from`), the first at
    /// global index `first`.
    function _withCredits(
        uint256 state,
        uint256 first,
        address from,
        uint8 symbol,
        uint256[] calldata credits
    ) private returns (uint256) {
        _checkCreditSymbol(symbol);
        return _withTotal(state, _addCredits(credits, symbol, from, _day(state), first));
    }

    /// @dev The credits of {addCredits}, the first at global index `index`; returns the index after the last.
    function _addCredits(
        uint256[] calldata credits,
        uint8 symbol,
        address from,
        uint256 day,
        uint256 index
    ) private returns (uint256) {
        uint256 count = credits.length;
        for (uint256 i; i < count; ++i) {
            uint256 credit = credits[i];
            uint256 amount = uint88(credit >> 160);
            if (amount == BIG) {
                // the exact amount is the next word (see {ILog-addCredits})
                if (++i == count) revert LogCreditAmountMissing();
                amount = credits[i];
            }
            _addCredit(credit, amount, symbol, from, day, index);
            ++index;
        }
        return index;
    }

    /// @dev One credit of {addCredits}: `credit` as it takes them, `amount` its exact amount, in `symbol`, at
    /// global index `index`. No storage word: the credit is its {LogAdded} event
    /// (`userIndex` {CREDIT_USER_INDEX}), and a credit action of `LogCodes.REWARD` its owner's reward record.
    function _addCredit(
        uint256 credit,
        uint256 amount,
        uint8 symbol,
        address from,
        uint256 day,
        uint256 index
    ) private {
        address owner = address(uint160(credit));
        uint8 action = uint8(credit >> 248);
        if (owner == address(0)) revert LogInvalidOwner(owner);
        if (!LogCodes.isCredit(action)) revert LogWrongEntryKind(action);
        if (LogCodes.isReward(action)) _addReward(_rewards[owner][symbol], amount, day);
        // the event of an entry whose word would hold this symbol and action (balance 0, no position in a list)
        uint256 word = (uint256(symbol) << SYMBOL_SHIFT) | (uint256(action) << ACTION_SHIFT);
        _emitAdded(index, owner, from, CREDIT_USER_INDEX, word, amount, 0);
    }

    /// @dev Appends an entry of global index `index` to `owner`'s list; returns its position. The first entry of
    /// `owner` in a new high part of the index (one in 2**32 entries of the whole log) records where it starts.
    function _push(address owner, uint256 index) private returns (uint256 position) {
        uint256 head = _heads[owner];
        position = uint64(head);
        uint256 high = index >> 32;
        if (high != head >> HIGH_SHIFT) {
            _highStarts[owner][high] = position + 1;
            head = (head & ((1 << HIGH_SHIFT) - 1)) | (high << HIGH_SHIFT);
        }
        unchecked {
            _heads[owner] = head + 1; // fewer than 2**64 entries: the length never carries into the id
        }
    }

    /// @dev The global index of `account`'s entry at `position` whose word holds `word`: its high part is the
    /// largest that starts at or before `position` (the loop runs at most once per 2**32 entries of the log).
    function _indexOf(address account, uint256 position, uint256 word) private view returns (uint256) {
        uint256 high = _heads[account] >> HIGH_SHIFT;
        while (high != 0) {
            uint256 start = _highStarts[account][high];
            if (start != 0 && start <= position + 1) break;
            --high;
        }
        return (high << 32) | ((word >> INDEX_SHIFT) & LOW_MASK);
    }

    /// @dev {State} as one word (read once and written once by an entry; the compiler's field-by-field access of a
    /// packed struct reads and writes the slot once per field).
    function _loadState() private view returns (uint256 state) {
        assembly ("memory-safe") {
            state := sload(_state.slot)
        }
    }

    function _storeState(uint256 state) private {
        assembly ("memory-safe") {
            sstore(_state.slot, state)
        }
    }

    /// @dev The global entry count in `state`: `total` (bits 0-31) and `totalHigh` (104-135).
    function _total(uint256 state) private pure returns (uint256) {
        return (state & LOW_MASK) | (((state >> TOTAL_HIGH_SHIFT) & LOW_MASK) << 32);
    }

    /// @dev `state` with the global entry count `total` (checked to 64 bits: E < 2**41 entries in ten years).
    function _withTotal(uint256 state, uint256 total) private pure returns (uint256) {
        total = SafeCast.toUint64(total);
        return
            (state & ~(LOW_MASK | (LOW_MASK << TOTAL_HIGH_SHIFT))) |
            (total & LOW_MASK) |
            ((total >> 32) << TOTAL_HIGH_SHIFT);
    }

    /// @dev Today's day number by the length of a day in `state`.
    function _day(uint256 state) private view returns (uint256) {
        return block.timestamp / _dayTimes(state);
    }

    /// @dev The length of a day in `state` (`dayTimes`, bits 32-63).
    function _dayTimes(uint256 state) private pure returns (uint256) {
        return (state >> 32) & LOW_MASK;
    }

    /// @dev The amount and balance bits of `owner`'s entry at `position`: each figure itself when it fits, else
    /// {BIG}, its exact value then written to `_bigs`.
    function _figures(address owner, uint256 position, uint256 amount, uint256 balance) private returns (uint256 bits) {
        if (amount >= BIG) {
            _bigs[owner][position].amount = amount;
            amount = BIG;
        }
        if (balance >= BIG) {
            _bigs[owner][position].balance = balance;
            balance = BIG;
        }
        return amount | (balance << BALANCE_SHIFT);
    }

    /// @dev Adds `amount` (any amount) to a reward record on `day`. The figures saturate:
    /// `today` stays at 2**96 - 1 (257 entries of the largest amount in one day reach it) and `total` at 2**128 - 1
    /// instead of reverting, so that no sequence of entries can make a later entry revert, nor the claim or mint that
    /// writes it; below those bounds they are exact (`test/LogProperty.ts`). The record's first word (total, today,
    /// day: {RewardRecord}'s first three fields, lowest first) is read once and written once.
    function _addReward(RewardRecord storage reward, uint256 amount, uint256 day) private {
        uint256 word;
        assembly ("memory-safe") {
            word := sload(reward.slot)
        }
        uint256 total = uint128(word);
        uint256 today = uint96(word >> 128);
        uint256 last = word >> 224;
        if (last != day) {
            uint128 yesterday = last + 1 == day ? uint128(today) : 0;
            // a record never written (word 0) has no `yesterday` to clear: its first reward skips that cold read
            if (yesterday != 0 || (word != 0 && reward.yesterday != 0)) reward.yesterday = yesterday;
            today = 0;
        }
        total = _saturatingAdd(total, amount, type(uint128).max);
        today = _saturatingAdd(today, amount, type(uint96).max);
        word = total | (today << 128) | (uint256(uint32(day)) << 224);
        assembly ("memory-safe") {
            sstore(reward.slot, word)
        }
    }

    /// @dev `account`'s entries matching `symbol` and `action` (0: any), newest first, from the `offset`-th match;
    /// `total` counts every match (the scan reads the whole list: a view's cost, paid by no writer).
    function _filter(
        address account,
        uint8 symbol,
        uint8 action,
        uint256 offset,
        uint256 count
    ) private view returns (Entry[] memory entries, uint256 total) {
        mapping(uint256 => uint256) storage words = _entries[account];
        uint256 size = _min(count, MAX_PAGE);
        entries = new Entry[](size);
        uint256 found;
        for (uint256 position = uint64(_heads[account]); position > 0;) {
            --position;
            uint256 word = words[position];
            if (symbol != 0 && (word >> SYMBOL_SHIFT) & 0xf != symbol) continue;
            if (action != 0 && (word >> ACTION_SHIFT) & 0x3f != action) continue;
            if (total >= offset && found < size) entries[found++] = _entry(account, position);
            ++total;
        }
        assembly ("memory-safe") {
            mstore(entries, found)
        }
    }

    function _entry(address account, uint256 position) private view returns (Entry memory) {
        uint256 word = _entries[account][position];
        uint8 action = uint8((word >> ACTION_SHIFT) & 0x3f);
        bool isCredit = LogCodes.isCredit(action);
        address from;
        uint256 amount = uint88(word);
        uint256 balance = uint88(word >> BALANCE_SHIFT);
        if (isCredit) {
            from = _accountById[balance];
            balance = 0;
        } else if ((word >> HAS_FROM_SHIFT) == 0) {
            from = _writerById[(word >> WRITER_SHIFT) & 0x1f];
        } else if ((word >> WRITER_SHIFT) & 0x1f == FROM_INLINE) {
            from = address(uint160(word));
            (amount, balance) = (0, 0);
        } else {
            from = _froms[account][position];
        }
        if (amount == BIG) amount = _bigs[account][position].amount;
        if (balance == BIG) balance = _bigs[account][position].balance;
        return
            Entry({
                isReduce: LogCodes.isReduce(action),
                index: _indexOf(account, position, word),
                userIndex: position,
                symbol: uint8((word >> SYMBOL_SHIFT) & 0xf),
                action: action,
                amount: amount,
                balance: balance,
                startTime: uint32(word >> TIME_SHIFT),
                owner: account,
                from: from
            });
    }

    /// @dev `a + b`, at most `max` (`a <= max`), without overflowing for any `b`.
    function _saturatingAdd(uint256 a, uint256 b, uint256 max) private pure returns (uint256) {
        return b >= max - a ? max : a + b;
    }

    function _min(uint256 a, uint256 b) private pure returns (uint256) {
        return a < b ? a : b;
    }

    function _setDayTimes(uint256 dayTimes_) private {
        Bounds.check("dayTimes", dayTimes_, MIN_DAY_TIMES, MAX_DAY_TIMES);
        emit DayTimesUpdated(_state.dayTimes, dayTimes_);
        _state.dayTimes = uint32(dayTimes_);
    }
}
