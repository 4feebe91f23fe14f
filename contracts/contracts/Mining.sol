// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {SafeCast} from "@openzeppelin/contracts/utils/math/SafeCast.sol";
import {NexusUpgradeable} from "./base/NexusUpgradeable.sol";
import {ILog} from "./interfaces/ILog.sol";
import {LogCodes} from "./libraries/LogCodes.sol";
import {IMain} from "./interfaces/IMain.sol";
import {IMining} from "./interfaces/IMining.sol";
import {AutomationCompatibleInterface} from "./interfaces/external/AutomationCompatibleInterface.sol";
import {FeeMath} from "./libraries/FeeMath.sol";
import {Paging} from "./libraries/Paging.sol";
import {Bounds} from "./libraries/Bounds.sol";

/// @title Mining: NEX stakes in 6 tiers sharing a bounded daily emission by force (see {IMining})
/// @notice Deployed behind an ERC-1967 proxy. `_claimable(nex)` is the NEX of locked stakes to return, the emission
/// budget and everything emitted but not yet withdrawn, so `withdrawExcess` never touches users' NEX.
contract Mining is NexusUpgradeable, IMining, AutomationCompatibleInterface {
    using SafeERC20 for IERC20;

    /// @notice Number of tiers and of invite generations.
    uint256 public constant TIERS = 6;
    uint256 public constant GENERATIONS = 3;
    /// @notice Scale of `perForce`.
    uint256 public constant ACC = 1e18;
    /// @notice Config bounds.
    uint256 public constant MAX_ADD_TIME = 7 days;
    uint256 public constant MIN_DAY_TIMES = 60;
    uint256 public constant MAX_DAY_TIMES = 7 days;
    uint256 public constant MAX_MINT_DAY = 1_000_000 ether;
    uint256 public constant MAX_AMOUNT = 1e30;
    uint256 public constant MAX_HANDLE_GAS = 0.01 ether;
    uint256 public constant MAX_FEE_RATE = 2_000;
    uint256 public constant MAX_INVITE_RATE = 5_000;
    uint256 public constant MAX_STAKE_DAYS = 1_000;
    uint256 public constant MAX_STAKE_FORCE = 100_000;

    struct UserData {
        address refer;
        uint32 index;
        uint32 stakes;
        uint128 amount;
        uint128 balance;
        uint128 rewardTotal;
        uint128 force;
        uint128 forceDirect;
        uint128 forceIndirect;
        uint128 forceInvite;
        uint128 debt;
        uint40 lastOut;
    }

    struct StakeData {
        address owner;
        uint32 userIndex;
        uint16 lockDays;
        uint8 tier;
        bool isValid;
        uint128 amount;
        uint128 actual;
        uint128 force;
        uint128 forceDirect;
        uint128 forceIndirect;
        uint128 forceInvite;
        uint40 startTime;
        uint40 endTime;
    }

    /// @dev The totals every deposit writes, in slots that initialisation makes non-zero (`openedAt`, `primed`), so
    /// that no deposit pays for a zero-to-non-zero write of them (the pool's first deposit used to).
    struct Hot {
        uint128 totalAmount;
        uint40 totalUser;
        uint40 totalUserValid;
        uint40 openedAt;
        uint128 totalForce;
        uint120 locked;
        bool primed;
    }

    /// @dev The pool's emission state and running totals that {Hot} does not hold (`getTotals` adds those).
    struct PoolTotals {
        uint256 totalReward;
        uint256 totalRelease;
        uint256 totalMint;
        uint256 totalExtract;
        uint256 perForce;
        uint256 lastTime;
    }

    /// @dev One tier's staked amount, its slot kept non-zero by `primed`.
    struct TierTotal {
        uint248 amount;
        bool primed;
    }

    IERC20 private _nex;
    IMain private _main;
    ILog private _log;
    Settings private _settings;
    MultiSettings private _multi;
    uint256 private _mintSurplus;
    PoolTotals private _totals;
    uint256 private _withdrawn; // rewards taken out of balances (fees included)
    StakeData[] private _stakes; // index 0 unused
    mapping(address account => UserData user) private _users;
    mapping(address account => uint256[] indexes) private _userStakes;
    mapping(address account => address[] invitees) private _invites;
    mapping(address account => address[] invitees) private _indirects;
    mapping(address account => bool blacklisted) private _blacklist;
    /// @dev The totals every deposit writes (see {Hot}); the number of stakes and the last stake's owner come from
    /// `_stakes`.
    Hot private _hot;
    TierTotal[6] private _tiers;

    /// @custom:oz-upgrades-unsafe-allow constructor
    constructor() {
        _disableInitializers();
    }

    /// @notice Initializes the proxy; `nex` is both the staked and the emitted token.
    function initialize(
        address owner_,
        uint256 upgradeDelay_,
        address nex_,
        address main_,
        address log_,
        Settings calldata settings,
        MultiSettings calldata multi
    ) external initializer {
        __NexusUpgradeable_init(owner_, upgradeDelay_);
        _nex = IERC20(nex_);
        _setContracts(main_, log_);
        _stakes.push();
        _totals.lastTime = block.timestamp;
        // the pool's one-time initialisation, here rather than in its first deposit
        _hot.openedAt = uint40(block.timestamp);
        _hot.primed = true;
        for (uint256 i; i < TIERS; ++i) _tiers[i].primed = true;
        _setConfig(settings);
        _setConfigMulti(multi);
    }

    modifier notBlacklisted() {
        if (_blacklist[msg.sender]) revert MiningBlacklisted(msg.sender);
        _;
    }

    // --- users ---------------------------------------------------------------------------------------------

    /// @inheritdoc IMining
    function deposit(uint256 index, uint256 amount) external whenNotPaused notBlacklisted nonReentrant {
        if (index >= TIERS) revert MiningInvalidTier(index, TIERS);
        (uint256 registered, ) = _main.users(msg.sender);
        if (registered == 0) revert MiningNotRegistered(msg.sender);
        UserData storage user = _users[msg.sender];
        {
            uint256 max = _settings.userMax > user.amount ? _settings.userMax - user.amount : 0;
            if (amount < _settings.userMin || amount > max) {
                revert MiningAmountOutOfRange(amount, _settings.userMin, max);
            }
        }
        _updatePool();
        address[3] memory referrers = _referrers(msg.sender);
        if (user.index == 0) _join(user, referrers);
        _accrue(msg.sender, user);

        uint256 stakeIndex = _stakes.length;
        StakeData storage s = _stakes.push();
        s.owner = msg.sender;
        s.userIndex = user.stakes;
        s.lockDays = uint16(_multi.stakeDays[index]);
        s.tier = uint8(index);
        s.isValid = true;
        s.amount = uint128(amount);
        s.actual = uint128(FeeMath.bps(amount, _multi.stakeRates[index]));
        s.force = uint128((amount * _multi.stakeForces[index]) / FeeMath.BPS);
        s.startTime = uint40(block.timestamp);
        s.endTime = uint40(block.timestamp + _multi.stakeDays[index] * _settings.dayTimes);
        _userStakes[msg.sender].push(stakeIndex);
        ++user.stakes;

        if (user.amount == 0) ++_hot.totalUserValid;
        user.amount += uint128(amount);
        user.force += s.force;
        _setDebt(user);
        uint256 added = s.force + _inviteForces(s, referrers, true);
        Hot storage hot = _hot;
        hot.totalForce += SafeCast.toUint128(added);
        hot.totalAmount += SafeCast.toUint128(amount);
        hot.locked += SafeCast.toUint120(s.actual);
        _tiers[index].amount += SafeCast.toUint248(amount);
        _mintSurplus += amount - s.actual;
        emit Deposited(msg.sender, stakeIndex, index, amount, s.actual, s.force, s.endTime);
        LogCodes.write(
            _log,
            msg.sender,
            address(this),
            LogCodes.SYMBOL_NEX,
            LogCodes.ACTION_MINING_DEPOSIT,
            amount,
            user.amount
        );

        _nex.safeTransferFrom(msg.sender, address(this), amount);
    }

    /// @inheritdoc IMining
    function claimReward() external payable nonReentrant {
        // no blacklist gate (issue 19): a blacklisted account still takes out what it is owed
        Settings storage settings = _settings;
        if (msg.value != settings.handleGas) revert MiningWrongHandleFee(msg.value, settings.handleGas);
        UserData storage user = _users[msg.sender];
        if (user.lastOut != 0 && block.timestamp < uint256(user.lastOut) + settings.addTime) {
            revert MiningClaimTooEarly(uint256(user.lastOut) + settings.addTime);
        }
        _updatePool();
        _accrue(msg.sender, user);
        _setDebt(user);
        uint256 amount = user.balance;
        if (amount == 0) revert MiningNothingToClaim(msg.sender);
        user.balance = 0;
        user.lastOut = uint40(block.timestamp);
        (uint256 fee, uint256 paid) = FeeMath.split(amount, settings.feeRate);
        _withdrawn += amount;
        _mintSurplus += fee;
        _totals.totalExtract += paid;
        emit RewardClaimed(msg.sender, amount, fee);
        _nex.safeTransfer(msg.sender, paid);
        LogCodes.write(_log, msg.sender, address(this), LogCodes.SYMBOL_NEX, LogCodes.ACTION_MINING_REWARD, paid, 0);
    }

    /// @inheritdoc IMining
    function claimRelease(uint256 index) external nonReentrant {
        if (index == 0 || index >= _stakes.length) revert MiningNotStakeOwner(index, address(0));
        StakeData storage s = _stakes[index];
        if (s.owner != msg.sender) revert MiningNotStakeOwner(index, s.owner);
        if (!s.isValid) revert MiningStakeCompleted(index);
        if (block.timestamp < s.endTime) revert MiningStakeLocked(index, s.endTime);
        _updatePool();
        UserData storage user = _users[msg.sender];
        _accrue(msg.sender, user);
        s.isValid = false;
        user.amount -= s.amount;
        user.force -= s.force;
        _setDebt(user);
        if (user.amount == 0) --_hot.totalUserValid;
        uint256 removed = s.force + _inviteForces(s, _referrers(msg.sender), false);
        _hot.totalForce -= SafeCast.toUint128(removed);
        _hot.totalAmount -= s.amount;
        _totals.totalRelease += s.actual;
        _tiers[s.tier].amount -= s.amount;
        _hot.locked -= SafeCast.toUint120(s.actual);
        emit Released(msg.sender, index, s.actual);
        _nex.safeTransfer(msg.sender, s.actual);
        LogCodes.write(
            _log,
            msg.sender,
            address(this),
            LogCodes.SYMBOL_NEX,
            LogCodes.ACTION_MINING_RELEASE,
            s.actual,
            user.amount
        );
    }

    /// @inheritdoc IMining
    function updateUser(address account) external nonReentrant {
        _updatePool();
        UserData storage user = _users[account];
        _accrue(account, user);
        _setDebt(user);
    }

    /// @inheritdoc IMining
    function updatePool() external nonReentrant {
        _updatePool();
    }

    /// @notice Due once a day (`dayTimes` seconds) since the emission last advanced, while there is force to
    /// share it and budget to emit. A view (simulated with eth_call).
    function checkUpkeep(bytes calldata) external view returns (bool upkeepNeeded, bytes memory performData) {
        return (_upkeepDue(), "");
    }

    /// @notice The daily pool update: advances the emission (O(1), pays the caller nothing). Reverts with
    /// {MiningUpkeepNotDue} when `checkUpkeep` would say false, so a keeper cannot be made to spend gas for
    /// nothing. Runs while paused too: it only books what stakers already earned.
    function performUpkeep(bytes calldata) external nonReentrant {
        if (!_upkeepDue()) revert MiningUpkeepNotDue(_totals.lastTime + _settings.dayTimes);
        _updatePool();
    }

    /// @inheritdoc IMining
    function addMint(uint256 amount) external nonReentrant {
        if (amount == 0 || amount > MAX_AMOUNT) revert MiningAmountOutOfRange(amount, 1, MAX_AMOUNT);
        _updatePool();
        _mintSurplus += amount;
        emit MintFunded(msg.sender, amount, _mintSurplus);
        _nex.safeTransferFrom(msg.sender, address(this), amount);
    }

    // --- owner ---------------------------------------------------------------------------------------------

    /// @inheritdoc IMining
    function setConfig(Settings calldata settings) external onlyOwner {
        _updatePool(); // the emission so far at the old rate
        _setConfig(settings);
    }

    /// @inheritdoc IMining
    function setConfigMulti(MultiSettings calldata settings) external onlyOwner {
        _setConfigMulti(settings);
    }

    /// @inheritdoc IMining
    function setBlacklist(address account, bool blacklisted) external onlyOwner {
        _blacklist[account] = blacklisted;
        emit BlacklistUpdated(account, blacklisted);
    }

    /// @inheritdoc IMining
    function setContracts(address main_, address log_) external onlyOwner {
        _setContracts(main_, log_);
    }

    // --- views ---------------------------------------------------------------------------------------------

    /// @inheritdoc IMining
    function getConfig() external view returns (Config memory) {
        Settings storage s = _settings;
        (, uint256 mintSurplus, ) = _pending();
        return
            Config({
                addTime: s.addTime,
                dayTimes: s.dayTimes,
                mintDay: s.mintDay,
                mintSurplus: mintSurplus,
                userMax: s.userMax,
                userMin: s.userMin,
                handleGas: s.handleGas,
                feeRate: s.feeRate
            });
    }

    /// @inheritdoc IMining
    function getConfigMulti() external view returns (ConfigMulti memory) {
        MultiSettings storage m = _multi;
        uint256[6] memory stakeTotals;
        for (uint256 i; i < TIERS; ++i) stakeTotals[i] = _tiers[i].amount;
        return
            ConfigMulti({
                inviteRates: m.inviteRates,
                stakeDays: m.stakeDays,
                stakeRates: m.stakeRates,
                stakeTotals: stakeTotals,
                stakeForces: m.stakeForces
            });
    }

    /// @inheritdoc IMining
    function getUserInfo(
        address account
    ) external view returns (User memory user, StakeRecord[] memory infos, uint256 mintSurplus) {
        user = users(account);
        (infos, ) = getUserStakes(account, 0, Paging.MAX_PAGE);
        (, mintSurplus, ) = _pending();
    }

    /// @inheritdoc IMining
    function getUserStakes(
        address account,
        uint256 offset,
        uint256 count
    ) public view returns (StakeRecord[] memory infos, uint256 total) {
        uint256[] storage indexes = _userStakes[account];
        total = indexes.length;
        (uint256 start, uint256 size) = Paging.window(total, offset, count);
        infos = new StakeRecord[](size);
        for (uint256 i; i < size; ++i) infos[i] = stakes(indexes[start - i]);
    }

    /// @inheritdoc IMining
    function getInvitesInfo(
        address account,
        uint256 offset,
        uint256 count
    ) external view returns (InviteInfo[] memory, uint256) {
        return _inviteInfos(_invites[account], offset, count);
    }

    /// @inheritdoc IMining
    function getIndirectsInfo(
        address account,
        uint256 offset,
        uint256 count
    ) external view returns (InviteInfo[] memory, uint256) {
        return _inviteInfos(_indirects[account], offset, count);
    }

    /// @inheritdoc IMining
    function stakes(uint256 index) public view returns (StakeRecord memory record) {
        if (index == 0 || index >= _stakes.length) return record;
        StakeData storage s = _stakes[index];
        uint256 status =
            !s.isValid
                ? 3
                : block.timestamp < s.endTime
                    ? 1
                    : 2;
        return
            StakeRecord({
                isValid: s.isValid,
                index: index,
                userIndex: s.userIndex,
                lockDays: s.lockDays,
                amount: s.amount,
                actual: s.actual,
                force: s.force,
                forceDirect: s.forceDirect,
                forceIndirect: s.forceIndirect,
                forceInvite: s.forceInvite,
                startTime: s.startTime,
                endTime: s.endTime,
                owner: s.owner,
                tier: s.tier,
                status: status
            });
    }

    /// @inheritdoc IMining
    function users(address account) public view returns (User memory) {
        UserData storage u = _users[account];
        (uint256 perForce, , ) = _pending();
        uint256 accrued = (_totalForceOf(u) * perForce) / ACC - u.debt;
        return
            User({
                index: u.index,
                stakes: u.stakes,
                amount: u.amount,
                balance: u.balance + accrued,
                rewardTotal: u.rewardTotal + accrued,
                lastOut: u.lastOut,
                force: u.force,
                forceDirect: u.forceDirect,
                forceIndirect: u.forceIndirect,
                forceInvite: u.forceInvite,
                debt: u.debt,
                refer: u.refer
            });
    }

    /// @inheritdoc IMining
    function getTotals() external view returns (Totals memory totals) {
        PoolTotals storage t = _totals;
        totals.totalReward = t.totalReward;
        totals.totalRelease = t.totalRelease;
        totals.totalMint = t.totalMint;
        totals.totalExtract = t.totalExtract;
        totals.perForce = t.perForce;
        totals.lastTime = t.lastTime;
        Hot storage hot = _hot;
        uint256 last = _stakes.length - 1;
        totals.totalUser = hot.totalUser;
        totals.totalUserValid = hot.totalUserValid;
        totals.totalStakes = last;
        totals.totalAmount = hot.totalAmount;
        totals.totalForce = hot.totalForce;
        totals.lastUser = _stakes[last].owner; // index 0 is the unused record: no owner
    }

    /// @inheritdoc IMining
    function isBlacklisted(address account) external view returns (bool) {
        return _blacklist[account];
    }

    // --- internals -----------------------------------------------------------------------------------------

    /// @dev Stakes to return + the emission budget + emitted rewards not yet withdrawn.
    function _claimable(address token) internal view override returns (uint256) {
        if (token != address(_nex)) return 0;
        return uint256(_hot.locked) + _mintSurplus + _totals.totalMint - _withdrawn;
    }

    /// @dev `perForce`, `mintSurplus` and the emission if the pool were updated now.
    function _pending() private view returns (uint256 perForce, uint256 mintSurplus, uint256 emission) {
        PoolTotals storage t = _totals;
        perForce = t.perForce;
        mintSurplus = _mintSurplus;
        uint256 totalForce = _hot.totalForce;
        if (block.timestamp <= t.lastTime || totalForce == 0) return (perForce, mintSurplus, 0);
        emission = ((block.timestamp - t.lastTime) * _settings.mintDay) / _settings.dayTimes;
        if (emission > mintSurplus) emission = mintSurplus;
        perForce += (emission * ACC) / totalForce;
        mintSurplus -= emission;
    }

    function _upkeepDue() private view returns (bool) {
        if (block.timestamp < _totals.lastTime + _settings.dayTimes) return false;
        (, , uint256 emission) = _pending();
        return emission != 0;
    }

    function _updatePool() private {
        PoolTotals storage t = _totals;
        if (block.timestamp <= t.lastTime) return;
        (uint256 perForce, uint256 mintSurplus, uint256 emission) = _pending();
        t.lastTime = block.timestamp;
        if (emission == 0) return;
        t.perForce = perForce;
        t.totalMint += emission;
        _mintSurplus = mintSurplus;
        emit PoolUpdated(emission, perForce, mintSurplus, block.timestamp);
    }

    function _totalForceOf(UserData storage u) private view returns (uint256) {
        return uint256(u.force) + u.forceDirect + u.forceIndirect + u.forceInvite;
    }

    /// @dev Credits what `account` accrued since its debt was set (call {_setDebt} after changing its force).
    function _accrue(address account, UserData storage u) private {
        uint256 accrued = (_totalForceOf(u) * _totals.perForce) / ACC - u.debt;
        if (accrued == 0) return;
        u.balance += uint128(accrued);
        u.rewardTotal += uint128(accrued);
        u.debt += uint128(accrued);
        _totals.totalReward += accrued;
        emit RewardAccrued(account, accrued);
    }

    function _setDebt(UserData storage u) private {
        u.debt = uint128((_totalForceOf(u) * _totals.perForce) / ACC);
    }

    /// @dev Adds (or removes) the invite forces of stake `s` to its owner's 3 referrers; returns their sum.
    function _inviteForces(StakeData storage s, address[3] memory referrers, bool add) private returns (uint256 total) {
        for (uint256 g; g < GENERATIONS && referrers[g] != address(0); ++g) {
            uint256 force;
            if (add) {
                // a blacklisted referrer earns no new invite force (the stake keeps 0 for it, so its release skips it)
                if (_blacklist[referrers[g]]) continue;
                force = FeeMath.bps(s.force, _multi.inviteRates[g]);
                if (g == 0) s.forceDirect = uint128(force);
                else if (g == 1) s.forceIndirect = uint128(force);
                else s.forceInvite = uint128(force);
            } else {
                force =
                    g == 0
                        ? s.forceDirect
                        : g == 1
                            ? s.forceIndirect
                            : s.forceInvite;
            }
            if (force == 0) continue;
            UserData storage r = _users[referrers[g]];
            _accrue(referrers[g], r);
            uint128 f = uint128(force);
            if (g == 0) r.forceDirect = add ? r.forceDirect + f : r.forceDirect - f;
            else if (g == 1) r.forceIndirect = add ? r.forceIndirect + f : r.forceIndirect - f;
            else r.forceInvite = add ? r.forceInvite + f : r.forceInvite - f;
            _setDebt(r);
            total += force;
            emit InviteForceChanged(referrers[g], s.owner, g + 1, force, add);
        }
    }

    /// @dev The 3 nearest referrers from Main, cached in `refer` (Main's tree never changes once bound).
    function _referrers(address account) private returns (address[3] memory referrers) {
        address current = account;
        for (uint256 g; g < GENERATIONS; ++g) {
            UserData storage u = _users[current];
            address refer = u.refer;
            if (refer == address(0)) {
                (, refer) = _main.users(current);
                if (refer == address(0)) break;
                u.refer = refer;
            }
            referrers[g] = refer;
            current = refer;
        }
    }

    function _join(UserData storage user, address[3] memory referrers) private {
        user.index = uint32(++_hot.totalUser);
        if (referrers[0] != address(0)) _invites[referrers[0]].push(msg.sender);
        if (referrers[1] != address(0)) _indirects[referrers[1]].push(msg.sender);
    }

    function _inviteInfos(
        address[] storage list,
        uint256 offset,
        uint256 count
    ) private view returns (InviteInfo[] memory infos, uint256 total) {
        total = list.length;
        (uint256 start, uint256 size) = Paging.window(total, offset, count);
        infos = new InviteInfo[](size);
        for (uint256 i; i < size; ++i) {
            address account = list[start - i];
            UserData storage u = _users[account];
            infos[i] = InviteInfo({account: account, amount: u.amount, force: u.force, stakes: u.stakes});
        }
    }

    function _setConfig(Settings calldata s) private {
        Bounds.check("addTime", s.addTime, 0, MAX_ADD_TIME);
        Bounds.check("dayTimes", s.dayTimes, MIN_DAY_TIMES, MAX_DAY_TIMES);
        Bounds.check("mintDay", s.mintDay, 0, MAX_MINT_DAY);
        Bounds.check("userMin", s.userMin, 1, MAX_AMOUNT);
        Bounds.check("userMax", s.userMax, s.userMin, MAX_AMOUNT);
        Bounds.check("handleGas", s.handleGas, 0, MAX_HANDLE_GAS);
        Bounds.check("feeRate", s.feeRate, 0, MAX_FEE_RATE);
        _settings = s;
        emit ConfigUpdated(s);
    }

    function _setConfigMulti(MultiSettings calldata m) private {
        uint256 sum;
        for (uint256 g; g < GENERATIONS; ++g) {
            Bounds.check("inviteRates", m.inviteRates[g], 0, MAX_INVITE_RATE);
            sum += m.inviteRates[g];
        }
        Bounds.check("inviteRates", sum, 0, FeeMath.BPS);
        for (uint256 i; i < TIERS; ++i) {
            Bounds.check("stakeDays", m.stakeDays[i], 1, MAX_STAKE_DAYS);
            Bounds.check("stakeRates", m.stakeRates[i], 0, FeeMath.BPS);
            Bounds.check("stakeForces", m.stakeForces[i], 1, MAX_STAKE_FORCE);
        }
        _multi = m;
        emit ConfigMultiUpdated(m);
    }

    function _setContracts(address main_, address log_) private {
        Bounds.check("main", main_.code.length, 1, type(uint256).max);
        _main = IMain(main_);
        _log = ILog(log_);
        emit ContractsUpdated(main_, log_);
    }
}
