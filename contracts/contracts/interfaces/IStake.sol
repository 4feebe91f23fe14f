// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @title Stake: USDT staked in rounds ("periods") for NEX released over time, within each round's reward cap
/// @notice A deposit of `amount` USDT goes into the current round `config.round` (an "IDO round"). It earns a reward
/// worth `rewardMax = amount * idoRate / 10,000` USDT (the round's cap), paid in NEX at the deposit's `startPrice`:
/// the larger of the NEX TWAP and the round's floor `idoPrice` (USDT per NEX, 18 decimals). The NEX for the whole
/// reward and the referral rewards is reserved from the contract's free NEX at the deposit, so every later payout
/// is covered. `idoFirst` of the reward is released at once; the rest is locked for `addTime` seconds
/// (`lockTime`) and then released in `releaseDay` equal daily steps (`releaseTimes` counts them) until `endTime`.
/// Referrers (from Main, two generations) get `directRate` / `indirectRate` of the amount, in NEX at the same price.
/// A round fills at `idoMax`; the next round then opens no earlier than `roundCool` seconds later. Whitelisted
/// accounts may deposit before a round's `startTime`. `claim()` releases what is due and pays the NEX balance
/// (less `feeRate`, which stays in the pool), with `handleGas` wei of native coin attached.
interface IStake {
    /// @notice SPEC.md §3 "Stake-contract IDO round".
    struct Ido {
        uint256 index;
        uint256 idoMax;
        uint256 idoTotal;
        uint256 idoRate;
        uint256 idoPrice;
        uint256 idoFirst;
        uint256 startTime;
        uint256 idoMin;
    }

    /// @notice What the owner sets for a round.
    struct IdoSettings {
        uint256 idoMax;
        uint256 idoRate;
        uint256 idoPrice;
        uint256 idoFirst;
        uint256 startTime;
        uint256 idoMin;
    }

    /// @notice SPEC.md §3 "Stake user": `amount`, `rewardMax`, `rewardRelease` in USDT; `rewardDirect`,
    /// `rewardIndirect`, `balance` (claimable now, due releases included) in NEX.
    struct User {
        uint256 index;
        uint256 amount;
        uint256 rewardMax;
        uint256 rewardRelease;
        uint256 rewardDirect;
        uint256 rewardIndirect;
        uint256 balance;
        uint256 stakes;
        uint256 lastOut;
    }

    /// @notice SPEC.md §3 "Stake" (`period` is the round), then `lockTime`, `endTime` and `releaseDays` beyond SPEC.
    struct StakeRecord {
        bool isValid;
        uint256 index;
        uint256 userIndex;
        uint256 period;
        uint256 amount;
        uint256 rewardMax;
        uint256 rewardSurplus;
        uint256 releaseTimes;
        uint256 startTime;
        uint256 lastTime;
        uint256 startPrice;
        uint256 lastPrice;
        address owner;
        uint256 lockTime;
        uint256 endTime;
        uint256 releaseDays;
    }

    /// @notice SPEC.md §3 "Stake config".
    struct Config {
        uint256 addTime;
        uint256 dayTimes;
        uint256 directRate;
        uint256 indirectRate;
        uint256 userMax;
        uint256 round;
        uint256 roundCool;
        uint256 handleGas;
        uint256 feeRate;
        uint256 releaseDay;
    }

    /// @notice Totals beyond SPEC (admin screens): NEX reserved for future releases and owed balances.
    struct Totals {
        uint256 totalUser;
        uint256 totalStakes;
        uint256 totalAmount;
        uint256 totalReserved;
        uint256 totalBalance;
        uint256 totalExtract;
    }

    /// @notice The amount is outside the allowed range `[min, max]` for this account and round.
    error StakeAmountOutOfRange(uint256 amount, uint256 min, uint256 max);
    /// @notice There is no open round (`round` is past the last configured one).
    error StakeNoRound(uint256 round);
    /// @notice The round has not started and the account is not whitelisted.
    error StakeRoundNotStarted(uint256 round, uint256 startTime);
    /// @notice The account has not registered a referrer in Main.
    error StakeNotRegistered(address account);
    /// @notice The free NEX of the contract cannot cover this deposit's rewards.
    error StakeInsufficientPool(uint256 needed, uint256 available);
    /// @notice No price: the TWAP and the round's floor are both zero.
    error StakeNoPrice(uint256 round);
    /// @notice Nothing to pay.
    error StakeNothingToClaim(address account);
    /// @notice The native coin sent is not exactly `handleGas`.
    error StakeWrongHandleFee(uint256 value, uint256 required);
    /// @notice A round index past the end of the list (at most `count`, which appends).
    error StakeInvalidRound(uint256 index, uint256 count);
    /// @notice The deposit would earn fewer NEX than the caller's `minRewardTokens` (the round's terms or the
    /// price changed after the caller looked).
    error StakeRewardBelowMinimum(uint256 rewardTokens, uint256 minRewardTokens);
    /// @notice The round has deposits: its terms (`idoRate`, `idoPrice`, `idoFirst`) can no longer change, only its
    /// size (`idoMax` >= `idoTotal`, `idoMin`) and `startTime`.
    error StakeRoundTermsFixed(uint256 index);
    /// @notice A manager may not move this round's start: it is past, or it is the current round and has opened
    /// (or has a deposit), or the new start is earlier than its `startTime` (which may end a cool-down early).
    error StakeRoundNotSchedulable(uint256 index, uint256 startTime);

