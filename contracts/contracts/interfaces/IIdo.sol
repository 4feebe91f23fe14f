// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @title Minting (IDO): timed rounds that sell units for USDT, NEX or BNB, crediting vesting NEX and NFT keys
/// @notice A unit of round `r` costs `idos(r).idoAmount` USDT and credits `idos(r).idoTokens` NEX (released by
/// `claim` over `releaseDays` days from `claimStart`) and `keysPerUnit` NFT keys (minted at once). Paid in
/// USDT, in NEX (valued at the NEX/USDT TWAP, never the spot price) or in BNB (`ido`, swapped to USDT at no
/// worse than the BNB TWAP less `slippage`). The direct and indirect referrers (Main's tree) receive
/// `directRate` and `indirectRate` of the payment in the currency paid; the rest of a USDT payment goes to the
/// treasury (`idoAdd`), the rest of a NEX payment stays to back the vesting. A mint is refused when the
/// contract would owe more NEX than it holds.
/// Rounds (SPEC §4): not started (none configured), countdown (before its start), in progress, cooldown
/// (`roundCool` seconds after it sold out or ran `roundTime`), ended (no next round). The owner configures any
/// future round in advance (`setIdo`), so the next round can be previewed (`idos(round + 1)`); the next round
/// starts at its start time, but never before the previous round's cooldown is over.
/// `hecheng` keys synthesize one syndicate card on the Nft contract (`hecheng()`).
interface IIdo {
    /// @notice Round states (SPEC §4).
    enum RoundStatus {
        NotStarted,
        Countdown,
        InProgress,
        Ended,
        Cooldown
    }

    /// @notice A round (SPEC §3): `idoMax` units for sale, `idoTotal` sold, `idoAmount` USDT per unit,
    /// `idoTokens` NEX per unit.
    struct Round {
        uint256 index;
        uint256 idoMax;
        uint256 idoTotal;
        uint256 idoAmount;
        uint256 idoTokens;
        uint256 startTime;
    }

    /// @notice The config (SPEC §3), the values of the current round included (`idoAmount`, `idoTokens`,
    /// `idoHas` sold, `idoMax`, `round`); `hecheng` is the number of keys one synthesis takes; `burnAdd` is the
    /// Burn contract that `burn(times, isBNB)` pays into, `idoAdd` the treasury that receives the proceeds.
    struct Config {
        uint256 addTime;
        uint256 dayTimes;
        uint256 directRate;
        uint256 indirectRate;
        uint256 idoAmount;
        uint256 idoTokens;
        uint256 userMax;
        uint256 idoHas;
        uint256 idoMax;
        uint256 round;
        uint256 roundCool;
        uint256 hecheng;
        address burnAdd;
        address idoAdd;
    }

    /// @notice What the owner sets with `setConfig`. `userMax` bounds one account's units per round (0: none);
    /// `roundTime` is how long a round sells at most (0: until sold out); `whiteOnly` restricts minting to
    /// whitelisted accounts.
    struct Settings {
        uint256 dayTimes;
        uint256 directRate;
        uint256 indirectRate;
        uint256 userMax;
        uint256 roundCool;
        uint256 hecheng;
        uint256 roundTime;
        uint256 claimStart;
        uint256 releaseDays;
        uint256 keysPerUnit;
        uint256 keyId;
        uint256 cardId;
        uint256 slippage;
        bool whiteOnly;
    }

    /// @notice Contracts and wallets the IDO works with (`burn` is `burnAdd`, `treasury` is `idoAdd`).
    struct Addresses {
        address main;
        address usdt;
        address token;
        address router;
        address nexOracle;
        address bnbOracle;
        address nft;
        address burn;
        address treasury;
        address log;
    }

    /// @notice A user (SPEC §3): `counts` units bought, `amount` USDT value paid, `amountNEX` NEX paid, `tokens`
    /// NEX credited, `balance` NEX credited and not claimed yet, `nfts` keys received; referral rewards by
    /// currency.
    struct User {
        bool isExist;
        uint256 counts;
        uint256 amount;
        uint256 amountNEX;
        uint256 tokens;
        uint256 balance;
        uint256 nfts;
        uint256 rewardDirect;
        uint256 rewardIndirect;
        uint256 rewardDirectNEX;
        uint256 rewardIndirectNEX;
    }

