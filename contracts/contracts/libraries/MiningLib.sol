// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Math} from "@openzeppelin/contracts/utils/math/Math.sol";
import {SafeCast} from "@openzeppelin/contracts/utils/math/SafeCast.sol";
import {ILog} from "../interfaces/ILog.sol";
import {IMining} from "../interfaces/IMining.sol";
import {Bounds} from "./Bounds.sol";
import {FeeMath} from "./FeeMath.sol";
import {LogCodes} from "./LogCodes.sol";
import {Paging} from "./Paging.sol";
import {RewardMath} from "./RewardMath.sol";

// Mining's packed records (issue 20): the fields one action reads or writes share slots. Widths: an account's
// `amount` is at most `userMax <= MAX_AMOUNT = 1e30 < 2**100` (the deposit's range check), a stake's force at most
// 10 times its amount (`MAX_STAKE_FORCE`), so an account's own force fits 112 bits; NEX sums (tier amounts, the
// budget) are bounded by NEX's fixed supply (21e24 < 2**85) and kept in 96 bits; rewards grow by at most
// `MAX_MINT_DAY` per `MIN_DAY_TIMES` seconds (under 2**75 a second), so 112 bits last millennia. The accumulator
// (`Accumulator.perForce`) and every account's debt (`UserData.debt`) are full width ({RewardMath}); nothing is
// emitted while the total force is below `FORCE_FLOOR` (1 NEX of force), so an emission adds at most itself to
// `perForce` and `force * perForce` stays far below 2**255 (the bounds table in contracts/README.md). Every narrowing
// that is not proven by a check right there is a checked cast, which reverts rather than wraps. Stake times are 32
// bits (2106).

/// @dev An account's first slot: what a walk through it reads (its referrer, cached from Main, whose tree never
/// changes once bound) and the NEX it has staked, which its deposits and releases write. `amount` is at most
/// `userMax` and at most NEX's fixed supply (21e24 < 2**85: an account holds no more than exists), so it fits 88
/// bits; the cast is checked.
struct Account {
    address refer;
    uint88 amount;
}

/// @dev What an accrual writes when the account earned something. `unused` is always 0 (the account's debt is
/// {UserData}'s `debt`, full width).
struct Reward {
    uint128 unused;
    uint128 rewardTotal;
}

/// @dev An account's force: its own and the three invite forces, in two slots (a credit writes one of them). Its
/// stake count shares its own force's slot, which its deposit writes anyway (0: it never deposited).
struct OwnForce {
    uint112 force;
    uint112 forceDirect;
    uint32 stakes;
}

/// @dev The blacklist flag shares the invite forces' slot, which a credit and a deposit read anyway: a deposit's
/// walk does not read the farthest referrer's first slot (it needs only whether that one is blacklisted).
struct InviteForce {
    uint112 forceIndirect;
    uint112 forceInvite;
    bool blacklisted;
}

/// @dev What the account's reward claims write (the balance is `rewardTotal - claimed`), and its Mining user number
/// (written once, by its first deposit).
struct Holding {
    uint112 claimed;
    uint40 lastOut;
    uint32 index;
}

/// @dev `debt` is the account's accumulator debt ({RewardMath}: its force times `perForce`, scaled by 1e18, less
/// what it was credited), full width; appended last so that the records before it keep their slots.
struct UserData {
    Account account;
    Reward reward;
    OwnForce own;
    InviteForce invite;
    Holding holding;
    int256 debt;
}

/// @dev A stake by its global index: its owner and where its terms are (the owner's `userIndex`-th stake).
struct StakeHead {
    address owner;
    uint32 userIndex;
    uint32 startTime;
    uint32 endTime;
}

/// @dev A stake's terms, by owner and `userIndex`. The stake keeps the rates it was opened at, not their products:
/// `actual = amount * stakeRate / 10,000`, `force = amount * stakeForce / 10,000` and each referrer's force
/// `force * rate / 10,000` are recomputed exactly as the deposit computed them (a rate is 0 for a generation
/// that got nothing: no referrer, or a blacklisted one). `index` is the stake's global index.
struct StakeBody {
    uint104 amount;
    uint8 tier;
    uint16 lockDays;
    bool isValid;
    uint16 stakeRate;
    uint24 stakeForce;
    uint16 directRate;
    uint16 indirectRate;
    uint16 inviteRate;
    uint32 index;
}

