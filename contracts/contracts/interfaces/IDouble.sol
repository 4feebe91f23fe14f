// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @title The doubling deposit: every record releases up to twice its amount over time, from the pool only
/// @notice `deposit(account, amount, fomoIndex)` takes `amount` USDT from the caller (a user, or a Fomo pool that
/// passes its order index as `fomoIndex`) into the double pool and opens a record for `account` whose `reward` is
/// `2 * amount`. The reward vests linearly from `startTime` to `endTime`; `endTime - startTime` is
/// `ceil(10,000 / price)` days, where `price` is the release speed in basis points of the reward per day in effect at
/// the deposit. `claim()` pays what vested and was not yet released, but never more than the USDT the pool holds:
/// what the pool cannot pay now stays due and is paid by a later claim. Claims always work (also while paused or
/// while `openClaim` is false): a pause and `openClaim = false` only stop new deposits, the Fomo pools' included,
/// so either also stops Fomo orders that pay a Double share.
/// A record never releases more than its `reward` (2x). `feeRate` of every claim stays in the pool.
interface IDouble {
    /// @notice SPEC.md §3 "Double-stake user". `balance` is what `claim()` would pay now (before the fee).
    struct User {
        uint256 index;
        uint256 amount;
        uint256 total;
        uint256 rewardRelease;
        uint256 balance;
        uint256 stakes;
        uint256 lastOut;
    }

    /// @notice SPEC.md §3 "Double-stake record"; `released` (beyond SPEC) is what the record has released so far.
    struct Record {
        bool isValid;
        uint256 index;
        uint256 userIndex;
        uint256 fomoIndex;
        uint256 amount;
        uint256 price;
        uint256 reward;
        uint256 startTime;
        uint256 endTime;
        address owner;
        uint256 released;
    }

    /// @notice Where a record stands in line (see {getLine}).
    struct Line {
        uint256 position;
        uint256 owedAhead;
        uint256 owedSelf;
        uint256 held;
        uint256 owed;
        bool complete;
    }

    /// @notice SPEC.md §3 "Double-stake config": `price` is the release speed (basis points of the reward per day).
    struct Config {
        uint256 dayTimes;
        uint256 feeRate;
        uint256 price;
        bool openClaim;
    }

    /// @notice SPEC.md §3 "Double-stake totals": `totalActual` is the sum of all records' rewards (2x deposits),
    /// `totalRelease` what they released (before fees), `totalExtract` what users received (after fees).
    struct Totals {
        uint256 totalUser;
        uint256 totalStakes;
        uint256 totalAmount;
        uint256 totalActual;
        uint256 totalRelease;
        uint256 totalExtract;
    }

    /// @notice The amount is zero or does not fit the record fields.
    error DoubleAmountOutOfRange(uint256 amount, uint256 min, uint256 max);
    /// @notice The account is the zero address.
    error DoubleInvalidAccount(address account);
    /// @notice `caller` may deposit only for itself: it is not an authorized depositor (a Fomo pool) for `account`.
    error DoubleNotDepositor(address caller, address account);
    /// @notice Depositor `depositor` did not pay its deposit before {depositFor}: the pool holds `held`, less than
    /// `due`, every deposit made less every payout.
    error DoubleNotPaid(address depositor, uint256 held, uint256 due);
    /// @notice The pool takes no new deposits (`openClaim` is false); claims stay open.
    error DoubleDepositsClosed();
    /// @notice Nothing can be paid now (nothing vested, or the pool is empty).
    error DoubleNothingToClaim(address account);

    /// @notice Emitted for every deposit.
    /// @param account the record's owner
    /// @param from who paid the USDT (a user or a Fomo pool)
    /// @param index the record's index
    /// @param fomoIndex the Fomo order index the deposit comes from (0 for a direct deposit)
    /// @param amount the USDT deposited
    /// @param reward the most the record releases (2x)
    /// @param endTime when the reward is fully vested
    event Deposited(
        address indexed account,
        address indexed from,
        uint256 indexed index,
        uint256 fomoIndex,
        uint256 amount,
        uint256 reward,
        uint256 endTime
    );
    /// @notice Emitted for each record a claim releases from.
    event Released(address indexed account, uint256 indexed index, uint256 amount, bool completed);
    /// @notice Emitted for every claim: `amount` released, `fee` kept in the pool, the rest paid.
    event Claimed(address indexed account, uint256 amount, uint256 fee);
    /// @notice Emitted when the owner changes the config.
    event ConfigUpdated(Config config);
    /// @notice Emitted when the owner allows or stops a contract opening records for other accounts.
    event DepositorUpdated(address indexed depositor, bool allowed);
    /// @notice Emitted when the owner changes the Log contract (zero: no logging).
    event LogUpdated(address indexed log);

