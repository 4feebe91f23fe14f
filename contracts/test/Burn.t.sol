// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {Burn} from "../contracts/Burn.sol";
import {Main} from "../contracts/Main.sol";
import {NexusProxy} from "../contracts/NexusProxy.sol";
import {Nft} from "../contracts/Nft.sol";
import {PriceOracle} from "../contracts/PriceOracle.sol";
import {Token} from "../contracts/Token.sol";
import {IBurn} from "../contracts/interfaces/IBurn.sol";
import {IMain} from "../contracts/interfaces/IMain.sol";
import {IToken} from "../contracts/interfaces/IToken.sol";
import {IUniswapV2Factory} from "../contracts/interfaces/external/IUniswapV2Factory.sol";
import {IUniswapV2Router02} from "../contracts/interfaces/external/IUniswapV2Router02.sol";
import {FeeMath} from "../contracts/libraries/FeeMath.sol";
import {RewardMath} from "../contracts/libraries/RewardMath.sol";
import {LocalUSDT} from "../contracts/local/LocalUSDT.sol";
import {Dex} from "./utils/Dex.sol";
import {FuzzSelector, TestBase, Vm} from "./utils/Vm.sol";

/// @dev The Burn contract on the real DEX (NEX/USDT and BNB/USDT pools, TWAP oracles), Main, Nft and Token,
/// with the defaults of config/contractsII.ts and a 600 s day.
contract BurnSystem {
    uint256 internal constant UNIT = 100 ether;
    Vm internal constant VM = Vm(address(uint160(uint256(keccak256("hevm cheat code")))));
    LocalUSDT public usdt;
    Token public token;
    Main public main;
    Nft public nft;
    Burn public burn;
    address public constant MARKET = address(0x3a7e);

    constructor() {
        VM.warp(1_700_000_000);
        (address factory, address router, address wbnb) = Dex.deploy();
        usdt = new LocalUSDT(address(this));
        token = new Token(
            address(this),
            address(this),
            address(usdt),
            router,
            IToken.ConfigMulti(20, 4_000, 3_000, 100, 300)
        );
        usdt.mint(address(this), 1e30);
        usdt.approve(router, type(uint256).max);
        token.approve(router, type(uint256).max);
        IUniswapV2Router02(router).addLiquidity(
            address(token),
            address(usdt),
            1_000_000 ether,
            100_000 ether,
            0,
            0,
            address(this),
            block.timestamp
        );
        IUniswapV2Factory(factory).createPair(wbnb, address(usdt));
        main = Main(
            address(
                new NexusProxy(
                    address(new Main()),
                    abi.encodeCall(
                        Main.initialize,
                        (address(this), 1 hours, address(this), IMain.Config(address(0), 20))
                    )
                )
            )
        );
        nft = Nft(
            address(
                new NexusProxy(
                    address(new Nft()),
                    abi.encodeCall(Nft.initialize, (address(this), 1 hours, address(usdt), "", 0))
                )
            )
        );
        PriceOracle nexOracle = new PriceOracle(token.getConfig().swapPair, 300);
        IBurn.Addresses memory addresses = IBurn.Addresses({
            main: address(main),
            usdt: address(usdt),
            token: address(token),
            router: router,
            nexOracle: address(nexOracle),
            bnbOracle: address(nexOracle), // BNB payments are not exercised here
            nft: address(nft),
            market: MARKET,
            log: address(0)
        });
        IBurn.Settings memory settings = IBurn.Settings({
            dayTimes: 600,
            algebra: 8,
            feeRate: 500,
            handleGas: 50,
            swapRate: 1_000,
            burnEvery: UNIT,
            burnSurplus: 1_000_000,
            rewardRate: 15_000,
            outDays: 30,
            startTime: 0
        });
        IBurn.ConfigMulti memory multi = IBurn.ConfigMulti({
            burnRates: [uint256(5_000), 1_000, 100, 1_000, 500],
            teamAmounts: [uint256(100 ether), 200 ether, 400 ether, 800 ether, 1_600 ether],
            teamRates: [uint256(200), 400, 600, 800, 1_000],
            slippage: 300
        });
        burn = Burn(
            payable(
                new NexusProxy(
                    address(new Burn()),
                    abi.encodeCall(Burn.initialize, (address(this), 1 hours, addresses, settings, multi))
                )
            )
        );
        VM.warp(block.timestamp + 300); // one TWAP window
    }

    /// @dev Test USDT for anyone (this contract owns the local stablecoin).
    function fundUsdt(address to, uint256 amount) external {
        usdt.mint(to, amount);
    }
}