/// @dev A tier's terms and what it holds (`amount` staked, `locked` to return): one slot every deposit and
/// release of the tier reads and writes. The pool's `totalAmount` and locked NEX are the sums over the tiers.
struct Tier {
    uint96 amount;
    uint96 locked;
    uint16 stakeDays;
    uint16 stakeRate;
    uint24 stakeForce;
}

/// @dev What a deposit reads of the config (the range and the day), and the rest.
struct SettingsA {
    uint104 userMin;
    uint104 userMax;
    uint24 dayTimes;
    uint16 feeRate;
}

struct SettingsB {
    uint80 mintDay;
    uint24 addTime;
    uint64 handleGas;
    uint16 directRate;
    uint16 indirectRate;
    uint16 inviteRate;
}

/// @dev When the emission last advanced (non-zero from initialisation). `unused` is always 0 (the accumulator is
/// {Accumulator}, full width).
struct Emission {
    uint216 unused;
    uint40 lastTime;
}

/// @dev The pool's accumulator ({RewardMath}): NEX emitted per unit of force, scaled by 1e18, full width.
struct Accumulator {
    uint256 perForce;
}

/// @dev What every deposit and release writes (non-zero from initialisation: `nextStake` starts at 1).
struct Hot {
    uint112 totalForce;
    uint96 mintSurplus;
    uint48 nextStake;
}

/// @dev Emitted and accrued totals (`primed`: never a zero-to-non-zero write).
struct Minted {
    uint120 totalMint;
    uint128 totalReward;
    bool primed;
}

/// @dev What reward claims take out (fees included) and pay (`primed` as above).
struct Paid {
    uint120 withdrawn;
    uint128 totalExtract;
    bool primed;
}

/// @dev Totals of the rarer events (`openedAt` keeps the slot non-zero).
struct Counts {
    uint128 totalRelease;
    uint40 totalUser;
    uint40 totalUserValid;
    uint40 openedAt;
}

/// @dev The config and the pool's state, in one place so that MiningLib's functions take it whole.
struct State {
    SettingsA settingsA;
    SettingsB settingsB;
    Emission emission;
    Hot hot;
    Minted minted;
    Paid paid;
    Counts counts;
    Tier[6] tiers;
}

/// @dev An account's accrual inputs in memory (read once per call, written back once).
struct UserMem {
    int256 debt;
    uint256 weight; // the force `debt` was set for (the sum of the four forces when loaded or last settled)
    uint256 rewardTotal;
    uint256 rewardLoaded;
    uint256 force;
    uint256 forceDirect;
    uint256 forceIndirect;
    uint256 forceInvite;
    uint256 stakes;
}

/// @dev The pool in memory for one call: `Emission` and `Hot`, and what to add to `Minted`.
struct PoolMem {
    uint256 perForce;
    uint256 lastTime;
    uint256 totalForce;
    uint256 mintSurplus;
    uint256 nextStake;
    uint256 minted;
    uint256 rewarded;
}