    /// @notice Takes `amount` USDT from the caller and opens a record for `account`: the caller itself, or anyone when
    /// the caller is an authorized depositor (the Fomo pools). Emits {Deposited}. Reverts with {DoubleNotDepositor},
    /// with {DoubleDepositsClosed} while `openClaim` is false and with `EnforcedPause` while paused.
    function deposit(address account, uint256 amount, uint256 fomoIndex) external;

    /// @notice Opens a record of `amount` for `account` that the caller, an authorized depositor (a Fomo pool, for
    /// its buyer), paid by transferring `amount` USDT to the pool just before, in the same transaction. Emits
    /// {Deposited} like {deposit}. Reverts with {DoubleNotDepositor} for any other caller, with {DoubleNotPaid} when
    /// the pool does not hold every deposit made (this one included) less every payout, with
    /// {DoubleDepositsClosed} while `openClaim` is false and with `EnforcedPause` while paused.
    function depositFor(address account, uint256 amount, uint256 fomoIndex) external;

    /// @notice Pays the caller what vested on up to `MAX_CLAIM` of their records, within the pool's funds.
    /// Emits {Released} per record and {Claimed}. Reverts only with {DoubleNothingToClaim}: neither a pause nor
    /// `openClaim = false` stops it.
    function claim() external;

    /// @notice Sets the config (owner only, bounded). Emits {ConfigUpdated}.
    function setConfig(Config calldata config) external;

    /// @notice Allows or stops `depositor` opening records for other accounts (owner only, so through the Timelock).
    /// Emits {DepositorUpdated}.
    function setDepositor(address depositor, bool allowed) external;

    /// @notice Whether `depositor` may open records for other accounts.
    function isDepositor(address depositor) external view returns (bool);

    /// @notice Sets the Log contract (owner only; zero disables logging). Emits {LogUpdated}.
    function setLog(address log) external;

    /// @notice The config.
    function getConfig() external view returns (Config memory);

    /// @notice What the pool holds against what it owes (every record's outstanding reward, up to 2x the deposit).
    /// The doubled amounts are paid only from later inflows (SPEC): `held < owed` is the normal state, and users
    /// should see it (issue 19 finding 8).
    /// @return held the USDT the pool holds
    /// @return owed the USDT all records may still release
    function getSolvency() external view returns (uint256 held, uint256 owed);

    /// @notice Where record `index` stands in line, oldest first: `owedAhead` is what the older records may still
    /// release (their outstanding reward) and `position` is 1 + how many of them are still owed; `owedSelf` is this
    /// record's own outstanding reward; `held` and `owed` are {getSolvency}. The pool pays whoever claims first, so
    /// this is the order of deposits, not a promise: once the pool has received `owedAhead + owedSelf - held` more
    /// USDT, the older records and this one can all be paid in full. At most `MAX_LINE_SCAN` older records are
    /// counted; `complete` is false when there were more (then `owedAhead` and `position` count only the newest
    /// `MAX_LINE_SCAN` of them). A record that does not exist or is fully paid returns zeros but `held`, `owed`.
    function getLine(uint256 index) external view returns (Line memory line);

    /// @notice The totals.
    function getTotals() external view returns (Totals memory);

    /// @notice `account`'s user record and its newest records (at most `MAX_PAGE`).
    function getUserInfo(address account) external view returns (User memory user, Record[] memory records);

    /// @notice A page of `account`'s records, newest first, and how many there are.
    function getUserRecords(
        address account,
        uint256 offset,
        uint256 count
    ) external view returns (Record[] memory records, uint256 total);

    /// @notice Record number `index` (1-based).
    function records(uint256 index) external view returns (Record memory);

    /// @notice The USDT token of the pool.
    function usdt() external view returns (address);
}
