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
import {
    MiningLib,
    Account,
    Accumulator,
    OwnForce,
    InviteForce,
    UserData,
    StakeHead,
    StakeBody,
    Tier,
    SettingsA,
    SettingsB,
    Paid,
    State,
    UserMem,
    PoolMem
} from "./libraries/MiningLib.sol";

/// @title Mining: NEX stakes in 6 tiers sharing a bounded daily emission by force (see {IMining})
/// @notice Deployed behind an ERC-1967 proxy. `_claimable(nex)` is the NEX of locked stakes to return, the emission
/// budget and everything emitted but not yet withdrawn, so `withdrawExcess` never touches users' NEX.
/// @dev Storage is packed by what one action reads and writes (issue 20; the records and their widths: MiningLib).
contract Mining is NexusUpgradeable, IMining, AutomationCompatibleInterface {
    using SafeERC20 for IERC20;

    /// @notice Number of tiers and of invite generations.
    uint256 public constant TIERS = MiningLib.TIERS;
    uint256 public constant GENERATIONS = MiningLib.GENERATIONS;
    /// @notice Scale of `perForce`.
    uint256 public constant ACC = 1e18;
    /// @notice The least `userMin` (1 NEX), and the total force below which nothing is emitted (the time passes and
    /// the budget keeps the amount).
    uint256 public constant MIN_USER_MIN = MiningLib.MIN_USER_MIN;
    uint256 public constant FORCE_FLOOR = MiningLib.FORCE_FLOOR;
    /// @notice Config bounds.
    uint256 public constant MAX_ADD_TIME = MiningLib.MAX_ADD_TIME;
    uint256 public constant MIN_DAY_TIMES = MiningLib.MIN_DAY_TIMES;
    uint256 public constant MAX_DAY_TIMES = MiningLib.MAX_DAY_TIMES;
    uint256 public constant MAX_MINT_DAY = MiningLib.MAX_MINT_DAY;
    uint256 public constant MAX_AMOUNT = MiningLib.MAX_AMOUNT;
    uint256 public constant MAX_HANDLE_GAS = MiningLib.MAX_HANDLE_GAS;
    uint256 public constant MAX_FEE_RATE = MiningLib.MAX_FEE_RATE;
    uint256 public constant MAX_INVITE_RATE = MiningLib.MAX_INVITE_RATE;
    uint256 public constant MAX_STAKE_DAYS = MiningLib.MAX_STAKE_DAYS;
    uint256 public constant MAX_STAKE_FORCE = MiningLib.MAX_STAKE_FORCE;

    /// @dev A new stake, as {deposit} reports it.
    struct Opened {
        StakeBody body;
        uint256 stakeIndex;
        uint256 endTime;
        uint256 actual;
        uint256 force;
    }

    IERC20 private _nex;
    IMain private _main;
    ILog private _log;
    State private _state; // the config and the pool (MiningLib)
    mapping(uint256 index => StakeHead head) private _heads; // index 0 unused
    mapping(address account => mapping(uint256 userIndex => StakeBody body)) private _bodies;
    mapping(address account => UserData user) private _users;
    mapping(address account => address[] invitees) private _invites;
    mapping(address account => address[] invitees) private _indirects;
    Accumulator private _acc; // the pool's accumulator, full width (MiningLib)

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
        // the pool's one-time initialisation, here rather than in its first deposit: every slot a deposit writes
        // starts non-zero
        _state.emission.lastTime = uint40(block.timestamp);
        _state.hot.nextStake = 1;
        _state.minted.primed = true;
        _state.paid.primed = true;
        _state.counts.openedAt = uint40(block.timestamp);
        _setConfig(settings);
        _setConfigMulti(multi);
    }

    // --- users ---------------------------------------------------------------------------------------------

    /// @inheritdoc IMining
    function deposit(uint256 index, uint256 amount) external whenNotPaused nonReentrant {
        UserData storage user = _users[msg.sender];
        if (user.invite.blacklisted) revert MiningBlacklisted(msg.sender);
        Account memory account = MiningLib.loadAccount(user.account);
        if (index >= TIERS) revert MiningInvalidTier(index, TIERS);
        if (account.refer == address(0)) {
            // not seen yet (or a root account): Main says whether it registered (a registration is permanent)
            (uint256 registered, address refer) = _main.users(msg.sender);
            if (registered == 0) revert MiningNotRegistered(msg.sender);
            account.refer = refer;
        }
        uint256 dayTimes;
        {
            SettingsA memory settings = _state.settingsA;
            uint256 max = settings.userMax > account.amount ? settings.userMax - account.amount : 0;
            if (amount < settings.userMin || amount > max) {
                revert MiningAmountOutOfRange(amount, settings.userMin, max);
            }
            dayTimes = settings.dayTimes;
        }
        PoolMem memory pool = MiningLib.loadPool(_state, _acc);
        MiningLib.advance(_state, pool);
        (address[3] memory referrers, uint256 blacklisted) = _referrers(account.refer, true);
        UserMem memory mem = MiningLib.loadUser(user);
        if (mem.stakes == 0) {
            // its first deposit: its Mining user number, once
            user.holding.index = MiningLib.join(_state.counts, _invites, _indirects, referrers);
        }
        pool.rewarded += MiningLib.accrue(msg.sender, mem, pool.perForce);

        Opened memory opened = _open(mem.stakes++, index, amount, dayTimes, referrers, blacklisted, pool);
        if (account.amount == 0) ++_state.counts.totalUserValid;
        account.amount = uint88(MiningLib.fit(account.amount + amount, 88)); // <= userMax, and below NEX's supply
        MiningLib.storeAccount(user.account, account);
        mem.force += opened.force; // <= 10 * amount <= 10 * MAX_AMOUNT < 2**112
        MiningLib.settle(user, mem, pool.perForce);
        MiningLib.storeOwn(user.own, mem.force, mem.forceDirect, mem.stakes);
        pool.totalForce += opened.force + _inviteForces(opened.body, opened.force, referrers, pool, true);
        MiningLib.addToTier(_state.tiers[index], amount, opened.actual);
        pool.mintSurplus += amount - opened.actual;
        MiningLib.savePool(_state, _acc, pool, true);
        emit Deposited(msg.sender, opened.stakeIndex, index, amount, opened.actual, opened.force, opened.endTime);
        LogCodes.write(
            _log,
            msg.sender,
            address(this),
            LogCodes.SYMBOL_NEX,
            LogCodes.ACTION_MINING_DEPOSIT,
            amount,
            account.amount
        );

        _nex.safeTransferFrom(msg.sender, address(this), amount);
    }

    /// @inheritdoc IMining
    function claimReward() external payable nonReentrant {
        // no blacklist gate (issue 19): a blacklisted account still takes out what it is owed
        uint256 handleGas = _state.settingsB.handleGas;
        if (msg.value != handleGas) revert MiningWrongHandleFee(msg.value, handleGas);
        MiningLib.claimReward(_state, _acc, _users[msg.sender], _nex, _log); // the rest in MiningLib (code size)
    }

    /// @inheritdoc IMining
    function claimRelease(uint256 index) external nonReentrant {
        PoolMem memory pool = MiningLib.loadPool(_state, _acc);
        // the checks, and the stake's, its tier's and the released total's bookkeeping (MiningLib: code size)
        (StakeBody memory body, uint256 actual, uint256 force) = MiningLib.release(
            _heads,
            _bodies,
            _state.tiers,
            _state.counts,
            index,
            pool.nextStake
        );
        MiningLib.advance(_state, pool);
        UserData storage user = _users[msg.sender];
        UserMem memory mem = MiningLib.loadUser(user);
        pool.rewarded += MiningLib.accrue(msg.sender, mem, pool.perForce);
        Account memory account = user.account;
        account.amount -= uint88(body.amount); // the account holds this stake's amount
        user.account = account;
        mem.force -= force;
        MiningLib.settle(user, mem, pool.perForce);
        user.own.force = uint112(mem.force);
        if (account.amount == 0) --_state.counts.totalUserValid;
        (address[3] memory referrers, ) = _referrers(account.refer, false);
        pool.totalForce -= force + _inviteForces(body, force, referrers, pool, false);
        MiningLib.savePool(_state, _acc, pool, true);
        emit Released(msg.sender, index, actual);
        _nex.safeTransfer(msg.sender, actual);
        LogCodes.write(
            _log,
            msg.sender,
            address(this),
            LogCodes.SYMBOL_NEX,
            LogCodes.ACTION_MINING_RELEASE,
            actual,
            account.amount
        );
    }

    /// @inheritdoc IMining
    function updateUser(address account) external nonReentrant {
        PoolMem memory pool = MiningLib.loadPool(_state, _acc);
        MiningLib.advance(_state, pool);
        UserData storage user = _users[account];
        UserMem memory mem = MiningLib.loadUser(user);
        pool.rewarded += MiningLib.accrue(account, mem, pool.perForce);
        MiningLib.settle(user, mem, pool.perForce);
        MiningLib.savePool(_state, _acc, pool, false);
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
        if (!_upkeepDue()) revert MiningUpkeepNotDue(uint256(_state.emission.lastTime) + _state.settingsA.dayTimes);
        _updatePool();
    }

    /// @inheritdoc IMining
    function addMint(uint256 amount) external nonReentrant {
        if (amount == 0 || amount > MAX_AMOUNT) revert MiningAmountOutOfRange(amount, 1, MAX_AMOUNT);
        PoolMem memory pool = MiningLib.loadPool(_state, _acc);
        MiningLib.advance(_state, pool);
        pool.mintSurplus += amount;
        MiningLib.savePool(_state, _acc, pool, true);
        emit MintFunded(msg.sender, amount, pool.mintSurplus);
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
        _users[account].invite.blacklisted = blacklisted;
        emit BlacklistUpdated(account, blacklisted);
    }

    /// @inheritdoc IMining
    function setContracts(address main_, address log_) external onlyOwner {
        _setContracts(main_, log_);
    }

    // --- views ---------------------------------------------------------------------------------------------

    /// @inheritdoc IMining
    function getConfig() external view returns (Config memory) {
        (, uint256 mintSurplus, ) = _pending();
        return MiningLib.config(_state.settingsA, _state.settingsB, mintSurplus);
    }

    /// @inheritdoc IMining
    function getConfigMulti() external view returns (ConfigMulti memory) {
        return MiningLib.configMulti(_state.settingsB, _state.tiers);
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
        total = _users[account].own.stakes;
        infos = MiningLib.stakePage(_heads, _bodies, account, total, offset, count);
    }

    /// @inheritdoc IMining
    function getInvitesInfo(
        address account,
        uint256 offset,
        uint256 count
    ) external view returns (InviteInfo[] memory, uint256) {
        return MiningLib.inviteInfos(_invites[account], _users, offset, count);
    }

    /// @inheritdoc IMining
    function getIndirectsInfo(
        address account,
        uint256 offset,
        uint256 count
    ) external view returns (InviteInfo[] memory, uint256) {
        return MiningLib.inviteInfos(_indirects[account], _users, offset, count);
    }

    /// @inheritdoc IMining
    function stakes(uint256 index) public view returns (StakeRecord memory record) {
        if (index == 0 || index >= _state.hot.nextStake) return record;
        return MiningLib.stakeRecord(_heads, _bodies, index);
    }

    /// @inheritdoc IMining
    function users(address account) public view returns (User memory) {
        (uint256 perForce, , ) = _pending();
        return MiningLib.userRecord(_users[account], perForce);
    }

    /// @inheritdoc IMining
    function getTotals() external view returns (Totals memory) {
        return
            MiningLib.totals(
                _state.emission,
                _acc.perForce,
                _state.hot,
                _state.minted,
                _state.paid,
                _state.counts,
                _state.tiers,
                _heads
            );
    }

    /// @inheritdoc IMining
    function isBlacklisted(address account) external view returns (bool) {
        return _users[account].invite.blacklisted;
    }

    // --- internals -----------------------------------------------------------------------------------------

    /// @dev Stakes to return + the emission budget + emitted rewards not yet withdrawn.
    function _claimable(address token) internal view override returns (uint256) {
        if (token != address(_nex)) return 0;
        (, uint256 locked) = _tierSums();
        return locked + _state.hot.mintSurplus + _state.minted.totalMint - _state.paid.withdrawn;
    }

    function _tierSums() private view returns (uint256 amount, uint256 locked) {
        return MiningLib.tierSums(_state.tiers);
    }

    /// @dev A stake's `actual` and `force`, as its deposit computed them.
    function _terms(StakeBody memory body) private pure returns (uint256 actual, uint256 force) {
        return MiningLib.terms(body);
    }

    /// @dev Writes the caller's new stake in tier `index` (its head by the next global index, its terms as the
    /// caller's `userIndex`-th stake).
    function _open(
        uint256 userIndex,
        uint256 index,
        uint256 amount,
        uint256 dayTimes,
        address[3] memory referrers,
        uint256 blacklisted,
        PoolMem memory pool
    ) private returns (Opened memory opened) {
        uint256 stakeIndex = pool.nextStake++;
        StakeBody memory body;
        {
            uint256 tier = MiningLib.tierWord(_state.tiers[index]);
            uint256 rates = MiningLib.ratesWord(_state.settingsB);
            body = StakeBody({
                amount: uint104(amount), // <= userMax <= MAX_AMOUNT < 2**104 (the deposit's range check)
                tier: uint8(index),
                lockDays: uint16(tier >> 192),
                isValid: true,
                stakeRate: uint16(tier >> 208),
                stakeForce: uint24(tier >> 224),
                directRate: referrers[0] == address(0) || blacklisted & 1 != 0 ? 0 : uint16(rates >> 168),
                indirectRate: referrers[1] == address(0) || blacklisted & 2 != 0 ? 0 : uint16(rates >> 184),
                inviteRate: referrers[2] == address(0) || blacklisted & 4 != 0 ? 0 : uint16(rates >> 200),
                index: uint32(MiningLib.fit(stakeIndex, 32))
            });
        }
        uint256 endTime = block.timestamp + uint256(body.lockDays) * dayTimes;
        // both new words written whole (one SSTORE each, not one a field); userIndex < the stake count, checked to
        // fit 32 bits
        MiningLib.store(
            _heads[stakeIndex],
            MiningLib.packHead(msg.sender, userIndex, MiningLib.fit(block.timestamp, 32), MiningLib.fit(endTime, 32))
        );
        MiningLib.store(_bodies[msg.sender][userIndex], MiningLib.packBody(body));
        (uint256 actual, uint256 force) = _terms(body);
        opened = Opened(body, stakeIndex, endTime, actual, force);
    }

    /// @dev `perForce`, `mintSurplus` and the emission if the pool were updated now.
    function _pending() private view returns (uint256 perForce, uint256 mintSurplus, uint256 emission) {
        PoolMem memory pool = MiningLib.loadPool(_state, _acc);
        uint256 inc;
        (inc, emission) = MiningLib.accrual(_state, pool);
        perForce = pool.perForce + inc;
        mintSurplus = pool.mintSurplus - emission;
    }

    function _upkeepDue() private view returns (bool) {
        if (block.timestamp < uint256(_state.emission.lastTime) + _state.settingsA.dayTimes) return false;
        (, , uint256 emission) = _pending();
        return emission != 0;
    }

    function _updatePool() private {
        PoolMem memory pool = MiningLib.loadPool(_state, _acc);
        MiningLib.advance(_state, pool);
        MiningLib.savePool(_state, _acc, pool, false);
    }

    /// @dev Adds (or removes) the invite forces of a stake (of `force`) to its owner's 3 referrers; returns their sum.
    function _inviteForces(
        StakeBody memory body,
        uint256 force,
        address[3] memory referrers,
        PoolMem memory pool,
        bool add
    ) private returns (uint256 total) {
        for (uint256 g; g < GENERATIONS && referrers[g] != address(0); ++g) {
            // a blacklisted referrer earned no invite force: its rate is 0 in the stake (so its release skips it)
            uint256 share = FeeMath.bps(
                force,
                g == 0
                    ? body.directRate
                    : g == 1
                        ? body.indirectRate
                        : body.inviteRate
            );
            if (share == 0) continue;
            UserData storage r = _users[referrers[g]];
            UserMem memory mem = MiningLib.loadUser(r);
            pool.rewarded += MiningLib.accrue(referrers[g], mem, pool.perForce);
            if (g == 0) {
                mem.forceDirect = add ? mem.forceDirect + share : mem.forceDirect - share;
                r.own.forceDirect = uint112(MiningLib.fit(mem.forceDirect, 112));
            } else {
                if (g == 1) mem.forceIndirect = add ? mem.forceIndirect + share : mem.forceIndirect - share;
                else mem.forceInvite = add ? mem.forceInvite + share : mem.forceInvite - share;
                MiningLib.storeInvite(r.invite, mem.forceIndirect, mem.forceInvite);
            }
            MiningLib.settle(r, mem, pool.perForce);
            total += share;
            emit InviteForceChanged(referrers[g], msg.sender, g + 1, share, add);
        }
    }

    /// @dev The 3 nearest referrers, starting from the caller's `first`, each cached in the account's `refer` (Main's
    /// tree never changes once bound); with `flags`, bit `g` of `blacklisted` is set when referrer `g` is blacklisted.
    function _referrers(address first, bool flags) private returns (address[3] memory referrers, uint256 blacklisted) {
        address current = first;
        for (uint256 g; g < GENERATIONS && current != address(0); ++g) {
            referrers[g] = current;
            if (flags && _users[current].invite.blacklisted) blacklisted |= 1 << g;
            if (g + 1 == GENERATIONS) break;
            Account storage stored = _users[current].account;
            Account memory account = MiningLib.loadAccount(stored);
            if (account.refer == address(0)) {
                (, address refer) = _main.users(current);
                if (refer == address(0)) break;
                stored.refer = refer;
                account.refer = refer;
            }
            current = account.refer;
        }
    }

    function _setConfig(Settings calldata s) private {
        MiningLib.setConfig(_state.settingsA, _state.settingsB, s);
    }

    function _setConfigMulti(MultiSettings calldata m) private {
        MiningLib.setConfigMulti(_state.settingsB, _state.tiers, m);
    }

    function _setContracts(address main_, address log_) private {
        Bounds.check("main", main_.code.length, 1, type(uint256).max);
        _main = IMain(main_);
        _log = ILog(log_);
        emit ContractsUpdated(main_, log_);
    }
}
