// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {Token} from "../contracts/Token.sol";
import {IToken} from "../contracts/interfaces/IToken.sol";
import {IUniswapV2Pair} from "../contracts/interfaces/external/IUniswapV2Pair.sol";
import {IUniswapV2Router02} from "../contracts/interfaces/external/IUniswapV2Router02.sol";
import {FeeMath} from "../contracts/libraries/FeeMath.sol";
import {LocalUSDT} from "../contracts/local/LocalUSDT.sol";
import {Dex} from "./utils/Dex.sol";
import {FuzzSelector, TestBase, Vm} from "./utils/Vm.sol";

/// @dev The token with the local defaults, the real DEX and 1,000,000 NEX / 100,000 USDT of liquidity.
abstract contract TokenSetup is TestBase {
    address internal constant MARKET = address(0x3a7e);
    uint256 internal constant WINDOW = 300;

    Token internal token;
    LocalUSDT internal usdt;
    IUniswapV2Router02 internal router;
    IUniswapV2Pair internal pair;

    function _deploy() internal {
        vm.warp(1_700_000_000);
        (, address routerAddress, ) = Dex.deploy();
        router = IUniswapV2Router02(routerAddress);
        usdt = new LocalUSDT(address(this));
        token = new Token(
            address(this),
            address(this),
            address(usdt),
            routerAddress,
            IToken.ConfigMulti({
                burnRate: 20,
                nftShare: 4_000,
                burnShare: 3_000,
                swapSlippage: 100,
                oracleWindow: WINDOW
            })
        );
        token.setConfig(
            IToken.Settings({
                openTime: 1,
                buyRate: 300,
                addPoolRate: 100,
                feeUSDT: 200,
                feeNex: 200,
                autoSwapMin: 1_000 ether,
                burnTime: 3_600,
                burnMin: 100_000 ether,
                dividendGas: 300_000,
                burnReward: 0,
                sendMin: 10 ether,
                whiteTime: 0,
                market: MARKET,
                burn: address(0),
                nft: address(0),
                ido: address(0)
            })
        );
        pair = IUniswapV2Pair(token.getConfig().swapPair);
        usdt.mint(address(this), 100_000_000 ether);
        usdt.approve(routerAddress, type(uint256).max);
        token.approve(routerAddress, type(uint256).max);
        router.addLiquidity(
            address(token),
            address(usdt),
            1_000_000 ether,
            100_000 ether,
            0,
            0,
            address(this),
            block.timestamp
        );
        token.updatePrice();
    }

    function _reserves() internal view returns (uint256 nex, uint256 stable) {
        (uint112 reserve0, uint112 reserve1, ) = pair.getReserves();
        return pair.token0() == address(token) ? (reserve0, reserve1) : (reserve1, reserve0);
    }

    function _path(address a, address b) internal pure returns (address[] memory path) {
        path = new address[](2);
        path[0] = a;
        path[1] = b;
    }
}

