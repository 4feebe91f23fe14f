// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Math} from "@openzeppelin/contracts/utils/math/Math.sol";
import {NexusUpgradeable} from "./base/NexusUpgradeable.sol";
import {ILog} from "./interfaces/ILog.sol";
import {LogCodes} from "./libraries/LogCodes.sol";
import {IMain} from "./interfaces/IMain.sol";
import {IPriceOracle} from "./interfaces/IPriceOracle.sol";
import {IStake} from "./interfaces/IStake.sol";
import {FeeMath} from "./libraries/FeeMath.sol";
import {Paging} from "./libraries/Paging.sol";
import {Bounds} from "./libraries/Bounds.sol";

/// @title Stake: round-based USDT stakes paid in NEX within each round's reward cap (see {IStake})
/// @notice Deployed behind an ERC-1967 proxy. NEX users can claim, or that is reserved for their future releases,
/// is `_claimable(nex)`; the USDT staked is the platform's income and free to withdraw.
contract Stake is NexusUpgradeable, IStake {
    using SafeERC20 for IERC20;

    /// @notice The most stakes one claim releases from.
    uint256 public constant MAX_CLAIM = 20;
    /// @notice The most rounds.
    uint256 public constant MAX_ROUNDS = 100;
    /// @notice Config bounds.
    uint256 public constant MAX_ADD_TIME = 365 days;
    uint256 public constant MIN_DAY_TIMES = 60;
    uint256 public constant MAX_DAY_TIMES = 7 days;
    uint256 public constant MAX_REFERRAL_RATE = 3_000;
    uint256 public constant MAX_ROUND_COOL = 30 days;
    uint256 public constant MAX_HANDLE_GAS = 0.01 ether;
    uint256 public constant MAX_FEE_RATE = 2_000;
    uint256 public constant MAX_RELEASE_DAY = 1_000;
    uint256 public constant MAX_IDO_RATE = 50_000;
    uint256 public constant MAX_IDO_PRICE = 1e30;
    uint256 public constant MAX_AMOUNT = 1e30;

    struct StakeData {
        address owner;
        uint32 userIndex;
        uint16 period;
        bool isValid;
        uint16 releaseTimes;
        uint16 releaseDays;
        uint128 amount;
        uint128 rewardMax;
        uint128 rewardSurplus;
        uint128 startPrice;
        uint128 lastPrice;
        uint128 first;
        uint40 startTime;
        uint40 lastTime;
        uint40 lockTime;
        uint40 endTime;
    }

    struct UserData {
        uint32 index;
        uint32 stakes;
        uint32 cursor;
        uint40 lastOut;
        uint128 amount;
        uint128 rewardMax;
        uint128 rewardRelease;
        uint128 rewardDirect;
        uint128 rewardIndirect;
        uint128 balance;
    }

    struct IdoData {
        uint128 idoMax;
        uint128 idoTotal;
        uint128 idoPrice;
        uint128 idoMin;
        uint32 idoRate;
        uint16 idoFirst;
        uint40 startTime;
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
    Config private _config;
    Totals private _totals;
    IdoData[] private _idos;
    StakeData[] private _stakes; // index 0 unused
    mapping(address account => UserData user) private _users;
    mapping(address account => uint256[] indexes) private _userStakes;
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
        _stakes.push();
        _setConfig(config);
    }

    // --- users ---------------------------------------------------------------------------------------------

    /// @inheritdoc IStake
    function deposit(uint256 amount, uint256 minRewardTokens) external whenNotPaused nonReentrant {
        (uint256 registered, ) = _main.users(msg.sender);
        if (registered == 0) revert StakeNotRegistered(msg.sender);
        Config storage config = _config;
        uint256 round = config.round;
        if (round >= _idos.length) revert StakeNoRound(round);
        IdoData storage ido = _idos[round];
        if (block.timestamp < ido.startTime && !_whitelist[msg.sender]) {
            revert StakeRoundNotStarted(round, ido.startTime);
        }
        UserData storage user = _users[msg.sender];
        _checkAmount(amount, ido, user);
        address[] memory referrers = _main.getReferrers(msg.sender, 2);
        Quote memory q = _quote(amount, ido, referrers.length);
        if (q.price == 0) revert StakeNoPrice(round);
        if (q.rewardTokens < minRewardTokens) revert StakeRewardBelowMinimum(q.rewardTokens, minRewardTokens);
        {
            uint256 needed = q.rewardTokens + q.directTokens + q.indirectTokens;
            uint256 available = excessOf(address(_nex));
            if (needed > available) revert StakeInsufficientPool(needed, available);
        }

        if (user.index == 0) user.index = uint32(++_totals.totalUser);
        uint256 index = _stakes.length;
        _pushStake(index, user, round, amount, q);
        user.amount += uint128(amount);
        user.rewardMax += uint128(q.rewardMax);
        user.rewardRelease += uint128(q.first);
        user.balance += uint128(q.firstTokens);
        ++_totals.totalStakes;
        _totals.totalAmount += amount;
        _totals.totalReserved += q.rewardTokens - q.firstTokens;
        _totals.totalBalance += q.firstTokens + q.directTokens + q.indirectTokens;
        emit Deposited(msg.sender, index, round, amount, q.rewardMax, q.price, q.rewardTokens);
        LogCodes.Credits memory credits = LogCodes.credits(2);
        if (q.directTokens > 0) _reward(credits, referrers[0], 1, q.directTokens);
        if (q.indirectTokens > 0) _reward(credits, referrers[1], 2, q.indirectTokens);
        _fillRound(round, ido, amount);

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
        Config storage config = _config;
        if (msg.value != config.handleGas) revert StakeWrongHandleFee(msg.value, config.handleGas);
        UserData storage user = _users[msg.sender];
        uint256 released = _releaseDue(user, msg.sender);
        uint256 amount = user.balance;
        if (amount == 0) revert StakeNothingToClaim(msg.sender);
        user.balance = 0;
        user.lastOut = uint40(block.timestamp);
        (uint256 fee, uint256 paid) = FeeMath.split(amount, config.feeRate);
        _totals.totalReserved -= released;
        _totals.totalBalance = _totals.totalBalance + released - amount;
        _totals.totalExtract += paid;
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
        uint256 count = _idos.length;
        if (index > count || index >= MAX_ROUNDS) revert StakeInvalidRound(index, count);
        IdoData storage ido = index == count ? _idos.push() : _idos[index];
        // a round's terms are fixed by its first deposit: later deposits of the round get what the first got
        if (ido.idoTotal != 0 && (s.idoRate != ido.idoRate || s.idoPrice != ido.idoPrice || s.idoFirst != ido.idoFirst))
            revert StakeRoundTermsFixed(index);
        Bounds.check("idoMax", s.idoMax, ido.idoTotal == 0 ? 1 : ido.idoTotal, MAX_AMOUNT);
        Bounds.check("idoMin", s.idoMin, 1, s.idoMax);
        Bounds.check("idoRate", s.idoRate, 0, MAX_IDO_RATE);
        Bounds.check("idoFirst", s.idoFirst, 0, FeeMath.BPS);
        Bounds.check("idoPrice", s.idoPrice, 0, MAX_IDO_PRICE);
        Bounds.check("startTime", s.startTime, 0, type(uint40).max);
        ido.idoMax = uint128(s.idoMax);
        ido.idoMin = uint128(s.idoMin);
        ido.idoRate = uint32(s.idoRate);
        ido.idoFirst = uint16(s.idoFirst);
        ido.idoPrice = uint128(s.idoPrice);
        ido.startTime = uint40(s.startTime);
        emit IdoUpdated(index, s);
    }

    /// @inheritdoc IStake
    function setRoundStart(uint256 index, uint256 startTime) external {
        _checkManager(address(_main));
        uint256 count = _idos.length;
        if (index >= count) revert StakeInvalidRound(index, count);
        IdoData storage ido = _idos[index];
        uint256 round = _config.round;
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
    function getIdos() external view returns (Ido[] memory list) {
        list = new Ido[](_idos.length);
        for (uint256 i; i < list.length; ++i) {
            IdoData storage ido = _idos[i];
            list[i] = Ido({
                index: i,
                idoMax: ido.idoMax,
                idoTotal: ido.idoTotal,
                idoRate: ido.idoRate,
                idoPrice: ido.idoPrice,
                idoFirst: ido.idoFirst,
                startTime: ido.startTime,
                idoMin: ido.idoMin
            });
        }
    }

    /// @inheritdoc IStake
    function getPrice(uint256 amount) external view returns (uint256) {
        uint256 round = _config.round;
        if (round >= _idos.length) revert StakeNoRound(round);
        uint256 price = _price(_idos[round]);
        return price == 0 ? 0 : _tokens(amount, price);
    }

    /// @inheritdoc IStake
    function getUserInfo(address account) external view returns (User memory user, StakeRecord[] memory list) {
        UserData storage data = _users[account];
        uint256 dueTokens;
        uint256[] storage indexes = _userStakes[account];
        uint256 end = Math.min(indexes.length, data.cursor + MAX_CLAIM);
        for (uint256 i = data.cursor; i < end; ++i) {
            StakeData storage s = _stakes[indexes[i]];
            if (!s.isValid) continue;
            (, uint256 value) = _dueTimes(s);
            dueTokens += _tokens(value, s.startPrice) - _tokens(_vestedValue(s, s.releaseTimes), s.startPrice);
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
        uint256[] storage indexes = _userStakes[account];
        total = indexes.length;
        (uint256 start, uint256 size) = Paging.window(total, offset, count);
        list = new StakeRecord[](size);
        for (uint256 i; i < size; ++i) list[i] = stakes(indexes[start - i]);
    }

    /// @inheritdoc IStake
    function stakes(uint256 index) public view returns (StakeRecord memory record) {
        if (index == 0 || index >= _stakes.length) return record;
        StakeData storage s = _stakes[index];
        return
            StakeRecord({
                isValid: s.isValid,
                index: index,
                userIndex: s.userIndex,
                period: s.period,
                amount: s.amount,
                rewardMax: s.rewardMax,
                rewardSurplus: s.rewardSurplus,
                releaseTimes: s.releaseTimes,
                startTime: s.startTime,
                lastTime: s.lastTime,
                startPrice: s.startPrice,
                lastPrice: s.lastPrice,
                owner: s.owner,
                lockTime: s.lockTime,
                endTime: s.endTime,
                releaseDays: s.releaseDays
            });
    }

    /// @inheritdoc IStake
    function getConfig() external view returns (Config memory) {
        return _config;
    }

    /// @inheritdoc IStake
    function getTotals() external view returns (Totals memory) {
        return _totals;
    }

    /// @inheritdoc IStake
    function isWhitelisted(address account) external view returns (bool) {
        return _whitelist[account];
    }

    // --- internals -----------------------------------------------------------------------------------------

    /// @dev NEX owed (balances) plus NEX reserved for future releases.
    function _claimable(address token) internal view override returns (uint256) {
        return token == address(_nex) ? _totals.totalReserved + _totals.totalBalance : 0;
    }

    function _checkAmount(uint256 amount, IdoData storage ido, UserData storage user) private view {
        uint256 roundLeft = ido.idoMax - ido.idoTotal;
        uint256 userMax = _config.userMax;
        uint256 userLeft = userMax > user.amount ? userMax - user.amount : 0;
        uint256 max = Math.min(roundLeft, userLeft);
        // the last deposit of a round may be below idoMin, so that every round can fill
        uint256 min = Math.min(ido.idoMin, roundLeft);
        if (min == 0) min = 1;
        if (amount < min || amount > max) revert StakeAmountOutOfRange(amount, min, max);
    }

    /// @dev What a deposit of `amount` in `ido` pays, in USDT value and in NEX at the deposit price.
    function _quote(uint256 amount, IdoData storage ido, uint256 referrers) private view returns (Quote memory q) {
        q.price = _price(ido);
        if (q.price == 0) return q;
        q.rewardMax = Math.mulDiv(amount, ido.idoRate, FeeMath.BPS); // a cap may exceed 100 %
        q.first = FeeMath.bps(q.rewardMax, ido.idoFirst);
        q.rewardTokens = _tokens(q.rewardMax, q.price);
        q.firstTokens = _tokens(q.first, q.price);
        if (referrers > 0) q.directTokens = _tokens(FeeMath.bps(amount, _config.directRate), q.price);
        if (referrers > 1) q.indirectTokens = _tokens(FeeMath.bps(amount, _config.indirectRate), q.price);
    }

    function _pushStake(uint256 index, UserData storage user, uint256 round, uint256 amount, Quote memory q) private {
        uint256 rewardMax = q.rewardMax;
        uint256 first = q.first;
        uint256 price = q.price;
        Config storage config = _config;
        uint256 lockTime = block.timestamp + config.addTime;
        StakeData storage s = _stakes.push();
        s.owner = msg.sender;
        s.userIndex = user.stakes;
        s.period = uint16(round);
        s.isValid = rewardMax > first;
        s.releaseDays = uint16(config.releaseDay);
        s.amount = uint128(amount);
        s.rewardMax = uint128(rewardMax);
        s.rewardSurplus = uint128(rewardMax - first);
        s.startPrice = uint128(price);
        s.lastPrice = uint128(price);
        s.first = uint128(first);
        s.startTime = uint40(block.timestamp);
        s.lastTime = uint40(block.timestamp);
        s.lockTime = uint40(lockTime);
        s.endTime = uint40(lockTime + config.releaseDay * config.dayTimes);
        _userStakes[msg.sender].push(index);
        ++user.stakes;
    }

    function _reward(LogCodes.Credits memory credits, address referrer, uint256 generation, uint256 tokens) private {
        UserData storage user = _users[referrer];
        if (generation == 1) user.rewardDirect += uint128(tokens);
        else user.rewardIndirect += uint128(tokens);
        user.balance += uint128(tokens);
        emit ReferralRewarded(referrer, msg.sender, generation, tokens);
        LogCodes.credit(
            credits,
            referrer,
            generation == 1 ? LogCodes.ACTION_STAKE_DIRECT : LogCodes.ACTION_STAKE_INDIRECT,
            tokens
        );
    }

    function _fillRound(uint256 round, IdoData storage ido, uint256 amount) private {
        ido.idoTotal += uint128(amount);
        if (ido.idoTotal < ido.idoMax) return;
        uint256 next = round + 1;
        _config.round = next;
        uint256 nextStart = block.timestamp + _config.roundCool;
        if (next < _idos.length) {
            IdoData storage nextIdo = _idos[next];
            if (nextIdo.startTime < nextStart) nextIdo.startTime = uint40(nextStart);
            else nextStart = nextIdo.startTime;
        }
        emit RoundFilled(round, nextStart);
    }

    /// @dev Releases what is due on up to MAX_CLAIM stakes of `account` into its balance; returns the NEX released.
    function _releaseDue(UserData storage user, address account) private returns (uint256 tokens) {
        uint256[] storage indexes = _userStakes[account];
        uint256 cursor = user.cursor;
        bool prefixDone = true;
        uint256 end = Math.min(indexes.length, cursor + MAX_CLAIM);
        uint256 price = _tryTwap();
        uint256 value;
        for (uint256 i = cursor; i < end; ++i) {
            uint256 index = indexes[i];
            StakeData storage s = _stakes[index];
            if (s.isValid) {
                (uint256 times, uint256 vested) = _dueTimes(s);
                if (times > s.releaseTimes) {
                    uint256 before = _vestedValue(s, s.releaseTimes);
                    uint256 stepTokens = _tokens(vested, s.startPrice) - _tokens(before, s.startPrice);
                    s.releaseTimes = uint16(times);
                    s.rewardSurplus = uint128(s.rewardMax - vested);
                    s.lastTime = uint40(block.timestamp);
                    if (price != 0) s.lastPrice = uint128(price);
                    if (times == s.releaseDays) s.isValid = false;
                    value += vested - before;
                    tokens += stepTokens;
                    emit Released(account, index, times, vested - before, stepTokens);
                }
            }
            if (s.isValid) prefixDone = false;
            else if (prefixDone) cursor = i + 1;
        }
        user.cursor = uint32(cursor);
        user.rewardRelease += uint128(value);
        user.balance += uint128(tokens);
    }

    /// @dev The releases due now (`times`) and the USDT value vested after them.
    function _dueTimes(StakeData storage s) private view returns (uint256 times, uint256 vested) {
        times = s.releaseTimes;
        if (block.timestamp >= s.lockTime) {
            uint256 span = uint256(s.endTime) - s.lockTime;
            uint256 elapsed = block.timestamp - s.lockTime;
            uint256 dueNow = span == 0 || elapsed >= span ? s.releaseDays : (elapsed * s.releaseDays) / span;
            if (dueNow > times) times = dueNow;
        }
        vested = _vestedValue(s, times);
    }

    function _vestedValue(StakeData storage s, uint256 times) private view returns (uint256) {
        uint256 rest = uint256(s.rewardMax) - s.first;
        if (s.releaseDays == 0) return s.rewardMax;
        return s.first + (rest * times) / s.releaseDays;
    }

    /// @dev The price a deposit uses: the larger of the TWAP and the round's floor (USDT per NEX, 18 decimals).
    function _price(IdoData storage ido) private view returns (uint256) {
        uint256 twap = _oracle.consult(address(_nex), 1 ether);
        return Math.max(twap, ido.idoPrice);
    }

    /// @dev The TWAP for display (`lastPrice`), or 0 if the oracle has no average yet.
    function _tryTwap() private view returns (uint256) {
        try _oracle.consult(address(_nex), 1 ether) returns (uint256 price) {
            return price;
        } catch {
            return 0;
        }
    }

    function _tokens(uint256 value, uint256 price) private pure returns (uint256) {
        return Math.mulDiv(value, 1 ether, price);
    }

    function _setConfig(Config calldata config) private {
        Bounds.check("addTime", config.addTime, 0, MAX_ADD_TIME);
        Bounds.check("dayTimes", config.dayTimes, MIN_DAY_TIMES, MAX_DAY_TIMES);
        Bounds.check("directRate", config.directRate + config.indirectRate, 0, MAX_REFERRAL_RATE);
        Bounds.check("userMax", config.userMax, 1, MAX_AMOUNT);
        Bounds.check("round", config.round, 0, _idos.length);
        Bounds.check("roundCool", config.roundCool, 0, MAX_ROUND_COOL);
        Bounds.check("handleGas", config.handleGas, 0, MAX_HANDLE_GAS);
        Bounds.check("feeRate", config.feeRate, 0, MAX_FEE_RATE);
        Bounds.check("releaseDay", config.releaseDay, 1, MAX_RELEASE_DAY);
        _config = config;
        emit ConfigUpdated(config);
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
