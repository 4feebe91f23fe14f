// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Math} from "@openzeppelin/contracts/utils/math/Math.sol";
import {NexusUpgradeable} from "./base/NexusUpgradeable.sol";
import {IDouble} from "./interfaces/IDouble.sol";
import {ILog} from "./interfaces/ILog.sol";
import {LogCodes} from "./libraries/LogCodes.sol";
import {FeeMath} from "./libraries/FeeMath.sol";
import {Paging} from "./libraries/Paging.sol";
import {SafeCast} from "@openzeppelin/contracts/utils/math/SafeCast.sol";
import {Bounds} from "./libraries/Bounds.sol";

/// @title Double: the doubling deposit (see {IDouble})
/// @notice Deployed behind an ERC-1967 proxy. Everything it holds belongs to the records' owners: `_claimable`
/// is the outstanding reward of every record, so `withdrawExcess` only takes USDT beyond that (normally none).
contract Double is NexusUpgradeable, IDouble {
    using SafeERC20 for IERC20;

    /// @notice A record releases at most this multiple of its amount.
    uint256 public constant MULTIPLE = 2;
    /// @notice The most records one claim releases from.
    uint256 public constant MAX_CLAIM = 20;
    /// @notice Bounds of the config.
    uint256 public constant MIN_DAY_TIMES = 60;
    uint256 public constant MAX_DAY_TIMES = 7 days;
    uint256 public constant MAX_FEE_RATE = 2_000;
    uint256 public constant MIN_PRICE = 10;
    uint256 public constant MAX_PRICE = FeeMath.BPS;
    /// @notice The most older records `getLine` counts.
    uint256 public constant MAX_LINE_SCAN = 5_000;
    /// @notice The largest deposit (amounts are stored in 96 bits).
    uint256 public constant MAX_AMOUNT = 1e28;

    /// @dev A record is one word, all a deposit writes (`R_*` the offsets of its fields): the owner's account
    /// number (32 bits, `_accounts` maps it back), the amount (96), the start time (40), the config's `dayTimes`
    /// (23) and `price` (16) at the deposit (the end time is `start + ceil(BPS / price) * dayTimes`, as computed at
    /// the deposit), the record's position in its owner's list (24), the FOM order index (24; one of 2**24 - 1 or
    /// more lives in `_fomoIndexes`) and `R_DONE` once the record has released all its reward. What a record released
    /// before it completes is in `_releasedPairs` (written by its first claim, not by the deposit).
    uint256 private constant R_AMOUNT = 32;
    uint256 private constant R_START = 128;
    uint256 private constant R_DAY = 168;
    uint256 private constant R_DONE = 1 << 191;
    uint256 private constant R_PRICE = 192;
    uint256 private constant R_POSITION = 208;
    uint256 private constant R_FOMO = 232;
    uint256 private constant MASK_DAY = (1 << 23) - 1;
    uint256 private constant MASK_RELEASED = type(uint128).max;

    /// @dev The first slot is all a deposit changes (the user number is its first deposit's), the second a claim's
    /// (and the first when a record completes).
    struct UserData {
        uint40 index;
        uint24 stakes;
        uint96 amount;
        uint96 total;
        uint32 cursor;
        uint40 lastOut;
        uint128 rewardRelease;
    }

    /// @dev The token and the config in one slot, read by every deposit and claim.
    struct Settings {
        IERC20 usdt;
        uint32 dayTimes;
        uint16 feeRate;
        uint16 price;
        bool openClaim;
    }

    /// @dev The slot every deposit writes: what was deposited and what was paid out (so that a depositor's deposit
    /// checks in the same read that the pool holds what it was paid) and the record count, which initialisation
    /// makes non-zero so that the pool's first deposit pays no zero-to-non-zero write for it.
    struct Hot {
        uint112 totalAmount;
        uint112 totalExtract;
        uint32 count;
    }

    /// @dev The Log and the user count (written by an account's first deposit only).
    struct Meta {
        ILog log;
        uint40 totalUser;
    }

    Settings private _settings;
    Meta private _meta;
    Hot private _hot;
    /// @dev What all records released to users (fees included).
    uint256 private _totalRelease;
    mapping(uint256 index => uint256 record) private _records; // indexes start at 1, below `_hot.count`
    mapping(address account => UserData user) private _users;
    mapping(uint256 index => uint256 fomoIndex) private _fomoIndexes; // only for fomoIndex >= 2**24 - 1
    /// @dev A user's record indexes, 8 per slot (32 bits each); `_users[account].stakes` counts them.
    mapping(address account => mapping(uint256 page => uint256 indexes)) private _recordPages;
    /// @dev Contracts that may open records for another account (the Fomo pools, for their buyers); anyone else
    /// deposits only for itself, so nobody can fill a victim's claim window with dust records (issue 19 #7).
    mapping(address depositor => bool allowed) private _depositors;
    /// @dev What a record released until it completes, two records per slot (128 bits each) by their owner's number
    /// and their positions in its list (so that a view reads it from the record alone): a record's first claim
    /// writes it, a completing claim sets `R_DONE` in the record instead.
    mapping(uint256 number => mapping(uint256 pair => uint256 released)) private _releasedPairs;
    /// @dev An account by its number (its first deposit's `_meta.totalUser`), the owner of a record.
    mapping(uint256 number => address account) private _accounts;

    /// @custom:oz-upgrades-unsafe-allow constructor
    constructor() {
        _disableInitializers();
    }

    /// @notice Initializes the proxy.
    function initialize(
        address owner_,
        uint256 upgradeDelay_,
        address usdt_,
        address log_,
        Config calldata config
    ) external initializer {
        __NexusUpgradeable_init(owner_, upgradeDelay_);
        _settings.usdt = IERC20(usdt_);
        _meta.log = ILog(log_);
        _hot.count = 1;
        _setConfig(config);
        emit LogUpdated(log_);
    }

    /// @inheritdoc IDouble
    function deposit(address account, uint256 amount, uint256 fomoIndex) external whenNotPaused nonReentrant {
        if (account == address(0)) revert DoubleInvalidAccount(account);
        if (account != msg.sender && !_depositors[msg.sender]) revert DoubleNotDepositor(msg.sender, account);
        Settings memory settings = _settings;
        uint256 userAmount = _open(settings, account, amount, fomoIndex);
        // an account's own deposit is its action; a depositor's (a FOM order's share) is in that order's entry
        if (msg.sender == account) {
            LogCodes.write(
                _meta.log,
                account,
                address(this),
                LogCodes.SYMBOL_USDT,
                LogCodes.ACTION_DOUBLE_DEPOSIT,
                amount,
                userAmount
            );
        }
        settings.usdt.safeTransferFrom(msg.sender, address(this), amount);
    }

    /// @inheritdoc IDouble
    function depositFor(address account, uint256 amount, uint256 fomoIndex) external whenNotPaused nonReentrant {
        if (account == address(0)) revert DoubleInvalidAccount(account);
        if (!_depositors[msg.sender]) revert DoubleNotDepositor(msg.sender, account);
        Settings memory settings = _settings;
        _open(settings, account, amount, fomoIndex);
        // the depositor paid before the call: every deposit made (this one included) less every payout must still
        // be held (USDT sent outside a deposit is the only slack; an owner's `withdrawExcess` takes only USDT that
        // no record is owed, which is beyond it)
        Hot memory hot = _hot;
        uint256 held = settings.usdt.balanceOf(address(this));
        if (held + hot.totalExtract < hot.totalAmount) {
            revert DoubleNotPaid(msg.sender, held, uint256(hot.totalAmount) - hot.totalExtract);
        }
    }

    /// @dev Opens record `_hot.count` of `amount` for `account` at `settings` (bounds, `openClaim`), updates the
    /// account and the totals and emits {Deposited}; returns the account's amount after it.
    function _open(
        Settings memory settings,
        address account,
        uint256 amount,
        uint256 fomoIndex
    ) private returns (uint256) {
        if (amount == 0 || amount > MAX_AMOUNT) revert DoubleAmountOutOfRange(amount, 1, MAX_AMOUNT);
        // `openClaim` false closes the pool to new money only (issue 19): claims of what records are owed go on
        if (!settings.openClaim) revert DoubleDepositsClosed();
        (uint256 number, uint256 position, uint256 userAmount) = _addToUser(account, amount);
        uint256 index = _addToTotals(amount);
        _recordPages[account][position / 8] |= index << (32 * (position % 8));
        uint256 endTime = _writeRecord(settings, index, number, amount, position, fomoIndex);
        emit Deposited(account, msg.sender, index, fomoIndex, amount, amount * MULTIPLE, endTime);
        return userAmount;
    }

    /// @dev Adds a record of `amount` to `account` (numbering the account at its first deposit): returns the
    /// account's number, the record's position in its list and the account's amount after it.
    function _addToUser(
        address account,
        uint256 amount
    ) private returns (uint256 number, uint256 position, uint256 userAmount) {
        UserData storage user = _users[account];
        uint40 index = user.index;
        if (index == 0) {
            // the account's first deposit numbers it (checked arithmetic: 2^40 accounts cannot each pay a record)
            index = ++_meta.totalUser;
            _accounts[index] = account;
        }
        // every numbered account has a record, so its number is below the record count (32 bits)
        number = SafeCast.toUint32(index);
        position = user.stakes;
        userAmount = user.amount + amount;
        uint24 stakes = SafeCast.toUint24(position + 1);
        uint96 newAmount = SafeCast.toUint96(userAmount);
        uint96 total = SafeCast.toUint96(user.total + amount);
        // one write of the account's deposit slot
        user.index = index;
        user.stakes = stakes;
        user.amount = newAmount;
        user.total = total;
    }

    /// @dev Counts a record of `amount` in the totals; returns its index.
    function _addToTotals(uint256 amount) private returns (uint256 index) {
        Hot storage hot = _hot;
        index = hot.count;
        if (index == 0 || index > type(uint32).max - 1) Bounds.check("record", index, 1, type(uint32).max - 1);
        uint32 count = SafeCast.toUint32(index + 1);
        uint112 totalAmount = SafeCast.toUint112(hot.totalAmount + amount);
        // one write of the totals' slot
        hot.count = count;
        hot.totalAmount = totalAmount;
    }

    /// @dev Writes record `index` (one word, see `R_AMOUNT`; each field is bounded before: the amount by `_open`,
    /// `dayTimes` and `price` by `setConfig`, the position by the 24-bit record count, the number by `_addToUser`,
    /// the order index clamped) and returns its end time.
    function _writeRecord(
        Settings memory settings,
        uint256 index,
        uint256 number,
        uint256 amount,
        uint256 position,
        uint256 fomoIndex
    ) private returns (uint256 endTime) {
        uint256 price = settings.price;
        uint256 dayTimes = settings.dayTimes;
        // ceil(BPS / price) days, so that `price` bp of the reward vest per day at most
        endTime = block.timestamp + ((FeeMath.BPS + price - 1) / price) * dayTimes;
        _records[index] =
            number |
            (amount << R_AMOUNT) |
            (block.timestamp << R_START) |
            (dayTimes << R_DAY) |
            (price << R_PRICE) |
            (position << R_POSITION) |
            (Math.min(fomoIndex, type(uint24).max) << R_FOMO);
        if (fomoIndex >= type(uint24).max) _fomoIndexes[index] = fomoIndex;
    }

    /// @inheritdoc IDouble
    function claim() external nonReentrant {
        // neither a pause nor `openClaim` stops a claim: what vested is the user's (issue 19)
        UserData storage user = _users[msg.sender];
        Settings memory settings = _settings;
        uint256 available = settings.usdt.balanceOf(address(this));
        uint256 released;
        uint256 cursor = user.cursor;
        bool prefixDone = true;
        uint256 end = user.stakes;
        if (end > cursor + MAX_CLAIM) end = cursor + MAX_CLAIM;
        uint256 amountBefore = user.amount;
        uint256 userAmount = amountBefore;
        uint256 number = user.index;
        for (uint256 i = cursor; i < end && released < available; ++i) {
            uint256 index = _recordAt(msg.sender, i);
            uint256 record = _records[index];
            if (record & R_DONE != 0) {
                if (prefixDone) cursor = i + 1;
                continue;
            }
            uint256 before = _releasedAt(number, i);
            uint256 due = _vested(record) - before;
            if (due > available - released) due = available - released;
            if (due == 0) {
                prefixDone = false;
                continue;
            }
            released += due;
            uint256 amount = _amountOf(record);
            bool completed = before + due == amount * MULTIPLE;
            if (completed) {
                // the record's word says it released all (its released figure is then its reward)
                _records[index] = record | R_DONE;
                userAmount -= amount;
                if (prefixDone) cursor = i + 1;
            } else {
                _setReleasedAt(number, i, before + due);
                prefixDone = false;
            }
            emit Released(msg.sender, index, due, completed);
        }
        if (released == 0) revert DoubleNothingToClaim(msg.sender);
        // completed records leave the account's amount (the deposit's slot is written only then)
        if (userAmount != amountBefore) user.amount = SafeCast.toUint96(userAmount);
        user.cursor = uint32(cursor);
        user.rewardRelease += uint128(released);
        user.lastOut = uint40(block.timestamp);
        (uint256 fee, uint256 paid) = FeeMath.split(released, settings.feeRate);
        _totalRelease += released;
        _hot.totalExtract += SafeCast.toUint112(paid);
        emit Claimed(msg.sender, released, fee);
        settings.usdt.safeTransfer(msg.sender, paid);
        LogCodes.write(
            _meta.log,
            msg.sender,
            address(this),
            LogCodes.SYMBOL_USDT,
            LogCodes.ACTION_DOUBLE_CLAIM,
            paid,
            userAmount
        );
    }

    /// @inheritdoc IDouble
    function setConfig(Config calldata config) external onlyOwner {
        _setConfig(config);
    }

    /// @inheritdoc IDouble
    function setDepositor(address depositor, bool allowed) external onlyOwner {
        _depositors[depositor] = allowed;
        emit DepositorUpdated(depositor, allowed);
    }

    /// @inheritdoc IDouble
    function isDepositor(address depositor) external view returns (bool) {
        return _depositors[depositor];
    }

    /// @inheritdoc IDouble
    function setLog(address log_) external onlyOwner {
        _meta.log = ILog(log_);
        emit LogUpdated(log_);
    }

    /// @inheritdoc IDouble
    function getConfig() external view returns (Config memory) {
        Settings memory settings = _settings;
        return
            Config({
                dayTimes: settings.dayTimes,
                feeRate: settings.feeRate,
                price: settings.price,
                openClaim: settings.openClaim
            });
    }

    /// @inheritdoc IDouble
    function getTotals() external view returns (Totals memory totals) {
        Hot memory hot = _hot;
        totals.totalRelease = _totalRelease;
        totals.totalExtract = hot.totalExtract;
        totals.totalUser = _meta.totalUser;
        totals.totalAmount = hot.totalAmount;
        totals.totalStakes = hot.count - 1;
        totals.totalActual = totals.totalAmount * MULTIPLE;
    }

    /// @inheritdoc IDouble
    function getUserInfo(address account) external view returns (User memory user, Record[] memory list) {
        UserData storage data = _users[account];
        user = User({
            index: data.index,
            amount: data.amount,
            total: data.total,
            rewardRelease: data.rewardRelease,
            balance: _claimableOf(account),
            stakes: data.stakes,
            lastOut: data.lastOut
        });
        (list, ) = getUserRecords(account, 0, Paging.MAX_PAGE);
    }

    /// @inheritdoc IDouble
    function getUserRecords(
        address account,
        uint256 offset,
        uint256 count
    ) public view returns (Record[] memory list, uint256 total) {
        total = _users[account].stakes;
        (uint256 start, uint256 size) = Paging.window(total, offset, count);
        list = new Record[](size);
        for (uint256 i; i < size; ++i) list[i] = records(_recordAt(account, start - i));
    }

    /// @inheritdoc IDouble
    function records(uint256 index) public view returns (Record memory) {
        if (index == 0 || index >= _hot.count) return _emptyRecord();
        uint256 record = _records[index];
        address owner = _accounts[record & type(uint32).max];
        uint256 fomoIndex = (record >> R_FOMO) & type(uint24).max;
        return
            Record({
                isValid: record & R_DONE == 0,
                index: index,
                userIndex: (record >> R_POSITION) & type(uint24).max,
                fomoIndex: fomoIndex == type(uint24).max ? _fomoIndexes[index] : fomoIndex,
                amount: _amountOf(record),
                price: (record >> R_PRICE) & type(uint16).max,
                reward: _amountOf(record) * MULTIPLE,
                startTime: (record >> R_START) & type(uint40).max,
                endTime: _endOf(record),
                owner: owner,
                released: _releasedOf(record)
            });
    }

    /// @inheritdoc IDouble
    function getSolvency() external view returns (uint256 held, uint256 owed) {
        held = _settings.usdt.balanceOf(address(this));
        owed = _claimable(address(_settings.usdt));
    }

    /// @inheritdoc IDouble
    function getLine(uint256 index) external view returns (Line memory line) {
        line.held = _settings.usdt.balanceOf(address(this));
        line.owed = _claimable(address(_settings.usdt));
        if (index == 0 || index >= _hot.count || _records[index] & R_DONE != 0) return line;
        line.owedSelf = _outstanding(_records[index]);
        line.position = 1;
        uint256 stop = index > MAX_LINE_SCAN ? index - MAX_LINE_SCAN : 1;
        line.complete = stop == 1;
        for (uint256 i = index - 1; i >= stop; --i) {
            uint256 record = _records[i];
            if (record & R_DONE == 0) {
                line.owedAhead += _outstanding(record);
                ++line.position;
            }
            if (i == 1) break;
        }
    }

    /// @inheritdoc IDouble
    function usdt() external view returns (address) {
        return address(_settings.usdt);
    }

    /// @dev Outstanding rewards of all records: all the pool holds belongs to them.
    function _claimable(address token) internal view override returns (uint256) {
        return token == address(_settings.usdt) ? uint256(_hot.totalAmount) * MULTIPLE - _totalRelease : 0;
    }

    /// @dev The index of `account`'s record at `position` (below `_users[account].stakes`).
    function _recordAt(address account, uint256 position) private view returns (uint256) {
        return (_recordPages[account][position / 8] >> (32 * (position % 8))) & type(uint32).max;
    }

    /// @dev What `record` has vested by now.
    function _vested(uint256 record) private view returns (uint256) {
        uint256 start = (record >> R_START) & type(uint40).max;
        uint256 end = _endOf(record);
        uint256 reward = _amountOf(record) * MULTIPLE;
        if (block.timestamp >= end) return reward;
        return (reward * (block.timestamp - start)) / (end - start);
    }

    /// @dev The amount of `record`.
    function _amountOf(uint256 record) private pure returns (uint256) {
        return (record >> R_AMOUNT) & type(uint96).max;
    }

    /// @dev The end time of `record`: its start plus ceil(BPS / price) times its `dayTimes`, as at its deposit.
    function _endOf(uint256 record) private pure returns (uint256) {
        uint256 price = (record >> R_PRICE) & type(uint16).max;
        return
            ((record >> R_START) & type(uint40).max) +
            ((FeeMath.BPS + price - 1) / price) * ((record >> R_DAY) & MASK_DAY);
    }

    /// @dev What `record` released: all its reward once done, else its figure in `_releasedPairs`.
    function _releasedOf(uint256 record) private view returns (uint256) {
        if (record & R_DONE != 0) return _amountOf(record) * MULTIPLE;
        return _releasedAt(record & type(uint32).max, (record >> R_POSITION) & type(uint24).max);
    }

    /// @dev What the record at `position` of account `number`'s list released (while it is not done).
    function _releasedAt(uint256 number, uint256 position) private view returns (uint256) {
        return (_releasedPairs[number][position / 2] >> (128 * (position % 2))) & MASK_RELEASED;
    }

    /// @dev Sets what the record at `position` of account `number`'s list released to `value` (at most twice its
    /// amount, below 2**95).
    function _setReleasedAt(uint256 number, uint256 position, uint256 value) private {
        uint256 shift = 128 * (position % 2);
        uint256 pair = _releasedPairs[number][position / 2];
        _releasedPairs[number][position / 2] = (pair & ~(MASK_RELEASED << shift)) | (value << shift);
    }

    /// @dev What a valid record may still release.
    function _outstanding(uint256 record) private view returns (uint256) {
        return _amountOf(record) * MULTIPLE - _releasedOf(record);
    }

    /// @dev What `claim()` would release now for `account` (the same walk, without writing).
    function _claimableOf(address account) private view returns (uint256 released) {
        uint256 available = _settings.usdt.balanceOf(address(this));
        uint256 cursor = _users[account].cursor;
        uint256 end = _users[account].stakes;
        uint256 number = _users[account].index;
        if (end > cursor + MAX_CLAIM) end = cursor + MAX_CLAIM;
        for (uint256 i = cursor; i < end; ++i) {
            uint256 record = _records[_recordAt(account, i)];
            if (record & R_DONE == 0) released += _vested(record) - _releasedAt(number, i);
        }
        if (released > available) released = available;
    }

    function _emptyRecord() private pure returns (Record memory empty) {}

    function _setConfig(Config calldata config) private {
        Bounds.check("dayTimes", config.dayTimes, MIN_DAY_TIMES, MAX_DAY_TIMES);
        Bounds.check("feeRate", config.feeRate, 0, MAX_FEE_RATE);
        Bounds.check("price", config.price, MIN_PRICE, MAX_PRICE);
        Settings storage settings = _settings;
        settings.dayTimes = uint32(config.dayTimes);
        settings.feeRate = uint16(config.feeRate);
        settings.price = uint16(config.price);
        settings.openClaim = config.openClaim;
        emit ConfigUpdated(config);
    }
}
