// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {IBurn} from "../interfaces/IBurn.sol";
import {IPriceOracle} from "../interfaces/IPriceOracle.sol";
import {IToken} from "../interfaces/IToken.sol";
import {IUniswapV2Router02} from "../interfaces/external/IUniswapV2Router02.sol";
import {FeeMath} from "./FeeMath.sol";

/// @title {Burn}'s cold paths: the bounds of its settings, rates and addresses, and the BNB payment
/// @notice One home for what `setConfig`/`setConfigMulti`/`setAddresses` (and `initialize`) accept: each value
/// within its bound, team rates non-decreasing and at most the team share, everything an order pays out at most its
/// value; and the swap of a BNB payment. Linked (DELEGATECALL on Burn's storage and balance: its code is outside
/// Burn's 24 KB); the errors are {IBurn}'s, so they decode with Burn's ABI.
library BurnLib {
    using SafeERC20 for IERC20;

    uint256 internal constant MAX_ALGEBRA = 8;
    uint256 internal constant MAX_HANDLE = 200;
    uint256 internal constant MAX_FEE_RATE = 1_000;
    uint256 internal constant MAX_SWAP_RATE = 5_000;
    uint256 internal constant MIN_REWARD_RATE = 10_000;
    uint256 internal constant MAX_REWARD_RATE = 20_000;
    uint256 internal constant MAX_OUT_DAYS = 365;
    uint256 internal constant MIN_DAY_TIMES = 60;
    uint256 internal constant MAX_DAY_TIMES = 7 days;
    uint256 internal constant MAX_BURN_EVERY = 1e24;
    uint256 internal constant MAX_SLIPPAGE = 1_000;
    uint256 internal constant MAX_LEVEL = 5;

    /// @notice Reverts unless `s` is within bounds and, with the rates `m` in force, an order never pays out more
    /// than its value.
    function checkSettings(IBurn.Settings calldata s, IBurn.ConfigMulti storage m) external view {
        check(s.dayTimes, MIN_DAY_TIMES, MAX_DAY_TIMES);
        check(s.algebra, 1, MAX_ALGEBRA);
        check(s.feeRate, 0, MAX_FEE_RATE);
        check(s.handleGas, 1, MAX_HANDLE);
        check(s.swapRate, 0, MAX_SWAP_RATE);
        check(s.burnEvery, 1, MAX_BURN_EVERY);
        check(s.rewardRate, MIN_REWARD_RATE, MAX_REWARD_RATE);
        check(s.outDays, 1, MAX_OUT_DAYS);
        _checkShares(m.burnRates, s.algebra, s.swapRate);
    }

    /// @notice Reverts unless `m` is within bounds and, with the settings `s` in force, an order never pays out
    /// more than its value.
    function checkMulti(IBurn.ConfigMulti calldata m, IBurn.Settings storage s) external view {
        check(m.slippage, 0, MAX_SLIPPAGE);
        for (uint256 level = 1; level < MAX_LEVEL; ++level) {
            if (m.teamRates[level] < m.teamRates[level - 1]) revert IBurn.BurnTeamRatesNotIncreasing(level + 1);
        }
        check(m.teamRates[MAX_LEVEL - 1], 0, m.burnRates[3]);
        _checkShares(m.burnRates, s.algebra, s.swapRate);
    }

    /// @notice Reverts unless every address Burn needs is set and `usdt` is the one already set (if any).
    function checkAddresses(IBurn.Addresses calldata a, address usdt) external pure {
        address[8] memory required = [a.main, a.usdt, a.token, a.router, a.nexOracle, a.bnbOracle, a.nft, a.market];
        for (uint256 i; i < required.length; ++i) {
            if (required[i] == address(0)) revert IBurn.BurnInvalidAddress(address(0));
        }
        if (usdt != address(0) && a.usdt != usdt) revert IBurn.BurnInvalidAddress(a.usdt);
    }

    /// @notice Swaps a BNB payment of `amount` (the call's value) to at least `value` USDT and no less than its TWAP
    /// value less `slippage`; the USDT above `value` goes back to the payer.
    function payBnb(IBurn.Addresses storage a, uint256 amount, uint256 value, uint256 slippage) external {
        if (msg.value != amount) revert IBurn.BurnValueMismatch(msg.value, amount);
        IUniswapV2Router02 router = IUniswapV2Router02(a.router);
        IPriceOracle oracle = IPriceOracle(a.bnbOracle);
        address wbnb = router.WETH();
        oracle.update();
        uint256 twap = oracle.consult(wbnb, amount);
        if (twap < value) revert IBurn.BurnPaymentTooLow(twap, value);
        uint256 floor = twap - FeeMath.bps(twap, slippage);
        IERC20 usdt = IERC20(a.usdt);
        address[] memory path = new address[](2);
        path[0] = wbnb;
        path[1] = address(usdt);
        uint256 before = usdt.balanceOf(address(this));
        router.swapExactETHForTokens{value: amount}(
            floor > value ? floor : value,
            path,
            address(this),
            block.timestamp
        );
        uint256 refund = usdt.balanceOf(address(this)) - before - value;
        if (refund != 0) usdt.safeTransfer(msg.sender, refund);
    }

    /// @notice Lets the token take `amount` USDT to buy NEX at no worse than its TWAP less its slippage and burn it
    /// (`IToken.swapBurn`); false, with no allowance left, when the buy did not pass.
    function swapBurn(address token, address usdt, uint256 amount) external returns (bool) {
        IERC20(usdt).forceApprove(token, amount);
        try IToken(token).swapBurn(amount) {
            return true;
        } catch {
            IERC20(usdt).forceApprove(token, 0);
            return false;
        }
    }

    /// @notice Reverts with {IBurn-BurnValueOutOfBounds} unless `min <= value <= max`.
    function check(uint256 value, uint256 min, uint256 max) internal pure {
        if (value < min || value > max) revert IBurn.BurnValueOutOfBounds(value, min, max);
    }

    /// @dev Everything an order pays out never exceeds its value. A fresh deployment checks the settings before
    /// the rates are set (`algebra` then multiplies zero).
    function _checkShares(uint256[5] memory r, uint256 algebra, uint256 swapRate) private pure {
        uint256 indirect = algebra > 1 ? r[2] * (algebra - 1) : 0;
        FeeMath.checkRate(r[0] + r[1] + indirect + r[3] + r[4] + swapRate, FeeMath.BPS);
    }
}