contract TokenFuzzTest is TokenSetup {
    address internal constant BUYER = address(0xb0b);

    function setUp() public {
        _deploy();
        usdt.transfer(BUYER, 10_000_000 ether);
        vm.startPrank(BUYER);
        usdt.approve(address(router), type(uint256).max);
        token.approve(address(router), type(uint256).max);
        vm.stopPrank();
    }

    function testFuzz_feeMath_split(uint256 amount, uint256 rate) public pure {
        amount = bound(amount, 0, type(uint256).max / FeeMath.BPS);
        rate = bound(rate, 0, FeeMath.BPS);
        (uint256 fee, uint256 rest) = FeeMath.split(amount, rate);
        assertEq(fee + rest, amount, "fee + rest");
        assertLe(fee * FeeMath.BPS, amount * rate, "rounded down");
        assertGe((fee + 1) * FeeMath.BPS, amount * rate + 1, "by less than one unit");
    }

    function testFuzz_feeMath_rejectsRateAboveBps(uint256 rate) public {
        rate = bound(rate, FeeMath.BPS + 1, type(uint256).max);
        vm.expectRevert(abi.encodeWithSelector(FeeMath.FeeMathRateTooHigh.selector, rate, FeeMath.BPS));
        this.bpsExternal(1, rate);
    }

    function bpsExternal(uint256 amount, uint256 rate) external pure returns (uint256) {
        return FeeMath.bps(amount, rate);
    }

    function testFuzz_buy_takesBuyRate(uint256 usdtIn) public {
        usdtIn = bound(usdtIn, 1e12, 50_000 ether);
        (uint256 nexBefore, ) = _reserves();
        vm.prank(BUYER);
        router.swapExactTokensForTokensSupportingFeeOnTransferTokens(
            usdtIn,
            1,
            _path(address(usdt), address(token)),
            BUYER,
            block.timestamp
        );
        (uint256 nexAfter, ) = _reserves();
        uint256 sent = nexBefore - nexAfter;
        (, uint256 trans, ) = token.getSwapBalances();
        assertEq(trans, FeeMath.bps(sent, 300), "buy fee");
        assertEq(token.balanceOf(BUYER), sent - trans, "received");
    }

    function testFuzz_sell_splitsFees(uint256 amount) public {
        amount = bound(amount, 1e9, 100_000 ether);
        token.transfer(BUYER, amount); // from the exempt holder: no fee
        uint256 pairBefore = token.balanceOf(address(pair));
        uint256 marketBefore = token.balanceOf(MARKET);
        vm.prank(BUYER);
        router.swapExactTokensForTokensSupportingFeeOnTransferTokens(
            amount,
            0,
            _path(address(token), address(usdt)),
            BUYER,
            block.timestamp
        );
        (uint256 liquidity, uint256 trans, ) = token.getSwapBalances();
        uint256 nexFee = token.balanceOf(MARKET) - marketBefore;
        assertEq(liquidity, FeeMath.bps(amount, 100), "liquidity fee");
        assertEq(trans, FeeMath.bps(amount, 200), "trans fee");
        assertEq(nexFee, FeeMath.bps(amount, 200), "nex fee");
        assertEq(token.balanceOf(address(pair)) - pairBefore, amount - liquidity - trans - nexFee, "into the pair");
    }

    function testFuzz_swapValue_isTheReservePriceWithoutTrades(uint256 amount, uint256 elapsed) public {
        amount = bound(amount, 0, 1e30);
        elapsed = bound(elapsed, WINDOW, 30 days);
        vm.warp(block.timestamp + elapsed);
        (uint256 nex, uint256 stable) = _reserves();
        uint256 exact = (amount * stable) / nex;
        uint256 value = token.getSwapValue(amount);
        assertLe(value, exact, "never above the reserve price");
        assertLe(exact - value, 1 + (amount >> 100), "UQ112x112 precision");
        uint256 tokens = token.getSwapTokens(amount);
        assertLe(tokens, (amount * nex) / stable, "USDT -> NEX");
        assertEq(token.getPrice(), (1 ether * stable) / nex, "spot");
    }

    function testFuzz_swapValue_unmovedByATradeInTheSameBlock(uint256 usdtIn, uint256 elapsed) public {
        usdtIn = bound(usdtIn, 1 ether, 5_000_000 ether);
        elapsed = bound(elapsed, WINDOW, 7 days);
        vm.warp(block.timestamp + elapsed);
        uint256 before = token.getSwapValue(1 ether);
        uint256 spotBefore = token.getPrice();
        vm.prank(BUYER);
        router.swapExactTokensForTokensSupportingFeeOnTransferTokens(
            usdtIn,
            1,
            _path(address(usdt), address(token)),
            BUYER,
            block.timestamp
        );
        assertTrue(token.getPrice() > spotBefore, "spot moved");
        assertEq(token.getSwapValue(1 ether), before, "TWAP did not");
    }

    function testFuzz_swapValue_revertsBeforeOneWindow(uint256 elapsed) public {
        elapsed = bound(elapsed, 0, WINDOW - 1);
        Token fresh = new Token(
            address(this),
            address(this),
            address(new LocalUSDT(address(this))),
            address(router),
            token.getConfigMulti()
        );
        vm.warp(block.timestamp + elapsed);
        vm.expectRevert();
        fresh.getSwapValue(1 ether);
    }
}

