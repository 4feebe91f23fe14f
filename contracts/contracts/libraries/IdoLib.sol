// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IERC1155} from "@openzeppelin/contracts/token/ERC1155/IERC1155.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {SafeCast} from "@openzeppelin/contracts/utils/math/SafeCast.sol";
import {IBurn} from "../interfaces/IBurn.sol";
import {IIdo} from "../interfaces/IIdo.sol";
import {ILog} from "../interfaces/ILog.sol";
import {INft} from "../interfaces/INft.sol";
import {IPriceOracle} from "../interfaces/IPriceOracle.sol";
import {IUniswapV2Pair} from "../interfaces/external/IUniswapV2Pair.sol";
import {IUniswapV2Router02} from "../interfaces/external/IUniswapV2Router02.sol";
import {IWBNB} from "../interfaces/external/IWBNB.sol";
import {Bounds} from "./Bounds.sol";
import {FeeMath} from "./FeeMath.sol";
import {LogCodes} from "./LogCodes.sol";

/// @dev The router's quote of one swap at given reserves (UniswapV2Router02 and PancakeRouter: each with its DEX's fee).
interface IRouterQuote {
    function getAmountOut(uint256 amountIn, uint256 reserveIn, uint256 reserveOut) external pure returns (uint256);
}

/// @title IdoLib: Ido's packed records and its cold paths, linked outside Ido's 24 KB
/// @notice Ido's settings, rounds, accounts and totals are packed (the fields a mint reads or writes share slots);
/// the owner's setters, the BNB swap, the forwarding of a Burn order and the synthesis run here (`DELEGATECALL`,
/// Ido's storage and Ido's events), so that Ido's own code, the mint paths, fits the 24,576-byte limit.
library IdoLib {
    using SafeERC20 for IERC20;

    uint256 internal constant MAX_REWARD_RATES = 3_000;
    uint256 internal constant MIN_DAY_TIMES = 60;
    uint256 internal constant MAX_DAY_TIMES = 7 days;
    uint256 internal constant MAX_ROUND_COOL = 30 days;
    uint256 internal constant MAX_ROUND_TIME = 365 days;
    uint256 internal constant MAX_HECHENG = 100;
    uint256 internal constant MAX_RELEASE_DAYS = 3_650;
    uint256 internal constant MAX_KEYS_PER_UNIT = 100;
    uint256 internal constant MAX_SLIPPAGE = 1_000;
    /// @dev How far ahead a first `claimStart` may be set once NEX is sold.
    uint256 private constant MAX_CLAIM_DELAY = 365 days;

    /// @dev {IIdo-Settings} in two slots: the first holds everything a mint reads (and the current round), the second
    /// the rest.
    struct SettingsRecord {
        uint64 userMax;
        uint32 roundTime;
        uint32 roundCool;
        uint32 keyId;
        uint16 directRate;
        uint16 indirectRate;
        uint16 keysPerUnit;
        uint16 slippage;
        bool whiteOnly;
        uint24 round; // the current round (not a setting: `setSettings` leaves it; Ido's `_sync` moves it)
        uint40 claimStart;
        uint32 dayTimes;
        uint32 cardId;
        uint16 releaseDays;
        uint16 hecheng;
    }

    /// @dev A round in two slots: its counts and times (read by every mint, `idoTotal` written), its prices.
    struct RoundRecord {
        uint64 idoMax;
        uint64 idoTotal;
        uint40 startTime;
        uint40 soldOutTime;
        uint128 idoAmount;
        uint128 idoTokens;
    }

    /// @dev An account in four slots: everything a USDT mint writes (the USDT paid, the NEX credited, counts and
    /// keys: a mint writes one slot, and a first mint creates one); the NEX claimed (a mint reads it, a claim writes
    /// it) with the NEX paid (a NEX mint writes it) and the units bought in the latest round the account bought in
    /// (every mint reads and writes them; the units of its earlier rounds are in Ido's `_userRounds`); its USDT and
    /// its NEX referral rewards. It exists once it has bought (`counts != 0`). `tokens` is at most NEX's fixed supply
    /// (21 million, below 2**96) and `amount` 96 bits (79 billion USDT); `tokens` is checked, the counts and `amount`
    /// (informational) saturate. `claimed` is at most `tokens`; `amountNEX` (96 bits, 79 billion NEX paid in all),
    /// `round` (24 bits, as the settings' round) and `units` (40 bits, a trillion units in one round) are checked.
    struct UserRecord {
        uint96 amount;
        uint96 tokens;
        uint32 counts;
        uint32 nfts;
        uint96 claimed;
        uint96 amountNEX;
        uint24 round;
        uint40 units;
        uint128 rewardDirect;
        uint128 rewardIndirect;
        uint128 rewardDirectNEX;
        uint128 rewardIndirectNEX;
    }

    /// @dev The totals in three slots: the counts with the USDT paid (a USDT mint writes two slots: this one and
    /// `totalTokens`); `totalClaimed` next to `totalTokens` (a mint reads both: what is owed); the NEX paid.
    /// The counts and `totalAmount` (96 bits, 79 billion USDT) only inform: they saturate at their maxima.
    struct TotalsRecord {
        uint32 totalUser;
        uint64 totalIDO;
        uint64 totalNFT;
        uint96 totalAmount;
        uint128 totalTokens;
        uint128 totalClaimed;
        uint256 totalNexus;
    }

    /// @notice Checks `s` against its bounds (and, once NEX is `sold`, that its vesting only gets faster), stores
    /// it packed and emits {IIdo-ConfigUpdated}.
    function setSettings(SettingsRecord storage r, IIdo.Settings calldata s, bool sold) external {
        Bounds.check("dayTimes", s.dayTimes, MIN_DAY_TIMES, MAX_DAY_TIMES);
        Bounds.check("directRate", s.directRate + s.indirectRate, 0, MAX_REWARD_RATES);
        Bounds.check("roundCool", s.roundCool, 0, MAX_ROUND_COOL);
        Bounds.check("hecheng", s.hecheng, 1, MAX_HECHENG);
        Bounds.check("roundTime", s.roundTime, 0, MAX_ROUND_TIME);
        Bounds.check("releaseDays", s.releaseDays, 0, MAX_RELEASE_DAYS);
        Bounds.check("keysPerUnit", s.keysPerUnit, 0, MAX_KEYS_PER_UNIT);
        Bounds.check("slippage", s.slippage, 0, MAX_SLIPPAGE);
        if (sold) _checkVesting(r, s);
        Bounds.check("userMax", s.userMax, 0, type(uint64).max);
        Bounds.check("claimStart", s.claimStart, 0, type(uint40).max);
        Bounds.check("keyId", s.keyId, 0, type(uint32).max);
        Bounds.check("cardId", s.cardId, 0, type(uint32).max);
        r.userMax = uint64(s.userMax);
        r.roundTime = uint32(s.roundTime);
        r.roundCool = uint32(s.roundCool);
        r.keyId = uint32(s.keyId);
        r.directRate = uint16(s.directRate);
        r.indirectRate = uint16(s.indirectRate);
        r.keysPerUnit = uint16(s.keysPerUnit);
        r.slippage = uint16(s.slippage);
        r.whiteOnly = s.whiteOnly;
        r.claimStart = uint40(s.claimStart);
        r.dayTimes = uint32(s.dayTimes);
        r.cardId = uint32(s.cardId);
        r.releaseDays = uint16(s.releaseDays);
        r.hecheng = uint16(s.hecheng);
        emit IIdo.ConfigUpdated(s);
    }

    /// @dev Once NEX is sold, the vesting that applies to it may only get faster (issue 19): no later (or unset)
    /// `claimStart`, no longer `dayTimes`, no more `releaseDays`; a first `claimStart` at most a year ahead.
    function _checkVesting(SettingsRecord storage old, IIdo.Settings calldata s) private view {
        uint256 start = old.claimStart;
        if (start != 0) Bounds.check("claimStart", s.claimStart, 1, start);
        else Bounds.check("claimStart", s.claimStart, 0, block.timestamp + MAX_CLAIM_DELAY);
        Bounds.check("dayTimes", s.dayTimes, MIN_DAY_TIMES, old.dayTimes);
        Bounds.check("releaseDays", s.releaseDays, 0, old.releaseDays);
    }

    /// @notice The settings as {IIdo-Settings}.
    function settingsOf(SettingsRecord storage r) external view returns (IIdo.Settings memory) {
        return
            IIdo.Settings({
                dayTimes: r.dayTimes,
                directRate: r.directRate,
                indirectRate: r.indirectRate,
                userMax: r.userMax,
                roundCool: r.roundCool,
                hecheng: r.hecheng,
                roundTime: r.roundTime,
                claimStart: r.claimStart,
                releaseDays: r.releaseDays,
                keysPerUnit: r.keysPerUnit,
                keyId: r.keyId,
                cardId: r.cardId,
                slippage: r.slippage,
                whiteOnly: r.whiteOnly
            });
    }

    /// @notice Checks that every address Ido needs is set and NEX is the one already set (if any), stores `a` and
    /// emits {IIdo-AddressesUpdated}.
    function setAddresses(IIdo.Addresses storage stored, IIdo.Addresses calldata a) external {
        address[7] memory required = [a.main, a.usdt, a.token, a.router, a.nexOracle, a.bnbOracle, a.nft];
        for (uint256 i; i < required.length; ++i) {
            if (required[i] == address(0)) revert IIdo.IdoInvalidAddress(address(0));
        }
        if (stored.token != address(0) && a.token != stored.token) revert IIdo.IdoInvalidAddress(a.token);
        stored.main = a.main;
        stored.usdt = a.usdt;
        stored.token = a.token;
        stored.router = a.router;
        stored.nexOracle = a.nexOracle;
        stored.bnbOracle = a.bnbOracle;
        stored.nft = a.nft;
        stored.burn = a.burn;
        stored.treasury = a.treasury;
        stored.log = a.log;
        emit IIdo.AddressesUpdated(a);
    }

    /// @notice Stores round `index`'s terms (checked by Ido) and emits {IIdo-IdoSet}.
    function setRound(
        RoundRecord storage r,
        uint256 index,
        uint256 idoMax,
        uint256 idoAmount,
        uint256 idoTokens,
        uint256 startTime
    ) external {
        if (idoMax == 0 || idoAmount == 0 || startTime == 0) revert IIdo.IdoInvalidRound(idoMax, idoAmount, startTime);
        r.idoMax = SafeCast.toUint64(idoMax);
        r.idoAmount = SafeCast.toUint128(idoAmount);
        r.idoTokens = SafeCast.toUint128(idoTokens);
        r.startTime = SafeCast.toUint40(startTime);
        emit IIdo.IdoSet(index, idoMax, idoAmount, idoTokens, startTime);
    }

    /// @notice The account's record as {IIdo-User}.
    function userOf(UserRecord storage u) external view returns (IIdo.User memory) {
        return
            IIdo.User({
                isExist: u.counts != 0,
                counts: u.counts,
                amount: u.amount,
                amountNEX: u.amountNEX,
                tokens: u.tokens,
                balance: u.tokens - u.claimed,
                nfts: u.nfts,
                rewardDirect: u.rewardDirect,
                rewardIndirect: u.rewardIndirect,
                rewardDirectNEX: u.rewardDirectNEX,
                rewardIndirectNEX: u.rewardIndirectNEX
            });
    }

    /// @notice The totals as {IIdo-Totals}.
    function totalsOf(TotalsRecord storage t) external view returns (IIdo.Totals memory) {
        return
            IIdo.Totals({
                totalUser: t.totalUser,
                totalIDO: t.totalIDO,
                totalAmount: t.totalAmount,
                totalTokens: t.totalTokens,
                totalNexus: t.totalNexus,
                totalNFT: t.totalNFT
            });
    }

    /// @notice Swaps all of `amountBnb` (Ido's balance, the call's value) to USDT in the BNB oracle's pair: at least
    /// `price` and no less than its BNB TWAP value less `slippage`; returns the USDT received.
    /// @dev The router's swap, without the router: the output is the router's own quote (`getAmountOut`, its fee)
    /// at the pair's reserves, refused below the minimum before anything moves (as the router's `amountOutMin`),
    /// and what arrived is measured and held to the same minimum. The oracle's `update` has read the pair, so the
    /// swap finds it warm. The pair's tokens are in address order (its factory sorts them); a pair of other tokens
    /// delivers no USDT and is refused by the measured minimum.
    function swapBnb(
        IIdo.Addresses storage a,
        uint256 amountBnb,
        uint256 price,
        uint256 slippage
    ) external returns (uint256 received) {
        IPriceOracle oracle = IPriceOracle(a.bnbOracle);
        oracle.update();
        IUniswapV2Router02 router = IUniswapV2Router02(a.router);
        address wbnb = router.WETH();
        uint256 twap = oracle.consult(wbnb, amountBnb);
        if (twap < price) revert IIdo.IdoPaymentTooLow(twap, price);
        uint256 floor = twap - FeeMath.bps(twap, slippage);
        received = _swapInPair(
            IUniswapV2Pair(oracle.pair()),
            address(router),
            wbnb,
            a.usdt,
            amountBnb,
            floor > price ? floor : price
        );
    }

    /// @dev Swaps `amountBnb` of BNB to USDT in `pair` for the router's quote, at least `minimum` (see {swapBnb}).
    function _swapInPair(
        IUniswapV2Pair pair,
        address router,
        address wbnb,
        address usdt,
        uint256 amountBnb,
        uint256 minimum
    ) private returns (uint256 received) {
        bool wbnbFirst = wbnb < usdt;
        (uint112 reserve0, uint112 reserve1, ) = pair.getReserves();
        uint256 out =
            wbnbFirst
                ? IRouterQuote(router).getAmountOut(amountBnb, reserve0, reserve1)
                : IRouterQuote(router).getAmountOut(amountBnb, reserve1, reserve0);
        if (out < minimum) revert IIdo.IdoPaymentTooLow(out, minimum);
        IWBNB(wbnb).deposit{value: amountBnb}();
        IERC20(wbnb).safeTransfer(address(pair), amountBnb);
        uint256 before = IERC20(usdt).balanceOf(address(this));
        pair.swap(wbnbFirst ? 0 : out, wbnbFirst ? out : 0, address(this), "");
        received = IERC20(usdt).balanceOf(address(this)) - before;
        if (received < minimum) revert IIdo.IdoPaymentTooLow(received, minimum);
    }

    /// @notice Forwards `account`'s Burn order of `times` units: in BNB (`value`, Ido's balance from the call; the
    /// USDT Burn sends back goes to the account) or in USDT taken from the account; emits {IIdo-BurnForwarded}.
    function forwardBurn(IIdo.Addresses storage a, address account, uint256 times, bool isBNB, uint256 value) external {
        address burnAdd = a.burn;
        if (burnAdd == address(0)) revert IIdo.IdoInvalidAddress(burnAdd);
        IERC20 usdt = IERC20(a.usdt);
        uint256 paid;
        if (isBNB) {
            paid = value;
            uint256 before = usdt.balanceOf(address(this));
            IBurn(burnAdd).burn{value: paid}(account, times, paid, true);
            uint256 refund = usdt.balanceOf(address(this)) - before;
            if (refund != 0) usdt.safeTransfer(account, refund);
        } else {
            if (value != 0) revert IIdo.IdoValueMismatch(value);
            paid = times * IBurn(burnAdd).getConfig().burnEvery;
            usdt.safeTransferFrom(account, address(this), paid);
            usdt.forceApprove(burnAdd, paid);
            IBurn(burnAdd).burn(account, times, paid, false);
        }
        emit IIdo.BurnForwarded(account, times, isBNB, paid);
    }

    /// @notice Burns `hecheng` of `account`'s keys and mints it one card; emits {IIdo-Synthesized} and writes the
    /// `synthesize` Log entry (in keys; balance: the keys left).
    function synthesize(SettingsRecord storage s, IIdo.Addresses storage a, address account) external {
        INft nft = INft(a.nft);
        uint256 keyId = s.keyId;
        uint256 required = s.hecheng;
        uint256 balance = IERC1155(address(nft)).balanceOf(account, keyId);
        if (balance < required) revert IIdo.IdoNotEnoughKeys(balance, required);
        emit IIdo.Synthesized(account, keyId, required, s.cardId);
        nft.burn(account, keyId, required);
        nft.mint(account, s.cardId, 1);
        LogCodes.write(
            ILog(a.log),
            account,
            address(this),
            LogCodes.SYMBOL_NFT,
            LogCodes.ACTION_SYNTHESIZE,
            required,
            balance - required
        );
    }
}
