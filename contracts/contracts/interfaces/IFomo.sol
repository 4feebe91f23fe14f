// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @title Fomo: the FOM pool (deployed twice: FOM and super FOM, each with its own config)
/// @notice `burn(index, times, amount, isUSDT)` opens an order worth `times * amount` USDT in stake tier `index`
/// (`burn(times, amount, isUSDT)` uses tier 0). With `isUSDT` false the caller pays `getSwapIn(value)` NEX (TWAP),
/// which the pool sells for USDT in the token's pair (at most `swapRate` below the TWAP value); the order's `amount`
/// is the USDT actually received. Of every order:
/// - `stakeSurplus[index]` is the principal, locked until `endTime` (`stakeDays[index]` days) and then returned by
///   `release(index)`; anyone may force the release `outDays` days after `endTime` (the principal is then credited
///   to the owner's balance);
/// - the rest is split by `burnRates`: [0] gold pool (static rewards), [1] FOM pot (round prizes), [2] the Double
///   pool (a doubling record for the depositor, see {IDouble}), [3] direct referrer, [4] indirect referrer,
///   [5] team rewards, [6] burn (USDT kept in `burnSurplus`, swapped to NEX and burned by `updatePool` once it
///   reaches `burnEvery`; a buy that fails is retried 10 minutes later with about half the amount, and later buys
///   keep the size that passed); whatever is left, and every share without a recipient, goes to the gold pool.
/// Static rewards: the gold pool pays `rewardRate` basis points of itself per day to the locked orders, shared by
/// weight (`amount * stakeRates[index] / 10,000`) through a reward-per-weight accumulator.
/// Team rewards: walking up at most `algebra` generations (Main's tree), each ancestor with team level L gets the
/// part of the team share between the best rate paid below it and `teamRates[L-1]` (differential). The level is
/// the highest L with `teamAmount >= teamAmounts[L-1]`, or set by the owner (`isManual`).
/// Round game: an order of at least `roundMin` USDT qualifies: the first one starts the round with `roundTime` on the
/// clock, every later one adds `addTime`, never beyond `roundTime` from now. When the clock runs out, the next
/// deposit, `updatePool` or a prize claim settles the round: the last (up to) 5 qualifying orders win
/// `WINNER_SHARES` of the pot (50 %, 20 %, 15 %, 10 %, 5 %; the latest first); unpaid shares stay in the pot for the
/// next round. A deposit after the end always joins the next round. Winners pull their prize with
/// `claimReward(round)`; `claimReward(0)` pays the balance (static, referral, team rewards, forced releases).
/// No randomness is used. Order `status`: 1 locked, 2 unlocked (past `endTime`, not released), 3 released by the
/// owner, 4 forced out (released by someone else after `outDays`).
interface IFomo {
    /// @notice SPEC.md §3 "FOMO config".
    struct Config {
        uint256 addTime;
        uint256 dayTimes;
        uint256 algebra;
        uint256 feeRate;
        uint256 handleGas;
        uint256 swapRate;
        uint256 burnEvery;
        uint256 burnSurplus;
        uint256 rewardRate;
        uint256 outDays;
        uint256 startTime;
        uint256 roundMin;
        uint256 roundTime;
        uint256 lastIndex;
        uint256 totalRewardFOM;
        uint256 userMax;
        uint256 totalExtract;
        uint256 orderMin;
    }

    /// @notice What the owner sets with `setConfig`.
    struct Settings {
        uint256 addTime;
        uint256 dayTimes;
        uint256 algebra;
        uint256 feeRate;
        uint256 handleGas;
        uint256 swapRate;
        uint256 burnEvery;
        uint256 rewardRate;
        uint256 outDays;
        uint256 startTime;
        uint256 roundMin;
        uint256 roundTime;
        uint256 userMax;
        uint256 orderMin;
    }

    /// @notice SPEC.md §3 "FOMO multi config".
    struct ConfigMulti {
        uint256[7] burnRates;
        uint256[4] teamRates;
        uint256[4] teamAmounts;
        uint256[5] stakeDays;
        uint256[5] stakeRates;
        uint256[5] stakeSurplus;
    }

