// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @title Burn for dividends (SPEC §1: "50% community dividends; 1.5 times fee yield; forced redemption after
/// 30 days")
/// @notice An order of `times * burnEvery` USDT (paid in USDT, or in BNB swapped to USDT at no worse than the
/// TWAP less `slippage`) is split by `burnRates`: the community pool (`burnRates[0]`, 50 %), the direct
/// referrer (`[1]`), each indirect referrer up to `algebra` generations (`[2]` each), the team (`[3]`, paid
/// as level differentials `teamRates`), the NFT dividends (`[4]`, sent to the Nft contract); `swapRate` buys
/// NEX and burns it (`updatePool`); the rest goes to the market wallet. Referrers come from Main
/// (`getReferrers`, at most `TEAM_DEPTH` = 8 generations, which bounds the gas of an order); an unregistered, blacklisted or order-less referrer's share
/// goes to the market wallet.
/// The pool (its share of orders, plus any USDT sent to the contract, e.g. the NEX token's fees) is shared by
/// the valid orders' force (force = order value) through a reward-per-force accumulator (`perForce`). An order
/// receives at most `rewardRate` (1.5x) of its value and is forced out when it reaches that cap or
/// `outDays` days after it started, whichever comes first; what a capped order accrued above its cap goes back
/// to the pool. Time-outs are processed earliest end first from a min-heap of (end time, order) ({ExpiryQueue}),
/// whatever order the orders ended in (a shorter `outDays` makes newer orders end first), and the pool is only
/// distributed once no expired order is left in that queue, so an expired order never shares new funds. An order
/// forces out no other order, a claim or update at most `USER_OUTS` (1); `processExpired(maxCount)` and
/// `performUpkeep` (anyone, paid nothing) do the rest in bounded batches. Referral and team rewards go only to accounts with a valid
/// (not yet out) order.
/// Team level V0..V5: the highest level whose `teamAmounts` threshold the team's volume outside its largest
/// leg (`teamMin = teamAmount - teamMax`) reaches (or a level the owner set by hand).
/// The contract never owes more than it holds: every credit comes from USDT it received, and
/// `withdrawExcess` cannot touch the pool, the orders' accrued dividends, users' balances nor the swap balance.
interface IBurn {
    /// @notice The config (SPEC §3). `addTime` is when the contract was initialized; `handleGas` is the most
    /// orders one call settles or forces out; `burnEvery` is the USDT value of one unit (`times`);
    /// `burnSurplus` the units that can still be burned; `rewardRate` the cap of an order in basis points of
    /// its value (15,000 = 1.5x); `startTime` when burning opens.
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
    }

    /// @notice What the owner sets with `setConfig` (the Config without `addTime`).
    struct Settings {
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
    }

    /// @notice `burnRates`: [community, direct, indirect per generation, team, NFT dividends] in basis points;
    /// `teamAmounts`: USDT thresholds of V1..V5 (volume outside the largest leg); `teamRates`: cumulative team
    /// reward of V1..V5 in basis points (non-decreasing, at most `burnRates[3]`); `slippage`: how far below the
    /// TWAP a BNB payment's swap may fill.
    struct ConfigMulti {
        uint256[5] burnRates;
        uint256[5] teamAmounts;
        uint256[5] teamRates;
        uint256 slippage;
    }

    /// @notice Contracts and wallets the Burn contract works with.
    struct Addresses {
        address main;
        address usdt;
        address token;
        address router;
        address nexOracle;
        address bnbOracle;
        address nft;
        address market;
        address log;
    }

    /// @notice An order (SPEC §3): `amount` is its USDT value (and force), `tokens` its NEX value at the TWAP,
    /// `debt` its accumulator debt, `reward` what it received, `rewardSurplus` what it may still receive,
    /// `endTime` when it is (or was) forced out.
    struct Order {
        bool isValid;
        bool isBNB;
        uint256 index;
        uint256 userIndex;
        uint256 amount;
        uint256 tokens;
        int256 debt;
        uint256 rewardSurplus;
        uint256 reward;
        uint256 startTime;
        uint256 endTime;
        address owner;
    }

    /// @notice A user (SPEC §3): `inviteCode` is the code it registered with (its referrer, or zero),
    /// `orders` its order count, `amount` its total burned value, `total` the dividends its orders received,
    /// `balance` what it can claim, `rewardTotal` everything credited (dividends, direct, indirect, team),
    /// `lastOut` the position in its order list before which every order is out, `refer` its referrer.
    struct User {
        uint256 index;
        address inviteCode;
        uint256 orders;
        uint256 amount;
        uint256 total;
        uint256 balance;
        uint256 rewardTotal;
        uint256 rewardDirect;
        uint256 rewardIndirect;
        uint256 lastOut;
        address refer;
    }

    /// @notice A team (SPEC §3, {TeamLib}): `invites` direct invitees registered here, `inviteValids` those with an
    /// order, `teamUser` members with an order within `TEAM_DEPTH` (8) generations, `teamAmount` their volume,
    /// `teamMax` the largest leg (the part of `teamAmount` that came through the direct invitee `maxAccount`),
    /// `teamMin` = `teamAmount - teamMax` >= 0 by construction, the volume outside it.
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

    /// @notice Totals (SPEC §3): `lastBalance` the USDT accounted, `lastIndex` the distributions so far,
    /// `lastOut` the order at the head of the expiry queue (the next one forced out; 0 when the queue is empty).
    struct Totals {
        uint256 totalUser;
        uint256 totalOrder;
        uint256 totalAmount;
        uint256 totalTokens;
        uint256 totalRewardInvite;
        uint256 totalReward;
        uint256 totalExtract;
        uint256 lastBalance;
        uint256 lastIndex;
        uint256 totalForce;
        uint256 perForce;
        uint256 lastOut;
    }

    /// @notice USDT the contract holds for users, by purpose (what `withdrawExcess` can never take).
    struct Reserves {
        uint256 pool;
        uint256 orders;
        uint256 balances;
        uint256 swap;
    }

    /// @notice `account` is not registered in Main (bind a referrer first).
    error BurnNotRegistered(address account);
    /// @notice `account` is registered here already.
    error BurnAlreadyRegistered(address account);
    /// @notice The refer code is not the referrer `account` bound in Main.
    error BurnReferCodeMismatch(address referCode, address referrer);
    /// @notice The account is blacklisted.
    error BurnBlacklisted(address account);
    /// @notice `times` is zero.
    error BurnZeroTimes();
    /// @notice Burning opens at `startTime`.
    error BurnNotStarted(uint256 startTime);
    /// @notice Only `surplus` units can still be burned.
    error BurnExceedsSurplus(uint256 times, uint256 surplus);
    /// @notice The payment (`paid`, in USDT value) is below the order value `required`.
    error BurnPaymentTooLow(uint256 paid, uint256 required);
    /// @notice The BNB sent differs from `amount` (or BNB was sent with a USDT payment).
    error BurnValueMismatch(uint256 value, uint256 amount);
    /// @notice Nothing to claim.
    error BurnNothingToClaim(address account);
    /// @notice An address that must be set is zero.
    error BurnInvalidAddress(address account);
    /// @notice `teamRates` must not decrease from level to level.
    error BurnTeamRatesNotIncreasing(uint256 level);
    /// @notice BNB sent by anyone but the router.
    error BurnUnexpectedBnb(address sender);
    /// @notice The order index does not exist.
    error BurnUnknownOrder(uint256 index);
    /// @notice `performUpkeep` when nothing is due.
    error BurnUpkeepNotDue();

    /// @notice Emitted when `account` registers under `referrer` (its Main referrer) as the `index`-th user.
    event Registered(address indexed account, address indexed referrer, address inviteCode, uint256 index);
    /// @notice Emitted for every order.
    /// @param index the order index
    /// @param owner the account that owns it
    /// @param payer who paid
    /// @param isBNB whether it was paid in BNB
    /// @param amount its USDT value (and force)
    /// @param tokens its NEX value at the TWAP
    /// @param paid what was paid (BNB when `isBNB`, else USDT)
    /// @param endTime when it is forced out at the latest
    event OrderCreated(
        uint256 indexed index,
        address indexed owner,
        address indexed payer,
        bool isBNB,
        uint256 amount,
        uint256 tokens,
        uint256 paid,
        uint256 endTime
    );
    /// @notice Emitted when an order's dividends are settled: `reward` credited, `overflow` (above its cap)
    /// returned to the pool.
    event OrderSettled(uint256 indexed index, address indexed owner, uint256 reward, uint256 overflow);
    /// @notice Emitted when an order is forced out, at its cap (`capped`) or after `outDays`.
    event OrderOut(uint256 indexed index, address indexed owner, uint256 reward, bool capped);
    /// @notice Emitted when a referral or team reward is credited. `kind`: 1 direct, 2 indirect, 3 team.
    event RewardCredited(
        address indexed account,
        address indexed from,
        uint256 indexed orderIndex,
        uint8 kind,
        uint256 amount
    );
    /// @notice Emitted when USDT that arrived from outside (fees, gifts) joins the pool.
    event PoolFunded(uint256 amount);
    /// @notice Emitted when the pool is shared by force (`index`-th distribution).
    event PoolDistributed(uint256 indexed index, uint256 amount, uint256 totalForce, uint256 perForce);
    /// @notice Emitted when `account` claims `amount` (of which `fee` goes to the market wallet).
    event RewardClaimed(address indexed account, uint256 amount, uint256 fee);
    /// @notice Emitted when `usdtIn` USDT of the swap balance bought NEX that was burned.
    event TokensBurned(uint256 usdtIn);
    /// @notice Emitted when the NEX buy-and-burn could not run (TWAP not ready, price moved); it retries later.
    event SwapBurnSkipped(uint256 usdtIn);
    /// @notice Emitted when a team's level changes.
    event TeamLevelUpdated(address indexed account, uint256 level);
    /// @notice Emitted when the owner sets a team level by hand (or gives it back to the volume rule).
    event TeamManualUpdated(address indexed account, bool isManual, uint256 level);
    /// @notice Emitted when the owner blacklists `account` or ends it.
    event BlacklistUpdated(address indexed account, bool blacklisted);
    /// @notice Emitted when the owner changes the settings.
    event ConfigUpdated(Settings settings);
    /// @notice Emitted when the owner changes the rates and thresholds.
    event ConfigMultiUpdated(ConfigMulti config);
    /// @notice Emitted when the owner changes the addresses.
    event AddressesUpdated(Addresses addresses);

    /// @notice Creates an order of `times` units for `account` (registered in Main), paid by the caller:
    /// `amount` is the most it pays, in USDT (`isBNB` false: exactly `times * burnEvery` is taken) or in BNB
    /// (`isBNB` true: `msg.value` must equal `amount`; all of it is swapped and the USDT above the order
    /// value is refunded). Registers `account` here on its first order. Emits {OrderCreated}.
    function burn(address account, uint256 times, uint256 amount, bool isBNB) external payable;

    /// @notice Settles the caller's orders and pays its balance less `feeRate`. Emits {RewardClaimed}.
    function claimReward() external;

    /// @notice Registers the caller here: `referCode` is zero or its Main referrer. Emits {Registered}.
    function register(address referCode) external;

    /// @notice Accounts new USDT, forces out at most `USER_OUTS` expired orders, shares the pool (unless expired
    /// orders are still queued), and runs the NEX buy-and-burn of the swap balance. Anyone may call.
    function updatePool() external;

    /// @notice Forces out up to `maxCount` (1..200) expired orders, earliest end first, then shares the pool if
    /// none is left. Anyone may call; it pays the caller nothing. Returns the queue entries taken out (an order
    /// already out at its cap leaves an entry that counts too). Emits {OrderSettled}/{OrderOut} per order.
    function processExpired(uint256 maxCount) external returns (uint256 count);

    /// @notice Settles `account`'s valid orders (at most `handleGas`, from its `lastOut`). Anyone may call.
    function updateUser(address account) external;

    /// @notice Sets the config within bounds (owner only). Emits {ConfigUpdated}.
    function setConfig(Settings calldata settings) external;

    /// @notice Sets rates and thresholds within bounds (owner only). Emits {ConfigMultiUpdated}.
    function setConfigMulti(ConfigMulti calldata config) external;

    /// @notice Sets the addresses (owner only). Emits {AddressesUpdated}.
    function setAddresses(Addresses calldata addresses) external;

    /// @notice Blacklists `account` or ends it (owner only). Emits {BlacklistUpdated}.
    function setBlacklist(address account, bool blacklisted) external;

    /// @notice Sets a team level by hand (`isManual`), or gives it back to the volume rule (owner only).
    function setTeam(address account, bool isManual, uint256 level) external;

    /// @notice The config.
    function getConfig() external view returns (Config memory);

    /// @notice Rates and thresholds (the five `burnRates` first).
    function getConfigMulti() external view returns (ConfigMulti memory);

    /// @notice The addresses.
    function getAddresses() external view returns (Addresses memory);

    /// @notice The USDT value of `amountBNB` at the BNB TWAP.
    function getSwapBnb(uint256 amountBNB) external view returns (uint256);

    /// @notice The NEX value of `amountBNB` at the BNB and NEX TWAPs.
    function getSwapTokens(uint256 amountBNB) external view returns (uint256);

    /// @notice One order.
    function orders(uint256 index) external view returns (Order memory);

    /// @notice One team.
    function teams(address account) external view returns (Team memory);

    /// @notice One user.
    function users(address account) external view returns (User memory);

    /// @notice The `index`-th direct invitee of `account` registered here.
    function userInvites(address account, uint256 index) external view returns (address);

    /// @notice The number of direct invitees of `account` registered here.
    function userInviteCount(address account) external view returns (uint256);

    /// @notice The global index of `account`'s `index`-th order.
    function userOrderIndex(address account, uint256 index) external view returns (uint256);

    /// @notice The totals.
    function totalInfo() external view returns (Totals memory);

    /// @notice What order `index` can be credited now (capped, including funds not distributed yet).
    function pendingReward(uint256 index) external view returns (uint256);

    /// @notice The USDT held for users, by purpose.
    function getReserves() external view returns (Reserves memory);

    /// @notice Whether `account` is blacklisted.
    function isBlacklisted(address account) external view returns (bool);
}
