// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @title NEX, the platform token
/// @notice 21,000,000 NEX minted once. Trades against the NEX/USDT pair pay fees (in basis points):
/// - a buy pays `buyRate`, kept as NEX for `swapAndTrans`;
/// - a sell pays `addPoolRate` (kept for `swapAndLiquify`) + `feeUSDT` (kept for `swapAndTrans`) + `feeNex`
///   (kept as NEX for the `burn` dividend contract, or sent at once to the market wallet if `burn` is unset).
/// `swapAndTrans` sells its NEX for USDT: the `feeNex` part's USDT goes whole to the `burn` contract's dividend
/// pool; the rest is split between the `nft` dividends (`nftShare`), the `burn` contract (`burnShare`) and the
/// `market` wallet (the rest). `swapAndLiquify` adds its NEX to the pool (the LP
/// tokens stay locked in this contract). `burnPool` burns at most `burnRate` of the pair's NEX per `burnTime`;
/// non-exempt sells revert for the rest of that block, so a burn cannot be sold into within one transaction.
/// Every internal swap has a minimum output from the TWAP (`getSwapValue`) less `swapSlippage`, never zero, and
/// none runs inside a transfer: they are explicit calls, guarded against reentrancy.
/// `checkUpkeep`/`performUpkeep` (Chainlink Automation's interface) run `burnPool`, `swapAndLiquify` and
/// `swapAndTrans` when due; `burnPool` pays its caller nothing (`burnReward` is bounded to 0).
/// Fee-exempt accounts pay no fees and may trade before `openTime`; during `whiteTime` after `openTime` only
/// whitelisted accounts may buy.
interface IToken {
    /// @notice The full config, with SPEC.md §3's field names.
    struct Config {
        uint256 startBlock;
        uint256 openTime;
        uint256 buyRate;
        uint256 addPoolRate;
        uint256 feeUSDT;
        uint256 feeNex;
        uint256 autoSwapMin;
        uint256 burnTime;
        uint256 burnMin;
        uint256 dividendGas;
        uint256 burnReward;
        uint256 sendMin;
        uint256 whiteTime;
        address market;
        address swapPair;
        address burn;
        address nft;
        address distributor;
        address ido;
    }

    /// @notice What the owner sets with `setConfig` (the Config without what the contract fixes itself).
    struct Settings {
        uint256 openTime;
        uint256 buyRate;
        uint256 addPoolRate;
        uint256 feeUSDT;
        uint256 feeNex;
        uint256 autoSwapMin;
        uint256 burnTime;
        uint256 burnMin;
        uint256 dividendGas;
        uint256 burnReward;
        uint256 sendMin;
        uint256 whiteTime;
        address market;
        address burn;
        address nft;
        address ido;
    }

    /// @notice Settings beyond SPEC.md's list: burn fraction, USDT split, swap slippage, TWAP window.
    struct ConfigMulti {
        uint256 burnRate;
        uint256 nftShare;
        uint256 burnShare;
        uint256 swapSlippage;
        uint256 oracleWindow;
    }

    /// @notice Token info for the UI.
    struct Info {
        uint256 totalSupply;
        uint256 burnAmount;
        uint256 price;
        uint256 lpBalance;
    }

    /// @notice Addresses the token works with.
    struct TokenAddresses {
        address usdt;
        address swapPair;
        address router;
        address distributor;
    }

    /// @notice Trading against the pair is not open yet for non-exempt accounts.
    error TokenTradingNotOpen(uint256 openTime);
    /// @notice Trading opened at `openTime`: `openTime` and `whiteTime` can no longer change.
    error TokenTradingAlreadyOpen(uint256 openTime);
    /// @notice During the whitelist period only whitelisted accounts may buy.
    error TokenNotWhitelisted(address account);
    /// @notice Selling is paused for the rest of the block in which `burnPool` ran.
    error TokenSellInBurnBlock(uint256 blockNumber);
    /// @notice The NEX kept for this swap is below `autoSwapMin`.
    error TokenBelowAutoSwapMin(uint256 amount, uint256 autoSwapMin);
    /// @notice `burnPool` ran less than `burnTime` ago.
    error TokenBurnTooEarly(uint256 nextBurnTime);
    /// @notice The pair holds no more than `burnMin` NEX: nothing to burn.
    error TokenNothingToBurn(uint256 pairBalance, uint256 burnMin);
    /// @notice An address that must be set is zero.
    error TokenInvalidAddress(address account);
    /// @notice The amount is zero.
    error TokenZeroAmount();
    /// @notice The TWAP-based minimum output of an internal swap rounds to zero.
    error TokenZeroMinOut(uint256 amountIn);
    /// @notice Withdrawing `amount` of `token` would take NEX kept for swaps or the locked LP tokens.
    error TokenWithdrawExceedsExcess(address token, uint256 amount, uint256 excess);
    /// @notice `performUpkeep` was called for a task that is not due.
    error TokenUpkeepNotDue(uint8 task);
    /// @notice `performUpkeep` was called with an unknown task.
    error TokenUnknownUpkeep(uint8 task);

