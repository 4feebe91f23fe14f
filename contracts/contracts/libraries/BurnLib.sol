// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {SafeCast} from "@openzeppelin/contracts/utils/math/SafeCast.sol";
import {IBurn} from "../interfaces/IBurn.sol";
import {IMain} from "../interfaces/IMain.sol";
import {ILog} from "../interfaces/ILog.sol";
import {IPriceOracle} from "../interfaces/IPriceOracle.sol";
import {IToken} from "../interfaces/IToken.sol";
import {IUniswapV2Router02} from "../interfaces/external/IUniswapV2Router02.sol";
import {Bounds} from "./Bounds.sol";
import {FeeMath} from "./FeeMath.sol";
import {ExpiryQueue} from "./ExpiryQueue.sol";
import {LogCodes} from "./LogCodes.sol";
import {RewardMath} from "./RewardMath.sol";
import {TeamLib} from "./TeamLib.sol";

/// @title {Burn}'s parts outside its 24 KB: the bounds of its settings, rates and addresses, the BNB payment, and
/// an order's referral and team credits
/// @notice One home for what `setConfig`/`setConfigMulti`/`setAddresses` (and `initialize`) accept: each value
/// within its bound, team rates non-decreasing and at most the team share, everything an order pays out at most its
/// value; the swap of a BNB payment; the credits of an order to its ancestors, with their Log entries. Linked (DELEGATECALL on Burn's storage and balance: its code is outside
/// Burn's 24 KB); the errors are {IBurn}'s, so they decode with Burn's ABI.
library BurnLib {
    using SafeERC20 for IERC20;

    /// @notice The most generations an order rewards (issue 20: at least 20; team figures still count
    /// {TeamLib-DEPTH}). An order at 20 in a 20-deep chain of active members: test/MaxAlgebraWorstCase.ts.
    uint256 internal constant MAX_ALGEBRA = 20;
    uint256 internal constant MAX_HANDLE = 200;
    uint256 internal constant MAX_FEE_RATE = 1_000;
    uint256 internal constant MAX_SWAP_RATE = 5_000;
    uint256 internal constant MIN_REWARD_RATE = 10_000;
    uint256 internal constant MAX_REWARD_RATE = 20_000;
    uint256 internal constant MAX_OUT_DAYS = 365;
    uint256 internal constant MIN_DAY_TIMES = 60;
    uint256 internal constant MAX_DAY_TIMES = 7 days;
    uint256 internal constant MAX_BURN_EVERY = 1e24;
    /// @notice The least `burnEvery` (1 USDT): an order's value, its force, is never below it.
    uint256 internal constant MIN_BURN_EVERY = 1e18;
    /// @notice The pool's weight floor: the pool is shared only while the total force is at least 1 USDT of orders
    /// (below it, what arrived waits in the pool for the next sharing at or above it).
    uint256 internal constant FORCE_FLOOR = 1e18;
    uint256 internal constant MAX_SLIPPAGE = 1_000;
    uint256 internal constant MAX_LEVEL = 5;
    /// @notice How long the buy-and-burn waits after a failed buy before it tries again (with half the amount).
    uint256 internal constant SWAP_RETRY_DELAY = 10 minutes;
    /// @notice Set by Burn in an ancestor's `levels` word ({rewardAncestors}) when it may earn: a live order and
    /// not blacklisted.
    uint256 internal constant EARNS = 1 << 9;

    /// @notice An account's record in 5 slots ({IBurn-User} is its view; `rewardTotal` there is `total` plus the
    /// three credited kinds): a credit writes `balance` and its kind (an indirect share, the commonest, one slot),
    /// a settlement `balance` and `total`, an order `amount` and `orders`. Sums are 128 bits (checked); `index`,
    /// `orders` and `lastOut` 32.
    struct Account {
        uint128 balance;
        uint128 rewardIndirect;
        uint128 rewardDirect;
        uint128 rewardTeam;
        uint128 amount;
        uint128 total;
        uint32 index;
        uint32 orders;
        uint32 lastOut;
        address refer;
        address inviteCode;
    }

    /// @notice An order in 4 slots: what a settlement reads first (owner, times, flags), the value and NEX value with
    /// the order's place in its account's list, the accumulator debt, and what it may still and did receive (a
    /// settlement writes the last two). `amount` is at most 2^96 - 1 wei (79 billion USDT, checked). The debt is
    /// stored inverted (`debtNot = ~debt`; a debt is never -1, it starts at `amount * perForce` >= 0 and only
    /// grows): an order made before the pool was ever shared has a zero debt, and its first settlement then wrote a
    /// new slot (20,000 gas) in the claim; inverted, the order's own write pays for that slot once.
    struct OrderRecord {
        address owner;
        uint40 startTime;
        uint40 endTime;
        bool isValid;
        bool isBNB;
        uint96 amount;
        uint32 userIndex;
        uint128 tokens;
        int256 debtNot;
        uint128 rewardSurplus;
        uint128 reward;
    }

    /// @notice Burn's settings ({IBurn-Settings}) in 2 slots: everything an order and a claim read in the first (each
    /// field within its bound: `startTime` 40 bits, checked; the others' bounds fit their widths), the remaining
    /// order units (written by every order) in the second. {getConfig} returns them unpacked.
    struct Config {
        uint40 startTime;
        uint80 burnEvery;
        uint32 dayTimes;
        uint16 outDays;
        uint16 rewardRate;
        uint16 swapRate;
        uint8 algebra;
        uint16 feeRate;
        uint16 handleGas;
        uint256 burnSurplus;
    }

    /// @notice Burn's rates ({IBurn-ConfigMulti}) in 4 slots: `shares` holds the 5 burn rates (16 bits each, from bit
    /// 0), the 5 team rates (from bit 80) and the slippage (bit 160), each at most 10,000 (checked); the team
    /// thresholds are 128 bits each (checked), 2 to a slot. An order reads all 4 (was 16). {getMulti} unpacks.
    struct Rates {
        uint256 shares;
        uint128[5] teamAmounts;
    }

    /// @notice Burn's totals in 6 slots and the accumulator, packed by what reads and writes them together (sums 128
    /// bits, counts 32 and 64; every narrowing checked or bounded by what it is a part of): the pool's accounting
    /// (`_sync`, an order, the sharing), what is owed and credited, the force and the swap balance, an order's
    /// totals, a claim's totals, the counts. USDT held for users, by purpose: lastBalance == pool + owed + balances
    /// + swap (never less), so each of those is below 2^120 with `lastBalance` (checked). The `primed*` flags are set
    /// at initialisation ({prime}), one in each word an order, a registration or a claim writes (but the credits' and
    /// the accumulator's), so that a fresh Burn's first order, registration and claim update words instead of writing
    /// new ones (a new word costs 17,100 gas more); `totalAmount` (every order's value ever) is 120 bits and
    /// `lastIndex` (the sharings) 56 for the room (checked: an addition past them reverts).
    struct Sums {
        uint120 lastBalance;
        uint128 pool;
        bool primedBalance;
        uint128 owed;
        uint128 balances;
        uint128 totalForce;
        uint120 swapBalance;
        bool primedForce;
        uint120 totalAmount;
        uint128 totalTokens;
        bool primedAmount;
        uint128 totalReward;
        uint120 totalExtract;
        bool primed;
        uint128 totalRewardInvite;
        uint32 totalOrder;
        uint32 totalUser;
        uint56 lastIndex;
        bool primedCounts;
        uint256 perForce;
    }

    /// @notice Sets the `primed*` flags of the totals ({Sums}), once at initialisation.
    function prime(Sums storage sums) internal {
        sums.primedBalance = true;
        sums.primedForce = true;
        sums.primedAmount = true;
        sums.primed = true;
        sums.primedCounts = true;
    }

    /// @notice What an order's walk reads of each ancestor, in one slot: the value of its valid orders and the latest
    /// end time among them (an upper bound when one of them reached its cap in a claim that did not see all of the
    /// account's orders: see {_settleUser}), its blacklist flag, and its invitees registered here and with an order.
    struct Activity {
        uint128 amount;
        uint40 liveUntil;
        bool blacklisted;
        uint32 invites;
        uint32 inviteValids;
    }

    /// @notice Whether the account of `activity` earns referral and team rewards: a valid order's value, the latest
    /// end among them still ahead, and no blacklist flag; its word read once (the compiler reads a packed struct
    /// once per field: {Activity}'s layout, lowest bits first: amount 0-127, liveUntil 128-167, blacklisted 168-175).
    function earns(Activity storage activity) internal view returns (bool) {
        uint256 word;
        assembly ("memory-safe") {
            word := sload(activity.slot)
        }
        return word & type(uint128).max != 0 && uint40(word >> 128) > block.timestamp && uint8(word >> 168) == 0;
    }

    /// @notice {OrderRecord}'s `isValid` in its first word ({head}; the compiler's packing, lowest bits first: owner
    /// 0-159, startTime 160-199, endTime 200-239, isValid 240-247, isBNB 248-255).
    uint256 internal constant VALID = 0xff << 240;

    /// @notice Order `o`'s first word (owner, times, flags), read once: a settlement reads the fields of a packed
    /// struct otherwise one read per field.
    function head(OrderRecord storage o) internal view returns (uint256 word) {
        assembly ("memory-safe") {
            word := sload(o.slot)
        }
    }

    /// @notice The owner in an order's first word ({head}).
    function owner(uint256 word) internal pure returns (address) {
        return address(uint160(word & type(uint160).max));
    }

    /// @notice The end time in an order's first word ({head}).
    function endTime(uint256 word) internal pure returns (uint256) {
        return uint40(word >> 200);
    }

    /// @notice Order `o`'s `rewardSurplus` and `reward`, which share its fourth word, in one read.
    function payouts(OrderRecord storage o) internal view returns (uint256 surplus, uint256 reward) {
        uint256 word;
        assembly ("memory-safe") {
            word := sload(add(o.slot, 3))
        }
        return (word & type(uint128).max, word >> 128);
    }

    /// @notice A new order's fields ({createOrder}).
    struct NewOrder {
        address account;
        uint256 index;
        uint256 value;
        uint256 tokens;
        uint256 endTime;
        int256 debt;
        uint256 rewardSurplus;
        bool isBNB;
    }

    /// @notice The order whose value {rewardAncestors} shares: its account and index, its value, and `algebra`.
    struct Order {
        address account;
        uint256 index;
        uint256 value;
        uint256 algebra;
    }

    /// @dev The state of a walk (in memory, to keep the stack small).
    struct Walk {
        Order order;
        uint256 shares; // {Rates-shares}
        uint256 teamPaidRate;
        uint256 credited;
        LogCodes.Credits credits;
    }

    /// @notice Credits the referral and team rewards of order `o` to its `ancestors` (nearest first) that may earn
    /// (`levels[k] & EARNS`; the low 8 bits are the ancestor's team level, {TeamLib}): the direct share to the
    /// first, the indirect share to the others within `algebra` generations, and the team level differential
    /// (`teamRates` above what nearer ancestors took) to each. Writes one Log entry per credit, in one Log call
    /// (`from` is the order's account). Returns the sum credited; the caller adds it to its totals.
    function rewardAncestors(
        mapping(address => Account) storage users,
        Rates storage m,
        ILog log,
        Order memory o,
        address[] memory ancestors,
        uint256[] memory levels
    ) external returns (uint256) {
        Walk memory w = Walk({
            order: o,
            shares: m.shares,
            teamPaidRate: 0,
            credited: 0,
            credits: LogCodes.credits(2 * ancestors.length)
        });
        for (uint256 k; k < ancestors.length; ++k) {
            if (levels[k] & EARNS != 0) _rewardAncestor(users, w, k, ancestors[k], uint8(levels[k]));
        }
        LogCodes.writeCredits(log, o.account, LogCodes.SYMBOL_USDT, w.credits);
        return w.credited;
    }

    /// @dev The `k`-th ancestor's direct or indirect share, and its team level differential.
    function _rewardAncestor(
        mapping(address => Account) storage users,
        Walk memory w,
        uint256 k,
        address ancestor,
        uint256 level
    ) private {
        uint256 value = w.order.value;
        if (k == 0) {
            _credit(users, w, ancestor, LogCodes.ACTION_BURN_DIRECT, FeeMath.bps(value, burnRate(w.shares, 1)));
        } else if (k < w.order.algebra) {
            _credit(users, w, ancestor, LogCodes.ACTION_BURN_INDIRECT, FeeMath.bps(value, burnRate(w.shares, 2)));
        }
        uint256 rate = level == 0 ? 0 : teamRate(w.shares, level - 1);
        if (rate > w.teamPaidRate) {
            _credit(users, w, ancestor, LogCodes.ACTION_BURN_TEAM, FeeMath.bps(value, rate - w.teamPaidRate));
            w.teamPaidRate = rate;
        }
    }

    /// @notice Registers `account` (registered in Main `main`) with its Main referrer; `referCode`, when given, must
    /// be that referrer. Emits {IBurn-Registered}.
    function register(
        mapping(address => Account) storage users,
        mapping(address => mapping(uint256 => address)) storage invites,
        mapping(address => Activity) storage active,
        Sums storage sums,
        IMain main,
        address account,
        address referCode
    ) external {
        (uint256 mainIndex, address referrer) = main.users(account);
        if (mainIndex == 0) revert IBurn.BurnNotRegistered(account);
        if (referCode != address(0) && referCode != referrer) revert IBurn.BurnReferCodeMismatch(referCode, referrer);
        uint256 index = ++sums.totalUser; // 2^32 - 1 accounts at most (reverts past it)
        Account storage user = users[account];
        user.index = uint32(index);
        if (referCode != address(0)) user.inviteCode = referCode;
        user.refer = referrer;
        if (referrer != address(0)) {
            invites[referrer][active[referrer].invites++] = account; // the count is the list's length
        }
        emit IBurn.Registered(account, referrer, referCode, index);
    }

    /// @notice What order `o` would be paid if its account claimed now ({IBurn-pendingReward}): the USDT arrived
    /// unaccounted joins the pool, which is shared only once no expired order waits in the queue, as the next claim
    /// would find it (it forces out at most one).
    function pendingReward(
        OrderRecord storage o,
        Sums storage sums,
        ExpiryQueue.Heap storage queue,
        address usdt
    ) external view returns (uint256) {
        if (!o.isValid) return 0;
        uint256 perForce = sums.perForce;
        uint256 pool = sums.pool;
        uint256 balance = IERC20(usdt).balanceOf(address(this));
        if (balance > sums.lastBalance) pool += balance - sums.lastBalance;
        if (block.timestamp < o.endTime && _shareableNow(queue)) {
            (uint256 inc, ) = RewardMath.incrementAbove(pool, sums.totalForce, FORCE_FLOOR);
            perForce += inc;
        }
        uint256 accrued = RewardMath.pending(o.amount, perForce, ~o.debtNot);
        return accrued < o.rewardSurplus ? accrued : o.rewardSurplus;
    }

    /// @dev Whether a user call, which forces out at most one expired order (Burn's USER_OUTS), then shares the pool:
    /// no second expired order waits behind the queue's top (the second smallest entry of the heap is node 2 or 3).
    function _shareableNow(ExpiryQueue.Heap storage queue) private view returns (bool) {
        uint256 size = ExpiryQueue.length(queue);
        if (size < 2) return true;
        (uint256 second, ) = ExpiryQueue.at(queue, 2);
        if (size > 2) {
            (uint256 third, ) = ExpiryQueue.at(queue, 3);
            if (third < second) second = third;
        }
        return second > block.timestamp;
    }

    /// @notice Whether Burn's upkeep is due: an expired order waits in the queue, the swap balance waits for its
    /// buy-and-burn (not before `swapRetryAt`), USDT arrived unaccounted, or the pool can be shared.
    function upkeepDue(
        ExpiryQueue.Heap storage queue,
        Sums storage sums,
        uint256 swapRetryAt,
        address usdt
    ) external view returns (bool) {
        (uint256 endTime, ) = ExpiryQueue.top(queue);
        if (endTime <= block.timestamp || (sums.swapBalance != 0 && block.timestamp >= swapRetryAt)) return true;
        if (IERC20(usdt).balanceOf(address(this)) > sums.lastBalance) return true;
        (uint256 inc, ) = RewardMath.incrementAbove(sums.pool, sums.totalForce, FORCE_FLOOR);
        return inc != 0;
    }

    /// @notice Writes order `n` (one write per slot), appends its index to its account's `list` (8 indexes of 32
    /// bits to a word) and adds its value to the account's `user` and `activity` records.
    function createOrder(
        mapping(uint256 => OrderRecord) storage orders,
        mapping(uint256 => uint256) storage list,
        Account storage user,
        Activity storage activity,
        NewOrder memory n
    ) external {
        uint256 position = user.orders;
        orders[n.index] = OrderRecord({
            owner: n.account,
            startTime: uint40(block.timestamp),
            endTime: SafeCast.toUint40(n.endTime),
            isValid: true,
            isBNB: n.isBNB,
            amount: SafeCast.toUint96(n.value),
            userIndex: SafeCast.toUint32(position),
            tokens: SafeCast.toUint128(n.tokens),
            debtNot: ~n.debt,
            rewardSurplus: SafeCast.toUint128(n.rewardSurplus),
            reward: 0
        });
        list[position >> 3] |= uint256(SafeCast.toUint32(n.index)) << ((position & 7) * 32);
        user.orders = uint32(position + 1); // position < 2^32 (checked above)
        uint128 value = uint128(n.value); // < 2^96 (checked above)
        user.amount += value;
        activity.amount += value;
        if (n.endTime > activity.liveUntil) activity.liveUntil = uint40(n.endTime);
    }

    /// @notice Sets `account`'s team level by hand (`isManual`, `level` at most MAX_LEVEL) or back to automatic
    /// ({IBurn-setTeam}). Emits {IBurn-TeamManualUpdated} with the level now.
    function setTeam(
        TeamLib.Teams storage team,
        IMain main,
        Rates storage rates,
        address account,
        bool isManual,
        uint256 level
    ) external {
        Bounds.check("level", level, 0, MAX_LEVEL);
        level = TeamLib.setManual(team, main, account, isManual, level, thresholds(rates), true);
        emit IBurn.TeamManualUpdated(account, isManual, level); // the level now (manual, or the automatic one)
    }

    /// @notice `account`'s team view ({IBurn-teams}), ABI-encoded.
    function teamView(
        TeamLib.Teams storage team,
        Activity storage activity,
        IMain main,
        Rates storage rates,
        address account
    ) external view returns (bytes memory) {
        TeamLib.Figures memory f = TeamLib.figures(team, main, account, thresholds(rates), true);
        return
            abi.encode(
                IBurn.Team({
                    isManual: f.isManual,
                    level: f.level,
                    invites: activity.invites,
                    inviteValids: activity.inviteValids,
                    teamUser: f.teamUser,
                    teamAmount: f.teamAmount,
                    teamMax: f.teamMax,
                    teamMin: f.teamMin,
                    maxAccount: f.maxAccount
                })
            );
    }

    /// @notice The USDT value of `amountBNB` at the BNB TWAP ({IBurn-getSwapBnb}), or with `tokens` the NEX that
    /// value buys at the NEX TWAP ({IBurn-getSwapTokens}).
    function quote(IBurn.Addresses storage a, uint256 amountBNB, bool tokens) external view returns (uint256 value) {
        value = IPriceOracle(a.bnbOracle).consult(IUniswapV2Router02(a.router).WETH(), amountBNB);
        if (tokens) value = IPriceOracle(a.nexOracle).consult(a.usdt, value);
    }

    /// @notice Order `index`'s view ({IBurn-orders}).
    function orderView(OrderRecord storage o, uint256 index) external view returns (bytes memory) {
        return
            abi.encode(
                IBurn.Order({
                    isValid: o.isValid,
                    isBNB: o.isBNB,
                    index: index,
                    userIndex: o.userIndex,
                    amount: o.amount,
                    tokens: o.tokens,
                    debt: ~o.debtNot,
                    rewardSurplus: o.rewardSurplus,
                    reward: o.reward,
                    startTime: o.startTime,
                    endTime: o.endTime,
                    owner: o.owner
                })
            );
    }

    /// @notice An account's view ({IBurn-users}): `rewardTotal` is its orders' dividends and the three credited kinds.
    function userView(Account storage a) external view returns (bytes memory) {
        return
            abi.encode(
                IBurn.User({
                    index: a.index,
                    inviteCode: a.inviteCode,
                    orders: a.orders,
                    amount: a.amount,
                    total: a.total,
                    balance: a.balance,
                    rewardTotal: uint256(a.total) + a.rewardDirect + a.rewardIndirect + a.rewardTeam,
                    rewardDirect: a.rewardDirect,
                    rewardIndirect: a.rewardIndirect,
                    lastOut: a.lastOut,
                    refer: a.refer
                })
            );
    }

    /// @notice The totals' view ({IBurn-totalInfo}); `lastOut` is the queue's top entry (its end time and order).
    function totalInfo(Sums storage t, ExpiryQueue.Heap storage queue) external view returns (bytes memory) {
        return
            abi.encode(
                IBurn.Totals({
                    totalUser: t.totalUser,
                    totalOrder: t.totalOrder,
                    totalAmount: t.totalAmount,
                    totalTokens: t.totalTokens,
                    totalRewardInvite: t.totalRewardInvite,
                    totalReward: t.totalReward,
                    totalExtract: t.totalExtract,
                    lastBalance: t.lastBalance,
                    lastIndex: t.lastIndex,
                    totalForce: t.totalForce,
                    perForce: t.perForce,
                    lastOut: _topId(queue)
                })
            );
    }

    /// @dev The order at the top of the expiry queue (0: none).
    function _topId(ExpiryQueue.Heap storage queue) private view returns (uint256 id) {
        (, id) = ExpiryQueue.top(queue);
    }

    /// @notice Stores settings `s` packed ({Config}) after checking them: each value within its bound and, with the
    /// rates `m` in force, an order never pays out more than its value. Emits {IBurn-ConfigUpdated}.
    function setSettings(Config storage c, Rates storage m, IBurn.Settings calldata s) external {
        Bounds.check("dayTimes", s.dayTimes, MIN_DAY_TIMES, MAX_DAY_TIMES);
        Bounds.check("algebra", s.algebra, 1, MAX_ALGEBRA);
        Bounds.check("feeRate", s.feeRate, 0, MAX_FEE_RATE);
        Bounds.check("handleGas", s.handleGas, 1, MAX_HANDLE);
        Bounds.check("swapRate", s.swapRate, 0, MAX_SWAP_RATE);
        Bounds.check("burnEvery", s.burnEvery, MIN_BURN_EVERY, MAX_BURN_EVERY);
        Bounds.check("rewardRate", s.rewardRate, MIN_REWARD_RATE, MAX_REWARD_RATE);
        Bounds.check("outDays", s.outDays, 1, MAX_OUT_DAYS);
        Bounds.check("startTime", s.startTime, 0, type(uint40).max);
        uint256 shares = m.shares;
        _checkShares(
            [burnRate(shares, 0), burnRate(shares, 1), burnRate(shares, 2), burnRate(shares, 3), burnRate(shares, 4)],
            s.algebra,
            s.swapRate
        );
        // each value fits its width by the bounds above
        c.startTime = uint40(s.startTime);
        c.burnEvery = uint80(s.burnEvery);
        c.dayTimes = uint32(s.dayTimes);
        c.outDays = uint16(s.outDays);
        c.rewardRate = uint16(s.rewardRate);
        c.swapRate = uint16(s.swapRate);
        c.algebra = uint8(s.algebra);
        c.feeRate = uint16(s.feeRate);
        c.handleGas = uint16(s.handleGas);
        c.burnSurplus = s.burnSurplus;
        emit IBurn.ConfigUpdated(s);
    }

    /// @notice Stores rates `m` packed ({Rates}) after checking them: each within its bound, team rates
    /// non-decreasing and at most the team share and, with the settings `c` in force, an order never pays out more
    /// than its value. Emits {IBurn-ConfigMultiUpdated}.
    function setMulti(Rates storage r, Config storage c, IBurn.ConfigMulti calldata m) external {
        Bounds.check("slippage", m.slippage, 0, MAX_SLIPPAGE);
        for (uint256 level = 1; level < MAX_LEVEL; ++level) {
            if (m.teamRates[level] < m.teamRates[level - 1]) revert IBurn.BurnTeamRatesNotIncreasing(level + 1);
        }
        Bounds.check("teamRates", m.teamRates[MAX_LEVEL - 1], 0, m.burnRates[3]);
        _checkShares(m.burnRates, c.algebra, c.swapRate);
        // the shares' sum bounds every burn rate by 10,000 but the indirect one at `algebra` 1; the team rates are at
        // most the team share; the thresholds are packed in 128 bits
        Bounds.check("burnRates", m.burnRates[2], 0, FeeMath.BPS);
        uint256 shares = m.slippage << 160;
        for (uint256 i; i < 5; ++i) {
            shares |= (m.burnRates[i] << (16 * i)) | (m.teamRates[i] << (80 + 16 * i));
            Bounds.check("teamAmounts", m.teamAmounts[i], 0, type(uint128).max);
            r.teamAmounts[i] = uint128(m.teamAmounts[i]);
        }
        r.shares = shares;
        emit IBurn.ConfigMultiUpdated(m);
    }

    /// @notice Stores addresses `a` after checking that every address Burn needs is set and USDT is the one already
    /// set (if any). Emits {IBurn-AddressesUpdated}.
    function setAddresses(IBurn.Addresses storage stored, IBurn.Addresses calldata a) external {
        checkAddresses(a, stored.usdt);
        stored.main = a.main;
        stored.usdt = a.usdt;
        stored.token = a.token;
        stored.router = a.router;
        stored.nexOracle = a.nexOracle;
        stored.bnbOracle = a.bnbOracle;
        stored.nft = a.nft;
        stored.market = a.market;
        stored.log = a.log;
        emit IBurn.AddressesUpdated(a);
    }

    /// @notice The settings' view ({IBurn-getConfig}); `addTime` is the deployment's time.
    function getConfig(Config storage c, uint256 addTime) external view returns (bytes memory) {
        return
            abi.encode(
                IBurn.Config({
                    addTime: addTime,
                    dayTimes: c.dayTimes,
                    algebra: c.algebra,
                    feeRate: c.feeRate,
                    handleGas: c.handleGas,
                    swapRate: c.swapRate,
                    burnEvery: c.burnEvery,
                    burnSurplus: c.burnSurplus,
                    rewardRate: c.rewardRate,
                    outDays: c.outDays,
                    startTime: c.startTime
                })
            );
    }

    /// @notice The rates' view ({IBurn-getConfigMulti}).
    function getMulti(Rates storage r) external view returns (bytes memory) {
        IBurn.ConfigMulti memory m;
        uint256 shares = r.shares;
        for (uint256 i; i < 5; ++i) {
            m.burnRates[i] = burnRate(shares, i);
            m.teamRates[i] = teamRate(shares, i);
            m.teamAmounts[i] = r.teamAmounts[i];
        }
        m.slippage = slippage(shares);
        return abi.encode(m);
    }

    /// @notice The team thresholds (level L's is `[L-1]`), as {TeamLib} takes them.
    function thresholds(Rates storage r) internal view returns (uint256[5] memory t) {
        for (uint256 i; i < 5; ++i) t[i] = r.teamAmounts[i];
    }

    /// @notice Burn rate `i` of packed `shares` ({Rates}): 0 community, 1 direct, 2 indirect, 3 team, 4 NFT.
    function burnRate(uint256 shares, uint256 i) internal pure returns (uint256) {
        return uint16(shares >> (16 * i));
    }

    /// @notice The team rate of level `i + 1` in packed `shares` ({Rates}).
    function teamRate(uint256 shares, uint256 i) internal pure returns (uint256) {
        return uint16(shares >> (80 + 16 * i));
    }

    /// @notice The BNB slippage of packed `shares` ({Rates}).
    function slippage(uint256 shares) internal pure returns (uint256) {
        return uint16(shares >> 160);
    }

    /// @notice Reverts unless every address Burn needs is set and `usdt` is the one already set (if any).
    function checkAddresses(IBurn.Addresses calldata a, address usdt) public pure {
        address[8] memory required = [a.main, a.usdt, a.token, a.router, a.nexOracle, a.bnbOracle, a.nft, a.market];
        for (uint256 i; i < required.length; ++i) {
            if (required[i] == address(0)) revert IBurn.BurnInvalidAddress(address(0));
        }
        if (usdt != address(0) && a.usdt != usdt) revert IBurn.BurnInvalidAddress(a.usdt);
    }

    /// @notice Takes an order's payment ({IBurn-burn}): exactly `value` USDT, or `amount` BNB swapped to at least
    /// `value` USDT and no less than its TWAP value less `slippageBps` (the USDT above `value` goes back to the
    /// payer). Returns the NEX value of `value` at the NEX TWAP (updated first).
    function collect(
        IBurn.Addresses storage a,
        uint256 value,
        uint256 amount,
        bool isBNB,
        uint256 slippageBps
    ) external returns (uint256) {
        if (!isBNB) {
            if (msg.value != 0) revert IBurn.BurnValueMismatch(msg.value, 0);
            if (amount < value) revert IBurn.BurnPaymentTooLow(amount, value);
            IERC20(a.usdt).safeTransferFrom(msg.sender, address(this), value);
        } else {
            _payBnb(a, amount, value, slippageBps);
        }
        IPriceOracle oracle = IPriceOracle(a.nexOracle);
        oracle.update();
        return oracle.consult(a.usdt, value);
    }

    /// @dev Swaps a BNB payment of `amount` (the call's value) to at least `value` USDT and no less than its TWAP
    /// value less `slippageBps`; the USDT above `value` goes back to the payer.
    function _payBnb(IBurn.Addresses storage a, uint256 amount, uint256 value, uint256 slippageBps) private {
        if (msg.value != amount) revert IBurn.BurnValueMismatch(msg.value, amount);
        IUniswapV2Router02 router = IUniswapV2Router02(a.router);
        IPriceOracle oracle = IPriceOracle(a.bnbOracle);
        address wbnb = router.WETH();
        oracle.update();
        uint256 twap = oracle.consult(wbnb, amount);
        if (twap < value) revert IBurn.BurnPaymentTooLow(twap, value);
        uint256 floor = twap - FeeMath.bps(twap, slippageBps);
        IERC20 usdt = IERC20(a.usdt);
        address[] memory path = new address[](2);
        path[0] = wbnb;
        path[1] = address(usdt);
        uint256 before = usdt.balanceOf(address(this));
        router.swapExactETHForTokens{value: amount}(
            floor > value ? floor : value,
            path,
            address(this),
            block.timestamp
        );
        uint256 refund = usdt.balanceOf(address(this)) - before - value;
        if (refund != 0) usdt.safeTransfer(msg.sender, refund);
    }

    /// @notice One step of Burn's buy-and-burn ({Burn-_swapBurn}): buys NEX with the swap balance, at most `swapTry`
    /// of it (0: all), and burns it. A piece that passes lets the next be twice as large (the whole balance once
    /// that covers it); a buy that fails is retried after SWAP_RETRY_DELAY with about half. Returns the next
    /// `swapTry` and the time before which no buy is tried. Emits {IBurn-TokensBurned} or {IBurn-SwapBurnSkipped}.
    function swapStep(
        Sums storage sums,
        address token,
        address usdt,
        uint256 swapTry,
        uint256 retryAt
    ) external returns (uint256, uint256) {
        uint256 balance = sums.swapBalance;
        uint256 amount = swapTry != 0 && swapTry < balance ? swapTry : balance;
        if (_buyAndBurn(token, usdt, amount)) {
            sums.swapBalance -= uint120(amount); // amount <= swapBalance
            sums.lastBalance -= uint120(amount);
            emit IBurn.TokensBurned(amount);
            if (swapTry == 0 || 2 * amount >= balance - amount) return (0, retryAt);
            return (2 * amount, retryAt);
        }
        emit IBurn.SwapBurnSkipped(amount);
        return (amount / 2 + 1, block.timestamp + SWAP_RETRY_DELAY); // never 0, which would mean the whole balance
    }

    /// @notice The `position`-th order index of an account with `count` orders, from its `list` (8 indexes of 32
    /// bits to a word) ({IBurn-userOrderIndex}); past the end, Panic(0x32), as the array this list was before.
    function orderIndex(
        mapping(uint256 => uint256) storage list,
        uint256 count,
        uint256 position
    ) external view returns (uint256) {
        if (position >= count) outOfBounds();
        return uint32(list[position >> 3] >> ((position & 7) * 32));
    }

    /// @notice Reverts with Panic(0x32), as an array read past its end does (the lists kept as mappings with their
    /// count elsewhere: an account's orders and invitees).
    function outOfBounds() internal pure {
        assembly ("memory-safe") {
            mstore(0, 0x4e487b71)
            mstore(0x20, 0x32)
            revert(0x1c, 0x24)
        }
    }

    /// @notice What Burn holds by purpose ({IBurn-getReserves}), ABI-encoded.
    function reserves(Sums storage sums) external view returns (bytes memory) {
        return
            abi.encode(
                IBurn.Reserves({pool: sums.pool, orders: sums.owed, balances: sums.balances, swap: sums.swapBalance})
            );
    }

    /// @notice The USDT Burn holds for users ({Burn-_claimable}): the pool, what orders are owed, the balances and
    /// the swap balance, plus any that arrived and is not accounted yet (it belongs to the pool).
    function held(Sums storage sums, address usdt) external view returns (uint256) {
        uint256 reserved = uint256(sums.pool) + sums.owed + sums.balances + sums.swapBalance;
        uint256 balance = IERC20(usdt).balanceOf(address(this));
        return balance > sums.lastBalance ? reserved + (balance - sums.lastBalance) : reserved;
    }

    /// @dev Lets the token take `amount` USDT to buy NEX at no worse than its TWAP less its slippage and burn it
    /// (`IToken.swapBurn`); false, with no allowance left, when the buy did not pass.
    function _buyAndBurn(address token, address usdt, uint256 amount) private returns (bool) {
        IERC20(usdt).forceApprove(token, amount);
        try IToken(token).swapBurn(amount) {
            return true;
        } catch {
            IERC20(usdt).forceApprove(token, 0);
            return false;
        }
    }

    /// @dev Credits `amount` to `account` by `action` (the Burn credits of LogCodes, in the order of the event's
    /// kind: 1 direct, 2 indirect, 3 team) and adds its Log entry to the walk's batch.
    function _credit(
        mapping(address => Account) storage users,
        Walk memory w,
        address account,
        uint8 action,
        uint256 amount
    ) private {
        if (amount == 0) return;
        Account storage user = users[account];
        uint128 credit = SafeCast.toUint128(amount);
        if (action == LogCodes.ACTION_BURN_INDIRECT) {
            // `balance` and `rewardIndirect` share the record's first word: one read, one write
            (uint128 balance, uint128 indirect) = (user.balance, user.rewardIndirect);
            (user.balance, user.rewardIndirect) = (balance + credit, indirect + credit);
        } else {
            user.balance += credit;
            if (action == LogCodes.ACTION_BURN_DIRECT) user.rewardDirect += credit;
            else user.rewardTeam += credit;
        }
        w.credited += amount;
        emit IBurn.RewardCredited(
            account,
            w.order.account,
            w.order.index,
            action + 1 - LogCodes.ACTION_BURN_DIRECT,
            amount
        );
        LogCodes.credit(w.credits, account, action, amount);
    }

    /// @dev Everything an order pays out never exceeds its value. A fresh deployment checks the settings before
    /// the rates are set (`algebra` then multiplies zero).
    function _checkShares(uint256[5] memory r, uint256 algebra, uint256 swapRate) private pure {
        uint256 indirect = algebra > 1 ? r[2] * (algebra - 1) : 0;
        FeeMath.checkRate(r[0] + r[1] + indirect + r[3] + r[4] + swapRate, FeeMath.BPS);
    }
}