/// @dev Random sequences of trades, transfers, keeper calls and time; records any reserve-product decrease
/// caused by a function that is not a swap.
contract TokenHandler {
    Vm internal constant VM = Vm(address(uint160(uint256(keccak256("hevm cheat code")))));

    Token internal immutable _token;
    IERC20 internal immutable _usdt;
    IUniswapV2Router02 internal immutable _router;
    IUniswapV2Pair internal immutable _pair;
    address[] public actors;
    uint256 public violations;
    uint256 public calls;

    constructor(Token token, IERC20 usdt, IUniswapV2Router02 router, IUniswapV2Pair pair, address[] memory actors_) {
        _token = token;
        _usdt = usdt;
        _router = router;
        _pair = pair;
        actors = actors_;
    }

    function buy(uint256 actorSeed, uint256 amount) external {
        address actor = _actor(actorSeed);
        amount = 1e12 + (amount % 20_000 ether);
        VM.prank(actor);
        try
            _router.swapExactTokensForTokensSupportingFeeOnTransferTokens(
                amount,
                0,
                _path(true),
                actor,
                block.timestamp
            )
        {} catch {}
        ++calls;
    }

    function sell(uint256 actorSeed, uint256 share) external {
        address actor = _actor(actorSeed);
        uint256 amount = (_token.balanceOf(actor) * (share % 101)) / 100;
        VM.prank(actor);
        try
            _router.swapExactTokensForTokensSupportingFeeOnTransferTokens(
                amount,
                0,
                _path(false),
                actor,
                block.timestamp
            )
        {} catch {}
        ++calls;
    }

    function transfer(uint256 fromSeed, uint256 toSeed, uint256 share) external {
        address from = _actor(fromSeed);
        address to = toSeed % 7 == 0 ? address(_pair) : _actor(toSeed);
        uint256 amount = (_token.balanceOf(from) * (share % 101)) / 100;
        uint256 k = _k();
        VM.prank(from);
        try _token.transfer(to, amount) {} catch {}
        if (_k() < k) ++violations;
        ++calls;
    }

    function transferFrom(uint256 fromSeed, uint256 toSeed, uint256 share) external {
        address from = _actor(fromSeed);
        address to = _actor(toSeed);
        uint256 amount = (_token.balanceOf(from) * (share % 101)) / 100;
        uint256 k = _k();
        VM.prank(from);
        _token.approve(address(this), amount);
        try _token.transferFrom(from, to, amount) {} catch {}
        if (_k() < k) ++violations;
        ++calls;
    }

    function updatePrice() external {
        uint256 k = _k();
        _token.updatePrice();
        if (_k() < k) ++violations;
        ++calls;
    }

    function keeper(uint256 which) external {
        if (which % 3 == 0) {
            try _token.swapAndTrans() {} catch {}
        } else if (which % 3 == 1) {
            try _token.swapAndLiquify() {} catch {}
        } else {
            (uint256 nexBefore, ) = _reserves();
            try _token.burnPool() {
                (uint256 nexAfter, ) = _reserves();
                // the pool burn is bounded: at most burnRate of the NEX reserve
                if (nexBefore - nexAfter > (nexBefore * _token.getConfigMulti().burnRate) / 10_000 + 1) ++violations;
            } catch {}
        }
        ++calls;
    }

    function warp(uint256 seconds_) external {
        VM.warp(block.timestamp + (seconds_ % 2 hours));
        VM.roll(block.number + 1);
        ++calls;
    }

    function actorCount() external view returns (uint256) {
        return actors.length;
    }

    function _k() private view returns (uint256) {
        (uint112 reserve0, uint112 reserve1, ) = _pair.getReserves();
        return uint256(reserve0) * reserve1;
    }

    function _reserves() private view returns (uint256 nex, uint256 stable) {
        (uint112 reserve0, uint112 reserve1, ) = _pair.getReserves();
        return _pair.token0() == address(_token) ? (reserve0, reserve1) : (reserve1, reserve0);
    }

    function _actor(uint256 seed) private view returns (address) {
        return actors[seed % actors.length];
    }

    function _path(bool isBuy) private view returns (address[] memory path) {
        path = new address[](2);
        (path[0], path[1]) = isBuy ? (address(_usdt), address(_token)) : (address(_token), address(_usdt));
    }
}

contract TokenInvariantTest is TokenSetup {
    TokenHandler internal handler;

    function setUp() public {
        _deploy();
        address[] memory actors = new address[](4);
        for (uint256 i; i < actors.length; ++i) {
            actors[i] = address(uint160(0xa000 + i));
            usdt.transfer(actors[i], 1_000_000 ether);
            vm.startPrank(actors[i]);
            usdt.approve(address(router), type(uint256).max);
            token.approve(address(router), type(uint256).max);
            vm.stopPrank();
        }
        handler = new TokenHandler(token, usdt, router, pair, actors);
        targetContract(address(handler));
        bytes4[] memory selectors = new bytes4[](7);
        selectors[0] = TokenHandler.buy.selector;
        selectors[1] = TokenHandler.sell.selector;
        selectors[2] = TokenHandler.transfer.selector;
        selectors[3] = TokenHandler.transferFrom.selector;
        selectors[4] = TokenHandler.updatePrice.selector;
        selectors[5] = TokenHandler.keeper.selector;
        selectors[6] = TokenHandler.warp.selector;
        targetSelector(FuzzSelector({addr: address(handler), selectors: selectors}));
    }

    function invariant_balancesSumToTotalSupply() public view {
        uint256 sum =
            token.balanceOf(address(this)) +
                token.balanceOf(address(pair)) +
                token.balanceOf(address(token)) +
                token.balanceOf(token.DEAD()) +
                token.balanceOf(MARKET) +
                token.balanceOf(address(handler)) +
                token.balanceOf(token.getConfig().distributor);
        for (uint256 i; i < handler.actorCount(); ++i) sum += token.balanceOf(handler.actors(i));
        assertEq(sum, token.totalSupply(), "sum of balances");
        (uint256 liquidity, uint256 trans, uint256 burnFee) = token.getSwapBalances();
        assertLe(liquidity + trans + burnFee, token.balanceOf(address(token)), "kept NEX is held");
    }

    function invariant_nonSwapFunctionsNeverReduceTheReserveProduct() public view {
        assertEq(handler.violations(), 0, "reserve product reduced");
    }
}