contract BurnTest is TestBase {
    BurnSystem internal system;
    Burn internal burn;

    function setUp() public {
        system = new BurnSystem();
        burn = system.burn();
        Main main = system.main();
        vm.prank(address(0xa11ce));
        main.register(address(system));
    }

    function _order(address account, uint256 times) internal {
        system.fundUsdt(account, times * 100 ether);
        LocalUSDT usdt = system.usdt();
        vm.startPrank(account);
        usdt.approve(address(burn), type(uint256).max);
        burn.burn(account, times, times * 100 ether, false);
        vm.stopPrank();
    }

    /// @dev Whatever the funding and the time, an order never receives more than 1.5x its value.
    function testFuzz_order_neverAboveCap(uint96 funding, uint32 elapsed, uint8 times) public {
        _order(address(0xa11ce), bound(times, 1, 20));
        vm.warp(block.timestamp + bound(elapsed, 0, 60 days));
        system.fundUsdt(address(burn), bound(funding, 0, 1e30));
        burn.updateUser(address(0xa11ce));
        IBurn.Order memory order = burn.orders(1);
        assertLe(order.reward, (order.amount * 15_000) / FeeMath.BPS, "capped");
        if (order.reward == (order.amount * 15_000) / FeeMath.BPS) assertEq(order.isValid, false, "out at cap");
        if (block.timestamp >= order.endTime) assertEq(order.isValid, false, "out after outDays");
    }

    function test_register_twiceReverts() public {
        vm.startPrank(address(0xa11ce));
        burn.register(address(0));
        vm.expectRevert(abi.encodeWithSelector(IBurn.BurnAlreadyRegistered.selector, address(0xa11ce)));
        burn.register(address(0));
        vm.stopPrank();
    }
}