    /// @notice Emitted for every deposit.
    event Deposited(
        address indexed account,
        uint256 indexed index,
        uint256 indexed round,
        uint256 amount,
        uint256 rewardMax,
        uint256 startPrice,
        uint256 rewardTokens
    );
    /// @notice Emitted when a referrer is credited (`generation` 1 = direct, 2 = indirect), in NEX.
    event ReferralRewarded(address indexed referrer, address indexed from, uint256 generation, uint256 tokens);
    /// @notice Emitted for every release of a stake: `value` in USDT, `tokens` in NEX.
    event Released(address indexed account, uint256 indexed index, uint256 releaseTimes, uint256 value, uint256 tokens);
    /// @notice Emitted for every claim: `amount` NEX taken from the balance, `fee` kept.
    event Claimed(address indexed account, uint256 amount, uint256 fee);
    /// @notice Emitted when a round fills and the next one is due no earlier than `nextStartTime`.
    event RoundFilled(uint256 indexed round, uint256 nextStartTime);
    /// @notice Emitted when the owner adds or changes round `index`.
    event IdoUpdated(uint256 indexed index, IdoSettings settings);
    /// @notice Emitted when the owner changes the config.
    event ConfigUpdated(Config config);
    /// @notice Emitted when the owner whitelists an account or ends it.
    event WhitelistUpdated(address indexed account, bool allowed);
    /// @notice Emitted when the owner changes the contracts it reads and writes.
    event ContractsUpdated(address main, address log, address oracle);
    /// @notice Emitted when anyone adds NEX to the reward pool.
    event PoolFunded(address indexed from, uint256 amount);

    /// @notice Stakes `amount` USDT in the current round; reverts with {StakeRewardBelowMinimum} unless the reward
    /// is worth at least `minRewardTokens` NEX (quote it from `getIdos()` and `getPrice`, less a tolerance for the
    /// TWAP). Emits {Deposited} (and {ReferralRewarded}, {RoundFilled}).
    function deposit(uint256 amount, uint256 minRewardTokens) external;

    /// @notice Releases what is due on up to `MAX_CLAIM` stakes and pays the NEX balance. Send `handleGas` wei.
    function claim() external payable;

    /// @notice Adds `amount` NEX from the caller to the reward pool. Emits {PoolFunded}.
    function fund(uint256 amount) external;

    /// @notice Adds (`index == count`) or changes a round (owner only, bounded). Once a round has a deposit its
    /// terms are fixed ({StakeRoundTermsFixed}); each stake keeps its own terms anyway. Emits {IdoUpdated}.
    function setIdo(uint256 index, IdoSettings calldata settings) external;

    /// @notice Schedules round `index` to start at `startTime` (a manager: `Main.isManager`; bounded to now .. now +
    /// `MAX_ROUND_NOTICE`). A later round may move either way (a filled round still cools down `roundCool`); the
    /// current round only later and only before it opened. Changes no money: deposits of a round that has not
    /// started wait. Emits {RoundScheduled}.
    function setRoundStart(uint256 index, uint256 startTime) external;

    /// @notice Sets the config (owner only, bounded). Emits {ConfigUpdated}.
    function setConfig(Config calldata config) external;

    /// @notice Whitelists `account` or ends it (owner only). Emits {WhitelistUpdated}.
    function setWhitelist(address account, bool allowed) external;

    /// @notice Sets Main, Log (zero: no logging) and the price oracle (owner only). Emits {ContractsUpdated}.
    function setContracts(address main, address log, address oracle) external;

    /// @notice Every round (at most `MAX_ROUNDS`).
    function getIdos() external view returns (Ido[] memory);

    /// @notice The NEX that `amount` USDT of reward pays at the price a deposit would use now.
    function getPrice(uint256 amount) external view returns (uint256);

    /// @notice `account`'s user record and newest stakes (at most `MAX_PAGE`).
    function getUserInfo(address account) external view returns (User memory user, StakeRecord[] memory stakes);

    /// @notice A page of `account`'s stakes, newest first, and how many there are.
    function getUserStakes(
        address account,
        uint256 offset,
        uint256 count
    ) external view returns (StakeRecord[] memory stakes, uint256 total);

    /// @notice Stake number `index` (1-based).
    function stakes(uint256 index) external view returns (StakeRecord memory);

    /// @notice The config.
    function getConfig() external view returns (Config memory);

    /// @notice The totals.
    function getTotals() external view returns (Totals memory);

    /// @notice Whether `account` is whitelisted.
    function isWhitelisted(address account) external view returns (bool);
}