/// @title MiningLib: Mining's bounds and cold paths, linked outside Mining's 24 KB
/// @notice The owner's setters and the struct views run here (`DELEGATECALL`: Mining's storage, Mining's events), so
/// that Mining's own code, the deposit, claim and release paths, fits the 24,576-byte limit.
library MiningLib {
    using SafeERC20 for IERC20;

    uint256 internal constant TIERS = 6;
    uint256 internal constant GENERATIONS = 3;
    uint256 internal constant ACC = 1e18;
    uint256 internal constant MAX_ADD_TIME = 7 days;
    uint256 internal constant MIN_DAY_TIMES = 60;
    uint256 internal constant MAX_DAY_TIMES = 7 days;
    uint256 internal constant MAX_MINT_DAY = 1_000_000 ether;
    uint256 internal constant MAX_AMOUNT = 1e30;
    uint256 internal constant MAX_HANDLE_GAS = 0.01 ether;
    uint256 internal constant MAX_FEE_RATE = 2_000;
    uint256 internal constant MAX_INVITE_RATE = 5_000;
    uint256 internal constant MAX_STAKE_DAYS = 1_000;
    uint256 internal constant MAX_STAKE_FORCE = 100_000;
    /// @notice The least `userMin` (1 NEX): a stake's force is then at least 1e14 wei (at the least `stakeForce`).
    uint256 internal constant MIN_USER_MIN = 1e18;
    /// @notice The pool's weight floor: no emission while the total force is below 1 NEX of force; the time passes
    /// and the budget keeps the amount for later.
    uint256 internal constant FORCE_FLOOR = 1e18;

    /// @dev The emission due since `lastTime` (0 while the total force is below `FORCE_FLOOR`), at most the budget.
    function emissionOf(State storage s, PoolMem memory pool) internal view returns (uint256 emission) {
        if (block.timestamp <= pool.lastTime || pool.totalForce < FORCE_FLOOR) return 0;
        emission = ((block.timestamp - pool.lastTime) * s.settingsB.mintDay) / s.settingsA.dayTimes;
        if (emission > pool.mintSurplus) emission = pool.mintSurplus;
    }

    /// @dev The pool's {Emission} and {Hot} words, one SLOAD each, unpacked as Solidity packs them (the first field in
    /// the lowest bits).
    function loadPool(State storage s, Accumulator storage acc) internal view returns (PoolMem memory pool) {
        (uint256 ew, uint256 hw) = _poolWords(s);
        pool.perForce = acc.perForce;
        pool.lastTime = ew >> 216;
        pool.totalForce = uint112(hw);
        pool.mintSurplus = uint96(hw >> 112);
        pool.nextStake = hw >> 208;
    }

    function _poolWords(State storage s) private view returns (uint256 ew, uint256 hw) {
        Emission storage e = s.emission;
        Hot storage h = s.hot;
        assembly ("memory-safe") {
            ew := sload(e.slot)
            hw := sload(h.slot)
        }
    }

    /// @dev Advances the emission in memory (see {savePool}); emits {PoolUpdated} when there was any. What the
    /// accumulator cannot give out (the rounding of {RewardMath-increment}) stays in the budget.
    function advance(State storage s, PoolMem memory pool) internal {
        if (block.timestamp <= pool.lastTime) return;
        (uint256 inc, uint256 emitted) = accrual(s, pool);
        pool.lastTime = block.timestamp;
        if (inc == 0) return;
        pool.perForce += inc;
        pool.mintSurplus -= emitted;
        pool.minted += emitted;
        emit IMining.PoolUpdated(emitted, pool.perForce, pool.mintSurplus, block.timestamp);
    }

    /// @dev The accumulator increment and the NEX it gives out if the pool advanced now (none below the floor).
    function accrual(State storage s, PoolMem memory pool) internal view returns (uint256 inc, uint256 emitted) {
        return RewardMath.incrementAbove(emissionOf(s, pool), pool.totalForce, FORCE_FLOOR);
    }

    /// @dev Writes the pool back: `Emission` when time moved, `Hot` when `hot` (or an emission) changed it, and
    /// `Minted` when something was emitted or accrued.
    function savePool(State storage s, Accumulator storage acc, PoolMem memory pool, bool hot) internal {
        Emission storage e = s.emission;
        Hot storage h = s.hot;
        Minted storage m = s.minted;
        (uint256 ew, ) = _poolWords(s); // warm: read by {loadPool}
        if (pool.lastTime != ew >> 216) {
            uint256 word = uint256(uint40(pool.lastTime)) << 216; // block time, below 2**40
            assembly ("memory-safe") {
                sstore(e.slot, word)
            }
        }
        if (pool.minted != 0) acc.perForce = pool.perForce; // it grows only with an emission
        if (hot || pool.minted != 0) {
            uint256 word =
                fit(pool.totalForce, 112) | (fit(pool.mintSurplus, 96) << 112) | (fit(pool.nextStake, 48) << 208);
            assembly ("memory-safe") {
                sstore(h.slot, word)
            }
        }
        if (pool.minted != 0 || pool.rewarded != 0) {
            uint256 word;
            assembly ("memory-safe") {
                word := sload(m.slot)
            }
            // {Minted}: totalMint (120 bits), totalReward (128), primed (kept)
            word =
                fit(uint120(word) + pool.minted, 120) |
                (fit(uint128(word >> 120) + pool.rewarded, 128) << 120) |
                ((word >> 248) << 248);
            assembly ("memory-safe") {
                sstore(m.slot, word)
            }
        }
    }

    /// @dev An account's accrual inputs: its {Reward}, {OwnForce} and {InviteForce} words, one SLOAD each, unpacked
    /// as Solidity packs them (the first field in the lowest bits).
    function loadUser(UserData storage u) internal view returns (UserMem memory mem) {
        Reward storage r = u.reward;
        OwnForce storage own = u.own;
        InviteForce storage invite = u.invite;
        uint256 rw;
        uint256 ow;
        uint256 iw;
        assembly ("memory-safe") {
            rw := sload(r.slot)
            ow := sload(own.slot)
            iw := sload(invite.slot)
        }
        mem.debt = u.debt;
        mem.rewardTotal = rw >> 128;
        mem.rewardLoaded = mem.rewardTotal;
        mem.force = uint112(ow);
        mem.forceDirect = uint112(ow >> 112);
        mem.stakes = ow >> 224;
        mem.forceIndirect = uint112(iw);
        mem.forceInvite = uint112(iw >> 112);
        mem.weight = sum(mem);
    }

    /// @dev Keeps what the account is owed across a change of its force ({RewardMath-reweight}, after {accrue}) and
    /// writes its debt, and its reward total when it grew.
    function settle(UserData storage u, UserMem memory mem, uint256 perForce) internal {
        uint256 weight = sum(mem);
        mem.debt = RewardMath.reweight(mem.weight, weight, perForce, mem.debt);
        mem.weight = weight;
        u.debt = mem.debt;
        if (mem.rewardTotal != mem.rewardLoaded) {
            uint256 word = fit(mem.rewardTotal, 128) << 128;
            Reward storage r = u.reward;
            assembly ("memory-safe") {
                sstore(r.slot, word)
            }
            mem.rewardLoaded = mem.rewardTotal;
        }
    }

    /// @dev An {Account} read with one SLOAD (Solidity's packing: the first field in the lowest bits).
    function loadAccount(Account storage a) internal view returns (Account memory account) {
        uint256 word;
        assembly ("memory-safe") {
            word := sload(a.slot)
        }
        account.refer = address(uint160(word));
        account.amount = uint88(word >> 160);
    }

    /// @dev Writes an {Account} whole, with one SSTORE.
    function storeAccount(Account storage a, Account memory account) internal {
        uint256 word = uint256(uint160(account.refer)) | (uint256(account.amount) << 160);
        assembly ("memory-safe") {
            sstore(a.slot, word)
        }
    }

    /// @dev Writes an {OwnForce} whole, with one SSTORE.
    function storeOwn(OwnForce storage own, uint256 force, uint256 forceDirect, uint256 stakes) internal {
        uint256 word = fit(force, 112) | (fit(forceDirect, 112) << 112) | (fit(stakes, 32) << 224);
        assembly ("memory-safe") {
            sstore(own.slot, word)
        }
    }

    /// @dev Writes an {InviteForce}'s forces with one SSTORE, its blacklist flag kept.
    function storeInvite(InviteForce storage invite, uint256 forceIndirect, uint256 forceInvite) internal {
        uint256 word;
        assembly ("memory-safe") {
            word := sload(invite.slot)
        }
        word = fit(forceIndirect, 112) | (fit(forceInvite, 112) << 112) | ((word >> 224) << 224);
        assembly ("memory-safe") {
            sstore(invite.slot, word)
        }
    }

    /// @dev A {Tier}'s word, with one SLOAD: amount (96 bits), locked (96), stakeDays (16), stakeRate (16),
    /// stakeForce (24), lowest first.
    function tierWord(Tier storage tier) internal view returns (uint256 word) {
        assembly ("memory-safe") {
            word := sload(tier.slot)
        }
    }

    /// @dev Adds a deposit to its tier's amount and locked NEX (sums below NEX's supply, checked): one SSTORE.
    function addToTier(Tier storage tier, uint256 amount, uint256 actual) internal {
        uint256 word = tierWord(tier);
        word = fit(uint96(word) + amount, 96) | (fit(uint96(word >> 96) + actual, 96) << 96) | ((word >> 192) << 192);
        assembly ("memory-safe") {
            sstore(tier.slot, word)
        }
    }

    /// @dev {SettingsB}'s word, with one SLOAD: mintDay (80 bits), addTime (24), handleGas (64), directRate (16),
    /// indirectRate (16), inviteRate (16), lowest first.
    function ratesWord(SettingsB storage b) internal view returns (uint256 word) {
        assembly ("memory-safe") {
            word := sload(b.slot)
        }
    }

    /// @dev A {StakeHead} as its one storage word (Solidity's packing: the first field in the lowest bits).
    function packHead(
        address owner,
        uint256 userIndex,
        uint256 startTime,
        uint256 endTime
    ) internal pure returns (uint256) {
        return uint256(uint160(owner)) | (userIndex << 160) | (startTime << 192) | (endTime << 224);
    }

    /// @dev A {StakeBody} as its one storage word (as {packHead}).
    function packBody(StakeBody memory b) internal pure returns (uint256) {
        return
            uint256(b.amount) |
            (uint256(b.tier) << 104) |
            (uint256(b.lockDays) << 112) |
            (b.isValid ? uint256(1) << 128 : 0) |
            (uint256(b.stakeRate) << 136) |
            (uint256(b.stakeForce) << 152) |
            (uint256(b.directRate) << 176) |
            (uint256(b.indirectRate) << 192) |
            (uint256(b.inviteRate) << 208) |
            (uint256(b.index) << 224);
    }

    /// @dev Writes a new stake record's word (from {packHead} or {packBody}) with one SSTORE.
    function store(StakeHead storage head, uint256 word) internal {
        assembly ("memory-safe") {
            sstore(head.slot, word)
        }
    }

    function store(StakeBody storage body, uint256 word) internal {
        assembly ("memory-safe") {
            sstore(body.slot, word)
        }
    }

    /// @dev `value`, checked to fit `bits` bits (reverts like SafeCast).
    function fit(uint256 value, uint8 bits) internal pure returns (uint256) {
        if (value >> bits != 0) revert SafeCast.SafeCastOverflowedUintDowncast(bits, value);
        return value;
    }

    function sum(UserMem memory mem) internal pure returns (uint256) {
        return mem.force + mem.forceDirect + mem.forceIndirect + mem.forceInvite;
    }

    /// @dev Credits in memory what `account` accrued since its debt was set (set the debt after changing its
    /// force); returns the amount for the pool's `totalReward`.
    function accrue(address account, UserMem memory mem, uint256 perForce) internal returns (uint256 accrued) {
        (accrued, mem.debt) = RewardMath.settle(mem.weight, perForce, mem.debt);
        if (accrued == 0) return 0;
        mem.rewardTotal += accrued;
        emit IMining.RewardAccrued(account, accrued);
    }

    /// @notice The caller's reward claim after Mining checked the fee (see {IMining.claimReward}): accrues, pays the
    /// balance less `feeRate` (the fee back to the budget) and writes the Log entry.
    function claimReward(
        State storage s,
        Accumulator storage acc,
        UserData storage user,
        IERC20 nex,
        ILog log
    ) external {
        Holding memory holding = user.holding;
        uint256 addTime = s.settingsB.addTime;
        if (holding.lastOut != 0 && block.timestamp < uint256(holding.lastOut) + addTime) {
            revert IMining.MiningClaimTooEarly(uint256(holding.lastOut) + addTime);
        }
        PoolMem memory pool = loadPool(s, acc);
        advance(s, pool);
        UserMem memory mem = loadUser(user);
        pool.rewarded += accrue(msg.sender, mem, pool.perForce);
        uint256 amount = mem.rewardTotal - holding.claimed;
        if (amount == 0) revert IMining.MiningNothingToClaim(msg.sender);
        settle(user, mem, pool.perForce);
        holding.claimed = uint112(fit(mem.rewardTotal, 112));
        holding.lastOut = uint40(block.timestamp);
        user.holding = holding;
        (uint256 fee, uint256 paid) = FeeMath.split(amount, s.settingsA.feeRate);
        Paid memory out = s.paid;
        out.withdrawn = uint120(fit(out.withdrawn + amount, 120));
        out.totalExtract = uint128(fit(out.totalExtract + paid, 128));
        s.paid = out;
        pool.mintSurplus += fee;
        savePool(s, acc, pool, true);
        emit IMining.RewardClaimed(msg.sender, amount, fee);
        nex.safeTransfer(msg.sender, paid);
        LogCodes.write(log, msg.sender, address(this), LogCodes.SYMBOL_NEX, LogCodes.ACTION_MINING_REWARD, paid, 0);
    }

    /// @notice Checks and stores the config. Emits {IMining.ConfigUpdated}.
    function setConfig(SettingsA storage a, SettingsB storage b, IMining.Settings calldata s) external {
        Bounds.check("addTime", s.addTime, 0, MAX_ADD_TIME);
        Bounds.check("dayTimes", s.dayTimes, MIN_DAY_TIMES, MAX_DAY_TIMES);
        Bounds.check("mintDay", s.mintDay, 0, MAX_MINT_DAY);
        Bounds.check("userMin", s.userMin, MIN_USER_MIN, MAX_AMOUNT);
        Bounds.check("userMax", s.userMax, s.userMin, MAX_AMOUNT);
        Bounds.check("handleGas", s.handleGas, 0, MAX_HANDLE_GAS);
        Bounds.check("feeRate", s.feeRate, 0, MAX_FEE_RATE);
        // every value fits its field: each bound above is below its field's range
        a.userMin = uint104(s.userMin);
        a.userMax = uint104(s.userMax);
        a.dayTimes = uint24(s.dayTimes);
        a.feeRate = uint16(s.feeRate);
        b.mintDay = uint80(s.mintDay);
        b.addTime = uint24(s.addTime);
        b.handleGas = uint64(s.handleGas);
        emit IMining.ConfigUpdated(s);
    }

    /// @notice Checks and stores the tiers and invite rates (stakes keep the rates they were opened at). Emits
    /// {IMining.ConfigMultiUpdated}.
    function setConfigMulti(SettingsB storage b, Tier[6] storage tiers, IMining.MultiSettings calldata m) external {
        uint256 total;
        for (uint256 g; g < GENERATIONS; ++g) {
            Bounds.check("inviteRates", m.inviteRates[g], 0, MAX_INVITE_RATE);
            total += m.inviteRates[g];
        }
        Bounds.check("inviteRates", total, 0, FeeMath.BPS);
        for (uint256 i; i < TIERS; ++i) {
            Bounds.check("stakeDays", m.stakeDays[i], 1, MAX_STAKE_DAYS);
            Bounds.check("stakeRates", m.stakeRates[i], 0, FeeMath.BPS);
            Bounds.check("stakeForces", m.stakeForces[i], 1, MAX_STAKE_FORCE);
        }
        // every value fits its field (bounded above)
        b.directRate = uint16(m.inviteRates[0]);
        b.indirectRate = uint16(m.inviteRates[1]);
        b.inviteRate = uint16(m.inviteRates[2]);
        for (uint256 i; i < TIERS; ++i) {
            Tier storage tier = tiers[i];
            tier.stakeDays = uint16(m.stakeDays[i]);
            tier.stakeRate = uint16(m.stakeRates[i]);
            tier.stakeForce = uint24(m.stakeForces[i]);
        }
        emit IMining.ConfigMultiUpdated(m);
    }

    /// @notice The tiers and invite rates as `getConfigMulti` returns them.
    function configMulti(
        SettingsB storage b,
        Tier[6] storage tiers
    ) external view returns (IMining.ConfigMulti memory multi) {
        multi.inviteRates = [uint256(b.directRate), b.indirectRate, b.inviteRate];
        for (uint256 i; i < TIERS; ++i) {
            Tier memory tier = tiers[i];
            multi.stakeDays[i] = tier.stakeDays;
            multi.stakeRates[i] = tier.stakeRate;
            multi.stakeTotals[i] = tier.amount;
            multi.stakeForces[i] = tier.stakeForce;
        }
    }

    /// @notice A page of `account`'s stakes (`total` of them), newest first.
    function stakePage(
        mapping(uint256 => StakeHead) storage heads,
        mapping(address => mapping(uint256 => StakeBody)) storage bodies,
        address account,
        uint256 total,
        uint256 offset,
        uint256 count
    ) external view returns (IMining.StakeRecord[] memory infos) {
        (uint256 start, uint256 size) = Paging.window(total, offset, count);
        infos = new IMining.StakeRecord[](size);
        for (uint256 i; i < size; ++i) {
            uint256 index = bodies[account][start - i].index;
            infos[i] = _record(heads[index], bodies, index);
        }
    }

    /// @notice Stake `index` (an existing one) as `stakes` returns it.
    function stakeRecord(
        mapping(uint256 => StakeHead) storage heads,
        mapping(address => mapping(uint256 => StakeBody)) storage bodies,
        uint256 index
    ) external view returns (IMining.StakeRecord memory) {
        return _record(heads[index], bodies, index);
    }

    /// @notice `account`'s record as `users` returns it, with the reward accrued up to `perForce`.
    function userRecord(UserData storage u, uint256 perForce) external view returns (IMining.User memory) {
        Account memory a = u.account;
        Reward memory r = u.reward;
        OwnForce memory own = u.own;
        InviteForce memory invite = u.invite;
        Holding memory h = u.holding;
        uint256 force = uint256(own.force) + own.forceDirect + invite.forceIndirect + invite.forceInvite;
        int256 debt = u.debt;
        uint256 accrued = RewardMath.pending(force, perForce, debt);
        return
            IMining.User({
                index: h.index,
                stakes: own.stakes,
                amount: a.amount,
                balance: r.rewardTotal - h.claimed + accrued,
                rewardTotal: r.rewardTotal + accrued,
                lastOut: h.lastOut,
                force: own.force,
                forceDirect: own.forceDirect,
                forceIndirect: invite.forceIndirect,
                forceInvite: invite.forceInvite,
                debt: debt > 0 ? uint256(debt) / ACC : 0,
                refer: a.refer
            });
    }

    /// @notice A page of invitees (newest first) with their Mining figures.
    function inviteInfos(
        address[] storage list,
        mapping(address => UserData) storage users,
        uint256 offset,
        uint256 count
    ) external view returns (IMining.InviteInfo[] memory infos, uint256 total) {
        total = list.length;
        (uint256 start, uint256 size) = Paging.window(total, offset, count);
        infos = new IMining.InviteInfo[](size);
        for (uint256 i; i < size; ++i) {
            address account = list[start - i];
            UserData storage u = users[account];
            infos[i] = IMining.InviteInfo({
                account: account,
                amount: u.account.amount,
                force: u.own.force,
                stakes: u.own.stakes
            });
        }
    }

    /// @notice Counts the caller's first deposit (its Mining user number) and lists it under its 2 nearest referrers.
    function join(
        Counts storage counts,
        mapping(address => address[]) storage invites,
        mapping(address => address[]) storage indirects,
        address[3] memory referrers
    ) external returns (uint32 index) {
        // the user number informs only: it saturates at 2^32 - 1 rather than wrap (the count itself is 40 bits)
        index = uint32(Math.min(++counts.totalUser, type(uint32).max));
        if (referrers[0] != address(0)) invites[referrers[0]].push(msg.sender);
        if (referrers[1] != address(0)) indirects[referrers[1]].push(msg.sender);
    }

    /// @notice Checks that the caller may release stake `index` now and books its release: the stake completed, its
    /// amount and `actual` out of its tier, `actual` into the released total. Returns the stake's terms.
    function release(
        mapping(uint256 => StakeHead) storage heads,
        mapping(address => mapping(uint256 => StakeBody)) storage bodies,
        Tier[6] storage tiers,
        Counts storage counts,
        uint256 index,
        uint256 nextStake
    ) external returns (StakeBody memory body, uint256 actual, uint256 force) {
        if (index == 0 || index >= nextStake) revert IMining.MiningNotStakeOwner(index, address(0));
        StakeHead memory head = heads[index];
        if (head.owner != msg.sender) revert IMining.MiningNotStakeOwner(index, head.owner);
        StakeBody storage stored = bodies[msg.sender][head.userIndex];
        body = stored;
        if (!body.isValid) revert IMining.MiningStakeCompleted(index);
        if (block.timestamp < head.endTime) revert IMining.MiningStakeLocked(index, head.endTime);
        stored.isValid = false;
        (actual, force) = terms(body);
        Tier storage tier = tiers[body.tier];
        tier.amount -= uint96(body.amount); // the tier holds this stake's amount, so it fits
        tier.locked -= uint96(actual); // likewise: the tier's locked includes this stake's actual
        counts.totalRelease = SafeCast.toUint128(counts.totalRelease + actual);
    }

    /// @notice The config as `getConfig` returns it (`mintSurplus` as of now).
    function config(
        SettingsA storage a,
        SettingsB storage b,
        uint256 mintSurplus
    ) external view returns (IMining.Config memory) {
        return
            IMining.Config({
                addTime: b.addTime,
                dayTimes: a.dayTimes,
                mintDay: b.mintDay,
                mintSurplus: mintSurplus,
                userMax: a.userMax,
                userMin: a.userMin,
                handleGas: b.handleGas,
                feeRate: a.feeRate
            });
    }

    /// @notice The totals as `getTotals` returns them.
    function totals(
        Emission storage e,
        uint256 perForce,
        Hot storage hot,
        Minted storage minted,
        Paid storage paid,
        Counts storage counts,
        Tier[6] storage tiers,
        mapping(uint256 => StakeHead) storage heads
    ) external view returns (IMining.Totals memory t) {
        t.totalReward = minted.totalReward;
        t.totalRelease = counts.totalRelease;
        t.totalMint = minted.totalMint;
        t.totalExtract = paid.totalExtract;
        t.perForce = perForce;
        t.lastTime = e.lastTime;
        uint256 last = hot.nextStake - 1;
        t.totalUser = counts.totalUser;
        t.totalUserValid = counts.totalUserValid;
        t.totalStakes = last;
        (t.totalAmount, ) = tierSums(tiers);
        t.totalForce = hot.totalForce;
        t.lastUser = heads[last].owner; // index 0 is never written: no owner
    }

    /// @notice What the tiers hold: NEX staked and NEX to return.
    function tierSums(Tier[6] storage tiers) internal view returns (uint256 amount, uint256 locked) {
        for (uint256 i; i < TIERS; ++i) {
            Tier memory tier = tiers[i];
            amount += tier.amount;
            locked += tier.locked;
        }
    }

    /// @notice A stake's `actual` and `force`, as its deposit computed them.
    function terms(StakeBody memory body) internal pure returns (uint256 actual, uint256 force) {
        actual = FeeMath.bps(body.amount, body.stakeRate);
        force = (uint256(body.amount) * body.stakeForce) / FeeMath.BPS;
    }

    function _record(
        StakeHead storage stored,
        mapping(address => mapping(uint256 => StakeBody)) storage bodies,
        uint256 index
    ) private view returns (IMining.StakeRecord memory) {
        StakeHead memory head = stored;
        StakeBody memory body = bodies[head.owner][head.userIndex];
        (uint256 actual, uint256 force) = terms(body);
        uint256 status =
            !body.isValid
                ? 3
                : block.timestamp < head.endTime
                    ? 1
                    : 2;
        return
            IMining.StakeRecord({
                isValid: body.isValid,
                index: index,
                userIndex: head.userIndex,
                lockDays: body.lockDays,
                amount: body.amount,
                actual: actual,
                force: force,
                forceDirect: FeeMath.bps(force, body.directRate),
                forceIndirect: FeeMath.bps(force, body.indirectRate),
                forceInvite: FeeMath.bps(force, body.inviteRate),
                startTime: head.startTime,
                endTime: head.endTime,
                owner: head.owner,
                tier: body.tier,
                status: status
            });
    }
}
