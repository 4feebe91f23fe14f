// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Math} from "@openzeppelin/contracts/utils/math/Math.sol";
import {SafeCast} from "@openzeppelin/contracts/utils/math/SafeCast.sol";
import {NexusUpgradeable} from "./base/NexusUpgradeable.sol";
import {ILog} from "./interfaces/ILog.sol";
import {LogCodes} from "./libraries/LogCodes.sol";
import {IMain} from "./interfaces/IMain.sol";
import {IPriceOracle} from "./interfaces/IPriceOracle.sol";
import {IStake} from "./interfaces/IStake.sol";
import {FeeMath} from "./libraries/FeeMath.sol";
import {Paging} from "./libraries/Paging.sol";
import {Bounds} from "./libraries/Bounds.sol";
import {StakeLib, IdoData, DepositConfig, ConfigData} from "./libraries/StakeLib.sol";

/// @title Stake: round-based USDT stakes paid in NEX within each round's reward cap (see {IStake})
/// @notice Deployed behind an ERC-1967 proxy. NEX users can claim, or that is reserved for their future releases,
/// is `_claimable(nex)`; the USDT staked is the platform's income and free to withdraw.
contract Stake is NexusUpgradeable, IStake {
    using SafeERC20 for IERC20;

    /// @notice The most stakes one claim releases from.
    uint256 public constant MAX_CLAIM = 20;
    /// @notice The most rounds.
    uint256 public constant MAX_ROUNDS = StakeLib.MAX_ROUNDS;
    /// @notice Config bounds.
    uint256 public constant MAX_ADD_TIME = StakeLib.MAX_ADD_TIME;
    uint256 public constant MIN_DAY_TIMES = StakeLib.MIN_DAY_TIMES;
    uint256 public constant MAX_DAY_TIMES = StakeLib.MAX_DAY_TIMES;
    uint256 public constant MAX_REFERRAL_RATE = StakeLib.MAX_REFERRAL_RATE;
    uint256 public constant MAX_ROUND_COOL = StakeLib.MAX_ROUND_COOL;
    uint256 public constant MAX_HANDLE_GAS = StakeLib.MAX_HANDLE_GAS;
    uint256 public constant MAX_FEE_RATE = StakeLib.MAX_FEE_RATE;
    uint256 public constant MAX_RELEASE_DAY = StakeLib.MAX_RELEASE_DAY;
    uint256 public constant MAX_IDO_RATE = StakeLib.MAX_IDO_RATE;
    uint256 public constant MAX_IDO_PRICE = StakeLib.MAX_IDO_PRICE;
    uint256 public constant MAX_AMOUNT = StakeLib.MAX_AMOUNT;

    /// @dev What a release reads and writes of a stake, in one slot (issue 20): a release writes it once, whole.
    struct StakeState {
        uint128 lastPrice;
        uint32 lastTime;
        uint32 lockTime;
        uint32 endTime;
        uint16 releaseTimes;
        bool isValid;
    }

    /// @dev A stake's release terms, fixed at the deposit, in one slot. `rewardMax <= MAX_AMOUNT * MAX_IDO_RATE /
    /// 10,000 < 2**103` (the deposit's range check), `first <= rewardMax`.
    struct StakeTerms {
        uint120 rewardMax;
        uint120 first;
        uint16 releaseDays;
    }

    // Where {StakeState}'s and {StakeTerms}' fields are in their words (Solidity's packing, lowest field first),
    // for the claim loop, which reads and writes each word whole.
    uint256 private constant LAST_TIME_SHIFT = 128;
    uint256 private constant LOCK_SHIFT = 160;
    uint256 private constant END_SHIFT = 192;
    uint256 private constant TIMES_SHIFT = 224;
    uint256 private constant VALID_SHIFT = 240;
    uint256 private constant FIRST_SHIFT = 120;
    uint256 private constant DAYS_SHIFT = 240;

    /// @dev A stake in 4 slots (issue 20): what is left to release (`rewardSurplus`) follows from `releaseTimes`
    /// (rewardMax - vested), so it is not stored; times are seconds in 32 bits (until 2106). A claim's release of a
    /// stake reads the 3 slots after the first (its state, its terms, its start price) and writes one (its state);
    /// the first, the owner's fields and the start, only the views read.
    struct StakeData {
        address owner;
        uint32 userIndex;
        uint16 period;
        uint32 startTime;
        StakeState state;
        StakeTerms terms;
        uint128 startPrice;
        uint128 amount;
    }

    /// @dev An account in 4 slots: what a deposit touches (counts, balance) and what a direct referral credit writes
    /// (balance, `rewardDirect`) share the first; a claim writes the first (balance) and the third (`rewardRelease`,
    /// `cursor`, `lastOut`). NEX figures in 96 bits: a balance is NEX the pool holds (the deposit's pool check), below
    /// NEX's fixed supply (21e24 < 2**85); the casts are checked.
    struct UserData {
        uint32 index;
        uint32 stakes;
        uint96 balance;
        uint96 rewardDirect;
        uint128 amount;
        uint128 rewardMax;
        uint128 rewardRelease;
        uint32 cursor;
        uint32 lastOut;
        uint128 rewardIndirect;
    }

    /// @dev {IStake-Totals} in 3 slots: what `_claimable` reads in one, what a deposit adds in two.
    struct TotalsData {
        uint128 totalReserved;
        uint128 totalBalance;
        uint128 totalAmount;
        uint64 totalUser;
        uint64 totalStakes;
        uint128 totalExtract;
    }

    struct Quote {
        uint256 price;
        uint256 rewardMax;
        uint256 first;
        uint256 rewardTokens;
        uint256 firstTokens;
        uint256 directTokens;
        uint256 indirectTokens;
    }

    IERC20 private _usdt;
    IERC20 private _nex;
    IMain private _main;
    ILog private _log;
    IPriceOracle private _oracle;
    ConfigData private _config;
    TotalsData private _totals;
    IdoData[] private _idos;
    /// @dev Stakes by index, 1..totalStakes.
    mapping(uint256 index => StakeData stake) private _stakes;
    mapping(address account => UserData user) private _users;
    /// @dev An account's stake indexes, 8 to a word (32 bits each, the k-th at word k / 8, bits 32 * (k % 8));
    /// their count is the account's `stakes`.
    mapping(address account => mapping(uint256 page => uint256 word)) private _userStakes;
    mapping(address account => bool allowed) private _whitelist;

    /// @custom:oz-upgrades-unsafe-allow constructor
    constructor() {
        _disableInitializers();
    }

    /// @notice Initializes the proxy; `nex` is the platform token, `oracle` its TWAP against USDT.
    function initialize(
        address owner_,
        uint256 upgradeDelay_,
        address usdt_,
        address nex_,
        address main_,
        address log_,
        address oracle_,
        Config calldata config
    ) external initializer {
        __NexusUpgradeable_init(owner_, upgradeDelay_);
        _usdt = IERC20(usdt_);
        _nex = IERC20(nex_);
        _setContracts(main_, log_, oracle_);
        _setConfig(config);
    }

    // --- users ---------------------------------------------------------------------------------------------

    /// @inheritdoc IStake
    function deposit(uint256 amount, uint256 minRewardTokens) external whenNotPaused nonReentrant {
        UserData storage user = _users[msg.sender];
        if (user.index == 0) {
            // not a depositor yet: Main says whether it registered (a depositor is registered: it is permanent)
            (uint256 registered, ) = _main.users(msg.sender);
            if (registered == 0) revert StakeNotRegistered(msg.sender);
        }
        DepositConfig memory config = _config.deposit;
        uint256 round = config.round;
        if (round >= _idos.length) revert StakeNoRound(round);
        IdoData memory terms = _idos[round];
        if (block.timestamp < terms.startTime && !_whitelist[msg.sender]) {
            revert StakeRoundNotStarted(round, terms.startTime);
        }
        _checkAmount(amount, terms, user.amount, config.userMax);
        address[] memory referrers = _main.getReferrers(msg.sender, 2);
        Quote memory q = _quote(amount, terms, config, referrers.length);
        if (q.price == 0) revert StakeNoPrice(round);
        if (q.rewardTokens < minRewardTokens) revert StakeRewardBelowMinimum(q.rewardTokens, minRewardTokens);
        uint256 index = _record(user, round, amount, q, config);
        emit Deposited(msg.sender, index, round, amount, q.rewardMax, q.price, q.rewardTokens);
        LogCodes.Credits memory credits = LogCodes.credits(2);
        if (q.directTokens > 0) _reward(credits, referrers[0], 1, q.directTokens);
        if (q.indirectTokens > 0) _reward(credits, referrers[1], 2, q.indirectTokens);
        _fillRound(round, terms, amount, config.roundCool);

        _usdt.safeTransferFrom(msg.sender, address(this), amount);
        _logDeposit(amount, user.amount, credits);
    }

    /// @dev A deposit's Log entry (its USDT, the account's deposits after it), then the referrers' NEX credits.
    function _logDeposit(uint256 amount, uint256 total, LogCodes.Credits memory credits) private {
        ILog log = _log;
        LogCodes.write(
            log,
            msg.sender,
            address(this),
            LogCodes.SYMBOL_USDT,
            LogCodes.ACTION_STAKE_DEPOSIT,
            amount,
            total
        );
        LogCodes.writeCredits(log, msg.sender, LogCodes.SYMBOL_NEX, credits);
    }

    /// @inheritdoc IStake
    function claim() external payable nonReentrant {
        ConfigData storage config = _config;
        uint256 handleGas = config.handleGas;
        if (msg.value != handleGas) revert StakeWrongHandleFee(msg.value, handleGas);
        uint256 slot = _slotOf(_users[msg.sender]);
        uint256 released;
        uint256 amount;
        {
            // the account's third word (rewardRelease 128 bits | cursor 32 | lastOut 32) and its first (its balance,
            // paid out whole) each written once
            uint256 value;
            uint256 cursor;
            (released, value, cursor) = _releaseDue(slot, msg.sender);
            uint256 word = _load(slot + 2);
            _store(
                slot + 2,
                SafeCast.toUint128(uint128(word) + value) |
                    (uint256(uint32(cursor)) << 128) |
                    (uint256(SafeCast.toUint32(block.timestamp)) << 160)
            );
            word = _load(slot);
            amount = SafeCast.toUint96(uint96(word >> 64) + released);
            if (amount == 0) revert StakeNothingToClaim(msg.sender);
            _store(slot, uint64(word) | ((word >> 160) << 160));
        }
        (uint256 fee, uint256 paid) = FeeMath.split(amount, config.feeRate);
        {
            // the totals' first word (totalReserved 128 | totalBalance 128) written once
            uint256 totals = _slotOf(_totals);
            uint256 word = _load(totals);
            _store(
                totals,
                SafeCast.toUint128(uint128(word) - released) |
                    (uint256(SafeCast.toUint128((word >> 128) + released - amount)) << 128)
            );
        }
        _totals.totalExtract += SafeCast.toUint128(paid);
        emit Claimed(msg.sender, amount, fee);
        _nex.safeTransfer(msg.sender, paid);
        LogCodes.write(_log, msg.sender, address(this), LogCodes.SYMBOL_NEX, LogCodes.ACTION_STAKE_CLAIM, paid, 0);
    }

    /// @inheritdoc IStake
    function fund(uint256 amount) external nonReentrant {
        if (amount == 0 || amount > MAX_AMOUNT) revert StakeAmountOutOfRange(amount, 1, MAX_AMOUNT);
        emit PoolFunded(msg.sender, amount);
        _nex.safeTransferFrom(msg.sender, address(this), amount);
    }

    // --- owner ---------------------------------------------------------------------------------------------

    /// @inheritdoc IStake
    function setIdo(uint256 index, IdoSettings calldata s) external onlyOwner {
        StakeLib.setIdo(_idos, index, s);
    }

    /// @inheritdoc IStake
    function setRoundStart(uint256 index, uint256 startTime) external {
        _checkManager(address(_main));
        uint256 count = _idos.length;
        if (index >= count) revert StakeInvalidRound(index, count);
        IdoData storage ido = _idos[index];
        uint256 round = _config.deposit.round;
        // the current round only before it opened and only later (never inside its cool-down); past rounds never
        bool current = index == round;
        if (
            index < round ||
            (current && (ido.idoTotal != 0 || block.timestamp >= ido.startTime || startTime < ido.startTime))
        ) revert StakeRoundNotSchedulable(index, ido.startTime);
        _checkRoundStart(startTime);
        ido.startTime = uint40(startTime);
        emit RoundScheduled(index, startTime, msg.sender);
    }

    /// @inheritdoc IStake
    function setConfig(Config calldata config) external onlyOwner {
        _setConfig(config);
    }

    /// @inheritdoc IStake
    function setWhitelist(address account, bool allowed) external onlyOwner {
        _whitelist[account] = allowed;
        emit WhitelistUpdated(account, allowed);
    }

    /// @inheritdoc IStake
    function setContracts(address main_, address log_, address oracle_) external onlyOwner {
        _setContracts(main_, log_, oracle_);
    }

    // --- views ---------------------------------------------------------------------------------------------

    /// @inheritdoc IStake
    function getIdos() external view returns (Ido[] memory) {
        bytes memory data = StakeLib.idos(_idos);
        assembly ("memory-safe") {
            return(add(data, 0x20), mload(data))
        }
    }

    /// @inheritdoc IStake
    function getPrice(uint256 amount) external view returns (uint256) {
        uint256 round = _config.deposit.round;
        if (round >= _idos.length) revert StakeNoRound(round);
        uint256 price = _price(_idos[round].idoPrice);
        return price == 0 ? 0 : _tokens(amount, price);
    }

    /// @inheritdoc IStake
    function getUserInfo(address account) external view returns (User memory user, StakeRecord[] memory list) {
        UserData storage data = _users[account];
        uint256 dueTokens;
        uint256 end = Math.min(data.stakes, uint256(data.cursor) + MAX_CLAIM);
        for (uint256 i = data.cursor; i < end; ++i) {
            StakeData storage s = _stakes[_stakeAt(account, i)];
            (uint256 state, uint256 terms) = _words(s);
            if (state >> VALID_SHIFT == 0) continue;
            (, uint256 value) = _dueTimes(state, terms);
            uint256 price = s.startPrice;
            dueTokens += _tokens(value, price) - _tokens(_vestedValue(terms, uint16(state >> TIMES_SHIFT)), price);
        }
        user = User({
            index: data.index,
            amount: data.amount,
            rewardMax: data.rewardMax,
            rewardRelease: data.rewardRelease,
            rewardDirect: data.rewardDirect,
            rewardIndirect: data.rewardIndirect,
            balance: data.balance + dueTokens,
            stakes: data.stakes,
            lastOut: data.lastOut
        });
        (list, ) = getUserStakes(account, 0, Paging.MAX_PAGE);
    }

    /// @inheritdoc IStake
    function getUserStakes(
        address account,
        uint256 offset,
        uint256 count
    ) public view returns (StakeRecord[] memory list, uint256 total) {
        total = _users[account].stakes;
        (uint256 start, uint256 size) = Paging.window(total, offset, count);
        list = new StakeRecord[](size);
        for (uint256 i; i < size; ++i) list[i] = stakes(_stakeAt(account, start - i));
    }

    /// @inheritdoc IStake
    function stakes(uint256 index) public view returns (StakeRecord memory record) {
        if (index == 0 || index > _totals.totalStakes) return record;
        StakeData storage s = _stakes[index];
        StakeState storage state = s.state;
        StakeTerms storage terms = s.terms;
        (, uint256 termsWord) = _words(s);
        return
            StakeRecord({
                isValid: state.isValid,
                index: index,
                userIndex: s.userIndex,
                period: s.period,
                amount: s.amount,
                rewardMax: terms.rewardMax,
                rewardSurplus: uint256(terms.rewardMax) - _vestedValue(termsWord, state.releaseTimes),
                releaseTimes: state.releaseTimes,
                startTime: s.startTime,
                lastTime: state.lastTime,
                startPrice: s.startPrice,
                lastPrice: state.lastPrice,
                owner: s.owner,
                lockTime: state.lockTime,
                endTime: state.endTime,
                releaseDays: terms.releaseDays
            });
    }

    /// @inheritdoc IStake
    function getConfig() external view returns (Config memory) {
        DepositConfig memory c = _config.deposit;
        return
            Config({
                addTime: c.addTime,
                dayTimes: c.dayTimes,
                directRate: c.directRate,
                indirectRate: c.indirectRate,
                userMax: c.userMax,
                round: c.round,
                roundCool: c.roundCool,
                handleGas: _config.handleGas,
                feeRate: _config.feeRate,
                releaseDay: c.releaseDay
            });
    }

    /// @inheritdoc IStake
    function getTotals() external view returns (Totals memory) {
        TotalsData memory t = _totals;
        return
            Totals({
                totalUser: t.totalUser,
                totalStakes: t.totalStakes,
                totalAmount: t.totalAmount,
                totalReserved: t.totalReserved,
                totalBalance: t.totalBalance,
                totalExtract: t.totalExtract
            });
    }

    /// @inheritdoc IStake
    function isWhitelisted(address account) external view returns (bool) {
        return _whitelist[account];
    }

    // --- internals -----------------------------------------------------------------------------------------

    /// @dev NEX owed (balances) plus NEX reserved for future releases.
    function _claimable(address token) internal view override returns (uint256) {
        return token == address(_nex) ? uint256(_totals.totalReserved) + _totals.totalBalance : 0;
    }

    function _checkAmount(uint256 amount, IdoData memory ido, uint256 userAmount, uint256 userMax) private pure {
        uint256 roundLeft = ido.idoMax - ido.idoTotal;
        uint256 userLeft = userMax > userAmount ? userMax - userAmount : 0;
        uint256 max = Math.min(roundLeft, userLeft);
        // the last deposit of a round may be below idoMin, so that every round can fill
        uint256 min = Math.min(ido.idoMin, roundLeft);
        if (min == 0) min = 1;
        if (amount < min || amount > max) revert StakeAmountOutOfRange(amount, min, max);
    }

    /// @dev What a deposit of `amount` in `ido` pays, in USDT value and in NEX at the deposit price.
    function _quote(
        uint256 amount,
        IdoData memory ido,
        DepositConfig memory config,
        uint256 referrers
    ) private view returns (Quote memory q) {
        q.price = _price(ido.idoPrice);
        if (q.price == 0) return q;
        q.rewardMax = Math.mulDiv(amount, ido.idoRate, FeeMath.BPS); // a cap may exceed 100 %
        q.first = FeeMath.bps(q.rewardMax, ido.idoFirst);
        q.rewardTokens = _tokens(q.rewardMax, q.price);
        q.firstTokens = _tokens(q.first, q.price);
        if (referrers > 0) q.directTokens = _tokens(FeeMath.bps(amount, config.directRate), q.price);
        if (referrers > 1) q.indirectTokens = _tokens(FeeMath.bps(amount, config.indirectRate), q.price);
    }

    /// @dev A deposit's records: the pool's check and totals, the stake, the account's figures; returns the stake's
    /// index.
    function _record(
        UserData storage user,
        uint256 round,
        uint256 amount,
        Quote memory q,
        DepositConfig memory config
    ) private returns (uint256 index) {
        {
            uint256 needed = q.rewardTokens + q.directTokens + q.indirectTokens;
            uint256 available = excessOf(address(_nex));
            if (needed > available) revert StakeInsufficientPool(needed, available);
        }
        // each word read and written once, whole (Solidity's packing: the first field in the lowest bits)
        uint256 totals = _slotOf(_totals);
        uint256 counts = _load(totals + 1); // totalAmount (128 bits) | totalUser (64) | totalStakes (64)
        index = (counts >> 192) + 1;
        uint256 slot = _slotOf(user);
        uint256 head = _load(slot); // index (32) | stakes (32) | balance (96) | rewardDirect (96)
        if (uint32(head) == 0) {
            uint256 number = uint64(counts >> 128) + 1;
            counts = uint128(counts) | (uint256(SafeCast.toUint64(number)) << 128) | ((counts >> 192) << 192);
            head |= SafeCast.toUint32(number);
        }
        uint256 userIndex = uint32(head >> 32);
        _pushStake(index, userIndex, round, amount, q, config);
        _store(
            slot,
            uint32(head) |
                (uint256(SafeCast.toUint32(userIndex + 1)) << 32) |
                (uint256(SafeCast.toUint96(uint96(head >> 64) + q.firstTokens)) << 64) |
                ((head >> 160) << 160)
        );
        head = _load(slot + 1); // amount (128) | rewardMax (128)
        _store(
            slot + 1,
            SafeCast.toUint128(uint128(head) + amount) |
                (uint256(SafeCast.toUint128((head >> 128) + q.rewardMax)) << 128)
        );
        user.rewardRelease += SafeCast.toUint128(q.first);
        _store(
            totals + 1,
            SafeCast.toUint128(uint128(counts) + amount) |
                (uint256(uint64(counts >> 128)) << 128) |
                (uint256(SafeCast.toUint64(index)) << 192)
        );
        head = _load(totals); // totalReserved (128) | totalBalance (128)
        _store(
            totals,
            SafeCast.toUint128(uint128(head) + q.rewardTokens - q.firstTokens) |
                (uint256(SafeCast.toUint128((head >> 128) + q.firstTokens + q.directTokens + q.indirectTokens)) << 128)
        );
    }

    function _pushStake(
        uint256 index,
        uint256 userIndex,
        uint256 round,
        uint256 amount,
        Quote memory q,
        DepositConfig memory config
    ) private {
        // the 4 words of {StakeData} written whole (Solidity's packing, lowest field first): one SSTORE each
        uint256 slot;
        {
            StakeData storage stored = _stakes[index];
            assembly ("memory-safe") {
                slot := stored.slot
            }
        }
        _store(
            slot,
            uint256(uint160(msg.sender)) |
                (uint256(SafeCast.toUint32(userIndex)) << 160) |
                (uint256(SafeCast.toUint16(round)) << 192) |
                (uint256(SafeCast.toUint32(block.timestamp)) << 208)
        );
        {
            uint256 lockTime = block.timestamp + config.addTime;
            _store(
                slot + 1,
                uint256(SafeCast.toUint128(q.price)) |
                    (uint256(SafeCast.toUint32(block.timestamp)) << LAST_TIME_SHIFT) |
                    (uint256(SafeCast.toUint32(lockTime)) << LOCK_SHIFT) |
                    (uint256(SafeCast.toUint32(lockTime + uint256(config.releaseDay) * config.dayTimes)) << END_SHIFT) |
                    (q.rewardMax > q.first ? uint256(1) << VALID_SHIFT : 0)
            );
        }
        _store(
            slot + 2,
            uint256(SafeCast.toUint120(q.rewardMax)) |
                (uint256(SafeCast.toUint120(q.first)) << FIRST_SHIFT) |
                (uint256(config.releaseDay) << DAYS_SHIFT)
        );
        _store(slot + 3, uint256(SafeCast.toUint128(q.price)) | (uint256(SafeCast.toUint128(amount)) << 128));
        uint256 shift = (userIndex % 8) * 32;
        _userStakes[msg.sender][userIndex / 8] |= uint256(SafeCast.toUint32(index)) << shift;
    }

    function _load(uint256 slot) private view returns (uint256 word) {
        assembly ("memory-safe") {
            word := sload(slot)
        }
    }

    function _slotOf(UserData storage user) private pure returns (uint256 slot) {
        assembly ("memory-safe") {
            slot := user.slot
        }
    }

    function _slotOf(TotalsData storage totals) private pure returns (uint256 slot) {
        assembly ("memory-safe") {
            slot := totals.slot
        }
    }

    function _store(uint256 slot, uint256 word) private {
        assembly ("memory-safe") {
            sstore(slot, word)
        }
    }

    /// @dev The index of `account`'s `k`-th stake.
    function _stakeAt(address account, uint256 k) private view returns (uint256) {
        return uint32(_userStakes[account][k / 8] >> ((k % 8) * 32));
    }

    function _reward(LogCodes.Credits memory credits, address referrer, uint256 generation, uint256 tokens) private {
        UserData storage user = _users[referrer];
        if (generation == 1) {
            // balance and rewardDirect share the account's first word: one read, one write
            uint256 slot = _slotOf(user);
            uint256 head = _load(slot);
            _store(
                slot,
                uint64(head) |
                    (uint256(SafeCast.toUint96(uint96(head >> 64) + tokens)) << 64) |
                    (uint256(SafeCast.toUint96((head >> 160) + tokens)) << 160)
            );
        } else {
            user.rewardIndirect += SafeCast.toUint128(tokens);
            user.balance += SafeCast.toUint96(tokens);
        }
        emit ReferralRewarded(referrer, msg.sender, generation, tokens);
        LogCodes.credit(
            credits,
            referrer,
            generation == 1 ? LogCodes.ACTION_STAKE_DIRECT : LogCodes.ACTION_STAKE_INDIRECT,
            tokens
        );
    }

    function _fillRound(uint256 round, IdoData memory terms, uint256 amount, uint256 roundCool) private {
        uint256 total = terms.idoTotal + amount;
        _idos[round].idoTotal = SafeCast.toUint104(total);
        if (total < terms.idoMax) return;
        uint256 next = round + 1;
        _config.deposit.round = SafeCast.toUint16(next);
        uint256 nextStart = block.timestamp + roundCool;
        if (next < _idos.length) {
            IdoData storage nextIdo = _idos[next];
            if (nextIdo.startTime < nextStart) nextIdo.startTime = uint40(nextStart);
            else nextStart = nextIdo.startTime;
        }
        emit RoundFilled(round, nextStart);
    }

    /// @dev Releases what is due on up to MAX_CLAIM stakes of `account` (its record at `slot`): returns the NEX released,
    /// their USDT value and the new cursor, which the caller books.
    function _releaseDue(
        uint256 slot,
        address account
    ) private returns (uint256 tokens, uint256 value, uint256 cursor) {
        cursor = uint32(_load(slot + 2) >> 128);
        bool prefixDone = true;
        uint256 end = Math.min(uint32(_load(slot) >> 32), cursor + MAX_CLAIM);
        uint256 price = _tryTwap();
        uint256 page; // the word of 8 stake indexes that holds the i-th, read once per 8
        for (uint256 i = cursor; i < end; ++i) {
            if (i == cursor || i % 8 == 0) page = _userStakes[account][i / 8];
            (bool valid, uint256 stepValue, uint256 stepTokens) = _release(
                account,
                uint32(page >> ((i % 8) * 32)),
                price
            );
            value += stepValue;
            tokens += stepTokens;
            if (valid) prefixDone = false;
            else if (prefixDone) cursor = i + 1;
        }
    }

    /// @dev Releases what is due on stake `index` of `account`: the USDT value and NEX released, and whether the
    /// stake is still valid after it.
    function _release(
        address account,
        uint256 index,
        uint256 price
    ) private returns (bool valid, uint256 value, uint256 tokens) {
        StakeData storage s = _stakes[index];
        StakeState storage stored = s.state;
        uint256 state;
        assembly ("memory-safe") {
            state := sload(stored.slot)
        }
        if (state >> VALID_SHIFT == 0) return (false, 0, 0);
        (, uint256 terms) = _words(s);
        uint256 times;
        {
            uint256 vested;
            (times, vested) = _dueTimes(state, terms);
            uint256 releaseTimes = uint16(state >> TIMES_SHIFT);
            if (times <= releaseTimes) return (true, 0, 0);
            uint256 before = _vestedValue(terms, releaseTimes);
            value = vested - before;
            uint256 startPrice = s.startPrice;
            tokens = _tokens(vested, startPrice) - _tokens(before, startPrice);
        }
        valid = times != terms >> DAYS_SHIFT;
        state = _releasedState(state, times, valid, price);
        assembly ("memory-safe") {
            sstore(stored.slot, state) // the state word written once
        }
        emit Released(account, index, times, value, tokens);
    }

    /// @dev The releases due now (`times`) and the USDT value vested after them.
    /// @dev A stake's state word after a release: `times` released, still valid or not, released now at `price`
    /// (0: no TWAP, the last price stays); its lock and end times kept.
    function _releasedState(uint256 state, uint256 times, bool valid, uint256 price) private view returns (uint256) {
        return
            uint256(price != 0 ? SafeCast.toUint128(price) : uint128(state)) |
            (uint256(SafeCast.toUint32(block.timestamp)) << LAST_TIME_SHIFT) |
            (((state >> LOCK_SHIFT) & type(uint64).max) << LOCK_SHIFT) |
            (times << TIMES_SHIFT) |
            ((valid ? uint256(1) : 0) << VALID_SHIFT);
    }

    /// @dev A stake's state and terms words ({StakeState}, {StakeTerms}), each read with one SLOAD.
    function _words(StakeData storage s) private view returns (uint256 state, uint256 terms) {
        StakeState storage stateSlot = s.state;
        StakeTerms storage termsSlot = s.terms;
        assembly ("memory-safe") {
            state := sload(stateSlot.slot)
            terms := sload(termsSlot.slot)
        }
    }

    /// @dev The releases due now (`times`) and the USDT value vested after them, from a stake's words.
    function _dueTimes(uint256 state, uint256 terms) private view returns (uint256 times, uint256 vested) {
        times = uint16(state >> TIMES_SHIFT);
        uint256 lockTime = uint32(state >> LOCK_SHIFT);
        if (block.timestamp >= lockTime) {
            uint256 span = uint256(uint32(state >> END_SHIFT)) - lockTime;
            uint256 elapsed = block.timestamp - lockTime;
            uint256 releaseDays = terms >> DAYS_SHIFT;
            uint256 dueNow = span == 0 || elapsed >= span ? releaseDays : (elapsed * releaseDays) / span;
            if (dueNow > times) times = dueNow;
        }
        vested = _vestedValue(terms, times);
    }

    /// @dev The USDT value vested after `times` releases, from a stake's terms word.
    function _vestedValue(uint256 terms, uint256 times) private pure returns (uint256) {
        uint256 rewardMax = uint120(terms);
        uint256 releaseDays = terms >> DAYS_SHIFT;
        if (releaseDays == 0) return rewardMax;
        uint256 first = uint120(terms >> FIRST_SHIFT);
        return first + ((rewardMax - first) * times) / releaseDays;
    }

    /// @dev The price a deposit uses: the larger of the TWAP and the round's floor (USDT per NEX, 18 decimals).
    function _price(uint256 floor) private view returns (uint256) {
        uint256 twap = _oracle.consult(address(_nex), 1 ether);
        return Math.max(twap, floor);
    }

    /// @dev The TWAP for display (`lastPrice`), or 0 if the oracle has no average yet.
    function _tryTwap() private view returns (uint256) {
        try _oracle.consult(address(_nex), 1 ether) returns (uint256 price) {
            return price;
        } catch {
            return 0;
        }
    }

    /// @dev `value * 1e18 / price`, rounded down: the plain product while it cannot overflow (every stake's values
    /// are below 2**103), `Math.mulDiv` beyond; the same result either way.
    function _tokens(uint256 value, uint256 price) private pure returns (uint256) {
        if (value >> 192 == 0) return (value * 1 ether) / price;
        return Math.mulDiv(value, 1 ether, price);
    }

    function _setConfig(Config calldata config) private {
        StakeLib.setConfig(_config, _idos.length, config);
    }

    function _setContracts(address main_, address log_, address oracle_) private {
        Bounds.check("main", main_.code.length, 1, type(uint256).max);
        Bounds.check("oracle", oracle_.code.length, 1, type(uint256).max);
        _main = IMain(main_);
        _log = ILog(log_);
        _oracle = IPriceOracle(oracle_);
        emit ContractsUpdated(main_, log_, oracle_);
    }
}
