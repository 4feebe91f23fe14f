// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Math} from "@openzeppelin/contracts/utils/math/Math.sol";
import {SafeCast} from "@openzeppelin/contracts/utils/math/SafeCast.sol";
import {IDouble} from "../interfaces/IDouble.sol";
import {IFomo} from "../interfaces/IFomo.sol";
import {ILog} from "../interfaces/ILog.sol";
import {LogCodes} from "./LogCodes.sol";
import {IMain} from "../interfaces/IMain.sol";
import {IPriceOracle} from "../interfaces/IPriceOracle.sol";
import {IToken} from "../interfaces/IToken.sol";
import {IUniswapV2Pair} from "../interfaces/external/IUniswapV2Pair.sol";
import {IUniswapV2Router02} from "../interfaces/external/IUniswapV2Router02.sol";
import {Bounds} from "./Bounds.sol";
import {FeeMath} from "./FeeMath.sol";
import {TeamLib} from "./TeamLib.sol";
import {ExpiryQueue} from "./ExpiryQueue.sol";
import {RewardMath} from "./RewardMath.sol";

/// @title The state and the state-changing flows of {Fomo}
/// @notice Fomo keeps all its state in one {Layout} and runs its user flows through these external functions
/// (DELEGATECALL on Fomo's storage; Fomo links this library at deployment), so that Fomo stays under the 24 KB code
/// size limit. Events and errors are {IFomo}'s, so they decode with Fomo's ABI. Fomo applies `whenNotPaused`,
/// `nonReentrant` and the blacklist before calling in.
library FomoLib {
    using SafeERC20 for IERC20;

    uint256 internal constant MAX_TIMES = 10;
    uint256 internal constant WINNERS = 5;
    uint256 internal constant LEVELS = 4;
    uint256 internal constant TIERS = 5;
    uint256 internal constant SHARES = 7;
    uint256 internal constant MAX_AMOUNT = 1e27; // team amounts are uint96 (7.9e28)
    uint8 internal constant STATUS_LOCKED = 1;
    uint8 internal constant STATUS_UNLOCKED = 2;
    uint8 internal constant STATUS_RELEASED = 3;
    uint8 internal constant STATUS_FORCED = 4;
    /// @dev Config bounds (Fomo's public constants).
    uint256 internal constant MIN_DAY_TIMES = 60;
    uint256 internal constant MAX_DAY_TIMES = 7 days;
    uint256 internal constant MAX_ALGEBRA = 20;
    uint256 internal constant MAX_FEE_RATE = 2_000;
    uint256 internal constant MAX_HANDLE_GAS = 0.01 ether;
    uint256 internal constant MAX_SWAP_RATE = 2_000;
    uint256 internal constant MAX_REWARD_RATE = 1_000;
    uint256 internal constant MAX_OUT_DAYS = 365;
    uint256 internal constant MIN_ROUND_TIME = 60;
    uint256 internal constant MAX_ROUND_TIME = 7 days;
    uint256 internal constant MAX_STAKE_DAYS = 1_000;
    uint256 internal constant MAX_STAKE_RATE = 50_000;
    /// @dev The most expiry-queue entries one `processExpired` or `performUpkeep` takes out.
    uint256 internal constant MAX_PROCESS = 100;
    /// @dev The floor of the pool's total weight: while the locked orders weigh less, the gold pool drips nothing
    /// (the time passes without emission; the USDT stays in the gold pool and drips later, at or above the floor).
    /// 100 USDT of weight (a 100 USDT order at a 1x stake rate).
    uint256 internal constant WEIGHT_FLOOR = 100 ether;
    /// @dev The bounds of `orderMin`, the least USDT an order is credited: at least 1 USDT, so that an order's weight
    /// (at the smallest stake rate, 1 basis point) is at least 1e14 and never a few wei.
    uint256 internal constant MIN_ORDER_MIN = 1 ether;
    /// @dev How long the buy-and-burn of `burnSurplus` waits after a failed buy before it tries again (with about
    /// half the amount), as in Burn.
    uint256 internal constant SWAP_RETRY_DELAY = 10 minutes;

    /// @dev An order: its terms in one word (`terms`, all an order paid in USDT writes: {Terms}, packed by
    /// {_packTerms}), what the NEX of an order paid in NEX sold for and `lastTime` in the second (`lastTime` is
    /// written when the order leaves the lock, 0 before: the view shows `startTime`), `reward` in the third (when a
    /// prize is claimed). Amounts are bounded by NEX's supply (a larger value reverts: SafeCast).
    struct OrderData {
        uint256 terms;
        uint96 tokens;
        uint96 price;
        uint32 lastTime;
        uint128 reward;
    }

    /// @dev An order's terms, unpacked from its `terms` word (bits: owner 0-31, userIndex 32-55, rate 56-71,
    /// lockDays 72-81, stakeIndex 82-84, status 85-87, isUSDT 88, surplus 89-102, amount 103-192, startTime
    /// 193-224, the lock's length 225-254). `owner` is the owner's account number (`users[a].index`; `accounts`
    /// maps it back); `principal` is not stored but follows from the order's own terms, `amount * surplus / 10,000`
    /// (`stakeSurplus` at the order), as at the order; `endTime` is `startTime` plus the lock (`lockDays` times
    /// `dayTimes` at the order: a later `setConfig` changes no order). Each field is bounded where it is packed.
    struct Terms {
        uint256 owner;
        uint256 userIndex;
        uint256 rate;
        uint256 lockDays;
        uint256 stakeIndex;
        uint256 status;
        bool isUSDT;
        uint256 surplus;
        uint256 amount;
        uint256 startTime;
        uint256 endTime;
    }

    /// @dev Where each field of an order's `terms` word starts ({Terms}).
    uint256 private constant T_USER_INDEX = 32;
    uint256 private constant T_RATE = 56;
    uint256 private constant T_LOCK_DAYS = 72;
    uint256 private constant T_STAKE_INDEX = 82;
    uint256 private constant T_STATUS = 85;
    uint256 private constant T_IS_USDT = 88;
    uint256 private constant T_SURPLUS = 89;
    uint256 private constant T_AMOUNT = 103;
    uint256 private constant T_START = 193;
    uint256 private constant T_LOCK = 225;
    /// @dev An order's amount is below 2**90 (it is at most `userMax` <= `MAX_AMOUNT` = 1e27 < 2**90; checked when
    /// packed); its lock below 2**30 s (`MAX_STAKE_DAYS` x `MAX_DAY_TIMES` = 604,800,000 s).
    uint256 private constant AMOUNT_BITS = 90;
    uint256 private constant LOCK_BITS = 30;

    /// @dev An account: what every order of it writes in 3 slots (slot 0: index, orders, the blacklist flag, amount,
    /// weight, so that the checks of an order and of a credit (amount > 0, not blacklisted) read one slot; slot 1:
    /// the indirect referral reward, total and the index of its first order (so that a first order writes no page
    /// of `orderPages`); slot 6: the static-reward debt at full width ({RewardMath})), its rewards after,
    /// grouped by what writes them together. The balance is not stored: it is what was credited (the referral, team
    /// and static rewards and the principals of forced-out orders) less what was claimed ({balanceOf}), so that each
    /// credit writes one slot: an indirect credit slot 1 (which the account's own first order made non-zero: only an
    /// account with a locked order earns, so an indirect credit never writes a new slot), a direct or team credit
    /// slot 3 (the team rewards go to ancestors that mostly had a direct credit before: no new slot), a static
    /// accrual slot 6 and 4 (the static reward in USDT and in NEX); a claim of the balance writes slot 2 (`claimed`,
    /// `lastOut`), a prize claim slot 2 and 5 (`rewardFOMO`), a forced release slot 2 (`forced`). `amount` and
    /// `weight` are bounded by `MAX_AMOUNT` times the largest stake rate (5x, < 2**96); `total`, the USDT of all its
    /// orders ever, by 2**96 (7.9e10 USDT: a larger total reverts); `orders` by 2**24 (a 16,777,216th order
    /// reverts); `claimed` and `forced`, all ever, by 2**104 (2e13 USDT: a larger sum reverts).
    struct UserData {
        uint32 index;
        uint24 orders;
        bool blacklisted;
        uint96 amount;
        uint96 weight;
        uint128 rewardIndirect;
        uint96 total;
        uint32 firstOrder;
        uint104 claimed;
        uint104 forced;
        uint40 lastOut;
        uint128 rewardDirect;
        uint128 rewardTeam;
        uint128 rewardStatic;
        uint128 rewardStaticToken;
        uint128 rewardFOMO;
        int256 debt; // {RewardMath}: the static reward owed is (weight * perWeight - debt) / 1e18
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

    /// @dev Where every USDT of the pool is (`hot.gold`, `hot.pot`, `hot.burnSurplus`, `hot.locked`, the balances
    /// ({balances}), prizes and staticOwed belong to users or the game), and the reward-per-weight accumulator
    /// (`perWeight`, full width, {RewardMath}).
    /// Amounts stay below 2**128. The accounts' balances are not summed by every credit: they are the referral,
    /// team and static rewards credited ({TotalsData}, `hot.totalReward`) plus `balanceAdjust`, the principals of
    /// forced-out orders less the balances claimed (written only by those), so that an order writes no slot here.
    struct Pools {
        int128 balanceAdjust;
        uint120 prizes; // below 2**104, as the pool's USDT
        bool primed0; // set at initialisation: a pool's first settlement or claim writes no new slot here
        uint120 staticOwed; // below 2**104, as the gold pool it drips from
        uint128 totalWeight;
        bool primed; // set at initialisation: a fresh pool's first order writes no new slot here either
        uint256 perWeight;
    }

    /// @dev The reward totals (what every order writes is in {Hot}) and `lastBalance` (the pot of the last settled
    /// round), in 3 slots that initialisation makes non-zero
    /// (the `primed` flags), so that the pool's first credit, static accrual or claim writes no new slot. Totals stay
    /// below 2**120 (1.3e18 USDT).
    struct TotalsData {
        uint128 totalRewardInvite;
        uint120 totalRewardTeam;
        bool primed1;
        uint104 lastBalance;
        uint120 totalRewardFOM;
        bool primed2;
        uint128 totalExtract;
        uint40 lastOut;
        bool primed3;
    }

    /// @dev The pool amounts and totals that (nearly) every order writes (`totalReward`: by its static accrual),
    /// `lastDrip` and `orderCount` (the next order's index; index 0 unused), in 5 slots that
    /// initialisation makes non-zero (`openedAt`, `today`, `lastDrip`, `primed2`, `orderCount`), so that no order pays for a zero-to-non-zero write of them: a fresh pool's
    /// first order costs what any order costs. Amounts stay below 2**104 (2e31 base units:
    /// orders are at most 1e27).
    struct Hot {
        uint104 gold;
        uint104 pot;
        uint40 openedAt;
        uint104 locked;
        uint104 burnSurplus;
        uint40 today;
        uint104 totalAmount;
        uint104 totalActual;
        uint32 totalUser;
        bool primed2;
        uint104 totalTokens;
        uint104 todayAmount;
        uint40 lastDrip; // when the gold pool last dripped (non-zero from initialisation on)
        uint104 doubleOut;
        uint104 totalReward; // the static rewards accrued, all ever (a larger sum reverts)
        uint32 orderCount;
    }

    /// @dev All of Fomo's state.
    struct Layout {
        // three settings in the free bytes of the contract slots that read them: `roundMin` with USDT and `userMax`
        // with Main (every order reads both), `handleGas` with the Log (every claim reads both), so that an order
        // reads no config slot of its own for them
        IERC20 usdt;
        uint96 roundMin;
        IERC20 nex;
        IMain main;
        uint96 userMax;
        ILog log;
        uint64 handleGas;
        IPriceOracle oracle;
        IUniswapV2Router02 router;
        IDouble double_;
        // the least USDT an order is credited (`orderMin`, in free bytes of Double's slot, which every order reads)
        uint96 orderMin;
        // the config, packed (the flows read it; the views unpack it)
        PackedConfig cfg;
        RoundState round;
        Hot hot;
        Pools pools;
        TotalsData totals;
        // by index, 1 to `hot.orderCount - 1` (a mapping: the count lives in a slot every order writes anyway)
        mapping(uint256 index => OrderData order) orders;
        mapping(uint256 round => RoundRecord record) rounds;
        mapping(address account => UserData user) users;
        // a user's order indexes after its first (`UserData.firstOrder`), 8 per slot (32 bits each, position i in
        // page (i - 1) / 8); `users[account].orders` counts them all
        mapping(address account => mapping(uint256 page => uint256 indexes)) orderPages;
        // the invitees with an order (their Main indexes, 32 bits each): slot 0 of page 0 holds their count, entry i
        // is at position i + 1 (8 per page)
        mapping(address account => mapping(uint256 page => uint256 entries)) invitePages;
        // the team figures ({TeamLib})
        TeamLib.Teams team;
        // unused: an earlier version's scan cursor (the expiry queue `expiries` replaced it); kept in place
        uint256 retiredCursor;
        // the buy-and-burn's next try after a failed one: at most `swapTry` USDT (0: all of `burnSurplus`), not
        // before `swapRetryAt`; without it a buy that could not pass the token's TWAP minimum kept the upkeep due
        // on every block (found by test/FomoProperty.ts)
        uint104 swapTry;
        uint40 swapRetryAt;
        // the locked orders by end time ({ExpiryQueue}, as Burn's): the force-outs take the earliest first
        ExpiryQueue.Heap expiries;
        // an account by its number (`users[account].index`, given by its first order): an order's owner
        mapping(uint256 number => address account) accounts;
    }

    /// @dev The config (every value within the bounds Fomo enforces): {IFomo-Settings} and {IFomo-ConfigMulti},
    /// packed; the flows read the slots they need.
    struct PackedConfig {
        uint40 startTime;
        uint32 dayTimes;
        uint32 addTime;
        uint32 roundTime;
        uint16 swapRate;
        uint16 rewardRate;
        uint8 algebra;
        uint16 feeRate;
        uint16 outDays;
        uint96 burnEvery;
        uint16[11] rates; // burnRates 0..6, teamRates 7..10
        uint16[15] tiers; // stakeDays 0..4, stakeRates 5..9, stakeSurplus 10..14
        uint128[4] teamAmounts;
    }

    /// @notice The pot shares of the winners, latest qualifying order first (basis points).
    function winnerShares() internal pure returns (uint256[5] memory) {
        return [uint256(5_000), 2_000, 1_500, 1_000, 500];
    }

    // --- user flows ----------------------------------------------------------------------------------------

    /// @notice {IFomo-burn}: checks, settles an ended round, takes the payment, opens the order, plays the round
    /// game, splits the rest and logs.
    function burn(
        Layout storage $,
        uint256 index,
        uint256 times,
        uint256 amount,
        bool isUSDT,
        uint256 minUsdt
    ) external {
        (uint256 value, Lineage memory line) = _checkBurn($, index, times, amount);
        settleRound($);
        drip($);
        (uint256 actual, uint256 tokens, uint256 price) = _collect($, value, isUSDT, minUsdt);
        if (!isUSDT) _checkAmount($, actual); // what the order is credited: the USDT the NEX sold for
        bool first = $.users[msg.sender].index == 0;
        uint256 orderIndex = _open($, index, actual, tokens, price, isUSDT, first);
        _finish($, orderIndex, value, tokens, line, first);
    }

    /// @dev The caller's Main index and its ancestors (nearest first) with their Main indexes, from one Main call.
    struct Lineage {
        uint256 index;
        address[] referrers;
        uint256[] indexes;
    }

    /// @dev How far up an order walks: the generations team figures count, or `algebra` when larger.
    function _walkDepth(Layout storage $) private view returns (uint256) {
        uint256 algebra = $.cfg.algebra;
        return algebra > TeamLib.DEPTH ? algebra : TeamLib.DEPTH;
    }

    /// @dev After the order is open: totals, the round game, the split and the log.
    function _finish(
        Layout storage $,
        uint256 orderIndex,
        uint256 value,
        uint256 tokens,
        Lineage memory line,
        bool first
    ) private {
        Terms memory t = terms($.orders[orderIndex].terms);
        uint256 actual = t.amount;
        if (first && line.referrers.length > 0) _pushInvite($, line.referrers[0], line.index);
        _count($, value, actual, tokens);
        if (actual >= $.roundMin) _joinRound($, orderIndex);
        emit IFomo.Burned(msg.sender, orderIndex, $.round.index, t.stakeIndex, value, actual, tokens, t.isUSDT);
        _distribute($, orderIndex, value, actual, principalOf(t), line, first);
    }

    /// @notice {IFomo-release}.
    function release(Layout storage $, uint256 index) external {
        if (index == 0 || index >= $.hot.orderCount) revert IFomo.FomoOrderNotActive(index, 0);
        OrderData storage order = $.orders[index];
        Terms memory t = terms(order.terms);
        if (t.status != STATUS_LOCKED) revert IFomo.FomoOrderNotActive(index, t.status);
        if (block.timestamp < t.endTime) revert IFomo.FomoOrderLocked(index, t.endTime);
        address owner = $.accounts[t.owner];
        bool forced = msg.sender != owner;
        if (forced) {
            uint256 forceTime = t.endTime + uint256($.cfg.outDays) * $.cfg.dayTimes;
            if (block.timestamp < forceTime) revert IFomo.FomoForceOutTooEarly(index, forceTime);
        } // a blacklisted owner still releases its principal (owed)
        uint256 principal = _release($, index, order, t, owner, forced);
        LogCodes.write(
            $.log,
            owner,
            address(this),
            LogCodes.SYMBOL_USDT,
            LogCodes.ACTION_FOMO_RELEASE,
            principal,
            $.users[owner].amount
        );
    }

    /// @notice {IFomo-processExpired}: takes at most `maxCount` entries off the expiry queue ({ExpiryQueue}, earliest
    /// end first) while the earliest is past its force time (`outDays` days after its end), forcing out each order
    /// still locked (an entry of an order its owner already released is only removed). However many long-locked
    /// orders there are, the next one due is always at the top. Anyone may call; the principals go to their owners'
    /// balances (the caller gets nothing). No Log entry (an entry costs ~250,000 gas): {IFomo-Released} is the
    /// record. Returns the orders forced out and the entries taken off.
    function processExpired(Layout storage $, uint256 maxCount) public returns (uint256 count, uint256 taken) {
        ExpiryQueue.Heap storage queue = $.expiries;
        uint256 due = _forceEnd($);
        (uint256 endTime, uint256 index) = ExpiryQueue.top(queue);
        for (; taken < maxCount && endTime <= due; ++taken) {
            ExpiryQueue.pop(queue);
            OrderData storage order = $.orders[index];
            Terms memory t = terms(order.terms);
            if (t.status == STATUS_LOCKED) {
                _release($, index, order, t, $.accounts[t.owner], true);
                ++count;
            }
            (endTime, index) = ExpiryQueue.top(queue);
        }
    }

    /// @notice Chainlink Automation: due when the round's clock ran out, `burnSurplus` reached `burnEvery`, or the
    /// earliest entry of the expiry queue is past its force time (`performData` = abi.encode(its order, or 0)).
    function checkUpkeep(Layout storage $) external view returns (bool, bytes memory) {
        uint256 next = _nextExpired($);
        return (next != 0 || _poolDue($), abi.encode(next));
    }

    /// @notice Takes at most {MAX_PROCESS} due entries off the expiry queue if `next` is not 0 ({processExpired}),
    /// then settles the round, drips and burns `burnSurplus` (what `updatePool` does) if due; reverts with
    /// {IFomo-FomoUpkeepNotDue} if none of it was due.
    function performUpkeep(Layout storage $, uint256 next) external {
        uint256 taken;
        if (next != 0) (, taken) = processExpired($, MAX_PROCESS);
        if (_poolDue($)) updatePool($);
        else if (taken == 0) revert IFomo.FomoUpkeepNotDue();
    }

    /// @dev `updatePool` has work: the round's clock ran out, or `burnSurplus` reached `burnEvery` (and no failed
    /// buy is waiting for its retry time).
    function _poolDue(Layout storage $) private view returns (bool) {
        uint256 end = $.round.endTime;
        return (end != 0 && block.timestamp >= end) || _burnDue($);
    }

    /// @dev The buy-and-burn of `burnSurplus` has work: it reached `burnEvery` and no retry is pending.
    function _burnDue(Layout storage $) private view returns (bool) {
        uint256 every = $.cfg.burnEvery;
        return every != 0 && $.hot.burnSurplus >= every && block.timestamp >= $.swapRetryAt;
    }

    /// @dev The order of the expiry queue's earliest entry if it is past its force time (0: none is).
    function _nextExpired(Layout storage $) private view returns (uint256) {
        (uint256 endTime, uint256 index) = ExpiryQueue.top($.expiries);
        return endTime <= _forceEnd($) ? index : 0;
    }

    /// @dev The latest end time whose order may be forced out now (`outDays` days ago).
    function _forceEnd(Layout storage $) private view returns (uint256) {
        uint256 wait = uint256($.cfg.outDays) * $.cfg.dayTimes;
        return block.timestamp > wait ? block.timestamp - wait : 0;
    }

    /// @dev Takes a (checked) order (`t`: its terms; `owner`: its owner) out of the lock: its weight and amount
    /// leave the user and the pool; the principal goes to the owner (`forced`: to its balance, else by transfer).
    /// Returns the principal.
    function _release(
        Layout storage $,
        uint256 index,
        OrderData storage order,
        Terms memory t,
        address owner,
        bool forced
    ) private returns (uint256 principal) {
        drip($);
        UserData storage user = $.users[owner];
        accrueStatic($, owner, user);
        uint256 weight = (t.amount * t.rate) / FeeMath.BPS; // what the order added ({_open})
        uint256 userWeight = user.weight;
        user.debt = RewardMath.reweight(userWeight, userWeight - weight, $.pools.perWeight, user.debt);
        user.weight = uint96(userWeight - weight); // less than it was
        user.amount -= SafeCast.toUint96(t.amount); // at most the user's amount, which includes it
        $.pools.totalWeight -= uint128(weight); // weight < 2**96
        principal = principalOf(t);
        $.hot.locked -= uint104(principal);
        uint256 status = forced ? STATUS_FORCED : STATUS_RELEASED;
        order.terms = (order.terms & ~(uint256(7) << T_STATUS)) | (status << T_STATUS);
        order.lastTime = uint32(block.timestamp);
        emit IFomo.Released(owner, index, principal, forced, msg.sender);
        if (forced) {
            user.forced = SafeCast.toUint104(uint256(user.forced) + principal);
            $.pools.balanceAdjust += int128(int256(principal)); // principal < 2**96
        } else if (principal > 0) {
            $.usdt.safeTransfer(owner, principal);
        }
    }

    /// @notice {IFomo-claimReward} (the caller sent `handleGas`).
    function claimReward(Layout storage $, uint256 index) external {
        settleRound($);
        drip($);
        UserData storage user = $.users[msg.sender];
        uint256 amount;
        if (index == 0) {
            accrueStatic($, msg.sender, user);
            amount = balanceOf(user);
            if (amount == 0) revert IFomo.FomoNothingToClaim(msg.sender);
            user.claimed = SafeCast.toUint104(uint256(user.claimed) + amount);
            $.pools.balanceAdjust -= SafeCast.toInt128(int256(amount));
        } else {
            amount = _takePrizes($, index);
            user.rewardFOMO += uint128(amount);
            $.pools.prizes -= uint120(amount);
        }
        user.lastOut = uint40(block.timestamp);
        (uint256 fee, uint256 paid) = FeeMath.split(amount, $.cfg.feeRate);
        $.hot.gold += uint104(fee);
        $.totals.totalExtract = saturate128($.totals.totalExtract, paid); // informational
        $.totals.lastOut = uint40(block.timestamp);
        if (index == 0) emit IFomo.RewardClaimed(msg.sender, amount, fee);
        else emit IFomo.PrizeClaimed(msg.sender, index, amount, fee);
        $.usdt.safeTransfer(msg.sender, paid);
        LogCodes.write(
            $.log,
            msg.sender,
            address(this),
            LogCodes.SYMBOL_USDT,
            index == 0 ? LogCodes.ACTION_FOMO_REWARD : LogCodes.ACTION_FOMO_PRIZE,
            paid,
            0
        );
    }

    /// @notice {IFomo-updatePool}.
    function updatePool(Layout storage $) public {
        settleRound($);
        drip($);
        if (!_burnDue($)) return;
        uint256 surplus = $.hot.burnSurplus;
        uint256 amount = $.swapTry;
        if (amount == 0 || amount > surplus) amount = surplus;
        $.hot.burnSurplus = uint104(surplus - amount);
        address nex = address($.nex);
        $.usdt.forceApprove(nex, amount);
        // a buy that fails (price impact over the token's TWAP bound) is retried after SWAP_RETRY_DELAY with about
        // half the amount, and later buys keep the size that passed: no upkeep retries on every block, and a
        // surplus too large for the pair is burned in pieces
        try IToken(nex).swapBurn(amount) {
            emit IFomo.SurplusBurned(amount, true);
        } catch {
            $.hot.burnSurplus = uint104(surplus);
            $.usdt.forceApprove(nex, 0);
            $.swapTry = uint104(amount / 2 + 1); // never 0, which would mean all of it
            $.swapRetryAt = uint40(block.timestamp + SWAP_RETRY_DELAY);
            emit IFomo.SurplusBurned(amount, false);
        }
    }

    // --- deposit -------------------------------------------------------------------------------------------

    /// @dev Checks a burn's arguments and the caller; returns the order's USDT value and the caller's lineage.
    function _checkBurn(
        Layout storage $,
        uint256 index,
        uint256 times,
        uint256 amount
    ) private view returns (uint256 value, Lineage memory line) {
        if (index >= TIERS) revert IFomo.FomoInvalidTier(index, TIERS);
        if (times == 0 || times > MAX_TIMES) revert IFomo.FomoTimesOutOfRange(times, 1, MAX_TIMES);
        PackedConfig storage cfg = $.cfg;
        if (block.timestamp < cfg.startTime) revert IFomo.FomoNotStarted(cfg.startTime);
        // team figures count TeamLib.DEPTH generations; team rewards reach `algebra` (up to MAX_ALGEBRA)
        (line.index, line.referrers, line.indexes) = $.main.getLineage(msg.sender, _walkDepth($));
        if (line.index == 0) revert IFomo.FomoNotRegistered(msg.sender);
        if (amount > MAX_AMOUNT) revert IFomo.FomoAmountOutOfRange(amount, $.orderMin, MAX_AMOUNT);
        value = times * amount;
        _checkAmount($, value);
    }

    /// @dev Reverts with {IFomo-FomoAmountOutOfRange} unless an order of `value` USDT is at least `orderMin` and
    /// keeps the caller's locked amount within `userMax`.
    function _checkAmount(Layout storage $, uint256 value) private view {
        uint256 userMax = $.userMax;
        uint256 current = $.users[msg.sender].amount;
        uint256 max = userMax > current ? userMax - current : 0;
        uint256 min = $.orderMin;
        if (min < MIN_ORDER_MIN) min = MIN_ORDER_MIN; // a proxy upgraded from a version without it, until setConfig
        if (value < min || value > max) revert IFomo.FomoAmountOutOfRange(value, min, max);
    }

    /// @dev Takes the payment: USDT, or NEX (TWAP amount) sold for USDT in the token's pair at no less than `swapRate`
    /// below the value and no less than the caller's `minUsdt` ({IFomo-FomoSlippage}).
    function _collect(
        Layout storage $,
        uint256 value,
        bool isUSDT,
        uint256 minUsdt
    ) private returns (uint256 actual, uint256 tokens, uint256 price) {
        if (isUSDT) {
            $.usdt.safeTransferFrom(msg.sender, address(this), value);
            return (value, 0, 0); // no price: nothing was exchanged
        }
        // every NEX payment takes the caller's minimum (the short `burn`s pass none: they take USDT only)
        if (minUsdt == 0) revert IFomo.FomoMinimumRequired(value);
        IERC20 usdt = $.usdt;
        tokens = $.oracle.consult(address(usdt), value);
        if (tokens == 0) revert IFomo.FomoAmountOutOfRange(value, 1, 0);
        price = (value * 1 ether) / tokens;
        uint256 floor = FeeMath.bps(value, FeeMath.BPS - $.cfg.swapRate);
        actual = _sell($.nex, usdt, tokens, floor > minUsdt ? floor : minUsdt);
    }

    /// @dev Sells `tokens` NEX (taken from the caller) for USDT in the token's own pair, for at least `minimum`;
    /// returns the USDT received. The router's fee-on-transfer swap, without the router: the NEX goes from the caller
    /// straight to the pair, moved by the pool with the caller's allowance (the token treats a fee-exempt pool's
    /// transfer by allowance into the pair as the pool's own: untaxed; a pool that is not exempt pays the sell fee,
    /// as its own transfer to the pair would), the input is what the pair actually received (its NEX balance
    /// less its reserve, as the router measures it), the output the router's own quote at the pair's reserves
    /// (`getAmountOut`: the DEX's fee; the router whose factory made the pair, from the token), refused below
    /// `minimum` before the swap, and the USDT that arrived is measured and held to the same minimum.
    function _sell(IERC20 nex, IERC20 usdt, uint256 tokens, uint256 minimum) private returns (uint256 received) {
        IToken.TokenAddresses memory a = IToken(address(nex)).getTokenAdd();
        IUniswapV2Pair pair = IUniswapV2Pair(a.swapPair);
        nex.safeTransferFrom(msg.sender, address(pair), tokens);
        // the pair's tokens are in address order (its factory sorts them)
        bool nexFirst = address(nex) < address(usdt);
        (uint256 reserve0, uint256 reserve1, ) = pair.getReserves();
        (uint256 reserveIn, uint256 reserveOut) = nexFirst ? (reserve0, reserve1) : (reserve1, reserve0);
        uint256 out = IUniswapV2Router02(a.router).getAmountOut(
            nex.balanceOf(address(pair)) - reserveIn,
            reserveIn,
            reserveOut
        );
        if (out < minimum) revert IFomo.FomoSlippage(out, minimum);
        uint256 before = usdt.balanceOf(address(this));
        pair.swap(nexFirst ? 0 : out, nexFirst ? out : 0, address(this), "");
        received = usdt.balanceOf(address(this)) - before;
        if (received < minimum) revert IFomo.FomoSlippage(received, minimum);
    }

    /// @dev Opens the order and adds its amount, weight and principal to the user and the pools.
    function _open(
        Layout storage $,
        uint256 index,
        uint256 actual,
        uint256 tokens,
        uint256 price,
        bool isUSDT,
        bool first
    ) private returns (uint256 orderIndex) {
        UserData storage user = $.users[msg.sender];
        if (first) _join($, user);
        accrueStatic($, msg.sender, user);
        orderIndex = $.hot.orderCount;
        uint256 tiers = _word($.cfg.tiers);
        _pushOrder($, user, msg.sender, orderIndex);
        $.hot.orderCount = SafeCast.toUint32(orderIndex + 1);
        uint256 principal = _writeOrder($, user, orderIndex, index, tiers, actual, isUSDT);
        if (!isUSDT) {
            _store(
                $.orders[orderIndex],
                1,
                uint256(SafeCast.toUint96(tokens)) | (uint256(SafeCast.toUint96(price)) << 96)
            );
        }
        ++user.orders;
        user.amount += uint96(actual); // the account's amount <= userMax <= MAX_AMOUNT < 2**96 ({burn})
        user.total = SafeCast.toUint96(user.total + actual);
        _addWeight($, user, (actual * _at16(tiers, TIERS + index)) / FeeMath.BPS);
        $.hot.locked += uint104(principal); // principal <= actual < 2**96
    }

    /// @dev Writes the terms of the caller's (`user`) new order `orderIndex` (its `user.orders`-th) of `actual` USDT
    /// in tier `index` (`tiers`: the config's tier word), locked, and puts it in the expiry queue; returns its
    /// principal. Each field is bounded before it is packed ({Terms}): the account number and the position by their
    /// own widths (32 and 24 bits), the rate, days and surplus by `checkMulti`'s bounds (<= 50,000, <= 1,000,
    /// <= 10,000), the tier below 5, the amount below 2**90 (checked), the start time and end time below 2**32
    /// (the end checked), the lock below 2**30 (`MAX_STAKE_DAYS` x `MAX_DAY_TIMES`). A new index's words are all
    /// zero before.
    function _writeOrder(
        Layout storage $,
        UserData storage user,
        uint256 orderIndex,
        uint256 index,
        uint256 tiers,
        uint256 actual,
        bool isUSDT
    ) private returns (uint256 principal) {
        if (actual >> AMOUNT_BITS != 0) Bounds.check("amount", actual, 0, (uint256(1) << AMOUNT_BITS) - 1);
        uint256 word =
            uint256(user.index) |
                (uint256(user.orders) << T_USER_INDEX) |
                (_at16(tiers, TIERS + index) << T_RATE) |
                (_at16(tiers, index) << T_LOCK_DAYS) |
                (index << T_STAKE_INDEX) |
                (uint256(STATUS_LOCKED) << T_STATUS) |
                ((isUSDT ? uint256(1) : 0) << T_IS_USDT) |
                (actual << T_AMOUNT) |
                (block.timestamp << T_START);
        {
            uint256 surplus = _at16(tiers, 2 * TIERS + index);
            principal = FeeMath.bps(actual, surplus); // at most `actual`
            word |= surplus << T_SURPLUS;
        }
        uint256 lock = _at16(tiers, index) * $.cfg.dayTimes;
        uint256 endTime = block.timestamp + lock;
        SafeCast.toUint32(endTime); // reverts past 2**32 - 1 (as the 32-bit end time did)
        $.orders[orderIndex].terms = word | (lock << T_LOCK);
        ExpiryQueue.insert($.expiries, endTime, orderIndex);
    }

    /// @notice An order's terms, unpacked from its `terms` word ({Terms}).
    function terms(uint256 word) internal pure returns (Terms memory t) {
        t.owner = word & type(uint32).max;
        t.userIndex = (word >> T_USER_INDEX) & type(uint24).max;
        t.rate = (word >> T_RATE) & type(uint16).max;
        t.lockDays = (word >> T_LOCK_DAYS) & 0x3ff;
        t.stakeIndex = (word >> T_STAKE_INDEX) & 7;
        t.status = (word >> T_STATUS) & 7;
        t.isUSDT = (word >> T_IS_USDT) & 1 == 1;
        t.surplus = (word >> T_SURPLUS) & 0x3fff;
        t.amount = (word >> T_AMOUNT) & ((uint256(1) << AMOUNT_BITS) - 1);
        t.startTime = (word >> T_START) & type(uint32).max;
        t.endTime = t.startTime + ((word >> T_LOCK) & ((uint256(1) << LOCK_BITS) - 1));
    }

    /// @notice An order's principal: its amount less the surplus it gave up, as computed at the order.
    function principalOf(Terms memory t) internal pure returns (uint256) {
        return FeeMath.bps(t.amount, t.surplus);
    }

    /// @dev Writes word `i` of order `o`.
    function _store(OrderData storage o, uint256 i, uint256 word) private {
        assembly ("memory-safe") {
            sstore(add(o.slot, i), word)
        }
    }

    /// @dev A packed config array as its one word (element i in bits 16i to 16i + 15): one read instead of one per
    /// element (a copy to memory reads the slot again for each).
    function _word(uint16[15] storage a) private view returns (uint256 word) {
        assembly ("memory-safe") {
            word := sload(a.slot)
        }
    }

    function _word(uint16[11] storage a) private view returns (uint256 word) {
        assembly ("memory-safe") {
            word := sload(a.slot)
        }
    }

    /// @dev Element `i` of a packed uint16 array's word ({_word}).
    function _at16(uint256 word, uint256 i) private pure returns (uint256) {
        return (word >> (16 * i)) & type(uint16).max;
    }

    /// @dev Adds `weight` to the account (its entitlement unchanged: {RewardMath-reweight}) and to the pool.
    function _addWeight(Layout storage $, UserData storage user, uint256 weight) private {
        uint256 userWeight = user.weight;
        user.weight = SafeCast.toUint96(userWeight + weight);
        user.debt = RewardMath.reweight(userWeight, userWeight + weight, $.pools.perWeight, user.debt);
        $.pools.totalWeight += uint128(weight); // weight < 2**96 (checked above)
    }

    /// @dev Stores `orderIndex` as `account`'s next order: the first in its record, the next 8 per page.
    function _pushOrder(Layout storage $, UserData storage user, address account, uint256 orderIndex) private {
        if (orderIndex == 0 || orderIndex > type(uint32).max) Bounds.check("order", orderIndex, 1, type(uint32).max);
        uint256 position = user.orders;
        if (position == 0) {
            user.firstOrder = uint32(orderIndex);
        } else {
            uint256 cell = position - 1;
            $.orderPages[account][cell / 8] |= orderIndex << (32 * (cell % 8));
        }
    }

    /// @dev Adds the caller (Main index `index`) to `referrer`'s invitees with an order: one slot for the first 7.
    function _pushInvite(Layout storage $, address referrer, uint256 index) private {
        if (index == 0 || index > type(uint32).max) Bounds.check("index", index, 1, type(uint32).max);
        mapping(uint256 page => uint256 entries) storage pages = $.invitePages[referrer];
        uint256 count = pages[0] & type(uint32).max;
        uint256 cell = count + 1;
        pages[cell / 8] |= index << (32 * (cell % 8));
        pages[0] = (pages[0] & ~uint256(type(uint32).max)) | (count + 1);
    }

    /// @notice How many of `account`'s direct invitees have an order (the valid invites).
    function inviteCount(Layout storage $, address account) internal view returns (uint256) {
        return $.invitePages[account][0] & type(uint32).max;
    }

    /// @notice `account`'s invitee with an order at `position` (in joining order; below {inviteCount}).
    function inviteAt(Layout storage $, address account, uint256 position) internal view returns (address) {
        uint256 cell = position + 1;
        return $.main.accountAt(($.invitePages[account][cell / 8] >> (32 * (cell % 8))) & type(uint32).max);
    }

    /// @notice The index of `account`'s order at `position` (0 past its last order).
    function userOrderAt(Layout storage $, address account, uint256 position) internal view returns (uint256) {
        UserData storage user = $.users[account];
        if (position >= user.orders) return 0;
        if (position == 0) return user.firstOrder;
        uint256 cell = position - 1;
        return ($.orderPages[account][cell / 8] >> (32 * (cell % 8))) & type(uint32).max;
    }

    /// @dev Numbers the account (its `index`, which its orders name as their owner; `accounts` maps it back): the
    /// 2**32 - 1 numbers are all there are (the first order of a further account reverts: SafeCast).
    function _join(Layout storage $, UserData storage user) private {
        uint32 number = SafeCast.toUint32(uint256($.hot.totalUser) + 1);
        $.hot.totalUser = number;
        user.index = number;
        $.accounts[number] = msg.sender;
    }

    function _count(Layout storage $, uint256 value, uint256 actual, uint256 tokens) private {
        Hot storage t = $.hot;
        // informational totals: they saturate (no order reverts because a total is full)
        t.totalAmount = saturate104(t.totalAmount, value);
        t.totalActual = saturate104(t.totalActual, actual);
        t.totalTokens = saturate104(t.totalTokens, tokens);
        uint256 today = block.timestamp / $.cfg.dayTimes;
        if (t.today != today) {
            t.today = uint40(today);
            t.todayAmount = saturate104(0, actual);
        } else {
            t.todayAmount = saturate104(t.todayAmount, actual);
        }
    }

    /// @dev Splits `rest` by `burnRates`; shares without a recipient (no referrer, or one that cannot earn: see
    /// {_canEarn}) go to the gold pool.
    function _distribute(
        Layout storage $,
        uint256 orderIndex,
        uint256 value,
        uint256 actual,
        uint256 principal,
        Lineage memory line,
        bool first
    ) private {
        uint256 rest = actual - principal;
        // split: 0 gold, 1 pot, 2 double, 3 invite (direct + indirect paid), 4 team paid, 5 burn
        uint256[6] memory split;
        uint256 rates = _word($.cfg.rates); // burnRates 0..6, teamRates 7..10
        split[1] = FeeMath.bps(rest, _at16(rates, 1));
        if (address($.double_) != address(0)) split[2] = FeeMath.bps(rest, _at16(rates, 2));
        Walk memory w = Walk({
            actual: actual,
            budget: FeeMath.bps(rest, _at16(rates, 5)),
            paidRate: 0,
            spent: 0,
            first: first,
            credits: LogCodes.credits(line.referrers.length + 2) // two referral credits, a team credit per ancestor
        });
        if (line.referrers.length > 0)
            split[3] = _referral($, w, line.referrers[0], 1, FeeMath.bps(rest, _at16(rates, 3)));
        if (line.referrers.length > 1 && $.cfg.algebra > 1) {
            split[3] += _referral($, w, line.referrers[1], 2, FeeMath.bps(rest, _at16(rates, 4)));
        }
        split[4] = _team($, line, w, rates);
        _log($, value, w.credits);
        split[5] = FeeMath.bps(rest, _at16(rates, 6));
        split[0] = rest - split[1] - split[2] - split[3] - split[4] - split[5];
        Hot storage h = $.hot;
        h.gold += uint104(split[0]);
        h.pot += uint104(split[1]);
        h.doubleOut = saturate104(h.doubleOut, split[2]); // informational (getValues)
        h.burnSurplus += uint104(split[5]);
        if (split[3] + split[4] > 0) {
            $.totals.totalRewardInvite += uint128(split[3]);
            $.totals.totalRewardTeam += uint120(split[4]);
        }
        emit IFomo.Distributed(orderIndex, principal, split[0], split[1], split[2], split[3], split[4], split[5]);
        if (split[2] > 0) _payDouble($, split[2], orderIndex);
    }

    /// @dev Logs the buyer's order (its value in USDT, paid in USDT or NEX; the account's amount in orders after it)
    /// and then the referral and team credits it paid, in one Log call (the entry alone when it paid none).
    function _log(Layout storage $, uint256 value, LogCodes.Credits memory credits) private {
        uint256 amount = $.users[msg.sender].amount;
        if (credits.count == 0) {
            LogCodes.write(
                $.log,
                msg.sender,
                address(this),
                LogCodes.SYMBOL_USDT,
                LogCodes.ACTION_FOMO_BURN,
                value,
                amount
            );
            return;
        }
        LogCodes.writeWithCredits(
            $.log,
            msg.sender,
            LogCodes.SYMBOL_USDT,
            LogCodes.ACTION_FOMO_BURN,
            value,
            amount,
            LogCodes.SYMBOL_USDT,
            credits
        );
    }

    /// @dev Pays Double its share of an order: transfers exactly `amount`, then opens the buyer's record with
    /// `depositFor`, which Double accepts only from an authorized depositor that paid (it checks that it holds every
    /// deposit made less every payout). No address ever holds an allowance on the pool's USDT for it.
    function _payDouble(Layout storage $, uint256 amount, uint256 orderIndex) private {
        IDouble double_ = $.double_;
        $.usdt.safeTransfer(address(double_), amount);
        double_.depositFor(msg.sender, amount, orderIndex);
    }

    /// @dev Whether `account` earns referral and team rewards: it has a locked order and is not blacklisted (as in
    /// Burn). An ancestor that never played is skipped, so an order never writes its reward records.
    function _canEarn(Layout storage $, address account) private view returns (bool) {
        UserData storage u = $.users[account];
        return u.amount > 0 && !u.blacklisted;
    }

    function _referral(
        Layout storage $,
        Walk memory w,
        address referrer,
        uint256 generation,
        uint256 amount
    ) private returns (uint256) {
        if (amount == 0 || !_canEarn($, referrer)) return 0;
        UserData storage r = $.users[referrer];
        if (generation == 1) r.rewardDirect += uint128(amount);
        else r.rewardIndirect += uint128(amount);
        emit IFomo.ReferralRewarded(referrer, msg.sender, generation, amount);
        LogCodes.credit(
            w.credits,
            referrer,
            generation == 1 ? LogCodes.ACTION_FOMO_DIRECT : LogCodes.ACTION_FOMO_INDIRECT,
            amount
        );
        return amount;
    }

    /// @dev The state of a team walk (in memory, to keep the stack small).
    struct Walk {
        uint256 actual;
        uint256 budget;
        uint256 paidRate;
        uint256 spent;
        bool first;
        LogCodes.Credits credits;
    }

    /// @dev Adds `actual` to the teams of the ancestors (`referrers`, nearest first: {TeamLib}) and pays differential
    /// team rewards out of `budget` to those within `algebra` generations that can earn; returns what it paid.
    function _team(Layout storage $, Lineage memory line, Walk memory w, uint256 rates) private returns (uint256) {
        address[] memory referrers = line.referrers;
        uint256[] memory levels = _addTeam($, line, w);
        uint256 algebra = $.cfg.algebra;
        for (uint256 k; k < referrers.length; ++k) {
            address ancestor = referrers[k];
            uint256 level = levels[k] & 0xff;
            if (levels[k] & TeamLib.CHANGED != 0) emit IFomo.TeamLevelUpdated(ancestor, level, false);
            if (k >= algebra || level == 0 || w.budget == 0) continue;
            uint256 rate = _at16(rates, 6 + level); // teamRates[level - 1]
            if (rate <= w.paidRate || !_canEarn($, ancestor)) continue;
            uint256 amount = (w.budget * (rate - w.paidRate)) / FeeMath.BPS;
            w.paidRate = rate;
            if (amount == 0) continue;
            UserData storage u = $.users[ancestor];
            u.rewardTeam += uint128(amount);
            w.spent += amount;
            emit IFomo.TeamRewarded(ancestor, msg.sender, level, amount);
            LogCodes.credit(w.credits, ancestor, LogCodes.ACTION_FOMO_TEAM, amount);
        }
        return w.spent;
    }

    /// @dev Adds the order to the teams of the caller's ancestors ({TeamLib}); returns their levels.
    function _addTeam(Layout storage $, Lineage memory line, Walk memory w) private returns (uint256[] memory) {
        return
            TeamLib.add(
                $.team,
                $.main,
                msg.sender,
                line.index,
                line.referrers,
                line.indexes,
                w.actual,
                w.first,
                thresholds($),
                false
            );
    }

    /// @notice The team level thresholds (`teamAmounts`, applied to `teamAmount`; no fifth level here).
    function thresholds(Layout storage $) internal view returns (uint256[5] memory list) {
        // the four 128-bit thresholds, two to a slot, in two reads (one per element otherwise)
        uint128[4] storage amounts = $.cfg.teamAmounts;
        uint256 low;
        uint256 high;
        assembly ("memory-safe") {
            low := sload(amounts.slot)
            high := sload(add(amounts.slot, 1))
        }
        (list[0], list[1]) = (low & type(uint128).max, low >> 128);
        (list[2], list[3]) = (high & type(uint128).max, high >> 128);
    }

    // --- round game ----------------------------------------------------------------------------------------

    /// @dev A qualifying order starts the round (`roundTime` on the clock) or adds `addTime`, capped at
    /// `roundTime` from now, and becomes the latest of the last 5.
    function _joinRound(Layout storage $, uint256 orderIndex) private {
        RoundState memory r = $.round;
        uint256 cap = block.timestamp + $.cfg.roundTime;
        uint256 endTime = r.endTime == 0 ? cap : Math.min(uint256(r.endTime) + $.cfg.addTime, cap);
        r.endTime = uint40(endTime);
        r.ring = uint160(((uint256(r.ring) << 32) | orderIndex) & type(uint160).max);
        if (r.count < WINNERS) ++r.count;
        $.round = r;
        emit IFomo.RoundExtended(r.index, orderIndex, endTime);
    }

    /// @notice Settles the round once its clock ran out: assigns the winners' shares of the pot, exactly once.
    function settleRound(Layout storage $) internal {
        RoundState memory r = $.round;
        if (r.endTime == 0 || block.timestamp < r.endTime) return;
        uint256 pot = $.hot.pot;
        uint256 paid;
        uint256[5] memory shares = winnerShares();
        for (uint256 i; i < r.count; ++i) paid += (pot * shares[i]) / FeeMath.BPS;
        $.rounds[r.index] = RoundRecord({
            winners: r.ring,
            endTime: r.endTime,
            count: r.count,
            claimed: 0,
            pot: uint128(pot),
            paid: uint128(paid)
        });
        $.hot.pot = uint104(pot - paid);
        $.pools.prizes += uint120(paid);
        $.totals.totalRewardFOM += uint120(paid);
        $.totals.lastBalance = uint104(pot);
        $.round = RoundState({ring: 0, endTime: 0, index: r.index + 1, count: 0});
        emit IFomo.RoundSettled(r.index, r.endTime, pot, paid, msg.sender);
    }

    /// @dev Marks the caller's unclaimed winning positions of settled round `index` claimed (and credits each
    /// winning order's `reward`); returns the sum of their prizes.
    function _takePrizes(Layout storage $, uint256 index) private returns (uint256 amount) {
        uint256 current = $.round.index;
        if (index >= current) revert IFomo.FomoRoundNotSettled(index, current);
        RoundRecord storage record = $.rounds[index];
        uint256 claimed = record.claimed;
        uint256[5] memory shares = winnerShares();
        uint256 me = $.users[msg.sender].index; // 0 (no order) is no order's owner
        for (uint256 i; i < record.count; ++i) {
            OrderData storage order = $.orders[(uint256(record.winners) >> (32 * i)) & type(uint32).max];
            if ((order.terms & type(uint32).max) != me || (claimed >> i) & 1 == 1) continue;
            uint256 prize = (uint256(record.pot) * shares[i]) / FeeMath.BPS;
            claimed |= 1 << i;
            order.reward += uint128(prize);
            amount += prize;
        }
        if (amount == 0) revert IFomo.FomoNoPrize(index, msg.sender);
        record.claimed = uint8(claimed);
    }

    /// @notice What `account` can still claim from settled round `index`.
    function prizeOf(Layout storage $, uint256 index, address account) external view returns (uint256 prize) {
        if (index == 0 || index >= $.round.index) return 0;
        RoundRecord storage record = $.rounds[index];
        uint256[5] memory shares = winnerShares();
        uint256 number = $.users[account].index;
        if (number == 0) return 0; // no order
        for (uint256 i; i < record.count; ++i) {
            uint256 orderIndex = (uint256(record.winners) >> (32 * i)) & type(uint32).max;
            if (($.orders[orderIndex].terms & type(uint32).max) == number && (record.claimed >> i) & 1 == 0) {
                prize += (uint256(record.pot) * shares[i]) / FeeMath.BPS;
            }
        }
    }

    // --- static rewards ------------------------------------------------------------------------------------

    /// @notice `perWeight` and the USDT that enters the accumulator if the gold pool dripped now: `rewardRate` basis
    /// points of the gold pool per day, pro rata of the time since the last drip, shared over the total weight
    /// ({RewardMath-increment}: `consumed` is what the holders can ever be paid of it, at most the emission; the
    /// rest stays in the gold pool). Nothing enters while the total weight is below {WEIGHT_FLOOR}.
    function pendingDrip(Layout storage $) internal view returns (uint256 perWeight, uint256 consumed) {
        (perWeight, consumed, ) = _pendingDrip($, $.hot.lastDrip);
    }

    /// @dev {pendingDrip} from the last drip at `lastDrip`, with the gold pool before it.
    function _pendingDrip(
        Layout storage $,
        uint256 lastDrip
    ) private view returns (uint256 perWeight, uint256 consumed, uint256 gold) {
        perWeight = $.pools.perWeight;
        gold = $.hot.gold;
        if (block.timestamp <= lastDrip || gold == 0) return (perWeight, 0, gold);
        uint256 emission = (gold * $.cfg.rewardRate * (block.timestamp - lastDrip)) / (FeeMath.BPS * $.cfg.dayTimes);
        if (emission > gold) emission = gold;
        uint256 inc;
        (inc, consumed) = RewardMath.incrementAbove(emission, $.pools.totalWeight, WEIGHT_FLOOR);
        perWeight += inc;
    }

    /// @notice Pays the pending drip ({pendingDrip}) into the reward-per-weight accumulator; the time since the last
    /// drip is used up either way (below the floor, or when the emission rounds to no increment, the USDT stays in
    /// the gold pool and drips later).
    function drip(Layout storage $) internal {
        uint256 lastDrip = $.hot.lastDrip;
        if (block.timestamp <= lastDrip) return;
        (uint256 perWeight, uint256 consumed, uint256 gold) = _pendingDrip($, lastDrip);
        $.hot.lastDrip = uint40(block.timestamp); // a timestamp (uint40: until year 36,812)
        if (consumed == 0) return;
        $.pools.perWeight = perWeight;
        gold -= consumed; // consumed <= emission <= gold
        $.hot.gold = uint104(gold); // below the 104-bit value it was
        $.pools.staticOwed += uint120(consumed); // consumed <= gold < 2**104
        emit IFomo.PoolUpdated(consumed, perWeight, gold);
    }

    /// @notice Credits `account`'s static reward since its last settlement ({RewardMath-settle}: the whole wei of
    /// its entitlement; the fraction stays owed). Call it before changing the weight ({RewardMath-reweight}).
    function accrueStatic(Layout storage $, address account, UserData storage u) internal {
        (uint256 accrued, int256 debt) = RewardMath.settle(u.weight, $.pools.perWeight, u.debt);
        if (accrued == 0) return;
        u.debt = debt;
        u.rewardStatic += uint128(accrued); // accrued <= staticOwed < 2**120 (the subtraction below checks it)
        uint256 price = tryPrice($);
        if (price > 0) u.rewardStaticToken = saturate128(u.rewardStaticToken, (accrued * 1 ether) / price);
        $.pools.staticOwed -= uint120(accrued); // the accumulator shares only what entered staticOwed
        $.hot.totalReward += uint104(accrued); // accrued <= staticOwed < 2**104
        emit IFomo.StaticAccrued(account, accrued);
    }

    /// @notice `a + b`, or the largest uint128 when the sum does not fit: for the counters that only inform.
    function saturate128(uint128 a, uint256 b) internal pure returns (uint128) {
        return uint128(Math.min(uint256(a) + b, type(uint128).max));
    }

    /// @notice `a + b`, or the largest uint104 when the sum does not fit: for the counters that only inform.
    function saturate104(uint104 a, uint256 b) internal pure returns (uint104) {
        return uint104(Math.min(uint256(a) + b, type(uint104).max));
    }

    /// @notice `u`'s balance (without its pending static reward): what was credited to it, less what it claimed.
    function balanceOf(UserData storage u) internal view returns (uint256) {
        return uint256(u.rewardDirect) + u.rewardIndirect + u.rewardTeam + u.rewardStatic + u.forced - u.claimed;
    }

    /// @notice The accounts' balances, summed: every referral, team and static reward credited, plus the principals
    /// of forced-out orders, less what was claimed ({Pools}).
    function balances(Layout storage $) internal view returns (uint256) {
        TotalsData storage t = $.totals;
        uint256 credited = uint256(t.totalRewardInvite) + t.totalRewardTeam + $.hot.totalReward;
        return uint256(int256(credited) + $.pools.balanceAdjust);
    }

    /// @notice The NEX price (USDT per NEX) for display fields: the token's last stored TWAP average
    /// ({IToken-getStoredPrice}: one storage read, no call to the pair, not movable within the transaction), or 0
    /// while the token has none (or cannot tell).
    function tryPrice(Layout storage $) internal view returns (uint256) {
        try IToken(address($.nex)).getStoredPrice() returns (uint256 price) {
            return price;
        } catch {
            return 0;
        }
    }

    /// @notice The pool's one-time initialisation (after the config is set), here rather than in the first order:
    /// order 0 (unused), round 1, every slot of {Hot}, {Pools} and {TotalsData} that orders, credits and claims
    /// write made non-zero, so that none of them pays for a new slot there, and the expiry queue's sentinel.
    function prime(Layout storage $) external {
        $.round.index = 1;
        Hot storage h = $.hot;
        h.orderCount = 1; // order 0 unused
        h.openedAt = uint40(block.timestamp);
        h.today = uint40(block.timestamp / $.cfg.dayTimes);
        h.lastDrip = uint40(block.timestamp);
        (h.primed2, $.pools.primed, $.pools.primed0) = (true, true, true);
        TotalsData storage t = $.totals;
        (t.primed1, t.primed2, t.primed3) = (true, true, true);
        // a sentinel that never comes due (the latest end an entry can have, order 0): the queue's size is never 0
        // again, so that the pool's first order writes no new slot for it
        ExpiryQueue.insert($.expiries, type(uint128).max, 0);
    }

    // --- config and log ------------------------------------------------------------------------------------

    /// @notice Reverts with {Bounds-ValueOutOfBounds} unless every setting is within its bound.
    function checkSettings(IFomo.Settings calldata s) external pure {
        Bounds.check("dayTimes", s.dayTimes, MIN_DAY_TIMES, MAX_DAY_TIMES);
        Bounds.check("algebra", s.algebra, 1, MAX_ALGEBRA);
        Bounds.check("feeRate", s.feeRate, 0, MAX_FEE_RATE);
        Bounds.check("handleGas", s.handleGas, 0, MAX_HANDLE_GAS);
        Bounds.check("swapRate", s.swapRate, 0, MAX_SWAP_RATE);
        Bounds.check("burnEvery", s.burnEvery, 0, MAX_AMOUNT);
        Bounds.check("rewardRate", s.rewardRate, 0, MAX_REWARD_RATE);
        Bounds.check("outDays", s.outDays, 0, MAX_OUT_DAYS);
        Bounds.check("startTime", s.startTime, 0, type(uint40).max);
        Bounds.check("roundMin", s.roundMin, 1, MAX_AMOUNT);
        Bounds.check("roundTime", s.roundTime, MIN_ROUND_TIME, MAX_ROUND_TIME);
        Bounds.check("addTime", s.addTime, 1, s.roundTime);
        Bounds.check("userMax", s.userMax, 1, MAX_AMOUNT);
        Bounds.check("orderMin", s.orderMin, MIN_ORDER_MIN, MAX_AMOUNT);
    }

    /// @notice Reverts with {Bounds-ValueOutOfBounds} unless the multi config is within bounds: split shares sum
    /// to at most 100 %, team rates and amounts never decrease, tiers within `maxDays`, `maxRate` and 100 %.
    function checkMulti(IFomo.ConfigMulti calldata m) external pure {
        uint256 sum;
        for (uint256 i; i < SHARES; ++i) sum += m.burnRates[i];
        Bounds.check("burnRates", sum, 0, FeeMath.BPS);
        for (uint256 i; i < LEVELS; ++i) {
            Bounds.check("teamRates", m.teamRates[i], i == 0 ? 0 : m.teamRates[i - 1], FeeMath.BPS);
            Bounds.check("teamAmounts", m.teamAmounts[i], i == 0 ? 0 : m.teamAmounts[i - 1], MAX_AMOUNT);
        }
        for (uint256 i; i < TIERS; ++i) {
            Bounds.check("stakeDays", m.stakeDays[i], 1, MAX_STAKE_DAYS);
            Bounds.check("stakeRates", m.stakeRates[i], 1, MAX_STAKE_RATE);
            Bounds.check("stakeSurplus", m.stakeSurplus[i], 0, FeeMath.BPS);
        }
    }

    /// @notice Copies the checked settings into the packed config (a value that does not fit reverts).
    function packSettings(Layout storage $, IFomo.Settings calldata s) internal {
        PackedConfig storage cfg = $.cfg;
        cfg.startTime = SafeCast.toUint40(s.startTime);
        cfg.dayTimes = SafeCast.toUint32(s.dayTimes);
        cfg.addTime = SafeCast.toUint32(s.addTime);
        cfg.roundTime = SafeCast.toUint32(s.roundTime);
        cfg.swapRate = SafeCast.toUint16(s.swapRate);
        cfg.rewardRate = SafeCast.toUint16(s.rewardRate);
        cfg.algebra = SafeCast.toUint8(s.algebra);
        cfg.feeRate = SafeCast.toUint16(s.feeRate);
        cfg.outDays = SafeCast.toUint16(s.outDays);
        $.roundMin = SafeCast.toUint96(s.roundMin);
        $.userMax = SafeCast.toUint96(s.userMax);
        $.orderMin = SafeCast.toUint96(s.orderMin);
        $.handleGas = SafeCast.toUint64(s.handleGas);
        cfg.burnEvery = SafeCast.toUint96(s.burnEvery);
    }

    /// @notice Copies the checked multi config into the packed config (a value that does not fit reverts).
    function packMulti(Layout storage $, IFomo.ConfigMulti calldata m) internal {
        PackedConfig storage cfg = $.cfg;
        for (uint256 i; i < SHARES; ++i) cfg.rates[i] = SafeCast.toUint16(m.burnRates[i]);
        for (uint256 i; i < LEVELS; ++i) {
            cfg.rates[SHARES + i] = SafeCast.toUint16(m.teamRates[i]);
            cfg.teamAmounts[i] = SafeCast.toUint128(m.teamAmounts[i]);
        }
        for (uint256 i; i < TIERS; ++i) {
            cfg.tiers[i] = SafeCast.toUint16(m.stakeDays[i]);
            cfg.tiers[TIERS + i] = SafeCast.toUint16(m.stakeRates[i]);
            cfg.tiers[2 * TIERS + i] = SafeCast.toUint16(m.stakeSurplus[i]);
        }
    }
}