/// @dev Burns, funds, claims, updates, forces out expired orders (processExpired, performUpkeep), blacklists, changes
/// the owner's settings and rates within bounds and moves time at random, for a tree of eight registered accounts.
/// Ghosts: what the pool was given, each order's cap when it was made, and the broken promises (must stay 0).
contract BurnHandler {
    Vm internal constant VM = Vm(address(uint160(uint256(keccak256("hevm cheat code")))));
    BurnSystem public immutable system;
    Burn internal immutable _burn;
    address[] public actors;
    mapping(address actor => address referrer) public referrerOf;
    mapping(address actor => bool blacklisted) public blacklisted;
    mapping(uint256 index => uint256 cap) public capOf;
    uint256 public community;
    uint256 public gifts;
    /// @dev Claims of a non-zero balance that reverted (a blacklisted account's included).
    uint256 public owedClaimFailures;
    /// @dev Direct rewards credited to a referrer with no live order, or a blacklisted one (finding 11).
    uint256 public deadReferrerCredits;
    /// @dev performUpkeep calls that reverted although checkUpkeep said it was due.
    uint256 public upkeepFailures;

    constructor(BurnSystem system_) {
        system = system_;
        _burn = system_.burn();
        Main main = system_.main();
        LocalUSDT usdt = system_.usdt();
        address previous = address(system_);
        for (uint256 i; i < 8; ++i) {
            address actor = address(uint160(0x2000 + i));
            address referrer = i % 3 == 0 ? address(system_) : previous;
            VM.prank(actor);
            main.register(referrer);
            referrerOf[actor] = referrer;
            system_.fundUsdt(actor, 1e27);
            VM.prank(actor);
            usdt.approve(address(_burn), type(uint256).max);
            actors.push(actor);
            previous = actor;
        }
    }

    function burn(uint256 actorSeed, uint256 times) external {
        address actor = actors[actorSeed % actors.length];
        if (blacklisted[actor]) return;
        uint256 t = 1 + (times % 10);
        address referrer = referrerOf[actor];
        bool mayEarn = _live(referrer) && !blacklisted[referrer];
        uint256 directBefore = _burn.users(referrer).rewardDirect;
        uint256 rewardRate = _burn.getConfig().rewardRate;
        VM.prank(actor);
        _burn.burn(actor, t, t * 100 ether, false);
        community += FeeMath.bps(t * 100 ether, 5_000);
        capOf[_burn.totalInfo().totalOrder] = (t * 100 ether * rewardRate) / FeeMath.BPS;
        if (!mayEarn && _burn.users(referrer).rewardDirect != directBefore) ++deadReferrerCredits;
    }

    function fund(uint256 amount) external {
        uint256 value = amount % 1e24;
        system.fundUsdt(address(_burn), value);
        _burn.onFeeReceived(address(system.usdt()), value);
        gifts += value;
    }

    function claim(uint256 actorSeed) external {
        address actor = actors[actorSeed % actors.length];
        uint256 owed = _burn.users(actor).balance;
        VM.prank(actor);
        try _burn.claimReward() {} catch {
            if (owed != 0) ++owedClaimFailures; // nothing to claim is part of the exploration
        }
    }

    function updateUser(uint256 actorSeed) external {
        _burn.updateUser(actors[actorSeed % actors.length]);
    }

    function updatePool() external {
        _burn.updatePool();
    }

    function processExpired(uint256 maxCount) external {
        _burn.processExpired(1 + (maxCount % 30));
    }

    function performUpkeep() external {
        (bool due, ) = _burn.checkUpkeep("");
        if (!due) return;
        try _burn.performUpkeep("") {} catch {
            ++upkeepFailures;
        }
    }

    function setBlacklist(uint256 actorSeed, bool on) external {
        address actor = actors[actorSeed % actors.length];
        VM.prank(address(system)); // the owner
        _burn.setBlacklist(actor, on);
        blacklisted[actor] = on;
    }

    /// @dev The owner's settings within their bounds: expiry (1..40 days of 600 s), cap, generations, fee, batch size.
    function setSettings(
        uint256 outDays,
        uint256 rewardRate,
        uint256 algebra,
        uint256 feeRate,
        uint256 handle
    ) external {
        IBurn.Config memory c = _burn.getConfig();
        IBurn.Settings memory s = IBurn.Settings({
            dayTimes: c.dayTimes,
            algebra: 1 + (algebra % 8),
            feeRate: feeRate % 1_001,
            handleGas: 1 + (handle % 60),
            swapRate: c.swapRate,
            burnEvery: c.burnEvery,
            burnSurplus: c.burnSurplus,
            rewardRate: 10_000 + (rewardRate % 10_001),
            outDays: 1 + (outDays % 40),
            startTime: c.startTime
        });
        VM.prank(address(system));
        _burn.setConfig(s);
    }

    /// @dev The owner's direct, indirect and team shares and team rates within bounds (the community share stays 50 %).
    function setRates(uint256 direct, uint256 indirect, uint256 team) external {
        IBurn.ConfigMulti memory m = _burn.getConfigMulti();
        m.burnRates[1] = direct % 1_501;
        m.burnRates[2] = indirect % 101;
        m.burnRates[3] = team % 1_501;
        for (uint256 level; level < 5; ++level) m.teamRates[level] = (m.burnRates[3] * (level + 1)) / 5;
        VM.prank(address(system));
        _burn.setConfigMulti(m);
    }

    function warp(uint256 seconds_) external {
        VM.warp(block.timestamp + (seconds_ % 3 days));
    }

    function actorCount() external view returns (uint256) {
        return actors.length;
    }

    /// @dev Whether `account` has an order that has neither ended nor been forced out.
    function _live(address account) private view returns (bool) {
        uint256 count = _burn.users(account).orders;
        for (uint256 i; i < count; ++i) {
            IBurn.Order memory order = _burn.orders(_burn.userOrderIndex(account, i));
            if (order.isValid && order.endTime > block.timestamp) return true;
        }
        return false;
    }
}

