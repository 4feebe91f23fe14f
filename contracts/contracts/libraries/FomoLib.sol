// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IFomo} from "../interfaces/IFomo.sol";
import {FeeMath} from "./FeeMath.sol";

/// @title Fomo's storage records and the parts of its logic that live outside its bytecode
/// @notice External functions, called by {Fomo} through DELEGATECALL on Fomo's own storage (Fomo links this
/// library at deployment), so that Fomo stays under the 24 KB code size limit. Events and errors have the same
/// signatures as in {IFomo}, so they decode with Fomo's ABI.
library FomoLib {
    struct OrderData {
        address owner;
        uint32 userIndex;
        uint16 rate;
        uint16 lockDays;
        uint8 stakeIndex;
        uint8 status;
        bool isUSDT;
        uint128 amount;
        uint128 tokens;
        uint128 principal;
        uint128 reward;
        uint128 price;
        uint40 startTime;
        uint40 lastTime;
        uint40 endTime;
    }

    struct UserData {
        uint32 index;
        uint32 orders;
        uint40 lastOut;
        uint128 amount;
        uint128 total;
        uint128 balance;
        uint128 weight;
        uint128 debt;
        uint128 rewardStatic;
        uint128 rewardStaticToken;
        uint128 rewardDirect;
        uint128 rewardIndirect;
        uint128 rewardTeam;
        uint128 rewardFOMO;
    }

    struct TeamData {
        bool isManual;
        uint8 level;
        uint32 inviteValids;
        uint32 teamUser;
        address maxAccount;
        uint128 teamAmount;
        uint128 teamMax;
    }

    /// @dev The running round in one slot: the last 5 qualifying orders (32 bits each, latest lowest).
    struct RoundState {
        uint160 ring;
        uint40 endTime;
        uint32 index;
        uint8 count;
    }

    struct RoundRecord {
        uint160 winners;
        uint40 endTime;
        uint8 count;
        uint8 claimed;
        uint128 pot;
        uint128 paid;
    }

    uint256 internal constant LEVELS = 4;
    uint256 internal constant TIERS = 5;
    uint256 internal constant SHARES = 7;

    /// @dev Same as {IFomo-TeamRewarded}.
    event TeamRewarded(address indexed account, address indexed from, uint256 level, uint256 amount);
    /// @dev Same as {IFomo-TeamLevelUpdated}.
    event TeamLevelUpdated(address indexed account, uint256 level, bool isManual);

    /// @dev Same as {IFomo-FomoValueOutOfBounds}.
    error FomoValueOutOfBounds(string name, uint256 value, uint256 min, uint256 max);
    /// @dev Same as {IFomo-FomoRoundNotSettled}.
    error FomoRoundNotSettled(uint256 round, uint256 current);
    /// @dev Same as {IFomo-FomoNoPrize}.
    error FomoNoPrize(uint256 round, address account);

    /// @notice The pot shares of the winners, latest qualifying order first (basis points).
    function winnerShares() internal pure returns (uint256[5] memory) {
        return [uint256(5_000), 2_000, 1_500, 1_000, 500];
    }

    /// @notice Adds `actual` to the team records of the depositor's ancestors (`referrers`, nearest first), updates
    /// their largest leg and level, and pays differential team rewards out of `budget`; returns what it paid.
    function team(
        mapping(address => TeamData) storage teams,
        mapping(address => UserData) storage users,
        IFomo.ConfigMulti storage multi,
        address[] memory referrers,
        uint256 actual,
        uint256 budget,
        bool first
    ) external returns (uint256 spent) {
        uint256 paidRate;
        address child = msg.sender;
        for (uint256 k; k < referrers.length; ++k) {
            address ancestor = referrers[k];
            uint256 level = _teamStep(teams, users, multi, ancestor, child, actual, first);
            if (level > 0 && budget > 0) {
                uint256 rate = multi.teamRates[level - 1];
                if (rate > paidRate) {
                    uint256 amount = (budget * (rate - paidRate)) / FeeMath.BPS;
                    paidRate = rate;
                    if (amount > 0) {
                        UserData storage u = users[ancestor];
                        u.rewardTeam += uint128(amount);
                        u.balance += uint128(amount);
                        spent += amount;
                        emit TeamRewarded(ancestor, msg.sender, level, amount);
                    }
                }
            }
            child = ancestor;
        }
    }

    /// @dev Adds `actual` to `ancestor`'s team (reached through `child`); returns its level.
    function _teamStep(
        mapping(address => TeamData) storage teams,
        mapping(address => UserData) storage users,
        IFomo.ConfigMulti storage multi,
        address ancestor,
        address child,
        uint256 actual,
        bool first
    ) private returns (uint256 level) {
        TeamData storage t = teams[ancestor];
        t.teamAmount += uint128(actual);
        if (first) ++t.teamUser;
        uint256 leg = uint256(users[child].total) + teams[child].teamAmount;
        if (leg > t.teamMax) {
            t.teamMax = uint128(leg);
            if (t.maxAccount != child) t.maxAccount = child;
        }
        level = t.level;
        if (!t.isManual) {
            uint256 computed = autoLevel(multi, t.teamAmount);
            if (computed != level) {
                level = computed;
                t.level = uint8(computed);
                emit TeamLevelUpdated(ancestor, computed, false);
            }
        }
    }

    /// @notice The highest level L whose threshold `teamAmounts[L-1]` (non-zero) `teamAmount` reaches.
    function autoLevel(IFomo.ConfigMulti storage multi, uint256 teamAmount) public view returns (uint256) {
        for (uint256 level = LEVELS; level > 0; --level) {
            uint256 threshold = multi.teamAmounts[level - 1];
            if (threshold > 0 && teamAmount >= threshold) return level;
        }
        return 0;
    }

    /// @notice Marks the caller's unclaimed winning positions of settled round `index` claimed (and credits each
    /// winning order's `reward`); returns the sum of their prizes.
    function takePrizes(
        mapping(uint256 => RoundRecord) storage rounds,
        OrderData[] storage orders,
        uint256 index,
        uint256 current
    ) external returns (uint256 amount) {
        if (index >= current) revert FomoRoundNotSettled(index, current);
        RoundRecord storage record = rounds[index];
        uint256 claimed = record.claimed;
        uint256[5] memory shares = winnerShares();
        for (uint256 i; i < record.count; ++i) {
            OrderData storage order = orders[(uint256(record.winners) >> (32 * i)) & type(uint32).max];
            if (order.owner != msg.sender || (claimed >> i) & 1 == 1) continue;
            uint256 prize = (uint256(record.pot) * shares[i]) / FeeMath.BPS;
            claimed |= 1 << i;
            order.reward += uint128(prize);
            amount += prize;
        }
        if (amount == 0) revert FomoNoPrize(index, msg.sender);
        record.claimed = uint8(claimed);
    }

    /// @notice Round `index`: the settled record, or the running round (`current`) with the pot as it is now.
    function roundView(
        mapping(uint256 => RoundRecord) storage rounds,
        RoundState storage current,
        uint256 pot,
        uint256 index
    ) external view returns (IFomo.Round memory round) {
        round.index = index;
        if (index == 0 || index > current.index) return round;
        uint256 winners;
        uint256 claimed;
        if (index == current.index) {
            round.endTime = current.endTime;
            round.pot = pot;
            round.count = current.count;
            winners = current.ring;
        } else {
            RoundRecord storage record = rounds[index];
            round.settled = true;
            round.endTime = record.endTime;
            round.pot = record.pot;
            round.paid = record.paid;
            round.count = record.count;
            winners = record.winners;
            claimed = record.claimed;
        }
        uint256[5] memory shares = winnerShares();
        for (uint256 i; i < round.count; ++i) {
            round.winners[i] = (winners >> (32 * i)) & type(uint32).max;
            round.prizes[i] = (round.pot * shares[i]) / FeeMath.BPS;
            round.claimed[i] = (claimed >> i) & 1 == 1;
        }
    }

    /// @notice What `account` can still claim from settled round `index`.
    function prizeOf(
        mapping(uint256 => RoundRecord) storage rounds,
        OrderData[] storage orders,
        uint256 index,
        uint256 current,
        address account
    ) external view returns (uint256 prize) {
        if (index == 0 || index >= current) return 0;
        RoundRecord storage record = rounds[index];
        uint256[5] memory shares = winnerShares();
        for (uint256 i; i < record.count; ++i) {
            uint256 orderIndex = (uint256(record.winners) >> (32 * i)) & type(uint32).max;
            if (orders[orderIndex].owner == account && (record.claimed >> i) & 1 == 0) {
                prize += (uint256(record.pot) * shares[i]) / FeeMath.BPS;
            }
        }
    }

    /// @notice Reverts with {FomoValueOutOfBounds} unless every setting is within its bound (see Fomo's constants).
    function checkSettings(IFomo.Settings calldata s, uint256[13] memory bounds) external pure {
        // bounds: minDay, maxDay, maxAlgebra, maxFee, maxHandleGas, maxSwap, maxAmount, maxReward, maxOutDays,
        //         minRoundTime, maxRoundTime, unused, unused
        check("dayTimes", s.dayTimes, bounds[0], bounds[1]);
        check("algebra", s.algebra, 1, bounds[2]);
        check("feeRate", s.feeRate, 0, bounds[3]);
        check("handleGas", s.handleGas, 0, bounds[4]);
        check("swapRate", s.swapRate, 0, bounds[5]);
        check("burnEvery", s.burnEvery, 0, bounds[6]);
        check("rewardRate", s.rewardRate, 0, bounds[7]);
        check("outDays", s.outDays, 0, bounds[8]);
        check("startTime", s.startTime, 0, type(uint40).max);
        check("roundMin", s.roundMin, 1, bounds[6]);
        check("roundTime", s.roundTime, bounds[9], bounds[10]);
        check("addTime", s.addTime, 1, s.roundTime);
        check("userMax", s.userMax, 1, bounds[6]);
    }

    /// @notice Reverts with {FomoValueOutOfBounds} unless the multi config is within bounds: split shares sum to
    /// at most 100 %, team rates and amounts never decrease, tiers within `maxDays`, `maxRate`, 100 %.
    function checkMulti(IFomo.ConfigMulti calldata m, uint256 maxDays, uint256 maxRate, uint256 maxAmount) external pure {
        uint256 sum;
        for (uint256 i; i < SHARES; ++i) sum += m.burnRates[i];
        check("burnRates", sum, 0, FeeMath.BPS);
        for (uint256 i; i < LEVELS; ++i) {
            check("teamRates", m.teamRates[i], i == 0 ? 0 : m.teamRates[i - 1], FeeMath.BPS);
            check("teamAmounts", m.teamAmounts[i], i == 0 ? 0 : m.teamAmounts[i - 1], maxAmount);
        }
        for (uint256 i; i < TIERS; ++i) {
            check("stakeDays", m.stakeDays[i], 1, maxDays);
            check("stakeRates", m.stakeRates[i], 1, maxRate);
            check("stakeSurplus", m.stakeSurplus[i], 0, FeeMath.BPS);
        }
    }

    /// @notice Reverts with {FomoValueOutOfBounds} if `value` is outside `[min, max]`.
    function check(string memory name, uint256 value, uint256 min, uint256 max) internal pure {
        if (value < min || value > max) revert FomoValueOutOfBounds(name, value, min, max);
    }
}