    /// @notice Totals (SPEC §3): `totalIDO` units sold, `totalAmount` USDT value paid, `totalTokens` NEX
    /// credited, `totalNexus` NEX paid, `totalNFT` keys minted.
    struct Totals {
        uint256 totalUser;
        uint256 totalIDO;
        uint256 totalAmount;
        uint256 totalTokens;
        uint256 totalNexus;
        uint256 totalNFT;
    }

    /// @notice The state of the current round and a preview of the next.
    struct RoundState {
        RoundStatus status;
        uint256 round;
        uint256 startTime;
        uint256 endTime;
        uint256 coolEnd;
        bool hasNext;
        Round next;
        uint256 nextStartTime;
    }

    /// @notice `account` is not registered in Main.
    error IdoNotRegistered(address account);
    /// @notice Only whitelisted accounts may mint now.
    error IdoNotWhitelisted(address account);
    /// @notice `times` is zero.
    error IdoZeroTimes();
    /// @notice Round `round` is not selling (`status`).
    error IdoRoundNotActive(uint256 round, RoundStatus status);
    /// @notice The round would sell `total` units, above its `max`.
    error IdoExceedsRoundMax(uint256 total, uint256 max);
    /// @notice The account would hold `total` units of this round, above `userMax`.
    error IdoExceedsUserMax(uint256 total, uint256 max);
    /// @notice The contract would owe `required` NEX and holds only `available`.
    error IdoInsufficientTokens(uint256 required, uint256 available);
    /// @notice The payment (`paid`, in USDT value) is below the price `required`.
    error IdoPaymentTooLow(uint256 paid, uint256 required);
    /// @notice BNB was sent with a USDT payment.
    error IdoValueMismatch(uint256 value);
    /// @notice The price at the time of the mint (`charged`, in the payment token) is above the payer's `max`.
    error IdoPaymentAboveMax(uint256 charged, uint256 max);
    /// @notice Nothing has vested yet, or everything vested was claimed.
    error IdoNothingToClaim(address account);
    /// @notice Synthesis needs `required` keys; the caller holds `balance`.
    error IdoNotEnoughKeys(uint256 balance, uint256 required);
    /// @notice The caller is not an authorized minter.
    error IdoNotMinter(address account);
    /// @notice Round `index` cannot be configured: it is current and started, or already past.
    error IdoRoundLocked(uint256 index);
    /// @notice A round needs units, a price and a start time.
    error IdoInvalidRound(uint256 idoMax, uint256 idoAmount, uint256 startTime);
    /// @notice An address that must be set is zero.
    error IdoInvalidAddress(address account);
    /// @notice Too many accounts in one whitelist call.
    error IdoBatchTooLarge(uint256 length, uint256 max);

    /// @notice Emitted when `account` buys `times` units of round `round`.
    /// @param account the buyer
    /// @param round the round
    /// @param times the units
    /// @param amount the USDT value paid (0 when paid in NEX)
    /// @param amountNEX the NEX paid
    /// @param tokens the NEX credited (vesting)
    /// @param nfts the keys minted
    /// @param payment 0 USDT, 1 NEX, 2 BNB, 3 authorized minter
    event Minted(
        address indexed account,
        uint256 indexed round,
        uint256 times,
        uint256 amount,
        uint256 amountNEX,
        uint256 tokens,
        uint256 nfts,
        uint8 payment
    );
    /// @notice Emitted when a referrer is paid: `isDirect` or indirect, in NEX (`isNEX`) or USDT.
    event ReferralRewarded(address indexed referrer, address indexed from, bool isDirect, bool isNEX, uint256 amount);
    /// @notice Emitted when `account` claims `amount` vested NEX.
    event Claimed(address indexed account, uint256 amount);
    /// @notice Emitted when `account` synthesizes `keys` keys into one card `cardId`.
    event Synthesized(address indexed account, uint256 keyId, uint256 keys, uint256 cardId);
    /// @notice Emitted when `account` pays an order of `times` units into the Burn contract through the IDO.
    event BurnForwarded(address indexed account, uint256 times, bool isBNB, uint256 paid);
    /// @notice Emitted when the owner configures round `index`.
    event IdoSet(uint256 indexed index, uint256 idoMax, uint256 idoAmount, uint256 idoTokens, uint256 startTime);
    /// @notice Emitted when round `index` becomes the current round, starting at `startTime`.
    event RoundAdvanced(uint256 indexed index, uint256 startTime);
    /// @notice Emitted when round `index` sells out.
    event RoundSoldOut(uint256 indexed index, uint256 endTime);
    /// @notice Emitted when the owner whitelists `account` or ends it.
    event WhitelistUpdated(address indexed account, bool allowed);
    /// @notice Emitted when the owner authorizes a minter or revokes it.
    event MinterUpdated(address indexed minter, bool allowed);
    /// @notice Emitted when the owner changes the settings.
    event ConfigUpdated(Settings settings);
    /// @notice Emitted when the owner changes the addresses.
    event AddressesUpdated(Addresses addresses);

