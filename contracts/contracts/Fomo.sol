// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {NexusUpgradeable} from "./base/NexusUpgradeable.sol";
import {AutomationCompatibleInterface} from "./interfaces/external/AutomationCompatibleInterface.sol";
import {IDouble} from "./interfaces/IDouble.sol";
import {IFomo} from "./interfaces/IFomo.sol";
import {ILog} from "./interfaces/ILog.sol";
import {IMain} from "./interfaces/IMain.sol";
import {IPriceOracle} from "./interfaces/IPriceOracle.sol";
import {IUniswapV2Router02} from "./interfaces/external/IUniswapV2Router02.sol";
import {Bounds} from "./libraries/Bounds.sol";
import {FomoLib} from "./libraries/FomoLib.sol";
import {FomoViews} from "./libraries/FomoViews.sol";
import {TeamLib} from "./libraries/TeamLib.sol";

/// @title Fomo: the FOM pool and its round game (see {IFomo}); the super FOM pool is a second deployment
/// @notice Deployed behind an ERC-1967 proxy; links {FomoLib}, which runs the user flows on this contract's
/// storage. Every USDT it holds sits in one bucket: locked principals, the gold pool, the pot, static rewards paid
/// into the accumulator, users' balances, unclaimed prizes and `burnSurplus`; `_claimable(usdt)` is their sum, so
/// `withdrawExcess` only takes USDT sent to it by mistake.
contract Fomo is NexusUpgradeable, IFomo, AutomationCompatibleInterface {
    using SafeERC20 for IERC20;
    using FomoLib for FomoLib.Layout;

    /// @notice The largest `times` of one burn.
    uint256 public constant MAX_TIMES = FomoLib.MAX_TIMES;
    /// @notice Config bounds ({FomoLib}'s).
    uint256 public constant MIN_DAY_TIMES = FomoLib.MIN_DAY_TIMES;
    uint256 public constant MAX_DAY_TIMES = FomoLib.MAX_DAY_TIMES;
    uint256 public constant MAX_ALGEBRA = FomoLib.MAX_ALGEBRA;
    uint256 public constant MAX_FEE_RATE = FomoLib.MAX_FEE_RATE;
    uint256 public constant MAX_HANDLE_GAS = FomoLib.MAX_HANDLE_GAS;
    uint256 public constant MAX_SWAP_RATE = FomoLib.MAX_SWAP_RATE;
    uint256 public constant MAX_REWARD_RATE = FomoLib.MAX_REWARD_RATE;
    uint256 public constant MAX_OUT_DAYS = FomoLib.MAX_OUT_DAYS;
    uint256 public constant MIN_ROUND_TIME = FomoLib.MIN_ROUND_TIME;
    uint256 public constant MAX_ROUND_TIME = FomoLib.MAX_ROUND_TIME;
    uint256 public constant MAX_STAKE_DAYS = FomoLib.MAX_STAKE_DAYS;
    uint256 public constant MAX_STAKE_RATE = FomoLib.MAX_STAKE_RATE;
    uint256 public constant MAX_AMOUNT = FomoLib.MAX_AMOUNT;
    /// @notice The least `orderMin` may be (1 USDT): an order's weight is never a few wei.
    uint256 public constant MIN_ORDER_MIN = FomoLib.MIN_ORDER_MIN;
    /// @notice No static reward drips while the pool's total weight is below this (it waits in the gold pool).
    uint256 public constant WEIGHT_FLOOR = FomoLib.WEIGHT_FLOOR;

    FomoLib.Layout private _s;

    /// @custom:oz-upgrades-unsafe-allow constructor
    constructor() {
        _disableInitializers();
    }

    /// @notice Initializes the proxy. `nex` is the platform token (its `swapBurn` burns `burnSurplus`);
    /// `contracts` are Main, Log (zero: none), the TWAP oracle, the router and Double (zero: none).
    function initialize(
        address owner_,
        uint256 upgradeDelay_,
        address usdt_,
        address nex_,
        address[5] calldata contracts,
        Settings calldata settings,
        ConfigMulti calldata multi
    ) external initializer {
        __NexusUpgradeable_init(owner_, upgradeDelay_);
        _s.usdt = IERC20(usdt_);
        _s.nex = IERC20(nex_);
        _setContracts(contracts[0], contracts[1], contracts[2], contracts[3], contracts[4]);
        _setConfig(settings);
        _setConfigMulti(multi);
        FomoLib.prime(_s);
    }

    modifier notBlacklisted() {
        if (_s.users[msg.sender].blacklisted) revert FomoBlacklisted(msg.sender);
        _;
    }

    // --- users ---------------------------------------------------------------------------------------------

    /// @inheritdoc IFomo
    function burn(uint256 times, uint256 amount, bool isUSDT) external {
        _burn(0, times, amount, isUSDT, 0);
    }

    /// @inheritdoc IFomo
    function burn(uint256 index, uint256 times, uint256 amount, bool isUSDT) external {
        _burn(index, times, amount, isUSDT, 0);
    }

    /// @inheritdoc IFomo
    function burn(uint256 index, uint256 times, uint256 amount, bool isUSDT, uint256 minUsdt) external {
        _burn(index, times, amount, isUSDT, minUsdt);
    }

    /// @dev The three `burn`s (the gates once, in one place).
    function _burn(
        uint256 index,
        uint256 times,
        uint256 amount,
        bool isUSDT,
        uint256 minUsdt
    ) private whenNotPaused notBlacklisted nonReentrant {
        FomoLib.burn(_s, index, times, amount, isUSDT, minUsdt);
    }

    /// @inheritdoc IFomo
    function release(uint256 index) external nonReentrant {
        FomoLib.release(_s, index);
    }

    /// @inheritdoc IFomo
    function claimReward(uint256 index) external payable nonReentrant {
        // no blacklist gate: a blacklisted account still takes out what it is owed (balance, prizes)
        uint256 handleGas = _s.handleGas;
        if (msg.value != handleGas) revert FomoWrongHandleFee(msg.value, handleGas);
        FomoLib.claimReward(_s, index);
    }

    /// @inheritdoc IFomo
    function updatePool() external nonReentrant {
        FomoLib.updatePool(_s);
    }

    /// @inheritdoc IFomo
    function processExpired(uint256 maxCount) external nonReentrant returns (uint256 count) {
        Bounds.check("maxCount", maxCount, 1, FomoLib.MAX_PROCESS);
        (count, ) = FomoLib.processExpired(_s, maxCount);
    }

    /// @notice Chainlink Automation ({FomoLib-checkUpkeep}).
    function checkUpkeep(bytes calldata) external view returns (bool upkeepNeeded, bytes memory performData) {
        return FomoLib.checkUpkeep(_s);
    }

    /// @notice Chainlink Automation ({FomoLib-performUpkeep}); anyone may call, it pays the caller nothing.
    function performUpkeep(bytes calldata performData) external nonReentrant {
        FomoLib.performUpkeep(_s, abi.decode(performData, (uint256)));
    }

    /// @inheritdoc IFomo
    function updateUser(address account) external nonReentrant {
        _s.drip();
        FomoLib.UserData storage user = _s.users[account];
        _s.accrueStatic(account, user);
    }

    /// @inheritdoc IFomo
    function addBalance(uint256 amount) external nonReentrant {
        if (amount == 0 || amount > MAX_AMOUNT) revert FomoAmountOutOfRange(amount, 1, MAX_AMOUNT);
        _s.drip();
        _s.hot.gold += uint104(amount);
        emit BalanceAdded(msg.sender, amount);
        _s.usdt.safeTransferFrom(msg.sender, address(this), amount);
    }

    // --- owner ---------------------------------------------------------------------------------------------

    /// @inheritdoc IFomo
    function setConfig(Settings calldata settings) external onlyOwner {
        _s.drip(); // static rewards so far at the old rate
        _setConfig(settings);
    }

    /// @inheritdoc IFomo
    function setConfigMulti(ConfigMulti calldata config) external onlyOwner {
        _setConfigMulti(config);
    }

    /// @inheritdoc IFomo
    function setBlacklist(address account, bool blacklisted) external onlyOwner {
        _s.users[account].blacklisted = blacklisted;
        emit BlacklistUpdated(account, blacklisted);
    }

    /// @inheritdoc IFomo
    function setTeamLevel(address account, uint256 level, bool isManual) external onlyOwner {
        Bounds.check("level", level, 0, FomoLib.LEVELS);
        level = TeamLib.setManual(_s.team, _s.main, account, isManual, level, _s.thresholds(), false);
        emit TeamLevelUpdated(account, level, isManual);
    }

    /// @inheritdoc IFomo
    function setContracts(
        address main_,
        address log_,
        address oracle_,
        address router_,
        address double_
    ) external onlyOwner {
        _setContracts(main_, log_, oracle_, router_, double_);
    }

    // --- views ---------------------------------------------------------------------------------------------

    /// @inheritdoc IFomo
    function getConfig() external view returns (Config memory) {
        _return(FomoViews.config(_s));
    }

    /// @inheritdoc IFomo
    function getConfigMulti() external view returns (ConfigMulti memory) {
        _return(FomoViews.multi(_s));
    }

    /// @inheritdoc IFomo
    function getSwapIn(uint256 usdt) external view returns (uint256) {
        return _s.oracle.consult(address(_s.usdt), usdt);
    }

    /// @inheritdoc IFomo
    function orders(uint256 index) external view returns (Order memory) {
        _return(FomoViews.order(_s, index));
    }

    /// @inheritdoc IFomo
    function users(address account) external view returns (User memory) {
        _return(FomoViews.user(_s, account));
    }

    /// @inheritdoc IFomo
    function teams(address account) external view returns (Team memory) {
        _return(FomoViews.team(_s, account));
    }

    /// @inheritdoc IFomo
    function userOrderIndex(address account, uint256 i) external view returns (uint256) {
        return _s.userOrderAt(account, i);
    }

    /// @inheritdoc IFomo
    function getUserOrders(
        address account,
        uint256 offset,
        uint256 count
    ) external view returns (Order[] memory, uint256) {
        _return(FomoViews.userOrders(_s, account, offset, count));
    }

    /// @inheritdoc IFomo
    function getInvites(
        address account,
        uint256 offset,
        uint256 count
    ) external view returns (address[] memory, uint256) {
        _return(FomoViews.invites(_s, account, offset, count));
    }

    /// @inheritdoc IFomo
    function getTotals() external view returns (Totals memory) {
        _return(FomoViews.totals(_s));
    }

    /// @inheritdoc IFomo
    function getValues() external view returns (Values memory) {
        _return(FomoViews.values(_s));
    }

    /// @inheritdoc IFomo
    function getRound(uint256 index) external view returns (Round memory) {
        _return(FomoViews.round(_s, index));
    }

    /// @inheritdoc IFomo
    function prizeOf(uint256 index, address account) external view returns (uint256) {
        return FomoLib.prizeOf(_s, index, account);
    }

    /// @inheritdoc IFomo
    function isBlacklisted(address account) external view returns (bool) {
        return _s.users[account].blacklisted;
    }

    /// @notice The pot shares of the winners, latest qualifying order first (basis points).
    function winnerShares() external pure returns (uint256[5] memory) {
        return FomoLib.winnerShares();
    }

    // --- internals -----------------------------------------------------------------------------------------

    /// @dev Ends a view with `data`, the ABI encoding of its return value made by {FomoViews} (Fomo's code neither
    /// decodes nor re-encodes the struct).
    function _return(bytes memory data) private pure {
        assembly ("memory-safe") {
            return(add(data, 0x20), mload(data))
        }
    }

    /// @dev Every bucket of USDT that belongs to users or to the game.
    function _claimable(address token) internal view override returns (uint256) {
        if (token != address(_s.usdt)) return 0;
        FomoLib.Pools storage p = _s.pools;
        FomoLib.Hot storage h = _s.hot;
        return uint256(h.locked) + h.gold + h.pot + p.staticOwed + FomoLib.balances(_s) + p.prizes + h.burnSurplus;
    }

    function _setConfig(Settings calldata settings) private {
        FomoLib.checkSettings(settings);
        _s.packSettings(settings);
        emit ConfigUpdated(settings);
    }

    function _setConfigMulti(ConfigMulti calldata multi) private {
        FomoLib.checkMulti(multi);
        _s.packMulti(multi);
        emit ConfigMultiUpdated(multi);
    }

    function _setContracts(address main_, address log_, address oracle_, address router_, address double_) private {
        Bounds.check("main", main_.code.length, 1, type(uint256).max);
        Bounds.check("oracle", oracle_.code.length, 1, type(uint256).max);
        Bounds.check("router", router_.code.length, 1, type(uint256).max);
        // no standing approvals: an order approves exactly what it spends (FomoLib); an allowance left by an
        // implementation before that rule is revoked here, so no replaceable address keeps any allowance
        address previousRouter = address(_s.router);
        address previousDouble = address(_s.double_);
        if (previousRouter != address(0)) _s.nex.forceApprove(previousRouter, 0);
        if (previousDouble != address(0)) _s.usdt.forceApprove(previousDouble, 0);
        _s.main = IMain(main_);
        _s.log = ILog(log_);
        _s.oracle = IPriceOracle(oracle_);
        _s.router = IUniswapV2Router02(router_);
        _s.double_ = IDouble(double_);
        emit ContractsUpdated(main_, log_, oracle_, router_, double_);
    }
}
