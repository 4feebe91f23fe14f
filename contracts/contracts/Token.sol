// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {Ownable2Step} from "@openzeppelin/contracts/access/Ownable2Step.sol";
import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {Math} from "@openzeppelin/contracts/utils/math/Math.sol";
import {IFeeReceiver} from "./interfaces/IFeeReceiver.sol";
import {IToken} from "./interfaces/IToken.sol";
import {AutomationCompatibleInterface} from "./interfaces/external/AutomationCompatibleInterface.sol";
import {IUniswapV2Factory} from "./interfaces/external/IUniswapV2Factory.sol";
import {IUniswapV2Pair} from "./interfaces/external/IUniswapV2Pair.sol";
import {IUniswapV2Router02} from "./interfaces/external/IUniswapV2Router02.sol";
import {FeeMath} from "./libraries/FeeMath.sol";
import {TokenTransfer} from "./libraries/TokenTransfer.sol";
import {TwapOracle} from "./libraries/TwapOracle.sol";
import {TokenDistributor} from "./TokenDistributor.sol";
import {Bounds} from "./libraries/Bounds.sol";

/// @title NEX, the platform token (see {IToken})
/// @notice Not upgradeable: holders keep the code they bought. The owner sets fees and periods within the
/// `MAX_*` bounds below and can never take the NEX kept for swaps nor the LP tokens the contract locks.
contract Token is ERC20, Ownable2Step, ReentrancyGuardTransient, IToken, AutomationCompatibleInterface {
    using SafeERC20 for IERC20;
    using TwapOracle for TwapOracle.State;

    /// @notice The fixed supply: 21,000,000 NEX.
    uint256 public constant TOTAL_SUPPLY = 21_000_000 ether;
    /// @notice Tokens sent here count as burned.
    address public constant DEAD = 0x000000000000000000000000000000000000dEaD;
    /// @notice Upper bound of the buy fee, and of the sum of the sell fees (basis points).
    uint256 public constant MAX_FEE = 1_000;
    /// @notice Upper bound of the share of the pair's NEX that one `burnPool` burns (basis points). With the
    /// pair's own 0.25-0.3 % fee per swap, a buy + `burnPool` + sell round trip can never gain (see README).
    uint256 public constant MAX_BURN_RATE = 50;
    /// @notice Upper bound of `burnReward`: 0. The NEX that `burnPool` takes from the pair belongs to the
    /// liquidity providers, so no part of it may pay the caller; keepers are paid by whoever runs them (e.g. a
    /// funded Chainlink Automation upkeep). The field stays in the config for SPEC §3's shape.
    uint256 public constant MAX_BURN_REWARD = 0;
    /// @notice `performUpkeep` tasks (the `performData` is `abi.encode(uint8 task)`).
    uint8 public constant UPKEEP_BURN_POOL = 1;
    uint8 public constant UPKEEP_SWAP_AND_LIQUIFY = 2;
    uint8 public constant UPKEEP_SWAP_AND_TRANS = 3;
    /// @notice Bounds of the `burnPool` period.
    uint256 public constant MIN_BURN_TIME = 1 hours;
    uint256 public constant MAX_BURN_TIME = 30 days;
    /// @notice Upper bound of the slippage allowed below the TWAP in internal swaps (basis points).
    uint256 public constant MAX_SWAP_SLIPPAGE = 1_000;
    /// @notice One internal swap sells at most this share of the pair's NEX (basis points), so that its price
    /// impact stays well inside `swapSlippage`; the rest waits for the next call.
    uint256 public constant MAX_SWAP_SHARE = 30;
    /// @notice Upper bound of the gas given to a fee receiver's hook.
    uint256 public constant MAX_DIVIDEND_GAS = 1_000_000;
    /// @notice Upper bound of the whitelist-only period after `openTime`.
    uint256 public constant MAX_WHITE_TIME = 1 days;

    IERC20 private immutable _usdt;
    IUniswapV2Router02 private immutable _router;
    address private immutable _pair;
    TokenDistributor private immutable _distributor;
    uint256 private immutable _startBlock;

    Settings private _settings;
    ConfigMulti private _multi;
    TwapOracle.State private _oracle;
    mapping(address account => bool exempt) private _feeExempt;
    mapping(address account => bool allowed) private _whitelist;
    uint256 private _liquidityBalance;
    uint256 private _transBalance;
    uint256 private _burnFeeBalance;
    uint256 private _lastBurnTime;
    uint256 private _lastBurnBlock;

    /// @param owner_ the owner (fee-exempt)
    /// @param holder receives the whole supply (fee-exempt)
    /// @param usdt_ the stablecoin of the pair
    /// @param router_ the PancakeSwap-V2-compatible router; the pair is created through its factory
    /// @param multi the extra settings (burn fraction, USDT split, slippage, TWAP window)
    constructor(
        address owner_,
        address holder,
        address usdt_,
        address router_,
        ConfigMulti memory multi
    ) ERC20("Nexus", "NEX") Ownable(owner_) {
        if (holder == address(0)) revert TokenInvalidAddress(holder);
        if (usdt_ == address(0)) revert TokenInvalidAddress(usdt_);
        if (router_ == address(0)) revert TokenInvalidAddress(router_);
        _usdt = IERC20(usdt_);
        _router = IUniswapV2Router02(router_);
        _pair = IUniswapV2Factory(IUniswapV2Router02(router_).factory()).createPair(address(this), usdt_);
        _distributor = new TokenDistributor();
        _startBlock = block.number;
        _oracle.pair = _pair;
        _setConfigMulti(multi);
        _setFeeExempt(owner_, true);
        _setFeeExempt(holder, true);
        _setFeeExempt(address(this), true);
        _setFeeExempt(DEAD, true);
        _mint(holder, TOTAL_SUPPLY);
        _approve(address(this), router_, type(uint256).max);
        _usdt.forceApprove(router_, type(uint256).max);
    }

    // --- keeper functions -------------------------------------------------------------------------------

    /// @inheritdoc IToken
    function swapAndLiquify() external nonReentrant {
        _swapAndLiquify();
    }

    /// @inheritdoc IToken
    function swapAndTrans() external nonReentrant {
        _swapAndTrans();
    }

    /// @inheritdoc IToken
    function burnPool() external nonReentrant {
        _burnPool();
    }

    /// @notice Which work is due, first the pool burn, then the liquidity, then the fee conversion; the
    /// `performData` names it. A view (the automation network and the keeper simulate it with eth_call).
    function checkUpkeep(bytes calldata) external view returns (bool upkeepNeeded, bytes memory performData) {
        uint8 task = _dueTask();
        return (task != 0, task == 0 ? bytes("") : abi.encode(task));
    }

    /// @notice Does the task in `performData` if it is due (else reverts with {TokenUpkeepNotDue}). Anyone may
    /// call: the work is bounded (one swap of at most `MAX_SWAP_SHARE` of the pair's NEX, with a TWAP minimum
    /// output; or one pool burn per `burnTime`) and pays the caller nothing. Emits {UpkeepPerformed}.
    function performUpkeep(bytes calldata performData) external nonReentrant {
        uint8 task = abi.decode(performData, (uint8));
        if (!_isDue(task)) revert TokenUpkeepNotDue(task);
        if (task == UPKEEP_BURN_POOL) _burnPool();
        else if (task == UPKEEP_SWAP_AND_LIQUIFY) _swapAndLiquify();
        else _swapAndTrans();
        emit UpkeepPerformed(msg.sender, task);
    }

    function _swapAndLiquify() private {
        uint256 amount = _liquidityBalance;
        uint256 min = _settings.autoSwapMin;
        if (amount == 0 || amount < min) revert TokenBelowAutoSwapMin(amount, min);
        amount = _capSwap(amount);
        _liquidityBalance -= amount;
        _updateOracle();
        uint256 half = amount / 2;
        uint256 rest = amount - half;
        uint256 usdtReceived = _sellForUsdt(half);
        uint256 minNex = rest - FeeMath.bps(rest, _multi.swapSlippage);
        uint256 minUsdt = usdtReceived - FeeMath.bps(usdtReceived, _multi.swapSlippage);
        (uint256 nexAdded, uint256 usdtAdded, uint256 liquidity) = _router.addLiquidity(
            address(this),
            address(_usdt),
            rest,
            usdtReceived,
            minNex,
            minUsdt,
            address(this),
            block.timestamp
        );
        // what the pool did not take stays for the next round
        _liquidityBalance += rest - nexAdded;
        if (usdtReceived > usdtAdded) _usdt.safeTransfer(address(_distributor), usdtReceived - usdtAdded);
        emit SwapAndLiquify(half, usdtReceived, nexAdded, liquidity);
    }

    /// @dev Sells the fee NEX (the `swapAndTrans` fees and the sell fee kept for the burn contract, in
    /// proportion when capped). The burn fee's USDT goes whole to the burn contract's dividend pool; the rest
    /// is split by {_distribute}.
    function _swapAndTrans() private {
        uint256 trans = _transBalance;
        uint256 burnFee = _burnFeeBalance;
        uint256 total = trans + burnFee;
        uint256 min = _settings.autoSwapMin;
        if (total == 0 || total < min) revert TokenBelowAutoSwapMin(total, min);
        uint256 amount = _capSwap(total);
        uint256 fromBurnFee = (amount * burnFee) / total;
        _transBalance = trans - (amount - fromBurnFee);
        _burnFeeBalance = burnFee - fromBurnFee;
        _updateOracle();
        uint256 usdtReceived = _sellForUsdt(amount);
        _usdt.safeTransfer(address(_distributor), usdtReceived);
        emit SwapAndTrans(amount, usdtReceived);
        uint256 burnFeeUsdt = (usdtReceived * fromBurnFee) / amount;
        if (burnFeeUsdt != 0) {
            address burn = _settings.burn;
            if (burn != address(0)) _payFee(burn, burnFeeUsdt);
            else _distributor.transfer(address(_usdt), _settings.market, burnFeeUsdt);
            emit BurnFeeConverted(fromBurnFee, burnFeeUsdt, burn != address(0) ? burn : _settings.market);
        }
        _distribute();
    }

    /// @inheritdoc IToken
    function swapBurn(uint256 amount) external nonReentrant {
        if (amount == 0) revert TokenZeroAmount();
        _updateOracle();
        uint256 minOut = _minOut(address(_usdt), amount);
        _usdt.safeTransferFrom(msg.sender, address(this), amount);
        uint256 before = balanceOf(DEAD);
        address[] memory path = new address[](2);
        path[0] = address(_usdt);
        path[1] = address(this);
        _router.swapExactTokensForTokensSupportingFeeOnTransferTokens(amount, minOut, path, DEAD, block.timestamp);
        emit SwapBurned(msg.sender, amount, balanceOf(DEAD) - before);
    }

    function _burnPool() private {
        uint256 next = _lastBurnTime + _settings.burnTime;
        if (block.timestamp < next) revert TokenBurnTooEarly(next);
        uint256 pairBalance = balanceOf(_pair);
        uint256 floor = _settings.burnMin;
        if (pairBalance <= floor) revert TokenNothingToBurn(pairBalance, floor);
        uint256 amount = FeeMath.bps(pairBalance, _multi.burnRate);
        if (amount > pairBalance - floor) amount = pairBalance - floor;
        if (amount == 0) revert TokenNothingToBurn(pairBalance, floor);
        _updateOracle();
        _lastBurnTime = block.timestamp;
        _lastBurnBlock = block.number;
        super._update(_pair, address(0), amount);
        IUniswapV2Pair(_pair).sync();
        emit PoolBurned(msg.sender, amount, 0);
    }

    /// @inheritdoc IToken
    function updatePrice() external returns (bool) {
        return _updateOracle();
    }

    // --- owner ------------------------------------------------------------------------------------------

    /// @inheritdoc IToken
    function setConfig(Settings calldata settings) external onlyOwner {
        FeeMath.checkRate(settings.buyRate, MAX_FEE);
        FeeMath.checkRate(settings.addPoolRate + settings.feeUSDT + settings.feeNex, MAX_FEE);
        FeeMath.checkRate(settings.burnReward, MAX_BURN_REWARD);
        Bounds.check("burnTime", settings.burnTime, MIN_BURN_TIME, MAX_BURN_TIME);
        Bounds.check("dividendGas", settings.dividendGas, 0, MAX_DIVIDEND_GAS);
        Bounds.check("whiteTime", settings.whiteTime, 0, MAX_WHITE_TIME);
        if (settings.market == address(0)) revert TokenInvalidAddress(settings.market);
        // once trading has opened it never closes again, nor goes back to a whitelist-only period (issue 19 #6)
        Settings storage current = _settings;
        if (
            current.openTime != 0 &&
            block.timestamp >= current.openTime &&
            (settings.openTime != current.openTime || settings.whiteTime != current.whiteTime)
        ) revert TokenTradingAlreadyOpen(current.openTime);
        _settings = settings;
        emit ConfigUpdated(settings);
    }

    /// @inheritdoc IToken
    function setConfigMulti(ConfigMulti calldata multi) external onlyOwner {
        _setConfigMulti(multi);
    }

    /// @inheritdoc IToken
    function setIsFeeExempt(address account, bool exempt) external onlyOwner {
        _setFeeExempt(account, exempt);
    }

    /// @inheritdoc IToken
    function setWhitelist(address account, bool allowed) external onlyOwner {
        _whitelist[account] = allowed;
        emit WhitelistUpdated(account, allowed);
    }

    /// @inheritdoc IToken
    function withdrawExcess(address token, address to, uint256 amount) external onlyOwner nonReentrant {
        if (to == address(0)) revert TokenInvalidAddress(to);
        uint256 balance = TokenTransfer.balanceOf(token, address(this));
        uint256 kept =
            token == address(this)
                ? _liquidityBalance + _transBalance + _burnFeeBalance
                : (token == _pair ? balance : 0);
        uint256 free = TokenTransfer.excess(balance, kept);
        if (amount > free) revert TokenWithdrawExceedsExcess(token, amount, free);
        TokenTransfer.send(token, to, amount);
        emit ExcessWithdrawn(token, to, amount);
    }

    // --- views ------------------------------------------------------------------------------------------

    /// @inheritdoc IToken
    function getConfig() external view returns (Config memory) {
        Settings storage s = _settings;
        return
            Config({
                startBlock: _startBlock,
                openTime: s.openTime,
                buyRate: s.buyRate,
                addPoolRate: s.addPoolRate,
                feeUSDT: s.feeUSDT,
                feeNex: s.feeNex,
                autoSwapMin: s.autoSwapMin,
                burnTime: s.burnTime,
                burnMin: s.burnMin,
                dividendGas: s.dividendGas,
                burnReward: s.burnReward,
                sendMin: s.sendMin,
                whiteTime: s.whiteTime,
                market: s.market,
                swapPair: _pair,
                burn: s.burn,
                nft: s.nft,
                distributor: address(_distributor),
                ido: s.ido
            });
    }

    /// @inheritdoc IToken
    function getConfigMulti() external view returns (ConfigMulti memory) {
        return _multi;
    }

    /// @inheritdoc IToken
    function getInfo() external view returns (Info memory) {
        return
            Info({
                totalSupply: totalSupply(),
                burnAmount: TOTAL_SUPPLY - totalSupply() + balanceOf(DEAD),
                price: getPrice(),
                lpBalance: IUniswapV2Pair(_pair).balanceOf(address(this))
            });
    }

    /// @inheritdoc IToken
    function getAutoSwapMin() external view returns (uint256) {
        return _settings.autoSwapMin;
    }

    /// @inheritdoc IToken
    function getPrice() public view returns (uint256) {
        return TwapOracle.spot(_pair, address(this), 1 ether);
    }

    /// @inheritdoc IToken
    function getSwapValue(uint256 amount) external view returns (uint256) {
        return _oracle.consult(address(this), amount);
    }

    /// @inheritdoc IToken
    function getSwapTokens(uint256 amount) external view returns (uint256) {
        return _oracle.consult(address(_usdt), amount);
    }

    /// @inheritdoc IToken
    function getStoredPrice() external view returns (uint256) {
        // the pair orders its tokens by address: NEX is token0 when its address is the lower one
        uint256 average = _oracle.storedAverage(address(this) < address(_usdt));
        return Math.mulDiv(average, 1 ether, 2 ** 112);
    }

    /// @inheritdoc IToken
    function getTokenAdd() external view returns (TokenAddresses memory) {
        return
            TokenAddresses({
                usdt: address(_usdt),
                swapPair: _pair,
                router: address(_router),
                distributor: address(_distributor)
            });
    }

    /// @inheritdoc IToken
    function isFeeExempt(address account) external view returns (bool) {
        return _feeExempt[account];
    }

    /// @inheritdoc IToken
    function isWhitelisted(address account) external view returns (bool) {
        return _whitelist[account];
    }

    /// @inheritdoc IToken
    function getSwapBalances() external view returns (uint256 liquidity, uint256 trans, uint256 burnFee) {
        return (_liquidityBalance, _transBalance, _burnFeeBalance);
    }

    /// @inheritdoc IToken
    function lastBurnTime() external view returns (uint256) {
        return _lastBurnTime;
    }

    // --- internals --------------------------------------------------------------------------------------

    /// @dev Fees on trades with the pair; plain transfers, mints, burns and exempt accounts pay none. A transfer into
    /// the pair made by a fee-exempt caller other than the router (a spender moving NEX by allowance: a FOM pool
    /// selling an order's NEX straight from the payer) is that caller's own: untaxed, as the payer's plain transfer
    /// to the caller and the caller's transfer to the pair would be. The router's transfers for others stay the
    /// payer's taxed sales even if the router is made exempt.
    function _update(address from, address to, uint256 amount) internal override {
        bool isBuy = from == _pair;
        bool isSell = to == _pair;
        if (!(isBuy || isSell) || from == address(0) || to == address(0) || _feeExempt[from] || _feeExempt[to]) {
            super._update(from, to, amount);
            return;
        }
        if (isSell && msg.sender != address(_router) && _feeExempt[msg.sender]) {
            super._update(from, to, amount);
            return;
        }
        Settings storage s = _settings;
        if (s.openTime == 0 || block.timestamp < s.openTime) revert TokenTradingNotOpen(s.openTime);
        if (isBuy && block.timestamp < s.openTime + s.whiteTime && !_whitelist[to]) revert TokenNotWhitelisted(to);
        // nobody sells into the price bump of a pool burn in the same block (burnPool + sell in one transaction)
        if (isSell && block.number == _lastBurnBlock) revert TokenSellInBurnBlock(block.number);
        _updateOracle();
        uint256 liquidityFee;
        uint256 transFee;
        uint256 nexFee;
        if (isBuy) {
            transFee = FeeMath.bps(amount, s.buyRate);
        } else {
            liquidityFee = FeeMath.bps(amount, s.addPoolRate);
            transFee = FeeMath.bps(amount, s.feeUSDT);
            nexFee = FeeMath.bps(amount, s.feeNex);
        }
        uint256 kept = liquidityFee + transFee;
        if (kept != 0) {
            _liquidityBalance += liquidityFee;
            _transBalance += transFee;
            super._update(from, address(this), kept);
        }
        if (nexFee != 0) {
            // kept as NEX and sold for the burn contract's dividend pool by `swapAndTrans` (the burn contract
            // has no use for NEX and must not hold users' value it does not account); the market if unset
            if (s.burn != address(0)) {
                _burnFeeBalance += nexFee;
                super._update(from, address(this), nexFee);
            } else {
                super._update(from, s.market, nexFee);
            }
        }
        if (kept + nexFee != 0) emit FeesTaken(isBuy ? to : from, isBuy, liquidityFee, transFee, nexFee);
        super._update(from, to, amount - kept - nexFee);
    }

    function _dueTask() private view returns (uint8) {
        if (_isDue(UPKEEP_BURN_POOL)) return UPKEEP_BURN_POOL;
        if (_isDue(UPKEEP_SWAP_AND_LIQUIFY)) return UPKEEP_SWAP_AND_LIQUIFY;
        if (_isDue(UPKEEP_SWAP_AND_TRANS)) return UPKEEP_SWAP_AND_TRANS;
        return 0;
    }

    /// @dev Whether `task` would do work now: the same conditions as the functions' own checks, plus a TWAP that
    /// gives a non-zero minimum output for the swaps (so a due swap does not revert on its minimum).
    function _isDue(uint8 task) private view returns (bool) {
        if (task == UPKEEP_BURN_POOL) {
            if (block.timestamp < _lastBurnTime + _settings.burnTime) return false;
            uint256 pairBalance = balanceOf(_pair);
            uint256 floor = _settings.burnMin;
            return pairBalance > floor && FeeMath.bps(pairBalance, _multi.burnRate) != 0;
        }
        uint256 kept;
        if (task == UPKEEP_SWAP_AND_LIQUIFY) kept = _liquidityBalance;
        else if (task == UPKEEP_SWAP_AND_TRANS) kept = _transBalance + _burnFeeBalance;
        else revert TokenUnknownUpkeep(task);
        if (kept == 0 || kept < _settings.autoSwapMin) return false;
        uint256 sold = _capSwap(kept);
        // swapAndLiquify sells half of what it takes
        return _swapQuote(task == UPKEEP_SWAP_AND_LIQUIFY ? sold / 2 : sold) != 0;
    }

    /// @dev The TWAP value of `amount` NEX less the slippage, or 0 while the TWAP is not ready.
    function _swapQuote(uint256 amount) private view returns (uint256) {
        if (amount == 0) return 0;
        try this.getSwapValue(amount) returns (uint256 quote) {
            return quote - FeeMath.bps(quote, _multi.swapSlippage);
        } catch {
            return 0;
        }
    }

    function _sellForUsdt(uint256 amount) private returns (uint256 received) {
        uint256 minOut = _minOut(address(this), amount);
        address[] memory path = new address[](2);
        path[0] = address(this);
        path[1] = address(_usdt);
        uint256 before = _usdt.balanceOf(address(_distributor));
        _router.swapExactTokensForTokensSupportingFeeOnTransferTokens(
            amount,
            minOut,
            path,
            address(_distributor),
            block.timestamp
        );
        received = _usdt.balanceOf(address(_distributor)) - before;
        _distributor.transfer(address(_usdt), address(this), received);
    }

    function _capSwap(uint256 amount) private view returns (uint256) {
        uint256 cap = FeeMath.bps(balanceOf(_pair), MAX_SWAP_SHARE);
        return amount < cap ? amount : cap;
    }

    /// @dev TWAP quote less the allowed slippage; reverts if not ready or zero (no swap without a minimum).
    function _minOut(address tokenIn, uint256 amountIn) private view returns (uint256 minOut) {
        uint256 quote = _oracle.consult(tokenIn, amountIn);
        minOut = quote - FeeMath.bps(quote, _multi.swapSlippage);
        if (minOut == 0) revert TokenZeroMinOut(amountIn);
    }

    /// @dev Pays the distributor's USDT out once it reaches `sendMin`: nft, burn, then market gets the rest.
    function _distribute() private {
        uint256 balance = _usdt.balanceOf(address(_distributor));
        if (balance == 0 || balance < _settings.sendMin) return;
        address nft = _settings.nft;
        address burn = _settings.burn;
        uint256 nftAmount = nft == address(0) ? 0 : FeeMath.bps(balance, _multi.nftShare);
        uint256 burnAmount = burn == address(0) ? 0 : FeeMath.bps(balance, _multi.burnShare);
        uint256 marketAmount = balance - nftAmount - burnAmount;
        if (nftAmount != 0) _payFee(nft, nftAmount);
        if (burnAmount != 0) _payFee(burn, burnAmount);
        if (marketAmount != 0) _distributor.transfer(address(_usdt), _settings.market, marketAmount);
        emit FeesDistributed(nftAmount, burnAmount, marketAmount);
    }

    function _payFee(address receiver, uint256 amount) private {
        _distributor.transfer(address(_usdt), receiver, amount);
        uint256 gas = _settings.dividendGas;
        if (gas != 0 && receiver.code.length != 0) {
            // a failing hook must not block the payout: the receiver can account its balance later
            try IFeeReceiver(receiver).onFeeReceived{gas: gas}(address(_usdt), amount) {} catch {}
        }
    }

    function _updateOracle() private returns (bool updated) {
        updated = _oracle.update();
        if (updated) emit OracleUpdated(_oracle.storedAverage(true), _oracle.timestamp);
    }

    function _setConfigMulti(ConfigMulti memory multi) private {
        FeeMath.checkRate(multi.burnRate, MAX_BURN_RATE);
        FeeMath.checkRate(multi.nftShare + multi.burnShare, FeeMath.BPS);
        FeeMath.checkRate(multi.swapSlippage, MAX_SWAP_SLIPPAGE);
        _oracle.setWindow(uint32(_boundedWindow(multi.oracleWindow)));
        _multi = multi;
        emit ConfigMultiUpdated(multi);
    }

    function _boundedWindow(uint256 window) private pure returns (uint256) {
        Bounds.check("oracleWindow", window, TwapOracle.MIN_WINDOW, TwapOracle.MAX_WINDOW);
        return window;
    }

    function _setFeeExempt(address account, bool exempt) private {
        _feeExempt[account] = exempt;
        emit FeeExemptUpdated(account, exempt);
    }
}