    /// @notice SPEC.md §3 "FOMO order", then `principal` (the USDT `release` returns). `price` is the USDT per NEX
    /// the order's NEX was taken at (TWAP; 0 for USDT orders); `reward` the round prizes the order won.
    struct Order {
        bool isUSDT;
        uint256 status;
        uint256 index;
        uint256 userIndex;
        uint256 amount;
        uint256 tokens;
        uint256 rate;
        uint256 stakeIndex;
        uint256 lockDays;
        uint256 price;
        uint256 reward;
        uint256 startTime;
        uint256 lastTime;
        uint256 endTime;
        address owner;
        uint256 principal;
    }

    /// @notice SPEC.md §3 "FOMO user" (`balance` and `rewardStatic` include static rewards accrued up to now).
    struct User {
        uint256 index;
        uint256 orders;
        uint256 amount;
        uint256 total;
        uint256 balance;
        uint256 rewardStatic;
        uint256 rewardStaticToken;
        uint256 rewardDirect;
        uint256 rewardIndirect;
        uint256 rewardTeam;
        uint256 rewardFOMO;
        uint256 lastOut;
    }

    /// @notice SPEC.md §3 "Team" ({TeamLib}): `teamUser` and `teamAmount` count orders at most 8 generations below
    /// (`TeamLib.DEPTH`; team rewards stop at `algebra`); `teamMax` is the largest leg (the part of `teamAmount` that
    /// came through one direct invitee, `maxAccount`), and `teamMin` = `teamAmount - teamMax` >= 0, the other legs.
    struct Team {
        bool isManual;
        uint256 level;
        uint256 invites;
        uint256 inviteValids;
        uint256 teamUser;
        uint256 teamAmount;
        uint256 teamMax;
        uint256 teamMin;
        address maxAccount;
    }

    /// @notice SPEC.md §3 "FOMO totals".
    struct Totals {
        uint256 totalUser;
        uint256 totalOrder;
        uint256 totalAmount;
        uint256 totalActual;
        uint256 totalTokens;
        uint256 totalRewardInvite;
        uint256 totalRewardTeam;
        uint256 totalReward;
        uint256 totalRewardUSDT;
        uint256 todayAmount;
        uint256 totalExtract;
        uint256 lastBalance;
        uint256 lastOut;
        uint256 roundEndTime;
        uint256 roundEndIndex;
        uint256 lastEndTime;
    }

    /// @notice SPEC.md §3 "Info values": USDT that entered the gold pool, the FOM pot and the Double pool so far,
    /// and what the gold pool, the pot and the Double contract hold now.
    struct Values {
        uint256 gold;
        uint256 fomo;
        uint256 double;
        uint256 balanceGold;
        uint256 balanceFomo;
        uint256 balanceDouble;
    }

    /// @notice One round: the winning orders (latest first), their prizes and whether each was claimed.
    /// For the running round `pot` is the pot now and nothing is paid yet.
    struct Round {
        uint256 index;
        uint256 endTime;
        bool settled;
        uint256 pot;
        uint256 paid;
        uint256 count;
        uint256[5] winners;
        uint256[5] prizes;
        bool[5] claimed;
    }

    /// @notice The amount (the order's USDT value, or for an order paid in NEX the USDT its sale brought) is outside
    /// `[min, max]` for this account: `min` is `orderMin`, `max` what `userMax` leaves of the account's locked amount.
    error FomoAmountOutOfRange(uint256 amount, uint256 min, uint256 max);
    /// @notice `times` is outside `[min, max]`.
    error FomoTimesOutOfRange(uint256 times, uint256 min, uint256 max);
    /// @notice There is no tier `index` (there are `count`).
    error FomoInvalidTier(uint256 index, uint256 count);
    /// @notice The account is blacklisted.
    error FomoBlacklisted(address account);
    /// @notice The account has not registered a referrer in Main.
    error FomoNotRegistered(address account);
    /// @notice The pool opens at `startTime`.
    error FomoNotStarted(uint256 startTime);
    /// @notice The order is locked until `endTime`.
    error FomoOrderLocked(uint256 index, uint256 endTime);
    /// @notice Only the owner may release before `forceTime`.
    error FomoForceOutTooEarly(uint256 index, uint256 forceTime);
    /// @notice `performUpkeep` when nothing is due.
    error FomoUpkeepNotDue();
    /// @notice The order does not exist or is not locked any more (`status`).
    error FomoOrderNotActive(uint256 index, uint256 status);
    /// @notice Nothing to claim.
    error FomoNothingToClaim(address account);
    /// @notice The round is not settled yet (`current` is the running round).
    error FomoRoundNotSettled(uint256 round, uint256 current);
    /// @notice The account has no unclaimed prize in the round.
    error FomoNoPrize(uint256 round, address account);
    /// @notice The native coin sent is not exactly `handleGas`.
    error FomoWrongHandleFee(uint256 value, uint256 required);
    /// @notice The NEX paid for an order sells (or sold) for `received` USDT, less than the order's minimum `minUsdt`:
    /// the caller's, or `swapRate` below the order's value when that is larger (the pair's price moved after the
    /// quote: for example a sandwich around the order).
    error FomoSlippage(uint256 received, uint256 minUsdt);