    /// @notice Emitted when the owner changes the settings.
    event ConfigUpdated(Settings settings);
    /// @notice Emitted when the owner changes the extra settings.
    event ConfigMultiUpdated(ConfigMulti config);
    /// @notice Emitted when the owner exempts `account` from fees or ends it.
    event FeeExemptUpdated(address indexed account, bool exempt);
    /// @notice Emitted when the owner whitelists `account` or ends it.
    event WhitelistUpdated(address indexed account, bool allowed);
    /// @notice Emitted for every fee taken on a trade.
    /// @param account the trader (the buyer, or the seller)
    /// @param isBuy whether the trade was a buy
    /// @param liquidityFee NEX kept for `swapAndLiquify`
    /// @param transFee NEX kept for `swapAndTrans`
    /// @param nexFee NEX sent to the burn/dividend contract
    event FeesTaken(address indexed account, bool isBuy, uint256 liquidityFee, uint256 transFee, uint256 nexFee);
    /// @notice Emitted by `swapAndLiquify`.
    event SwapAndLiquify(uint256 tokensSwapped, uint256 usdtReceived, uint256 tokensIntoLiquidity, uint256 liquidity);
    /// @notice Emitted by `swapAndTrans`.
    event SwapAndTrans(uint256 tokensSwapped, uint256 usdtReceived);
    /// @notice Emitted when USDT from fees is paid out.
    event FeesDistributed(uint256 nftAmount, uint256 burnAmount, uint256 marketAmount);
    /// @notice Emitted by `swapBurn`: `account` paid `usdtIn` USDT and `tokensBurned` NEX were bought and burned.
    event SwapBurned(address indexed account, uint256 usdtIn, uint256 tokensBurned);
    /// @notice Emitted by `burnPool`; `reward` is always 0 (kept for the event's shape).
    event PoolBurned(address indexed caller, uint256 burned, uint256 reward);
    /// @notice Emitted by `swapAndTrans` when it sold `tokens` NEX of the `feeNex` fees for `usdt` USDT, paid to
    /// `receiver` (the burn contract, or the market wallet if unset).
    event BurnFeeConverted(uint256 tokens, uint256 usdt, address indexed receiver);
    /// @notice Emitted by `performUpkeep` after `task` ran.
    event UpkeepPerformed(address indexed caller, uint8 task);
    /// @notice Emitted when the TWAP stores a new average.
    event OracleUpdated(uint256 priceAverage, uint256 timestamp);
    /// @notice Emitted when the owner withdraws tokens the contract holds beyond what it keeps.
    event ExcessWithdrawn(address indexed token, address indexed to, uint256 amount);

    /// @notice Sells the NEX kept for liquidity: half for USDT, then adds both to the pool. Anyone may call.
    function swapAndLiquify() external;

    /// @notice Sells the NEX kept for fees for USDT and pays out the split (once `sendMin` is reached).
    function swapAndTrans() external;

    /// @notice Takes `amount` USDT from the caller, buys NEX with it and burns what it bought.
    function swapBurn(uint256 amount) external;

    /// @notice Burns at most `burnRate` of the pair's NEX (keeping `burnMin`), once per `burnTime`. The caller
    /// gets nothing (the NEX belongs to the liquidity providers).
    function burnPool() external;

    /// @notice Updates the TWAP if a window has passed (anyone).
    function updatePrice() external returns (bool updated);

    /// @notice Sets the settings (owner only, bounded). Emits {ConfigUpdated}.
    function setConfig(Settings calldata settings) external;

    /// @notice Sets the extra settings (owner only, bounded). Emits {ConfigMultiUpdated}.
    function setConfigMulti(ConfigMulti calldata config) external;

    /// @notice Exempts `account` from fees, or ends it (owner only). Emits {FeeExemptUpdated}.
    function setIsFeeExempt(address account, bool exempt) external;

    /// @notice Whitelists `account` for the first `whiteTime` of trading, or ends it (owner only).
    function setWhitelist(address account, bool allowed) external;

    /// @notice Sends `amount` of `token` that the contract does not keep for swaps (owner only; never the LP).
    function withdrawExcess(address token, address to, uint256 amount) external;

    /// @notice The full config.
    function getConfig() external view returns (Config memory);

    /// @notice The extra settings.
    function getConfigMulti() external view returns (ConfigMulti memory);

    /// @notice Total supply, burned amount (burned + dead address), spot price and locked LP tokens.
    function getInfo() external view returns (Info memory);

    /// @notice The NEX kept for a swap that triggers `swapAndLiquify`/`swapAndTrans`.
    function getAutoSwapMin() external view returns (uint256);

    /// @notice The spot price of 1 NEX in USDT (18 decimals), for display only.
    function getPrice() external view returns (uint256);

    /// @notice The TWAP value of `amount` NEX in USDT: the price for anything paid by value.
    function getSwapValue(uint256 amount) external view returns (uint256);

    /// @notice The TWAP amount of NEX that `amount` USDT is worth.
    function getSwapTokens(uint256 amount) external view returns (uint256);

    /// @notice The price of 1 NEX in USDT (18 decimals) at the token's last stored TWAP average (the period that
    /// ended at its last observation, at least the oracle window long; 0 while it has none): one storage read, no
    /// call to the pair, so a swap in the same transaction cannot move it. For display figures.
    function getStoredPrice() external view returns (uint256);

    /// @notice USDT, the pair, the router and the distributor.
    function getTokenAdd() external view returns (TokenAddresses memory);

    /// @notice Whether `account` pays no fees.
    function isFeeExempt(address account) external view returns (bool);

    /// @notice Whether `account` is whitelisted.
    function isWhitelisted(address account) external view returns (bool);

    /// @notice The NEX kept for `swapAndLiquify`, for `swapAndTrans`'s split and for the burn contract (sold by
    /// `swapAndTrans` too).
    function getSwapBalances() external view returns (uint256 liquidity, uint256 trans, uint256 burnFee);

    /// @notice When `burnPool` last ran.
    function lastBurnTime() external view returns (uint256);
}