contract BurnInvariantTest is TestBase {
    BurnSystem internal system;
    BurnHandler internal handler;
    Burn internal burn;

    function setUp() public {
        system = new BurnSystem();
        burn = system.burn();
        handler = new BurnHandler(system);
        targetContract(address(handler));
        bytes4[] memory selectors = new bytes4[](13);
        selectors[0] = BurnHandler.burn.selector;
        selectors[1] = BurnHandler.fund.selector;
        selectors[2] = BurnHandler.claim.selector;
        selectors[3] = BurnHandler.updateUser.selector;
        selectors[4] = BurnHandler.updatePool.selector;
        selectors[5] = BurnHandler.warp.selector;
        selectors[6] = BurnHandler.processExpired.selector;
        selectors[7] = BurnHandler.performUpkeep.selector;
        selectors[8] = BurnHandler.setBlacklist.selector;
        selectors[9] = BurnHandler.setSettings.selector;
        selectors[10] = BurnHandler.setRates.selector;
        selectors[11] = BurnHandler.burn.selector; // orders and claims twice as often
        selectors[12] = BurnHandler.claim.selector;
        targetSelector(FuzzSelector({addr: address(handler), selectors: selectors}));
    }

    /// @dev The handler's actions really run (so the invariants are not checked on a still system).
    function test_handler_actionsRun() public {
        handler.burn(1, 3);
        handler.fund(1 ether);
        handler.warp(600);
        handler.burn(2, 1);
        handler.updatePool();
        handler.updateUser(1);
        handler.claim(1);
        assertEq(burn.totalInfo().totalOrder, 2, "orders");
        assertTrue(burn.users(handler.actors(1)).total > 0, "dividends paid");
        handler.setSettings(0, 3_000, 3, 100, 0); // outDays 1, 1.3x, 4 generations, 1 % fee, batches of 1
        handler.setRates(2_000, 50, 700);
        handler.setBlacklist(1, true);
        handler.burn(2, 2);
        handler.claim(1); // blacklisted: still takes out what it is owed
        handler.warp(700);
        handler.performUpkeep();
        handler.processExpired(5);
        handler.burn(3, 1);
        assertEq(burn.orders(3).isValid, false, "the order that ended was forced out");
        assertEq(burn.getConfig().outDays, 1, "settings changed");
        invariant_promisesKept();
        invariant_paidPlusClaimableWithinFunded();
        invariant_ordersCappedAndForceConsistent();
    }

    /// @dev No order ever receives more than its cap when it was made; force is the sum of the valid orders' values.
    function invariant_ordersCappedAndForceConsistent() public view {
        IBurn.Totals memory totals = burn.totalInfo();
        uint256 force;
        for (uint256 i = 1; i <= totals.totalOrder; ++i) {
            IBurn.Order memory order = burn.orders(i);
            assertLe(order.reward, (order.amount * 20_000) / FeeMath.BPS, "never above the highest cap (2x)");
            assertEq(order.reward + order.rewardSurplus, handler.capOf(i), "reward + surplus = cap when made");
            if (order.isValid) force += order.amount;
        }
        assertEq(totals.totalForce, force, "force");
    }

    /// @dev Dividends paid or claimable never exceed what was funded (community shares and fees): the pool,
    /// what the orders accrued and what was settled add up exactly, and the accrued part is at most 1 wei per
    /// order and per distribution above what the orders can be paid. The contract holds every reserve.
    function invariant_paidPlusClaimableWithinFunded() public view {
        IBurn.Totals memory totals = burn.totalInfo();
        IBurn.Reserves memory reserves = burn.getReserves();
        uint256 funded = handler.community() + handler.gifts();
        assertEq(reserves.pool + reserves.orders + totals.totalReward, funded, "conservation");
        uint256 accrued;
        for (uint256 i = 1; i <= totals.totalOrder; ++i) {
            IBurn.Order memory order = burn.orders(i);
            if (order.isValid) accrued += RewardMath.pending(order.amount, totals.perForce, order.debt);
        }
        assertLe(accrued, reserves.orders, "accrued within what was distributed");
        assertLe(
            reserves.orders - accrued,
            totals.totalOrder + totals.lastIndex,
            "rounding: 1 wei per order and distribution"
        );
        uint256 held = system.usdt().balanceOf(address(burn));
        assertLe(reserves.pool + reserves.orders + reserves.balances + reserves.swap, held, "the contract holds it");
        assertEq(totals.lastBalance, reserves.pool + reserves.orders + reserves.balances + reserves.swap, "accounted");
    }

    /// @dev A claim of what is owed never fails (blacklisted or not); the upkeep runs whenever it says it is due; a
    /// referrer without a live order, or blacklisted, is never credited a direct reward (finding 11).
    function invariant_promisesKept() public view {
        assertEq(handler.owedClaimFailures(), 0, "a claim of a balance reverted");
        assertEq(handler.upkeepFailures(), 0, "performUpkeep reverted while due");
        assertEq(handler.deadReferrerCredits(), 0, "a referrer without a live order earned");
    }
}