    /// @notice An order paid in NEX needs the caller's minimum of USDT for the sale (`burn(index, times, amount,
    /// false, minUsdt)` with `minUsdt` > 0; the short `burn`s take USDT only). `value` is the order's value.
    error FomoMinimumRequired(uint256 value);

    /// @notice Emitted for every order.
    event Burned(
        address indexed account,
        uint256 indexed index,
        uint256 indexed round,
        uint256 stakeIndex,
        uint256 value,
        uint256 amount,
        uint256 tokens,
        bool isUSDT
    );
    /// @notice Emitted for every order: how its USDT was split.
    event Distributed(
        uint256 indexed index,
        uint256 principal,
        uint256 gold,
        uint256 fomo,
        uint256 double,
        uint256 invite,
        uint256 team,
        uint256 burn
    );
    /// @notice Emitted when a qualifying order starts or extends round `round` to `endTime`.
    event RoundExtended(uint256 indexed round, uint256 indexed index, uint256 endTime);
    /// @notice Emitted when a round is settled: `paid` of `pot` assigned to the winners.
    event RoundSettled(uint256 indexed round, uint256 endTime, uint256 pot, uint256 paid, address settler);
    /// @notice Emitted when a referrer is credited (`generation` 1 direct, 2 indirect).
    event ReferralRewarded(address indexed referrer, address indexed from, uint256 generation, uint256 amount);
    /// @notice Emitted when an ancestor gets a team reward at `level`.
    event TeamRewarded(address indexed account, address indexed from, uint256 level, uint256 amount);
    /// @notice Emitted when the gold pool pays static rewards into the accumulator.
    event PoolUpdated(uint256 amount, uint256 perWeight, uint256 gold);
    /// @notice Emitted when a user's static reward is credited to its balance.
    event StaticAccrued(address indexed account, uint256 amount);
    /// @notice Emitted when an order is released (`forced`: by someone else, principal credited to the balance).
    event Released(address indexed account, uint256 indexed index, uint256 principal, bool forced, address caller);
    /// @notice Emitted when the balance is paid (`claimReward(0)`).
    event RewardClaimed(address indexed account, uint256 amount, uint256 fee);
    /// @notice Emitted when a prize is paid.
    event PrizeClaimed(address indexed account, uint256 indexed round, uint256 amount, uint256 fee);
    /// @notice Emitted when USDT is added to the gold pool.
    event BalanceAdded(address indexed from, uint256 amount);
    /// @notice Emitted when `amount` of `burnSurplus` is swapped to NEX and burned (or the swap failed and it is kept,
    /// to be tried again 10 minutes later with about half the amount).
    event SurplusBurned(uint256 amount, bool success);
    /// @notice Emitted when a team level changes.
    event TeamLevelUpdated(address indexed account, uint256 level, bool isManual);
    /// @notice Emitted when the owner changes the config.
    event ConfigUpdated(Settings settings);
    /// @notice Emitted when the owner changes the multi config.
    event ConfigMultiUpdated(ConfigMulti config);
    /// @notice Emitted when the owner blacklists an account or ends it.
    event BlacklistUpdated(address indexed account, bool blacklisted);
    /// @notice Emitted when the owner changes the contracts it works with.
    event ContractsUpdated(address main, address log, address oracle, address router, address double);

    /// @notice `burn(0, times, amount, isUSDT, 0)`: an order paid in USDT (paid in NEX it reverts with
    /// {FomoMinimumRequired}: a NEX payment takes the caller's minimum).
    function burn(uint256 times, uint256 amount, bool isUSDT) external;

    /// @notice `burn(index, times, amount, isUSDT, 0)`: an order paid in USDT (paid in NEX it reverts with
    /// {FomoMinimumRequired}).
    function burn(uint256 index, uint256 times, uint256 amount, bool isUSDT) external;

