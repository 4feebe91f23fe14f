// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @title Mining: NEX staked in 6 tiers earns a daily NEX emission shared by force
/// @notice `deposit(index, amount)` locks `amount` NEX in tier `index` for `stakeDays[index]` days. The stake's
/// `force` is `amount * stakeForces[index] / 10,000`; its referrers (Main's tree, 3 generations) get
/// `inviteRates[0..2]` of that force as `forceDirect`, `forceIndirect` and `forceInvite` for as long as the stake is
/// locked. The emission is `mintDay` NEX per `dayTimes` seconds (pro rata per second), never more than the funded
/// budget `mintSurplus`, and is shared by total force through a reward-per-force accumulator (`perForce`, scaled by
/// 1e18): nothing loops over users. Rewards accrue into `balance`; `claimReward()` pays it (less `feeRate`, which
/// goes back to `mintSurplus`), at most once per `addTime` seconds, with `handleGas` wei of native coin attached.
/// After `endTime` the stake is unlocked and `claimRelease(index)` returns `actual = amount * stakeRates[index] /
/// 10,000` NEX; the rest of the amount was added to `mintSurplus` at the deposit. `stakeTotals[i]` is what tier `i`
/// holds now. Stake states: locked (`isValid`, before `endTime`), unlocked (`isValid`, from `endTime`), completed
/// (released, `!isValid`); `status` says which (1, 2, 3).
/// `checkUpkeep`/`performUpkeep` (Chainlink Automation's interface) run the daily pool update.
interface IMining {
    /// @notice SPEC.md §3 "Mining config" (`mintSurplus` is the budget left to emit, as of now).
    struct Config {
        uint256 addTime;
        uint256 dayTimes;
        uint256 mintDay;
        uint256 mintSurplus;
        uint256 userMax;
        uint256 userMin;
        uint256 handleGas;
        uint256 feeRate;
    }

    /// @notice What the owner sets with `setConfig`.
    struct Settings {
        uint256 addTime;
        uint256 dayTimes;
        uint256 mintDay;
        uint256 userMax;
        uint256 userMin;
        uint256 handleGas;
        uint256 feeRate;
    }

    /// @notice SPEC.md §3 "Mining multi config" (`stakeTotals` is the NEX each tier holds now).
    struct ConfigMulti {
        uint256[3] inviteRates;
        uint256[6] stakeDays;
        uint256[6] stakeRates;
        uint256[6] stakeTotals;
        uint256[6] stakeForces;
    }

    /// @notice What the owner sets with `setConfigMulti`.
    struct MultiSettings {
        uint256[3] inviteRates;
        uint256[6] stakeDays;
        uint256[6] stakeRates;
        uint256[6] stakeForces;
    }

    /// @notice SPEC.md §3 "Mining user" (`balance` includes the reward accrued up to now).
    struct User {
        uint256 index;
        uint256 stakes;
        uint256 amount;
        uint256 balance;
        uint256 rewardTotal;
        uint256 lastOut;
        uint256 force;
        uint256 forceDirect;
        uint256 forceIndirect;
        uint256 forceInvite;
        uint256 debt;
        address refer;
    }

    /// @notice SPEC.md §3 "Mining stake", then `tier` and `status` (1 locked, 2 unlocked, 3 completed).
    struct StakeRecord {
        bool isValid;
        uint256 index;
        uint256 userIndex;
        uint256 lockDays;
        uint256 amount;
        uint256 actual;
        uint256 force;
        uint256 forceDirect;
        uint256 forceIndirect;
        uint256 forceInvite;
        uint256 startTime;
        uint256 endTime;
        address owner;
        uint256 tier;
        uint256 status;
    }

    /// @notice SPEC.md §3 "Mining totals".
    struct Totals {
        uint256 totalUser;
        uint256 totalUserValid;
        uint256 totalStakes;
        uint256 totalAmount;
        uint256 totalReward;
        uint256 totalRelease;
        uint256 totalMint;
        uint256 totalExtract;
        uint256 totalForce;
        uint256 perForce;
        address lastUser;
        uint256 lastTime;
    }

    /// @notice One invitee in `getInvitesInfo` / `getIndirectsInfo`.
    struct InviteInfo {
        address account;
        uint256 amount;
        uint256 force;
        uint256 stakes;
    }

    /// @notice The amount is outside `[min, max]` for this account.
    error MiningAmountOutOfRange(uint256 amount, uint256 min, uint256 max);
    /// @notice There is no tier `index` (there are `count`).
    error MiningInvalidTier(uint256 index, uint256 count);
    /// @notice The account is blacklisted.
    error MiningBlacklisted(address account);
    /// @notice The account has not registered a referrer in Main.
    error MiningNotRegistered(address account);
    /// @notice The stake is still locked until `endTime`.
    error MiningStakeLocked(uint256 index, uint256 endTime);
    /// @notice The stake is not the caller's (or does not exist).
    error MiningNotStakeOwner(uint256 index, address owner);
    /// @notice The stake was released already.
    error MiningStakeCompleted(uint256 index);
    /// @notice Nothing to claim.
    error MiningNothingToClaim(address account);
    /// @notice The last claim was less than `addTime` ago; the next one is possible from `nextTime`.
    error MiningClaimTooEarly(uint256 nextTime);
    /// @notice The native coin sent is not exactly `handleGas`.
    error MiningWrongHandleFee(uint256 value, uint256 required);
    /// @notice `performUpkeep` before the daily update is due (`nextTime`), or with nothing to emit.
    error MiningUpkeepNotDue(uint256 nextTime);

