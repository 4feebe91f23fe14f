// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IFomo} from "../interfaces/IFomo.sol";
import {FeeMath} from "./FeeMath.sol";
import {FomoLib} from "./FomoLib.sol";
import {Paging} from "./Paging.sol";
import {RewardMath} from "./RewardMath.sol";
import {TeamLib} from "./TeamLib.sol";

/// @title {Fomo}'s views, as the ABI encoding of their return values
/// @notice Each function reads Fomo's {FomoLib-Layout} (DELEGATECALL: Fomo links this library) and returns
/// `abi.encode` of what the view of {IFomo} returns, which Fomo returns as it is (it neither decodes nor re-encodes
/// the structs), so that these cold paths take no room in Fomo's code (24 KB limit).
library FomoViews {
    using FomoLib for FomoLib.Layout;

    /// @notice {IFomo-getConfig}.
    function config(FomoLib.Layout storage $) external view returns (bytes memory) {
        FomoLib.PackedConfig storage s = $.cfg;
        return
            abi.encode(
                IFomo.Config({
                    addTime: s.addTime,
                    dayTimes: s.dayTimes,
                    algebra: s.algebra,
                    feeRate: s.feeRate,
                    handleGas: $.handleGas,
                    swapRate: s.swapRate,
                    burnEvery: s.burnEvery,
                    burnSurplus: $.hot.burnSurplus,
                    rewardRate: s.rewardRate,
                    outDays: s.outDays,
                    startTime: s.startTime,
                    roundMin: $.roundMin,
                    roundTime: s.roundTime,
                    lastIndex: $.hot.orderCount - 1,
                    totalRewardFOM: $.totals.totalRewardFOM,
                    userMax: $.userMax,
                    totalExtract: $.totals.totalExtract,
                    orderMin: $.orderMin
                })
            );
    }

    /// @notice {IFomo-getConfigMulti}.
    function multi(FomoLib.Layout storage $) external view returns (bytes memory) {
        return abi.encode(_multi($));
    }

    /// @notice {IFomo-orders}.
    function order(FomoLib.Layout storage $, uint256 index) external view returns (bytes memory) {
        return abi.encode(_order($, index));
    }

    /// @notice {IFomo-getUserOrders}.
    function userOrders(
        FomoLib.Layout storage $,
        address account,
        uint256 offset,
        uint256 count
    ) external view returns (bytes memory) {
        uint256 total = $.users[account].orders;
        (uint256 start, uint256 size) = Paging.window(total, offset, count);
        IFomo.Order[] memory list = new IFomo.Order[](size);
        for (uint256 i; i < size; ++i) list[i] = _order($, $.userOrderAt(account, start - i));
        return abi.encode(list, total);
    }

    /// @notice {IFomo-getInvites}.
    function invites(
        FomoLib.Layout storage $,
        address account,
        uint256 offset,
        uint256 count
    ) external view returns (bytes memory) {
        uint256 total = $.inviteCount(account);
        (uint256 start, uint256 size) = Paging.window(total, offset, count);
        address[] memory list = new address[](size);
        for (uint256 i; i < size; ++i) list[i] = $.inviteAt(account, start - i);
        return abi.encode(list, total);
    }

    /// @notice {IFomo-users}: `balance` and `rewardStatic` include the static reward accrued up to now.
    function user(FomoLib.Layout storage $, address account) external view returns (bytes memory) {
        FomoLib.UserData storage u = $.users[account];
        (uint256 perWeight, ) = $.pendingDrip();
        uint256 accrued = RewardMath.pending(u.weight, perWeight, u.debt);
        return
            abi.encode(
                IFomo.User({
                    index: u.index,
                    orders: u.orders,
                    amount: u.amount,
                    total: u.total,
                    balance: FomoLib.balanceOf(u) + accrued,
                    rewardStatic: u.rewardStatic + accrued,
                    rewardStaticToken: u.rewardStaticToken,
                    rewardDirect: u.rewardDirect,
                    rewardIndirect: u.rewardIndirect,
                    rewardTeam: u.rewardTeam,
                    rewardFOMO: u.rewardFOMO,
                    lastOut: u.lastOut
                })
            );
    }

    /// @notice {IFomo-teams}.
    function team(FomoLib.Layout storage $, address account) external view returns (bytes memory) {
        TeamLib.Figures memory f = TeamLib.figures($.team, $.main, account, $.thresholds(), false);
        return
            abi.encode(
                IFomo.Team({
                    isManual: f.isManual,
                    level: f.level,
                    invites: $.main.invites(account),
                    inviteValids: $.inviteCount(account),
                    teamUser: f.teamUser,
                    teamAmount: f.teamAmount,
                    teamMax: f.teamMax,
                    teamMin: f.teamMin,
                    maxAccount: f.maxAccount
                })
            );
    }

    /// @notice {IFomo-getTotals}.
    function totals(FomoLib.Layout storage $) external view returns (bytes memory) {
        FomoLib.TotalsData storage t = $.totals;
        FomoLib.Hot storage h = $.hot;
        FomoLib.RoundState memory r = $.round;
        return
            abi.encode(
                IFomo.Totals({
                    totalUser: h.totalUser,
                    totalOrder: h.orderCount - 1,
                    totalAmount: h.totalAmount,
                    totalActual: h.totalActual,
                    totalTokens: h.totalTokens,
                    totalRewardInvite: t.totalRewardInvite,
                    totalRewardTeam: t.totalRewardTeam,
                    totalReward: h.totalReward,
                    totalRewardUSDT: uint256(t.totalRewardInvite) +
                        t.totalRewardTeam +
                        t.totalRewardFOM +
                        h.totalReward,
                    todayAmount: h.today == block.timestamp / $.cfg.dayTimes ? h.todayAmount : 0,
                    totalExtract: t.totalExtract,
                    lastBalance: t.lastBalance,
                    lastOut: t.lastOut,
                    roundEndTime: r.endTime,
                    roundEndIndex: r.index,
                    lastEndTime: r.index > 1 ? $.rounds[r.index - 1].endTime : 0
                })
            );
    }

    /// @notice {IFomo-getValues}: every USDT that entered the gold pool is still in it, dripped (owed) or accrued as
    /// static rewards; every USDT that entered the pot is in it or was assigned as prizes.
    function values(FomoLib.Layout storage $) external view returns (bytes memory) {
        FomoLib.Hot storage h = $.hot;
        (, uint256 consumed) = $.pendingDrip();
        address double_ = address($.double_);
        return
            abi.encode(
                IFomo.Values({
                    gold: uint256(h.gold) + $.pools.staticOwed + h.totalReward,
                    fomo: uint256(h.pot) + $.totals.totalRewardFOM,
                    double: h.doubleOut,
                    balanceGold: h.gold - consumed,
                    balanceFomo: h.pot,
                    balanceDouble: double_ == address(0) ? 0 : $.usdt.balanceOf(double_)
                })
            );
    }

    /// @notice {IFomo-getRound}.
    function round(FomoLib.Layout storage $, uint256 index) external view returns (bytes memory) {
        return abi.encode(_round($, index));
    }

    function _order(FomoLib.Layout storage $, uint256 index) private view returns (IFomo.Order memory order_) {
        if (index == 0 || index >= $.hot.orderCount) return order_;
        FomoLib.OrderData storage o = $.orders[index];
        FomoLib.Terms memory t = FomoLib.terms(o.terms);
        uint256 status = t.status;
        if (status == FomoLib.STATUS_LOCKED && block.timestamp >= t.endTime) status = FomoLib.STATUS_UNLOCKED;
        return
            IFomo.Order({
                isUSDT: t.isUSDT,
                status: status,
                index: index,
                userIndex: t.userIndex,
                amount: t.amount,
                tokens: o.tokens,
                rate: t.rate,
                stakeIndex: t.stakeIndex,
                lockDays: t.lockDays,
                price: o.price,
                reward: o.reward,
                startTime: t.startTime,
                lastTime: o.lastTime == 0 ? t.startTime : o.lastTime,
                endTime: t.endTime,
                owner: $.accounts[t.owner],
                principal: FomoLib.principalOf(t)
            });
    }

    /// @notice Round `index`: the settled record, or the running round with the pot as it is now.
    function _round(FomoLib.Layout storage $, uint256 index) private view returns (IFomo.Round memory round_) {
        FomoLib.RoundState memory current = $.round;
        round_.index = index;
        if (index == 0 || index > current.index) return round_;
        uint256 winners;
        uint256 claimed;
        if (index == current.index) {
            round_.endTime = current.endTime;
            round_.pot = $.hot.pot;
            round_.count = current.count;
            winners = current.ring;
        } else {
            FomoLib.RoundRecord storage record = $.rounds[index];
            round_.settled = true;
            round_.endTime = record.endTime;
            round_.pot = record.pot;
            round_.paid = record.paid;
            round_.count = record.count;
            winners = record.winners;
            claimed = record.claimed;
        }
        uint256[5] memory shares = FomoLib.winnerShares();
        for (uint256 i; i < round_.count; ++i) {
            round_.winners[i] = (winners >> (32 * i)) & type(uint32).max;
            round_.prizes[i] = (round_.pot * shares[i]) / FeeMath.BPS;
            round_.claimed[i] = (claimed >> i) & 1 == 1;
        }
    }

    /// @notice The multi config, unpacked ({IFomo-ConfigMulti}).
    function _multi(FomoLib.Layout storage $) private view returns (IFomo.ConfigMulti memory m) {
        FomoLib.PackedConfig storage cfg = $.cfg;
        for (uint256 i; i < FomoLib.SHARES; ++i) m.burnRates[i] = cfg.rates[i];
        for (uint256 i; i < FomoLib.LEVELS; ++i) {
            m.teamRates[i] = cfg.rates[FomoLib.SHARES + i];
            m.teamAmounts[i] = cfg.teamAmounts[i];
        }
        for (uint256 i; i < FomoLib.TIERS; ++i) {
            m.stakeDays[i] = cfg.tiers[i];
            m.stakeRates[i] = cfg.tiers[FomoLib.TIERS + i];
            m.stakeSurplus[i] = cfg.tiers[2 * FomoLib.TIERS + i];
        }
    }
}
