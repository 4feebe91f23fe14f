// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {SafeCast} from "@openzeppelin/contracts/utils/math/SafeCast.sol";
import {IBurn} from "../interfaces/IBurn.sol";
import {ILog} from "../interfaces/ILog.sol";
import {IPriceOracle} from "../interfaces/IPriceOracle.sol";
import {IToken} from "../interfaces/IToken.sol";
import {IUniswapV2Router02} from "../interfaces/external/IUniswapV2Router02.sol";
import {Bounds} from "./Bounds.sol";
import {FeeMath} from "./FeeMath.sol";
import {LogCodes} from "./LogCodes.sol";

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
    uint256 internal constant MAX_SLIPPAGE = 1_000;
    uint256 internal constant MAX_LEVEL = 5;
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
    /// settlement writes the last two). `amount` is at most 2^96 - 1 wei (79 billion USDT, checked).
    struct OrderRecord {
        address owner;
        uint40 startTime;
        uint40 endTime;
        bool isValid;
        bool isBNB;
        uint96 amount;
        uint32 userIndex;
        uint128 tokens;
        int256 debt;
        uint128 rewardSurplus;
        uint128 reward;
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
        IBurn.ConfigMulti storage m,
        ILog log,
        Order memory o,
        address[] memory ancestors,
        uint256[] memory levels
    ) external returns (uint256) {
        Walk memory w = Walk({order: o, teamPaidRate: 0, credited: 0, credits: LogCodes.credits(2 * ancestors.length)});
        for (uint256 k; k < ancestors.length; ++k) {
            if (levels[k] & EARNS != 0) _rewardAncestor(users, m, w, k, ancestors[k], uint8(levels[k]));
        }
        LogCodes.writeCredits(log, o.account, LogCodes.SYMBOL_USDT, w.credits);
        return w.credited;
    }

    /// @dev The `k`-th ancestor's direct or indirect share, and its team level differential.
    function _rewardAncestor(
        mapping(address => Account) storage users,
        IBurn.ConfigMulti storage m,
        Walk memory w,
        uint256 k,
        address ancestor,
        uint256 level
    ) private {
        uint256 value = w.order.value;
        if (k == 0) {
            _credit(users, w, ancestor, LogCodes.ACTION_BURN_DIRECT, FeeMath.bps(value, m.burnRates[1]));
        } else if (k < w.order.algebra) {
            _credit(users, w, ancestor, LogCodes.ACTION_BURN_INDIRECT, FeeMath.bps(value, m.burnRates[2]));
        }
        uint256 rate = level == 0 ? 0 : m.teamRates[level - 1];
        if (rate > w.teamPaidRate) {
            _credit(users, w, ancestor, LogCodes.ACTION_BURN_TEAM, FeeMath.bps(value, rate - w.teamPaidRate));
            w.teamPaidRate = rate;
        }
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
            debt: n.debt,
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

    /// @notice Reverts unless `s` is within bounds and, with the rates `m` in force, an order never pays out more
    /// than its value.
    function checkSettings(IBurn.Settings calldata s, IBurn.ConfigMulti storage m) external view {
        Bounds.check("dayTimes", s.dayTimes, MIN_DAY_TIMES, MAX_DAY_TIMES);
        Bounds.check("algebra", s.algebra, 1, MAX_ALGEBRA);
        Bounds.check("feeRate", s.feeRate, 0, MAX_FEE_RATE);
        Bounds.check("handleGas", s.handleGas, 1, MAX_HANDLE);
        Bounds.check("swapRate", s.swapRate, 0, MAX_SWAP_RATE);
        Bounds.check("burnEvery", s.burnEvery, 1, MAX_BURN_EVERY);
        Bounds.check("rewardRate", s.rewardRate, MIN_REWARD_RATE, MAX_REWARD_RATE);
        Bounds.check("outDays", s.outDays, 1, MAX_OUT_DAYS);
        _checkShares(m.burnRates, s.algebra, s.swapRate);
    }

    /// @notice Reverts unless `m` is within bounds and, with the settings `s` in force, an order never pays out
    /// more than its value.
    function checkMulti(IBurn.ConfigMulti calldata m, IBurn.Settings storage s) external view {
        Bounds.check("slippage", m.slippage, 0, MAX_SLIPPAGE);
        for (uint256 level = 1; level < MAX_LEVEL; ++level) {
            if (m.teamRates[level] < m.teamRates[level - 1]) revert IBurn.BurnTeamRatesNotIncreasing(level + 1);
        }
        Bounds.check("teamRates", m.teamRates[MAX_LEVEL - 1], 0, m.burnRates[3]);
        _checkShares(m.burnRates, s.algebra, s.swapRate);
    }

    /// @notice Reverts unless every address Burn needs is set and `usdt` is the one already set (if any).
    function checkAddresses(IBurn.Addresses calldata a, address usdt) external pure {
        address[8] memory required = [a.main, a.usdt, a.token, a.router, a.nexOracle, a.bnbOracle, a.nft, a.market];
        for (uint256 i; i < required.length; ++i) {
            if (required[i] == address(0)) revert IBurn.BurnInvalidAddress(address(0));
        }
        if (usdt != address(0) && a.usdt != usdt) revert IBurn.BurnInvalidAddress(a.usdt);
    }

    /// @notice Swaps a BNB payment of `amount` (the call's value) to at least `value` USDT and no less than its TWAP
    /// value less `slippage`; the USDT above `value` goes back to the payer.
    function payBnb(IBurn.Addresses storage a, uint256 amount, uint256 value, uint256 slippage) external {
        if (msg.value != amount) revert IBurn.BurnValueMismatch(msg.value, amount);
        IUniswapV2Router02 router = IUniswapV2Router02(a.router);
        IPriceOracle oracle = IPriceOracle(a.bnbOracle);
        address wbnb = router.WETH();
        oracle.update();
        uint256 twap = oracle.consult(wbnb, amount);
        if (twap < value) revert IBurn.BurnPaymentTooLow(twap, value);
        uint256 floor = twap - FeeMath.bps(twap, slippage);
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

    /// @notice Lets the token take `amount` USDT to buy NEX at no worse than its TWAP less its slippage and burn it
    /// (`IToken.swapBurn`); false, with no allowance left, when the buy did not pass.
    function swapBurn(address token, address usdt, uint256 amount) external returns (bool) {
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
        user.balance += credit;
        if (action == LogCodes.ACTION_BURN_DIRECT) user.rewardDirect += credit;
        else if (action == LogCodes.ACTION_BURN_INDIRECT) user.rewardIndirect += credit;
        else user.rewardTeam += credit;
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