    /// @notice Emitted for every deposit.
    event Deposited(
        address indexed account,
        uint256 indexed index,
        uint256 tier,
        uint256 amount,
        uint256 actual,
        uint256 force,
        uint256 endTime
    );
    /// @notice Emitted when a referrer gets (or, on release, loses) invite force (`generation` 1..3).
    event InviteForceChanged(
        address indexed referrer,
        address indexed from,
        uint256 generation,
        uint256 force,
        bool added
    );
    /// @notice Emitted when the emission advances: `amount` NEX shared, new `perForce`.
    event PoolUpdated(uint256 amount, uint256 perForce, uint256 mintSurplus, uint256 lastTime);
    /// @notice Emitted when a user's accrued reward is credited to its balance.
    event RewardAccrued(address indexed account, uint256 amount);
    /// @notice Emitted for every reward claim: `amount` taken from the balance, `fee` back to `mintSurplus`.
    event RewardClaimed(address indexed account, uint256 amount, uint256 fee);
    /// @notice Emitted when a stake is released: `actual` NEX returned.
    event Released(address indexed account, uint256 indexed index, uint256 actual);
    /// @notice Emitted when NEX is added to the emission budget.
    event MintFunded(address indexed from, uint256 amount, uint256 mintSurplus);
    /// @notice Emitted when the owner changes the config.
    event ConfigUpdated(Settings settings);
    /// @notice Emitted when the owner changes the tiers and invite rates.
    event ConfigMultiUpdated(MultiSettings settings);
    /// @notice Emitted when the owner blacklists an account or ends it.
    event BlacklistUpdated(address indexed account, bool blacklisted);
    /// @notice Emitted when the owner changes the contracts it reads and writes.
    event ContractsUpdated(address main, address log);

    /// @notice Locks `amount` NEX in tier `index`. Emits {Deposited}.
    function deposit(uint256 index, uint256 amount) external;

    /// @notice Pays the caller's reward balance (send `handleGas` wei), also to a blacklisted account and while
    /// paused (issue 19: neither takes what is owed). Emits {RewardClaimed}.
    function claimReward() external payable;

    /// @notice Returns the unlocked stake `index` to its owner. Emits {Released}.
    function claimRelease(uint256 index) external;

    /// @notice Advances the emission and credits `account`'s accrued reward (anyone).
    function updateUser(address account) external;

    /// @notice Advances the emission (anyone).
    function updatePool() external;

    /// @notice Adds `amount` NEX from the caller to the emission budget. Emits {MintFunded}.
    function addMint(uint256 amount) external;

    /// @notice Sets the config (owner only, bounded). Emits {ConfigUpdated}.
    function setConfig(Settings calldata settings) external;

    /// @notice Sets tiers and invite rates (owner only, bounded; existing stakes keep theirs). Emits {ConfigMultiUpdated}.
    function setConfigMulti(MultiSettings calldata settings) external;

    /// @notice Blacklists `account` or ends it (owner only). A blacklisted account cannot deposit and gets no invite
    /// force from stakes opened while it is blacklisted; its own stakes keep earning, it still claims its reward and
    /// releases its stakes. Emits {BlacklistUpdated}.
    function setBlacklist(address account, bool blacklisted) external;

    /// @notice Sets Main and Log (zero: no logging) (owner only). Emits {ContractsUpdated}.
    function setContracts(address main, address log) external;

    /// @notice The config.
    function getConfig() external view returns (Config memory);

    /// @notice Invite rates and the 6 tiers.
    function getConfigMulti() external view returns (ConfigMulti memory);

    /// @notice `account`'s user record, its newest stakes (at most `MAX_PAGE`) and the emission budget left.
    function getUserInfo(
        address account
    ) external view returns (User memory user, StakeRecord[] memory infos, uint256 mintSurplus);

    /// @notice A page of `account`'s stakes, newest first, and how many there are.
    function getUserStakes(
        address account,
        uint256 offset,
        uint256 count
    ) external view returns (StakeRecord[] memory infos, uint256 total);

    /// @notice A page of `account`'s direct invitees that joined Mining, newest first, and how many there are.
    function getInvitesInfo(
        address account,
        uint256 offset,
        uint256 count
    ) external view returns (InviteInfo[] memory invites, uint256 total);

    /// @notice A page of `account`'s second-generation invitees that joined Mining, newest first.
    function getIndirectsInfo(
        address account,
        uint256 offset,
        uint256 count
    ) external view returns (InviteInfo[] memory invites, uint256 total);

    /// @notice Stake number `index` (1-based).
    function stakes(uint256 index) external view returns (StakeRecord memory);

    /// @notice `account`'s user record.
    function users(address account) external view returns (User memory);

    /// @notice The totals (the emission as of the last update).
    function getTotals() external view returns (Totals memory);

    /// @notice Whether `account` is blacklisted.
    function isBlacklisted(address account) external view returns (bool);
}
