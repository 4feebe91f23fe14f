// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {IToken} from "../interfaces/IToken.sol";
import {IUniswapV2Callee} from "../interfaces/external/IUniswapV2Callee.sol";
import {IUniswapV2Pair} from "../interfaces/external/IUniswapV2Pair.sol";
import {IUniswapV2Router02} from "../interfaces/external/IUniswapV2Router02.sol";

/// @dev Test-only attacker: flash-borrows NEX from a second pair (NEX/WBNB), dumps it into NEX/USDT to move the
/// spot price, then calls every token function that pays by price, records what they paid, buys back and repays.
contract FlashAttacker is IUniswapV2Callee {
    IToken private immutable _token;
    IERC20 private immutable _usdt;
    IUniswapV2Router02 private immutable _router;
    IUniswapV2Pair private immutable _flashPair;
    address private immutable _market;

    uint256 public spotDuring;
    uint256 public swapValueDuring;
    uint256 public swapTokensDuring;
    bool public transSucceeded;
    uint256 public transPaid;
    uint256 public transTwapValue;
    bool public liquifySucceeded;
    bool public swapBurnSucceeded;
    uint256 public swapBurnTokens;
    uint256 public swapBurnTwapTokens;

    constructor(IToken token, IERC20 usdt, IUniswapV2Router02 router, IUniswapV2Pair flashPair, address market) {
        _token = token;
        _usdt = usdt;
        _router = router;
        _flashPair = flashPair;
        _market = market;
        IERC20(address(token)).approve(address(router), type(uint256).max);
        usdt.approve(address(router), type(uint256).max);
        usdt.approve(address(token), type(uint256).max);
    }

    function attack(uint256 borrow) external {
        bool nexIsToken0 = _flashPair.token0() == address(_token);
        _flashPair.swap(nexIsToken0 ? borrow : 0, nexIsToken0 ? 0 : borrow, address(this), abi.encode(borrow));
    }

    function uniswapV2Call(address, uint256, uint256, bytes calldata data) external {
        uint256 borrow = abi.decode(data, (uint256));
        _swap(address(_token), address(_usdt), borrow); // dump: the NEX spot price falls
        spotDuring = _token.getPrice();
        swapValueDuring = _token.getSwapValue(1 ether);
        swapTokensDuring = _token.getSwapTokens(0.1 ether);

        (, uint256 trans, ) = _token.getSwapBalances();
        transTwapValue = _token.getSwapValue(trans);
        uint256 marketBefore = _usdt.balanceOf(_market);
        try _token.swapAndTrans() {
            transSucceeded = true;
            transPaid = _usdt.balanceOf(_market) - marketBefore;
        } catch {}
        try _token.swapAndLiquify() {
            liquifySucceeded = true;
        } catch {}
        uint256 usdtIn = 100 ether;
        swapBurnTwapTokens = _token.getSwapTokens(usdtIn);
        uint256 burnedBefore = _token.getInfo().burnAmount;
        try _token.swapBurn(usdtIn) {
            swapBurnSucceeded = true;
            swapBurnTokens = _token.getInfo().burnAmount - burnedBefore;
        } catch {}

        _swap(address(_usdt), address(_token), _usdt.balanceOf(address(this))); // buy back
        uint256 repay = (borrow * 1000) / 997 + 1;
        IERC20(address(_token)).transfer(address(_flashPair), repay);
    }

    function _swap(address tokenIn, address tokenOut, uint256 amount) private {
        address[] memory path = new address[](2);
        path[0] = tokenIn;
        path[1] = tokenOut;
        _router.swapExactTokensForTokensSupportingFeeOnTransferTokens(amount, 0, path, address(this), block.timestamp);
    }
}

/// @dev Test-only attacker: buys NEX, calls burnPool and sells straight into the pair, all in one transaction.
contract BurnSellAttacker {
    IToken private immutable _token;
    IERC20 private immutable _usdt;
    IUniswapV2Router02 private immutable _router;
    IUniswapV2Pair private immutable _pair;

    constructor(IToken token, IERC20 usdt, IUniswapV2Router02 router, IUniswapV2Pair pair) {
        _token = token;
        _usdt = usdt;
        _router = router;
        _pair = pair;
        usdt.approve(address(router), type(uint256).max);
    }

    /// @dev `sellNow`: sell in the same transaction (must revert); otherwise only buy + burnPool.
    function attack(uint256 usdtIn, bool sellNow) external {
        address[] memory path = new address[](2);
        path[0] = address(_usdt);
        path[1] = address(_token);
        _router.swapExactTokensForTokensSupportingFeeOnTransferTokens(usdtIn, 0, path, address(this), block.timestamp);
        _token.burnPool();
        if (sellNow) sellAll();
    }

    /// @dev Sells every NEX held straight into the pair (no router, so the token's own error surfaces).
    function sellAll() public {
        IERC20 nex = IERC20(address(_token));
        uint256 amount = nex.balanceOf(address(this));
        nex.transfer(address(_pair), amount);
        (uint112 reserve0, uint112 reserve1, ) = _pair.getReserves();
        bool nexIs0 = _pair.token0() == address(_token);
        (uint256 reserveIn, uint256 reserveOut) = nexIs0 ? (reserve0, reserve1) : (reserve1, reserve0);
        uint256 amountIn = nex.balanceOf(address(_pair)) - reserveIn;
        uint256 out = (amountIn * 997 * reserveOut) / (reserveIn * 1000 + amountIn * 997);
        _pair.swap(nexIs0 ? 0 : out, nexIs0 ? out : 0, address(this), "");
    }
}
