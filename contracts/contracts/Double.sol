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

    /// @dev Two slots; `reward` is `amount * MULTIPLE`; a `fomoIndex` of 2**24 - 1 or more lives in `_fomoIndexes`.
    struct RecordData {
        address owner;
        uint40 startTime;
        uint40 endTime;
        uint16 price;
        uint96 amount;
        uint104 released;
        bool isValid;
        uint24 userIndex;
        uint24 fomoIndex;
    }

    struct UserData {
        uint32 index;
        uint32 stakes;
        uint32 cursor;
        uint40 lastOut;
        uint128 amount;
        uint128 total;
        uint128 rewardRelease;
    }

    /// @dev What has left the pool: released to users (fees included) and paid out; one slot, both written by a
    /// claim.
    struct Outflows {
        uint128 totalRelease;
        uint128 totalExtract;
    }

    IERC20 private _usdt;
    ILog private _log;
    Config private _config;
    Outflows private _outflows;
    RecordData[] private _records; // index 0 unused: record indexes start at 1
    mapping(address account => UserData user) private _users;
    mapping(uint256 index => uint256 fomoIndex) private _fomoIndexes; // only for fomoIndex >= 2**24 - 1
    /// @dev A user's record indexes, 8 per slot (32 bits each); `_users[account].stakes` counts them.
    mapping(address account => mapping(uint256 page => uint256 indexes)) private _recordPages;
    /// @dev `totalUser` and `totalAmount` in one slot that initialisation makes non-zero, so that the pool's first
    /// deposit pays no zero-to-non-zero write for them.
    Hot private _hot;
    /// @dev Contracts that may open records for another account (the Fomo pools, for their buyers); anyone else
    /// deposits only for itself, so nobody can fill a victim's claim window with dust records (issue 19 #7).
    mapping(address depositor => bool allowed) private _depositors;

    struct Hot {
        uint128 totalAmount;
        uint64 totalUser;
        uint40 openedAt;
    }

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
        _usdt = IERC20(usdt_);
        _log = ILog(log_);
        _records.push();
        _hot.openedAt = uint40(block.timestamp);
        _setConfig(config);
        emit LogUpdated(log_);
    }

    /// @inheritdoc IDouble
    function deposit(address account, uint256 amount, uint256 fomoIndex) external whenNotPaused nonReentrant {
        if (account == address(0)) revert DoubleInvalidAccount(account);
        if (account != msg.sender && !_depositors[msg.sender]) revert DoubleNotDepositor(msg.sender, account);
        if (amount == 0 || amount > MAX_AMOUNT) revert DoubleAmountOutOfRange(amount, 1, MAX_AMOUNT);
        Config storage config = _config;
        // `openClaim` false closes the pool to new money only (issue 19): claims of what records are owed go on
        if (!config.openClaim) revert DoubleDepositsClosed();
        UserData storage user = _users[account];
        // the user number informs only: it saturates at 2^32 - 1 rather than wrap (the count itself is 64 bits)
        if (user.index == 0) user.index = uint32(Math.min(++_hot.totalUser, type(uint32).max));
        uint256 index = _records.length;
        uint256 price = config.price;
        // ceil(BPS / price) days, so that `price` bp of the reward vest per day at most
        uint256 endTime = block.timestamp + ((FeeMath.BPS + price - 1) / price) * config.dayTimes;
        uint256 reward = amount * MULTIPLE;
        _records.push(
            RecordData({
                owner: account,
                startTime: uint40(block.timestamp),
                endTime: uint40(endTime),
                price: uint16(price),
                amount: uint96(amount),
                released: 0,
                isValid: true,
                userIndex: uint24(user.stakes),
                fomoIndex: uint24(Math.min(fomoIndex, type(uint24).max))
            })
        );
        if (fomoIndex >= type(uint24).max) _fomoIndexes[index] = fomoIndex;
        _pushRecord(account, user.stakes, index);
        ++user.stakes;
        user.amount += uint128(amount);
        user.total += uint128(amount);
        _hot.totalAmount += uint128(amount);
        emit Deposited(account, msg.sender, index, fomoIndex, amount, reward, endTime);
        // an account's own deposit is its action; a depositor's (a FOM order's share) is in that order's entry
        if (msg.sender == account) {
            LogCodes.write(
                _log,
                account,
                address(this),
                LogCodes.SYMBOL_USDT,
                LogCodes.ACTION_DOUBLE_DEPOSIT,
                amount,
                user.amount
            );
        }
        _usdt.safeTransferFrom(msg.sender, address(this), amount);
    }

    /// @inheritdoc IDouble
    function claim() external nonReentrant {
        // neither a pause nor `openClaim` stops a claim: what vested is the user's (issue 19)
        UserData storage user = _users[msg.sender];
        uint256 available = _usdt.balanceOf(address(this));
        uint256 released;
        uint256 cursor = user.cursor;
        bool prefixDone = true;
        uint256 end = user.stakes;
        if (end > cursor + MAX_CLAIM) end = cursor + MAX_CLAIM;
        for (uint256 i = cursor; i < end && released < available; ++i) {
            uint256 index = _recordAt(msg.sender, i);
            RecordData storage record = _records[index];
            if (!record.isValid) {
                if (prefixDone) cursor = i + 1;
                continue;
            }
            uint256 due = _vested(record) - record.released;
            if (due > available - released) due = available - released;
            if (due == 0) {
                prefixDone = false;
                continue;
            }
            record.released += uint104(due);
            released += due;
            bool completed = record.released == uint256(record.amount) * MULTIPLE;
            if (completed) {
                record.isValid = false;
                user.amount -= record.amount;
                if (prefixDone) cursor = i + 1;
            } else {
                prefixDone = false;
            }
            emit Released(msg.sender, index, due, completed);
        }
        if (released == 0) revert DoubleNothingToClaim(msg.sender);
        user.cursor = uint32(cursor);
        user.rewardRelease += uint128(released);
        user.lastOut = uint40(block.timestamp);
        (uint256 fee, uint256 paid) = FeeMath.split(released, _config.feeRate);
        Outflows storage outflows = _outflows;
        outflows.totalRelease += SafeCast.toUint128(released);
        outflows.totalExtract += SafeCast.toUint128(paid);
        emit Claimed(msg.sender, released, fee);
        _usdt.safeTransfer(msg.sender, paid);
        LogCodes.write(
            _log,
            msg.sender,
            address(this),
            LogCodes.SYMBOL_USDT,
            LogCodes.ACTION_DOUBLE_CLAIM,
            paid,
            user.amount
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
        _log = ILog(log_);
        emit LogUpdated(log_);
    }

    /// @inheritdoc IDouble
    function getConfig() external view returns (Config memory) {
        return _config;
    }

    /// @inheritdoc IDouble
    function getTotals() external view returns (Totals memory totals) {
        totals.totalRelease = _outflows.totalRelease;
        totals.totalExtract = _outflows.totalExtract;
        totals.totalUser = _hot.totalUser;
        totals.totalAmount = _hot.totalAmount;
        totals.totalStakes = _records.length - 1;
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
        if (index == 0 || index >= _records.length) return _emptyRecord();
        RecordData storage r = _records[index];
        return
            Record({
                isValid: r.isValid,
                index: index,
                userIndex: r.userIndex,
                fomoIndex: r.fomoIndex == type(uint24).max ? _fomoIndexes[index] : r.fomoIndex,
                amount: r.amount,
                price: r.price,
                reward: uint256(r.amount) * MULTIPLE,
                startTime: r.startTime,
                endTime: r.endTime,
                owner: r.owner,
                released: r.released
            });
    }

    /// @inheritdoc IDouble
    function getSolvency() external view returns (uint256 held, uint256 owed) {
        held = _usdt.balanceOf(address(this));
        owed = _claimable(address(_usdt));
    }

    /// @inheritdoc IDouble
    function getLine(uint256 index) external view returns (Line memory line) {
        line.held = _usdt.balanceOf(address(this));
        line.owed = _claimable(address(_usdt));
        if (index == 0 || index >= _records.length || !_records[index].isValid) return line;
        line.owedSelf = _outstanding(_records[index]);
        line.position = 1;
        uint256 stop = index > MAX_LINE_SCAN ? index - MAX_LINE_SCAN : 1;
        line.complete = stop == 1;
        for (uint256 i = index - 1; i >= stop; --i) {
            RecordData storage record = _records[i];
            if (record.isValid) {
                line.owedAhead += _outstanding(record);
                ++line.position;
            }
            if (i == 1) break;
        }
    }

    /// @inheritdoc IDouble
    function usdt() external view returns (address) {
        return address(_usdt);
    }

    /// @dev Outstanding rewards of all records: all the pool holds belongs to them.
    function _claimable(address token) internal view override returns (uint256) {
        return token == address(_usdt) ? uint256(_hot.totalAmount) * MULTIPLE - _outflows.totalRelease : 0;
    }

    /// @dev Stores record `index` at `position` of `account`'s records (8 per slot: most deposits update a slot).
    function _pushRecord(address account, uint256 position, uint256 index) private {
        Bounds.check("record", index, 1, type(uint32).max);
        _recordPages[account][position / 8] |= index << (32 * (position % 8));
    }

    /// @dev The index of `account`'s record at `position` (below `_users[account].stakes`).
    function _recordAt(address account, uint256 position) private view returns (uint256) {
        return (_recordPages[account][position / 8] >> (32 * (position % 8))) & type(uint32).max;
    }

    function _vested(RecordData storage record) private view returns (uint256) {
        uint256 start = record.startTime;
        uint256 end = record.endTime;
        uint256 reward = uint256(record.amount) * MULTIPLE;
        if (block.timestamp >= end) return reward;
        return (reward * (block.timestamp - start)) / (end - start);
    }

    /// @dev What `claim()` would release now for `account` (the same walk, without writing).
    function _outstanding(RecordData storage record) private view returns (uint256) {
        return uint256(record.amount) * MULTIPLE - record.released;
    }

    function _claimableOf(address account) private view returns (uint256 released) {
        uint256 available = _usdt.balanceOf(address(this));
        uint256 cursor = _users[account].cursor;
        uint256 end = _users[account].stakes;
        if (end > cursor + MAX_CLAIM) end = cursor + MAX_CLAIM;
        for (uint256 i = cursor; i < end; ++i) {
            RecordData storage record = _records[_recordAt(account, i)];
            if (record.isValid) released += _vested(record) - record.released;
        }
        if (released > available) released = available;
    }

    function _emptyRecord() private pure returns (Record memory empty) {}

    function _setConfig(Config calldata config) private {
        Bounds.check("dayTimes", config.dayTimes, MIN_DAY_TIMES, MAX_DAY_TIMES);
        Bounds.check("feeRate", config.feeRate, 0, MAX_FEE_RATE);
        Bounds.check("price", config.price, MIN_PRICE, MAX_PRICE);
        _config = config;
        emit ConfigUpdated(config);
    }
}
