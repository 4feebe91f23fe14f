// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Math} from "@openzeppelin/contracts/utils/math/Math.sol";
import {NexusUpgradeable} from "./base/NexusUpgradeable.sol";
import {IDouble} from "./interfaces/IDouble.sol";
import {IFomo} from "./interfaces/IFomo.sol";
import {ILog} from "./interfaces/ILog.sol";
import {IMain} from "./interfaces/IMain.sol";
import {IPriceOracle} from "./interfaces/IPriceOracle.sol";
import {IToken} from "./interfaces/IToken.sol";
import {IUniswapV2Router02} from "./interfaces/external/IUniswapV2Router02.sol";
import {FeeMath} from "./libraries/FeeMath.sol";
import {FomoLib} from "./libraries/FomoLib.sol";
import {Paging} from "./libraries/Paging.sol";

/// @title Fomo: the FOM pool and its round game (see {IFomo}); the super FOM pool is a second deployment
/// @notice Deployed behind an ERC-1967 proxy. Every USDT it holds sits in one bucket: locked principals, the gold
/// pool, the pot, static rewards paid into the accumulator, users' balances, unclaimed prizes and `burnSurplus`;
/// `_claimable(usdt)` is their sum, so `withdrawExcess` only takes USDT sent to it by mistake.
contract Fomo is NexusUpgradeable, IFomo {
    using SafeERC20 for IERC20;

    /// @notice The most orders one `burn` opens value for (`times`).
    uint256 public constant MAX_TIMES = 10;
    /// @notice Number of winners per round, tiers, team levels and split shares.
    uint256 public constant WINNERS = 5;
    uint256 public constant TIERS = 5;
    uint256 public constant LEVELS = 4;
    /// @notice Scale of the reward-per-weight accumulator.
    uint256 public constant ACC = 1e18;
    /// @notice Order statuses (`status`); 2 (unlocked) is only reported by views.
    uint8 public constant STATUS_LOCKED = 1;
    uint8 public constant STATUS_UNLOCKED = 2;
    uint8 public constant STATUS_RELEASED = 3;
    uint8 public constant STATUS_FORCED = 4;
    /// @notice Config bounds.
    uint256 public constant MIN_DAY_TIMES = 60;
    uint256 public constant MAX_DAY_TIMES = 7 days;
    uint256 public constant MAX_ALGEBRA = 30;
    uint256 public constant MAX_FEE_RATE = 2_000;
    uint256 public constant MAX_HANDLE_GAS = 0.01 ether;
    uint256 public constant MAX_SWAP_RATE = 2_000;
    uint256 public constant MAX_REWARD_RATE = 1_000;
    uint256 public constant MAX_OUT_DAYS = 365;
    uint256 public constant MIN_ROUND_TIME = 60;
    uint256 public constant MAX_ROUND_TIME = 7 days;
    uint256 public constant MAX_STAKE_DAYS = 1_000;
    uint256 public constant MAX_STAKE_RATE = 50_000;
    uint256 public constant MAX_AMOUNT = 1e30;

    struct Pools {
        uint256 gold;
        uint256 pot;
        uint256 staticOwed;
        uint256 locked;
        uint256 balances;
        uint256 prizes;
        uint256 burnSurplus;
        uint256 goldIn;
        uint256 potIn;
        uint256 doubleOut;
        uint256 perWeight;
        uint256 totalWeight;
        uint256 lastDrip;
    }

    struct TotalsData {
        uint256 totalUser;
        uint256 totalAmount;
        uint256 totalActual;
        uint256 totalTokens;
        uint256 totalRewardInvite;
        uint256 totalRewardTeam;
        uint256 totalReward;
        uint256 totalRewardUSDT;
        uint256 totalRewardFOM;
        uint256 today;
        uint256 todayAmount;
        uint256 totalExtract;
        uint256 lastBalance;
        uint256 lastOut;
    }

    IERC20 private _usdt;
    IERC20 private _nex;
    IMain private _main;
    ILog private _log;
    IPriceOracle private _oracle;
    IUniswapV2Router02 private _router;
    IDouble private _double;
    Settings private _settings;
    ConfigMulti private _multi;
    FomoLib.RoundState private _round;
    Pools private _pools;
    TotalsData private _totals;
    FomoLib.OrderData[] private _orders; // index 0 unused
    mapping(uint256 round => FomoLib.RoundRecord record) private _rounds;
    mapping(address account => FomoLib.UserData user) private _users;
    mapping(address account => FomoLib.TeamData team) private _teams;
    mapping(address account => uint256[] indexes) private _userOrders;
    mapping(address account => address[] invitees) private _invites;
    mapping(address account => address[] invitees) private _indirects;
    mapping(address account => bool blacklisted) private _blacklist;

    /// @custom:oz-upgrades-unsafe-allow constructor
    constructor() {
        _disableInitializers();
    }

    /// @notice Initializes the proxy. `nex` is the platform token (its `swapBurn` burns `burnSurplus`).
    function initialize(
        address owner_,
        uint256 upgradeDelay_,
        address usdt_,
        address nex_,
        address[5] calldata contracts, // main, log, oracle, router, double
        Settings calldata settings,
        ConfigMulti calldata multi
    ) external initializer {
        __NexusUpgradeable_init(owner_, upgradeDelay_);
        _usdt = IERC20(usdt_);
        _nex = IERC20(nex_);
        _setContracts(contracts[0], contracts[1], contracts[2], contracts[3], contracts[4]);
        _orders.push();
        _round.index = 1;
        _pools.lastDrip = block.timestamp;
        _setConfig(settings);
        _setConfigMulti(multi);
    }

    modifier notBlacklisted() {
        if (_blacklist[msg.sender]) revert FomoBlacklisted(msg.sender);
        _;
    }

    // --- users ---------------------------------------------------------------------------------------------

    /// @inheritdoc IFomo
    function burn(uint256 times, uint256 amount, bool isUSDT) external {
        burn(0, times, amount, isUSDT);
    }

    /// @inheritdoc IFomo
    function burn(
        uint256 index,
        uint256 times,
        uint256 amount,
        bool isUSDT
    ) public whenNotPaused notBlacklisted nonReentrant {
        uint256 value = _checkBurn(index, times, amount);
        _settleRound();
        _drip();
        (uint256 actual, uint256 tokens, uint256 price) = _collect(value, isUSDT);
        address[] memory referrers = _main.getReferrers(msg.sender, _settings.algebra);
        bool first = _users[msg.sender].index == 0;
        uint256 orderIndex = _open(index, actual, tokens, price, isUSDT, referrers, first);
        _count(value, actual, tokens);
        if (actual >= _settings.roundMin) _joinRound(orderIndex);
        emit Burned(msg.sender, orderIndex, _round.index, index, value, actual, tokens, isUSDT);
        _distribute(orderIndex, actual - _orders[orderIndex].principal, referrers, first);
        _write(msg.sender, "fomo_burn", actual, _users[msg.sender].amount, false);
    }

    /// @inheritdoc IFomo
    function release(uint256 index) external whenNotPaused nonReentrant {
        if (index == 0 || index >= _orders.length) revert FomoOrderNotActive(index, 0);
        FomoLib.OrderData storage order = _orders[index];
        if (order.status != STATUS_LOCKED) revert FomoOrderNotActive(index, order.status);
        if (block.timestamp < order.endTime) revert FomoOrderLocked(index, order.endTime);
        address owner_ = order.owner;
        bool forced = msg.sender != owner_;
        if (forced) {
            uint256 forceTime = uint256(order.endTime) + _settings.outDays * _settings.dayTimes;
            if (block.timestamp < forceTime) revert FomoForceOutTooEarly(index, forceTime);
        } else if (_blacklist[msg.sender]) {
            revert FomoBlacklisted(msg.sender);
        }
        _drip();
        FomoLib.UserData storage user = _users[owner_];
        _accrueStatic(owner_, user);
        uint256 weight = (uint256(order.amount) * order.rate) / FeeMath.BPS;
        user.weight -= uint128(weight);
        user.amount -= order.amount;
        _setDebt(user);
        _pools.totalWeight -= weight;
        uint256 principal = order.principal;
        _pools.locked -= principal;
        order.status = forced ? STATUS_FORCED : STATUS_RELEASED;
        order.lastTime = uint40(block.timestamp);
        emit Released(owner_, index, principal, forced, msg.sender);
        if (forced) {
            user.balance += uint128(principal);
            _pools.balances += principal;
        } else if (principal > 0) {
            _usdt.safeTransfer(owner_, principal);
        }
        _write(owner_, "fomo_release", principal, user.amount, false);
    }

    /// @inheritdoc IFomo
    function claimReward(uint256 index) external payable whenNotPaused notBlacklisted nonReentrant {
        if (msg.value != _settings.handleGas) revert FomoWrongHandleFee(msg.value, _settings.handleGas);
        _settleRound();
        _drip();
        FomoLib.UserData storage user = _users[msg.sender];
        uint256 amount;
        if (index == 0) {
            _accrueStatic(msg.sender, user);
            amount = user.balance;
            if (amount == 0) revert FomoNothingToClaim(msg.sender);
            user.balance = 0;
            _pools.balances -= amount;
        } else {
            amount = FomoLib.takePrizes(_rounds, _orders, index, _round.index);
            user.rewardFOMO += uint128(amount);
            _pools.prizes -= amount;
        }
        user.lastOut = uint40(block.timestamp);
        (uint256 fee, uint256 paid) = FeeMath.split(amount, _settings.feeRate);
        _pools.gold += fee;
        _pools.goldIn += fee;
        _totals.totalExtract += paid;
        _totals.lastOut = block.timestamp;
        if (index == 0) emit RewardClaimed(msg.sender, amount, fee);
        else emit PrizeClaimed(msg.sender, index, amount, fee);
        _usdt.safeTransfer(msg.sender, paid);
        _write(msg.sender, index == 0 ? "fomo_reward" : "fomo_prize", paid, 0, true);
    }

    /// @inheritdoc IFomo
    function updatePool() external whenNotPaused nonReentrant {
        _settleRound();
        _drip();
        uint256 surplus = _pools.burnSurplus;
        uint256 every = _settings.burnEvery;
        if (every == 0 || surplus < every) return;
        _pools.burnSurplus = 0;
        _usdt.forceApprove(address(_nex), surplus);
        try IToken(address(_nex)).swapBurn(surplus) {
            emit SurplusBurned(surplus, true);
        } catch {
            _pools.burnSurplus = surplus;
            _usdt.forceApprove(address(_nex), 0);
            emit SurplusBurned(surplus, false);
        }
    }

    /// @inheritdoc IFomo
    function updateUser(address account) external whenNotPaused nonReentrant {
        _drip();
        FomoLib.UserData storage user = _users[account];
        _accrueStatic(account, user);
        _setDebt(user);
    }

    /// @inheritdoc IFomo
    function addBalance(uint256 amount) external nonReentrant {
        if (amount == 0 || amount > MAX_AMOUNT) revert FomoAmountOutOfRange(amount, 1, MAX_AMOUNT);
        _drip();
        _pools.gold += amount;
        _pools.goldIn += amount;
        emit BalanceAdded(msg.sender, amount);
        _usdt.safeTransferFrom(msg.sender, address(this), amount);
    }

    // --- owner ---------------------------------------------------------------------------------------------

    /// @inheritdoc IFomo
    function setConfig(Settings calldata settings) external onlyOwner {
        _drip(); // static rewards so far at the old rate
        _setConfig(settings);
    }

    /// @inheritdoc IFomo
    function setConfigMulti(ConfigMulti calldata config) external onlyOwner {
        _setConfigMulti(config);
    }

    /// @inheritdoc IFomo
    function setBlacklist(address account, bool blacklisted) external onlyOwner {
        _blacklist[account] = blacklisted;
        emit BlacklistUpdated(account, blacklisted);
    }

    /// @inheritdoc IFomo
    function setTeamLevel(address account, uint256 level, bool isManual) external onlyOwner {
        _check("level", level, 0, LEVELS);
        FomoLib.TeamData storage team = _teams[account];
        team.isManual = isManual;
        team.level = uint8(isManual ? level : FomoLib.autoLevel(_multi, team.teamAmount));
        emit TeamLevelUpdated(account, team.level, isManual);
    }

    /// @inheritdoc IFomo
    function setContracts(
        address main_,
        address log_,
        address oracle_,
        address router_,
        address double_
    ) external onlyOwner {
        _setContracts(main_, log_, oracle_, router_, double_);
    }

    // --- views ---------------------------------------------------------------------------------------------

    /// @inheritdoc IFomo
    function getConfig() external view returns (Config memory) {
        Settings storage s = _settings;
        return
            Config({
                addTime: s.addTime,
                dayTimes: s.dayTimes,
                algebra: s.algebra,
                feeRate: s.feeRate,
                handleGas: s.handleGas,
                swapRate: s.swapRate,
                burnEvery: s.burnEvery,
                burnSurplus: _pools.burnSurplus,
                rewardRate: s.rewardRate,
                outDays: s.outDays,
                startTime: s.startTime,
                roundMin: s.roundMin,
                roundTime: s.roundTime,
                lastIndex: _orders.length - 1,
                totalRewardFOM: _totals.totalRewardFOM,
                userMax: s.userMax,
                totalExtract: _totals.totalExtract
            });
    }

    /// @inheritdoc IFomo
    function getConfigMulti() external view returns (ConfigMulti memory) {
        return _multi;
    }

    /// @inheritdoc IFomo
    function getSwapIn(uint256 usdt) public view returns (uint256) {
        return _oracle.consult(address(_usdt), usdt);
    }

    /// @inheritdoc IFomo
    function orders(uint256 index) public view returns (Order memory order) {
        if (index == 0 || index >= _orders.length) return order;
        FomoLib.OrderData storage o = _orders[index];
        uint256 status = o.status;
        if (status == STATUS_LOCKED && block.timestamp >= o.endTime) status = STATUS_UNLOCKED;
        return
            Order({
                isUSDT: o.isUSDT,
                status: status,
                index: index,
                userIndex: o.userIndex,
                amount: o.amount,
                tokens: o.tokens,
                rate: o.rate,
                stakeIndex: o.stakeIndex,
                lockDays: o.lockDays,
                price: o.price,
                reward: o.reward,
                startTime: o.startTime,
                lastTime: o.lastTime,
                endTime: o.endTime,
                owner: o.owner,
                principal: o.principal
            });
    }

    /// @inheritdoc IFomo
    function users(address account) external view returns (User memory) {
        FomoLib.UserData storage u = _users[account];
        (uint256 perWeight, ) = _pendingDrip();
        uint256 accrued = (uint256(u.weight) * perWeight) / ACC - u.debt;
        return
            User({
                index: u.index,
                orders: u.orders,
                amount: u.amount,
                total: u.total,
                balance: u.balance + accrued,
                rewardStatic: u.rewardStatic + accrued,
                rewardStaticToken: u.rewardStaticToken,
                rewardDirect: u.rewardDirect,
                rewardIndirect: u.rewardIndirect,
                rewardTeam: u.rewardTeam,
                rewardFOMO: u.rewardFOMO,
                lastOut: u.lastOut
            });
    }

    /// @inheritdoc IFomo
    function teams(address account) external view returns (Team memory) {
        FomoLib.TeamData storage t = _teams[account];
        return
            Team({
                isManual: t.isManual,
                level: t.level,
                invites: _main.invites(account),
                inviteValids: t.inviteValids,
                teamUser: t.teamUser,
                teamAmount: t.teamAmount,
                teamMax: t.teamMax,
                teamMin: t.teamAmount - t.teamMax,
                maxAccount: t.maxAccount
            });
    }

    /// @inheritdoc IFomo
    function userOrderIndex(address account, uint256 i) external view returns (uint256) {
        uint256[] storage list = _userOrders[account];
        return i < list.length ? list[i] : 0;
    }

    /// @inheritdoc IFomo
    function getUserOrders(
        address account,
        uint256 offset,
        uint256 count
    ) external view returns (Order[] memory list, uint256 total) {
        uint256[] storage indexes = _userOrders[account];
        total = indexes.length;
        (uint256 start, uint256 size) = Paging.window(total, offset, count);
        list = new Order[](size);
        for (uint256 i; i < size; ++i) list[i] = orders(indexes[start - i]);
    }

    /// @inheritdoc IFomo
    function getInvites(
        address account,
        bool indirect,
        uint256 offset,
        uint256 count
    ) external view returns (address[] memory list, uint256 total) {
        address[] storage source = indirect ? _indirects[account] : _invites[account];
        total = source.length;
        (uint256 start, uint256 size) = Paging.window(total, offset, count);
        list = new address[](size);
        for (uint256 i; i < size; ++i) list[i] = source[start - i];
    }

    /// @inheritdoc IFomo
    function getTotals() external view returns (Totals memory) {
        TotalsData storage t = _totals;
        FomoLib.RoundState memory r = _round;
        return
            Totals({
                totalUser: t.totalUser,
                totalOrder: _orders.length - 1,
                totalAmount: t.totalAmount,
                totalActual: t.totalActual,
                totalTokens: t.totalTokens,
                totalRewardInvite: t.totalRewardInvite,
                totalRewardTeam: t.totalRewardTeam,
                totalReward: t.totalReward,
                totalRewardUSDT: t.totalRewardUSDT,
                todayAmount: t.today == block.timestamp / _settings.dayTimes ? t.todayAmount : 0,
                totalExtract: t.totalExtract,
                lastBalance: t.lastBalance,
                lastOut: t.lastOut,
                roundEndTime: r.endTime,
                roundEndIndex: r.index,
                lastEndTime: r.index > 1 ? _rounds[r.index - 1].endTime : 0
            });
    }

    /// @inheritdoc IFomo
    function getValues() external view returns (Values memory) {
        Pools storage p = _pools;
        (, uint256 emission) = _pendingDrip();
        address double_ = address(_double);
        return
            Values({
                gold: p.goldIn,
                fomo: p.potIn,
                double: p.doubleOut,
                balanceGold: p.gold - emission,
                balanceFomo: p.pot,
                balanceDouble: double_ == address(0) ? 0 : _usdt.balanceOf(double_)
            });
    }

    /// @inheritdoc IFomo
    function getRound(uint256 index) external view returns (Round memory) {
        return FomoLib.roundView(_rounds, _round, _pools.pot, index);
    }

    /// @inheritdoc IFomo
    function prizeOf(uint256 index, address account) external view returns (uint256) {
        return FomoLib.prizeOf(_rounds, _orders, index, _round.index, account);
    }

    /// @inheritdoc IFomo
    function isBlacklisted(address account) external view returns (bool) {
        return _blacklist[account];
    }

    /// @notice The pot shares of the winners, latest qualifying order first (basis points).
    function winnerShares() public pure returns (uint256[5] memory) {
        return FomoLib.winnerShares();
    }

    // --- internals: deposit --------------------------------------------------------------------------------

    /// @dev Checks a burn's arguments and the caller; returns the order's USDT value.
    function _checkBurn(uint256 index, uint256 times, uint256 amount) private view returns (uint256 value) {
        if (index >= TIERS) revert FomoInvalidTier(index, TIERS);
        if (times == 0 || times > MAX_TIMES) revert FomoTimesOutOfRange(times, 1, MAX_TIMES);
        if (block.timestamp < _settings.startTime) revert FomoNotStarted(_settings.startTime);
        (uint256 registered, ) = _main.users(msg.sender);
        if (registered == 0) revert FomoNotRegistered(msg.sender);
        uint256 userMax = _settings.userMax;
        uint256 current = _users[msg.sender].amount;
        uint256 max = userMax > current ? userMax - current : 0;
        if (amount > MAX_AMOUNT) revert FomoAmountOutOfRange(amount, 1, max);
        value = times * amount;
        if (value == 0 || value > max) revert FomoAmountOutOfRange(value, 1, max);
    }

    /// @dev Takes the payment: USDT, or NEX sold for USDT at no less than `swapRate` below the TWAP value.
    function _collect(uint256 value, bool isUSDT) private returns (uint256 actual, uint256 tokens, uint256 price) {
        if (isUSDT) {
            _usdt.safeTransferFrom(msg.sender, address(this), value);
            return (value, 0, _tryPrice());
        }
        tokens = getSwapIn(value);
        if (tokens == 0) revert FomoAmountOutOfRange(value, 1, 0);
        price = (value * 1 ether) / tokens;
        _nex.safeTransferFrom(msg.sender, address(this), tokens);
        uint256 before = _usdt.balanceOf(address(this));
        address[] memory path = new address[](2);
        path[0] = address(_nex);
        path[1] = address(_usdt);
        _nex.forceApprove(address(_router), tokens);
        _router.swapExactTokensForTokensSupportingFeeOnTransferTokens(
            tokens,
            FeeMath.bps(value, FeeMath.BPS - _settings.swapRate),
            path,
            address(this),
            block.timestamp
        );
        actual = _usdt.balanceOf(address(this)) - before;
    }

    function _join(FomoLib.UserData storage user, address[] memory referrers) private {
        user.index = uint32(++_totals.totalUser);
        if (referrers.length > 0) {
            _invites[referrers[0]].push(msg.sender);
            ++_teams[referrers[0]].inviteValids;
        }
        if (referrers.length > 1) _indirects[referrers[1]].push(msg.sender);
    }

    /// @dev Opens the order and adds its amount, weight and principal to the user and the pools.
    function _open(
        uint256 index,
        uint256 actual,
        uint256 tokens,
        uint256 price,
        bool isUSDT,
        address[] memory referrers,
        bool first
    ) private returns (uint256 orderIndex) {
        FomoLib.UserData storage user = _users[msg.sender];
        if (first) _join(user, referrers);
        _accrueStatic(msg.sender, user);
        orderIndex = _orders.length;
        uint256 principal = _pushOrder(index, actual, tokens, price, isUSDT, user);
        uint256 weight = (actual * _multi.stakeRates[index]) / FeeMath.BPS;
        user.amount += uint128(actual);
        user.total += uint128(actual);
        user.weight += uint128(weight);
        _setDebt(user);
        _pools.totalWeight += weight;
        _pools.locked += principal;
    }

    function _pushOrder(
        uint256 index,
        uint256 actual,
        uint256 tokens,
        uint256 price,
        bool isUSDT,
        FomoLib.UserData storage user
    ) private returns (uint256 principal) {
        principal = FeeMath.bps(actual, _multi.stakeSurplus[index]);
        uint256 lockDays = _multi.stakeDays[index];
        _userOrders[msg.sender].push(_orders.length);
        FomoLib.OrderData storage o = _orders.push();
        o.owner = msg.sender;
        o.userIndex = user.orders;
        o.rate = uint16(_multi.stakeRates[index]);
        o.lockDays = uint16(lockDays);
        o.stakeIndex = uint8(index);
        o.status = STATUS_LOCKED;
        o.isUSDT = isUSDT;
        o.amount = uint128(actual);
        o.tokens = uint128(tokens);
        o.principal = uint128(principal);
        o.price = uint128(price);
        o.startTime = uint40(block.timestamp);
        o.lastTime = uint40(block.timestamp);
        o.endTime = uint40(block.timestamp + lockDays * _settings.dayTimes);
        ++user.orders;
    }

    function _count(uint256 value, uint256 actual, uint256 tokens) private {
        TotalsData storage t = _totals;
        t.totalAmount += value;
        t.totalActual += actual;
        t.totalTokens += tokens;
        uint256 today = block.timestamp / _settings.dayTimes;
        if (t.today != today) {
            t.today = today;
            t.todayAmount = actual;
        } else {
            t.todayAmount += actual;
        }
    }

    /// @dev Splits `rest` by `burnRates`; shares without a recipient go to the gold pool.
    function _distribute(uint256 orderIndex, uint256 rest, address[] memory referrers, bool first) private {
        // split: 0 gold, 1 pot, 2 double, 3 invite (direct + indirect paid), 4 team paid, 5 burn
        uint256[6] memory split;
        split[1] = FeeMath.bps(rest, _multi.burnRates[1]);
        if (address(_double) != address(0)) split[2] = FeeMath.bps(rest, _multi.burnRates[2]);
        if (referrers.length > 0) split[3] = _referral(referrers[0], 1, FeeMath.bps(rest, _multi.burnRates[3]));
        if (referrers.length > 1) split[3] += _referral(referrers[1], 2, FeeMath.bps(rest, _multi.burnRates[4]));
        split[4] = _teamRewards(orderIndex, FeeMath.bps(rest, _multi.burnRates[5]), referrers, first);
        split[5] = FeeMath.bps(rest, _multi.burnRates[6]);
        split[0] = rest - split[1] - split[2] - split[3] - split[4] - split[5];
        Pools storage p = _pools;
        p.gold += split[0];
        p.goldIn += split[0];
        p.pot += split[1];
        p.potIn += split[1];
        p.doubleOut += split[2];
        p.balances += split[3] + split[4];
        p.burnSurplus += split[5];
        _totals.totalRewardInvite += split[3];
        _totals.totalRewardTeam += split[4];
        _totals.totalRewardUSDT += split[3] + split[4];
        emit Distributed(
            orderIndex,
            _orders[orderIndex].principal,
            split[0],
            split[1],
            split[2],
            split[3],
            split[4],
            split[5]
        );
        if (split[2] > 0) {
            _usdt.forceApprove(address(_double), split[2]);
            _double.deposit(msg.sender, split[2], orderIndex);
        }
    }

    function _teamRewards(
        uint256 orderIndex,
        uint256 budget,
        address[] memory referrers,
        bool first
    ) private returns (uint256) {
        return FomoLib.team(_teams, _users, _multi, referrers, _orders[orderIndex].amount, budget, first);
    }

    function _referral(address referrer, uint256 generation, uint256 amount) private returns (uint256) {
        if (amount == 0) return 0;
        FomoLib.UserData storage r = _users[referrer];
        if (generation == 1) r.rewardDirect += uint128(amount);
        else r.rewardIndirect += uint128(amount);
        r.balance += uint128(amount);
        emit ReferralRewarded(referrer, msg.sender, generation, amount);
        return amount;
    }

    // --- internals: round game -----------------------------------------------------------------------------

    /// @dev A qualifying order: starts the round (`roundTime` on the clock) or adds `addTime`, capped at
    /// `roundTime` from now, and becomes the latest of the last 5.
    function _joinRound(uint256 orderIndex) private {
        FomoLib.RoundState memory r = _round;
        uint256 cap = block.timestamp + _settings.roundTime;
        uint256 endTime = r.endTime == 0 ? cap : Math.min(uint256(r.endTime) + _settings.addTime, cap);
        r.endTime = uint40(endTime);
        r.ring = uint160(((uint256(r.ring) << 32) | orderIndex) & type(uint160).max);
        if (r.count < WINNERS) ++r.count;
        _round = r;
        emit RoundExtended(r.index, orderIndex, endTime);
    }

    /// @dev Settles the round once its clock ran out: assigns the winners' shares of the pot, exactly once.
    function _settleRound() private {
        FomoLib.RoundState memory r = _round;
        if (r.endTime == 0 || block.timestamp < r.endTime) return;
        uint256 pot = _pools.pot;
        uint256 paid;
        uint256[5] memory shares = FomoLib.winnerShares();
        for (uint256 i; i < r.count; ++i) paid += (pot * shares[i]) / FeeMath.BPS;
        _rounds[r.index] = FomoLib.RoundRecord({
            winners: r.ring,
            endTime: r.endTime,
            count: r.count,
            claimed: 0,
            pot: uint128(pot),
            paid: uint128(paid)
        });
        _pools.pot = pot - paid;
        _pools.prizes += paid;
        _totals.totalRewardFOM += paid;
        _totals.totalRewardUSDT += paid;
        _totals.lastBalance = pot;
        _round = FomoLib.RoundState({ring: 0, endTime: 0, index: r.index + 1, count: 0});
        emit RoundSettled(r.index, r.endTime, pot, paid, msg.sender);
    }

    // --- internals: static rewards -------------------------------------------------------------------------

    function _pendingDrip() private view returns (uint256 perWeight, uint256 emission) {
        Pools storage p = _pools;
        perWeight = p.perWeight;
        if (block.timestamp <= p.lastDrip || p.totalWeight == 0 || p.gold == 0) return (perWeight, 0);
        emission =
            (p.gold * _settings.rewardRate * (block.timestamp - p.lastDrip)) / (FeeMath.BPS * _settings.dayTimes);
        if (emission > p.gold) emission = p.gold;
        perWeight += (emission * ACC) / p.totalWeight;
    }

    /// @dev Pays `rewardRate` of the gold pool per day (pro rata) into the reward-per-weight accumulator.
    function _drip() private {
        Pools storage p = _pools;
        if (block.timestamp <= p.lastDrip) return;
        (uint256 perWeight, uint256 emission) = _pendingDrip();
        p.lastDrip = block.timestamp;
        if (emission == 0) return;
        p.perWeight = perWeight;
        p.gold -= emission;
        p.staticOwed += emission;
        emit PoolUpdated(emission, perWeight, p.gold);
    }

    /// @dev Credits `account`'s static reward since its debt was set (call {_setDebt} after changing its weight).
    function _accrueStatic(address account, FomoLib.UserData storage u) private {
        uint256 accrued = (uint256(u.weight) * _pools.perWeight) / ACC - u.debt;
        if (accrued > _pools.staticOwed) accrued = _pools.staticOwed; // rounding never pays more than was dripped
        if (accrued == 0) return;
        u.debt += uint128(accrued);
        u.balance += uint128(accrued);
        u.rewardStatic += uint128(accrued);
        uint256 price = _tryPrice();
        if (price > 0) u.rewardStaticToken += uint128((accrued * 1 ether) / price);
        _pools.staticOwed -= accrued;
        _pools.balances += accrued;
        _totals.totalReward += accrued;
        _totals.totalRewardUSDT += accrued;
        emit StaticAccrued(account, accrued);
    }

    function _setDebt(FomoLib.UserData storage u) private {
        u.debt = uint128((uint256(u.weight) * _pools.perWeight) / ACC);
    }

    /// @dev The NEX TWAP (USDT per NEX) for display fields, or 0 while the oracle has no average.
    function _tryPrice() private view returns (uint256) {
        try _oracle.consult(address(_nex), 1 ether) returns (uint256 price) {
            return price;
        } catch {
            return 0;
        }
    }

    // --- internals: accounting and config ------------------------------------------------------------------

    /// @dev Every bucket of USDT that belongs to users or to the game.
    function _claimable(address token) internal view override returns (uint256) {
        if (token != address(_usdt)) return 0;
        Pools storage p = _pools;
        return p.locked + p.gold + p.pot + p.staticOwed + p.balances + p.prizes + p.burnSurplus;
    }

    function _setConfig(Settings calldata s) private {
        FomoLib.checkSettings(
            s,
            [
                MIN_DAY_TIMES,
                MAX_DAY_TIMES,
                MAX_ALGEBRA,
                MAX_FEE_RATE,
                MAX_HANDLE_GAS,
                MAX_SWAP_RATE,
                MAX_AMOUNT,
                MAX_REWARD_RATE,
                MAX_OUT_DAYS,
                MIN_ROUND_TIME,
                MAX_ROUND_TIME,
                0,
                0
            ]
        );
        _settings = s;
        emit ConfigUpdated(s);
    }

    function _setConfigMulti(ConfigMulti calldata m) private {
        FomoLib.checkMulti(m, MAX_STAKE_DAYS, MAX_STAKE_RATE, MAX_AMOUNT);
        _multi = m;
        emit ConfigMultiUpdated(m);
    }

    function _setContracts(address main_, address log_, address oracle_, address router_, address double_) private {
        _check("main", main_.code.length, 1, type(uint256).max);
        _check("oracle", oracle_.code.length, 1, type(uint256).max);
        _check("router", router_.code.length, 1, type(uint256).max);
        _main = IMain(main_);
        _log = ILog(log_);
        _oracle = IPriceOracle(oracle_);
        _router = IUniswapV2Router02(router_);
        _double = IDouble(double_);
        emit ContractsUpdated(main_, log_, oracle_, router_, double_);
    }

    function _check(string memory name, uint256 value, uint256 min, uint256 max) private pure {
        FomoLib.check(name, value, min, max);
    }

    function _write(address account, string memory action, uint256 amount, uint256 balance, bool isReward) private {
        ILog log = _log;
        if (address(log) == address(0)) return;
        if (isReward) log.addReward(account, address(this), "USDT", action, amount, balance);
        else log.addLog(account, address(this), "USDT", action, amount, balance, false);
    }
}