    /// @notice Buys `times` units of the current round, paid in USDT (`isUSDT`) or NEX at the TWAP.
    function mint(uint256 times, bool isUSDT) external;

    /// @notice As {mint}, and refuses to charge more than `maxPayment` of the payment token
    /// (`IdoPaymentAboveMax`): a NEX payer's bound on the TWAP, which `mint` updates before it reads it.
    function mint(uint256 times, bool isUSDT, uint256 maxPayment) external;

    /// @notice Credits `times` units of the current round to `account`, paid `amount` USDT elsewhere
    /// (authorized minters only; no referral rewards).
    function mint(address account, uint256 times, uint256 amount) external;

    /// @notice Buys `times` units paid in BNB (`msg.value`, all of it swapped; USDT above the price refunded).
    function ido(uint256 times) external payable;

    /// @notice Pays an order of `times` units into the Burn contract (`burnAdd`) for the caller, in BNB
    /// (`msg.value`) or in USDT (`times * burnEvery`, taken from the caller).
    function burn(uint256 times, bool isBNB) external payable;

    /// @notice Pays the caller's vested NEX. Reverts with {IdoNothingToClaim}.
    function claim() external;

    /// @notice Burns `hecheng` of the caller's keys and mints it one syndicate card. Reverts with
    /// {IdoNotEnoughKeys}.
    function hecheng() external;

    /// @notice Configures round `index` (the current one before it starts, or a later one). Owner only.
    function setIdo(uint256 index, uint256 idoMax, uint256 idoAmount, uint256 idoTokens, uint256 startTime) external;

    /// @notice Schedules configured round `index` to start at `startTime` (a manager: `Main.isManager`; bounded to
    /// now .. now + `MAX_ROUND_NOTICE`). A later round may move either way (it still starts no earlier than the end
    /// of the cool-down before it); the current one only later and only before it started. Otherwise reverts with
    /// {IdoRoundLocked}. Changes no price or amount. Emits {RoundScheduled}.
    function setRoundStart(uint256 index, uint256 startTime) external;

    /// @notice Sets the settings within bounds (owner only). Once NEX is sold, its vesting may only get faster:
    /// `claimStart` never later nor unset (a first one at most 365 days ahead), `dayTimes` and `releaseDays` never
    /// larger ({ValueOutOfBounds}).
    function setConfig(Settings calldata settings) external;

    /// @notice Sets the addresses (owner only).
    function setAddresses(Addresses calldata addresses) external;

    /// @notice Whitelists `account` or ends it (owner only).
    function setWhitelist(address account, bool allowed) external;

    /// @notice Whitelists several accounts (at most `MAX_BATCH`) or ends it (owner only).
    function setWhitelists(address[] calldata accounts, bool allowed) external;

    /// @notice Authorizes a minter for `mint(account, times, amount)` or revokes it (owner only).
    function setMinter(address minter, bool allowed) external;

    /// @notice Moves to the next round when the current one is over and its cooldown passed. Anyone may call.
    function sync() external;

    /// @notice The config and the current round's values.
    function getConfig() external view returns (Config memory);

    /// @notice The settings.
    function getSettings() external view returns (Settings memory);

    /// @notice The addresses.
    function getAddresses() external view returns (Addresses memory);

    /// @notice Round `index`.
    function idos(uint256 index) external view returns (Round memory);

    /// @notice The current round's state and the next round's preview.
    function getRoundState() external view returns (RoundState memory);

    /// @notice One user.
    function users(address account) external view returns (User memory);

    /// @notice The NEX `account` can claim now.
    function getIdoTokens(address account) external view returns (uint256);

    /// @notice The units `account` bought in round `index`.
    function userRoundCounts(uint256 index, address account) external view returns (uint256);

    /// @notice The totals.
    function totalInfo() external view returns (Totals memory);

    /// @notice NEX claimed by all users.
    function totalClaimed() external view returns (uint256);

    /// @notice Whether `account` is whitelisted.
    function isWhitelisted(address account) external view returns (bool);

    /// @notice Whether `account` is an authorized minter.
    function isMinter(address account) external view returns (bool);
}