    /// @notice Opens an order of `times * amount` USDT in tier `index`, paid in USDT or NEX. Paid in NEX, the TWAP
    /// amount of NEX is sold for USDT and the order reverts with {FomoSlippage} if that sale brings less than
    /// `minUsdt` (quote it from the pair, less a tolerance: the SDK's `fomoMinUsdt`; 0 reverts with
    /// {FomoMinimumRequired}), and in any case if it brings less than `swapRate` below the value; `minUsdt` is
    /// ignored for USDT. The order's value, and for NEX the USDT the sale brought (what the order is credited), must
    /// be at least `orderMin` and keep the account's locked amount within `userMax` ({FomoAmountOutOfRange}).
    /// Emits {Burned}.
    function burn(uint256 index, uint256 times, uint256 amount, bool isUSDT, uint256 minUsdt) external;

    /// @notice Releases order `index` after its lock (the owner; anyone after `outDays` more). Emits {Released}.
    function release(uint256 index) external;

    /// @notice Forces out every locked order past its force time (`outDays` days after its lock ended) among the
    /// `maxCount` (1..100) orders from the first that may still be locked (a cursor that moves past the orders
    /// that are out); the principals go to the owners' balances. Anyone may call; it pays the caller nothing.
    /// Returns how many it forced out. Emits {Released} for each.
    function processExpired(uint256 maxCount) external returns (uint256 count);

    /// @notice `index` 0: pays the balance; `index` r >= 1: pays the caller's prizes of round r. Send `handleGas` wei.
    function claimReward(uint256 index) external payable;

    /// @notice Settles an ended round, pays static rewards into the accumulator, burns `burnSurplus` when due.
    function updatePool() external;

    /// @notice Credits `account`'s accrued static reward to its balance (anyone).
    function updateUser(address account) external;

    /// @notice Adds `amount` USDT from the caller to the gold pool. Emits {BalanceAdded}.
    function addBalance(uint256 amount) external;

    /// @notice Sets the config (owner only, bounded). Emits {ConfigUpdated}.
    function setConfig(Settings calldata settings) external;

    /// @notice Sets the multi config (owner only, bounded; existing orders keep theirs). Emits {ConfigMultiUpdated}.
    function setConfigMulti(ConfigMulti calldata config) external;

    /// @notice Blacklists `account` or ends it (owner only). Emits {BlacklistUpdated}.
    function setBlacklist(address account, bool blacklisted) external;

    /// @notice Sets `account`'s team level by hand (`isManual`), or back to automatic (owner only).
    function setTeamLevel(address account, uint256 level, bool isManual) external;

    /// @notice Sets Main, Log (zero: none), the oracle, the router and Double (zero: none) (owner only).
    function setContracts(address main, address log, address oracle, address router, address double) external;

    /// @notice The config.
    function getConfig() external view returns (Config memory);

    /// @notice The multi config.
    function getConfigMulti() external view returns (ConfigMulti memory);

    /// @notice The NEX an order worth `usdt` USDT costs (TWAP).
    function getSwapIn(uint256 usdt) external view returns (uint256);

    /// @notice Order number `index` (1-based).
    function orders(uint256 index) external view returns (Order memory);

    /// @notice `account`'s user record.
    function users(address account) external view returns (User memory);

    /// @notice `account`'s team record.
    function teams(address account) external view returns (Team memory);

    /// @notice The index of `account`'s `i`-th order.
    function userOrderIndex(address account, uint256 i) external view returns (uint256);

    /// @notice A page of `account`'s orders, newest first, and how many there are.
    function getUserOrders(
        address account,
        uint256 offset,
        uint256 count
    ) external view returns (Order[] memory list, uint256 total);

    /// @notice A page of `account`'s direct invitees that joined this pool, newest first, and how many there are.
    function getInvites(
        address account,
        uint256 offset,
        uint256 count
    ) external view returns (address[] memory list, uint256 total);

    /// @notice The totals.
    function getTotals() external view returns (Totals memory);

    /// @notice The pool values.
    function getValues() external view returns (Values memory);

    /// @notice Round `index` (the running one too).
    function getRound(uint256 index) external view returns (Round memory);

    /// @notice What `account` can still claim from round `index`.
    function prizeOf(uint256 index, address account) external view returns (uint256);

    /// @notice Whether `account` is blacklisted.
    function isBlacklisted(address account) external view returns (bool);
}
