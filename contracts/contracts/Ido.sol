// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IERC1155} from "@openzeppelin/contracts/token/ERC1155/IERC1155.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {NexusUpgradeable} from "./base/NexusUpgradeable.sol";
import {IBurn} from "./interfaces/IBurn.sol";
import {IIdo} from "./interfaces/IIdo.sol";
import {ILog} from "./interfaces/ILog.sol";
import {LogCodes} from "./libraries/LogCodes.sol";
import {IMain} from "./interfaces/IMain.sol";
import {INft} from "./interfaces/INft.sol";
import {IPriceOracle} from "./interfaces/IPriceOracle.sol";
import {IUniswapV2Router02} from "./interfaces/external/IUniswapV2Router02.sol";
import {FeeMath} from "./libraries/FeeMath.sol";
import {Bounds} from "./libraries/Bounds.sol";

/// @title Ido: minting rounds with countdown, cooldown and next-round preview (see {IIdo})
/// @notice Deployed behind an ERC-1967 proxy. The NEX owed to users (credited, not claimed) can never be
/// withdrawn by the owner; USDT, BNB and NEX beyond it can (`withdrawExcess`).
contract Ido is NexusUpgradeable, IIdo {
    using SafeERC20 for IERC20;

    /// @notice The most rounds `sync` moves forward in one call.
    uint256 public constant MAX_ADVANCE = 8;
    /// @notice The most accounts one `setWhitelists` call changes.
    uint256 public constant MAX_BATCH = 100;
    /// @notice Upper bound of `directRate + indirectRate` (basis points).
    uint256 public constant MAX_REWARD_RATES = 3_000;
    /// @notice Bounds of `dayTimes`.
    uint256 public constant MIN_DAY_TIMES = 60;
    uint256 public constant MAX_DAY_TIMES = 7 days;
    /// @notice Upper bounds of the other settings.
    uint256 public constant MAX_ROUND_COOL = 30 days;
    uint256 public constant MAX_ROUND_TIME = 365 days;
    uint256 public constant MAX_HECHENG = 100;
    uint256 public constant MAX_RELEASE_DAYS = 3_650;
    uint256 public constant MAX_KEYS_PER_UNIT = 100;
    uint256 public constant MAX_SLIPPAGE = 1_000;
    /// @dev How far ahead a first `claimStart` may be set once NEX is sold.
    uint256 private constant MAX_CLAIM_DELAY = 365 days;

    uint8 private constant PAY_USDT = 0;
    uint8 private constant PAY_NEX = 1;
    uint8 private constant PAY_BNB = 2;
    uint8 private constant PAY_MINTER = 3;

    struct RoundRecord {
        uint256 idoMax;
        uint256 idoTotal;
        uint256 idoAmount;
        uint256 idoTokens;
        uint256 startTime;
        uint256 soldOutTime;
    }

    struct UserRecord {
        bool isExist;
        uint256 counts;
        uint256 amount;
        uint256 amountNEX;
        uint256 tokens;
        uint256 claimed;
        uint256 nfts;
        uint256 rewardDirect;
        uint256 rewardIndirect;
        uint256 rewardDirectNEX;
        uint256 rewardIndirectNEX;
    }

    /// @dev One purchase, as it flows through the checks, the rewards and the books.
    struct Purchase {
        address account;
        uint256 round;
        uint256 times;
        uint256 amount;
        uint256 amountNEX;
        uint256 tokens;
        uint256 keys;
        uint8 payment;
        LogCodes.Credits credits; // the referrers' rewards, written after the mint's own entry
    }

    Settings private _settings;
    Addresses private _addresses;
    uint256 private _addTime;
    uint256 private _round;
    mapping(uint256 index => RoundRecord round) private _rounds;
    mapping(address account => UserRecord user) private _users;
    mapping(uint256 index => mapping(address account => uint256 units)) private _userRounds;
    mapping(address account => bool allowed) private _whitelist;
    mapping(address account => bool allowed) private _minters;
    Totals private _totals;
    uint256 private _totalClaimed;

    /// @custom:oz-upgrades-unsafe-allow constructor
    constructor() {
        _disableInitializers();
    }

    /// @notice Initializes the proxy: owner, upgrade delay, addresses and settings.
    function initialize(
        address owner_,
        uint256 upgradeDelay_,
        Addresses calldata addresses,
        Settings calldata settings
    ) external initializer {
        __NexusUpgradeable_init(owner_, upgradeDelay_);
        _addTime = block.timestamp;
        _setAddresses(addresses);
        _setSettings(settings);
    }

    // --- user actions ------------------------------------------------------------------------------------

    /// @inheritdoc IIdo
    function mint(uint256 times, bool isUSDT) external whenNotPaused nonReentrant {
        Purchase memory p = _start(msg.sender, times, isUSDT ? PAY_USDT : PAY_NEX);
        uint256 price = times * _rounds[p.round].idoAmount;
        if (isUSDT) {
            IERC20(_addresses.usdt).safeTransferFrom(msg.sender, address(this), price);
            p.amount = price;
            _payUsdt(p, price);
        } else {
            IPriceOracle oracle = IPriceOracle(_addresses.nexOracle);
            oracle.update();
            uint256 nexPrice = oracle.consult(_addresses.usdt, price);
            IERC20(_addresses.token).safeTransferFrom(msg.sender, address(this), nexPrice);
            p.amountNEX = nexPrice;
            _reward(p, IERC20(_addresses.token), nexPrice, true);
        }
        _finish(p);
    }

    /// @inheritdoc IIdo
    function mint(address account, uint256 times, uint256 amount) external whenNotPaused nonReentrant {
        if (!_minters[msg.sender]) revert IdoNotMinter(msg.sender);
        Purchase memory p = _start(account, times, PAY_MINTER);
        p.amount = amount;
        _finish(p);
    }

    /// @inheritdoc IIdo
    function ido(uint256 times) external payable whenNotPaused nonReentrant {
        Purchase memory p = _start(msg.sender, times, PAY_BNB);
        uint256 price = times * _rounds[p.round].idoAmount;
        IERC20 usdt = IERC20(_addresses.usdt);
        uint256 received = _swapBnb(msg.value, price);
        if (received > price) usdt.safeTransfer(msg.sender, received - price);
        p.amount = price;
        _payUsdt(p, price);
        _finish(p);
    }

    /// @inheritdoc IIdo
    function burn(uint256 times, bool isBNB) external payable whenNotPaused nonReentrant {
        address burnAdd = _addresses.burn;
        if (burnAdd == address(0)) revert IdoInvalidAddress(burnAdd);
        IERC20 usdt = IERC20(_addresses.usdt);
        uint256 paid;
        if (isBNB) {
            paid = msg.value;
            uint256 before = usdt.balanceOf(address(this));
            IBurn(burnAdd).burn{value: paid}(msg.sender, times, paid, true);
            uint256 refund = usdt.balanceOf(address(this)) - before;
            if (refund != 0) usdt.safeTransfer(msg.sender, refund);
        } else {
            if (msg.value != 0) revert IdoValueMismatch(msg.value);
            paid = times * IBurn(burnAdd).getConfig().burnEvery;
            usdt.safeTransferFrom(msg.sender, address(this), paid);
            usdt.forceApprove(burnAdd, paid);
            IBurn(burnAdd).burn(msg.sender, times, paid, false);
        }
        emit BurnForwarded(msg.sender, times, isBNB, paid);
    }

    /// @inheritdoc IIdo
    function claim() external nonReentrant {
        UserRecord storage user = _users[msg.sender];
        uint256 amount = _claimableOf(user);
        if (amount == 0) revert IdoNothingToClaim(msg.sender);
        user.claimed += amount;
        _totalClaimed += amount;
        emit Claimed(msg.sender, amount);
        LogCodes.write(
            ILog(_addresses.log),
            msg.sender,
            address(this),
            LogCodes.SYMBOL_NEX,
            LogCodes.ACTION_CLAIM,
            amount,
            user.tokens - user.claimed
        );
        IERC20(_addresses.token).safeTransfer(msg.sender, amount);
    }

    /// @inheritdoc IIdo
    function hecheng() external whenNotPaused nonReentrant {
        Settings storage s = _settings;
        INft nft = INft(_addresses.nft);
        uint256 balance = IERC1155(address(nft)).balanceOf(msg.sender, s.keyId);
        uint256 required = s.hecheng;
        if (balance < required) revert IdoNotEnoughKeys(balance, required);
        emit Synthesized(msg.sender, s.keyId, required, s.cardId);
        nft.burn(msg.sender, s.keyId, required);
        nft.mint(msg.sender, s.cardId, 1);
        LogCodes.write(
            ILog(_addresses.log),
            msg.sender,
            address(this),
            LogCodes.SYMBOL_NFT,
            LogCodes.ACTION_SYNTHESIZE,
            required,
            balance - required
        );
    }

    /// @inheritdoc IIdo
    function sync() external {
        _sync();
    }

    // --- owner -------------------------------------------------------------------------------------------

    /// @inheritdoc IIdo
    function setIdo(
        uint256 index,
        uint256 idoMax,
        uint256 idoAmount,
        uint256 idoTokens,
        uint256 startTime
    ) external onlyOwner {
        _sync();
        RoundRecord storage r = _rounds[index];
        bool started = r.startTime != 0 && r.startTime <= block.timestamp;
        if (index < _round || (index == _round && started)) revert IdoRoundLocked(index);
        if (idoMax == 0 || idoAmount == 0 || startTime == 0) revert IdoInvalidRound(idoMax, idoAmount, startTime);
        r.idoMax = idoMax;
        r.idoAmount = idoAmount;
        r.idoTokens = idoTokens;
        r.startTime = startTime;
        emit IdoSet(index, idoMax, idoAmount, idoTokens, startTime);
    }

    /// @inheritdoc IIdo
    function setRoundStart(uint256 index, uint256 startTime) external {
        _checkManager(_addresses.main);
        _sync();
        RoundRecord storage r = _rounds[index];
        // a configured round that has not started; the current one only later (never inside its cool-down)
        if (
            r.idoMax == 0 ||
            index < _round ||
            (index == _round && (r.startTime == 0 || r.startTime <= block.timestamp || startTime < r.startTime))
        ) revert IdoRoundLocked(index);
        _checkRoundStart(startTime);
        r.startTime = startTime;
        emit RoundScheduled(index, startTime, msg.sender);
    }

    /// @inheritdoc IIdo
    function setConfig(Settings calldata settings) external onlyOwner {
        _setSettings(settings);
    }

    /// @inheritdoc IIdo
    function setAddresses(Addresses calldata addresses) external onlyOwner {
        _setAddresses(addresses);
    }

    /// @inheritdoc IIdo
    function setWhitelist(address account, bool allowed) external onlyOwner {
        _whitelist[account] = allowed;
        emit WhitelistUpdated(account, allowed);
    }

    /// @inheritdoc IIdo
    function setWhitelists(address[] calldata accounts, bool allowed) external onlyOwner {
        if (accounts.length > MAX_BATCH) revert IdoBatchTooLarge(accounts.length, MAX_BATCH);
        for (uint256 i; i < accounts.length; ++i) {
            _whitelist[accounts[i]] = allowed;
            emit WhitelistUpdated(accounts[i], allowed);
        }
    }

    /// @inheritdoc IIdo
    function setMinter(address minter, bool allowed) external onlyOwner {
        if (minter == address(0)) revert IdoInvalidAddress(minter);
        _minters[minter] = allowed;
        emit MinterUpdated(minter, allowed);
    }

    // --- views -------------------------------------------------------------------------------------------

    /// @inheritdoc IIdo
    function getConfig() external view returns (Config memory) {
        Settings storage s = _settings;
        (uint256 index, ) = _virtualRound();
        RoundRecord storage r = _rounds[index];
        return
            Config({
                addTime: _addTime,
                dayTimes: s.dayTimes,
                directRate: s.directRate,
                indirectRate: s.indirectRate,
                idoAmount: r.idoAmount,
                idoTokens: r.idoTokens,
                userMax: s.userMax,
                idoHas: r.idoTotal,
                idoMax: r.idoMax,
                round: index,
                roundCool: s.roundCool,
                hecheng: s.hecheng,
                burnAdd: _addresses.burn,
                idoAdd: _addresses.treasury
            });
    }

    /// @inheritdoc IIdo
    function getSettings() external view returns (Settings memory) {
        return _settings;
    }

    /// @inheritdoc IIdo
    function getAddresses() external view returns (Addresses memory) {
        return _addresses;
    }

    /// @inheritdoc IIdo
    function idos(uint256 index) public view returns (Round memory) {
        RoundRecord storage r = _rounds[index];
        return
            Round({
                index: index,
                idoMax: r.idoMax,
                idoTotal: r.idoTotal,
                idoAmount: r.idoAmount,
                idoTokens: r.idoTokens,
                startTime: r.startTime
            });
    }

    /// @inheritdoc IIdo
    function getRoundState() external view returns (RoundState memory state) {
        (uint256 index, uint256 startTime) = _virtualRound();
        RoundRecord storage r = _rounds[index];
        state.round = index;
        state.startTime = startTime;
        state.endTime = _endOf(r, startTime);
        state.coolEnd = _coolEnd(state.endTime);
        state.status = _status(r, startTime, state.endTime, state.coolEnd);
        RoundRecord storage next = _rounds[index + 1];
        if (next.startTime != 0) {
            state.hasNext = true;
            state.next = idos(index + 1);
            state.nextStartTime = next.startTime > state.coolEnd ? next.startTime : state.coolEnd;
        }
    }

    /// @inheritdoc IIdo
    function users(address account) external view returns (User memory) {
        UserRecord storage u = _users[account];
        return
            User({
                isExist: u.isExist,
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

    /// @inheritdoc IIdo
    function getIdoTokens(address account) external view returns (uint256) {
        return _claimableOf(_users[account]);
    }

    /// @inheritdoc IIdo
    function userRoundCounts(uint256 index, address account) external view returns (uint256) {
        return _userRounds[index][account];
    }

    /// @inheritdoc IIdo
    function totalInfo() external view returns (Totals memory) {
        return _totals;
    }

    /// @inheritdoc IIdo
    function totalClaimed() external view returns (uint256) {
        return _totalClaimed;
    }

    /// @inheritdoc IIdo
    function isWhitelisted(address account) external view returns (bool) {
        return _whitelist[account];
    }

    /// @inheritdoc IIdo
    function isMinter(address account) external view returns (bool) {
        return _minters[account];
    }

    // --- internals: purchases ------------------------------------------------------------------------------

    /// @dev Checks the account, the round and the limits before any payment is taken.
    function _start(address account, uint256 times, uint8 payment) private returns (Purchase memory p) {
        if (times == 0) revert IdoZeroTimes();
        (uint256 mainIndex, ) = IMain(_addresses.main).users(account);
        if (mainIndex == 0) revert IdoNotRegistered(account);
        if (_settings.whiteOnly && !_whitelist[account]) revert IdoNotWhitelisted(account);
        _sync();
        uint256 index = _round;
        RoundRecord storage r = _rounds[index];
        uint256 endTime = _endOf(r, r.startTime);
        RoundStatus status = _status(r, r.startTime, endTime, _coolEnd(endTime));
        if (status != RoundStatus.InProgress) revert IdoRoundNotActive(index, status);
        uint256 sold = r.idoTotal + times;
        if (sold > r.idoMax) revert IdoExceedsRoundMax(sold, r.idoMax);
        uint256 userMax = _settings.userMax;
        uint256 owned = _userRounds[index][account] + times;
        if (userMax != 0 && owned > userMax) revert IdoExceedsUserMax(owned, userMax);
        p = Purchase({
            account: account,
            round: index,
            times: times,
            amount: 0,
            amountNEX: 0,
            tokens: 0,
            keys: 0,
            payment: payment,
            credits: LogCodes.credits(2)
        });
    }

    /// @dev Pays the referrers their share of a USDT payment and sends the rest to the treasury (if set).
    function _payUsdt(Purchase memory p, uint256 price) private {
        IERC20 usdt = IERC20(_addresses.usdt);
        uint256 rewards = _reward(p, usdt, price, false);
        address treasury = _addresses.treasury;
        if (treasury != address(0)) usdt.safeTransfer(treasury, price - rewards);
    }

    /// @dev Direct and indirect referrers from Main (two generations); returns what was paid.
    function _reward(Purchase memory p, IERC20 asset, uint256 paid, bool isNEX) private returns (uint256 total) {
        address[] memory referrers = IMain(_addresses.main).getReferrers(p.account, 2);
        for (uint256 k; k < referrers.length; ++k) {
            bool isDirect = k == 0;
            uint256 amount = FeeMath.bps(paid, isDirect ? _settings.directRate : _settings.indirectRate);
            if (amount == 0) continue;
            UserRecord storage referrer = _users[referrers[k]];
            if (isDirect && isNEX) referrer.rewardDirectNEX += amount;
            else if (isDirect) referrer.rewardDirect += amount;
            else if (isNEX) referrer.rewardIndirectNEX += amount;
            else referrer.rewardIndirect += amount;
            total += amount;
            emit ReferralRewarded(referrers[k], p.account, isDirect, isNEX, amount);
            LogCodes.credit(
                p.credits,
                referrers[k],
                isDirect ? LogCodes.ACTION_IDO_DIRECT : LogCodes.ACTION_IDO_INDIRECT,
                amount
            );
            asset.safeTransfer(referrers[k], amount);
        }
    }

    /// @dev Checks the NEX backing, books the purchase, then mints the keys (the receiver's hook runs last).
    function _finish(Purchase memory p) private {
        RoundRecord storage r = _rounds[p.round];
        p.tokens = p.times * r.idoTokens;
        p.keys = p.times * _settings.keysPerUnit;
        uint256 owed = _totals.totalTokens - _totalClaimed + p.tokens;
        uint256 held = IERC20(_addresses.token).balanceOf(address(this));
        if (held < owed) revert IdoInsufficientTokens(owed, held);
        _book(p);
        emit Minted(p.account, p.round, p.times, p.amount, p.amountNEX, p.tokens, p.keys, p.payment);
        UserRecord storage user = _users[p.account];
        bool inNex = p.payment == PAY_NEX;
        ILog log = ILog(_addresses.log);
        // in what the account paid: NEX, BNB (all of it was swapped; USDT above the price came back), or USDT
        if (p.payment == PAY_BNB) {
            LogCodes.write(
                log,
                p.account,
                address(this),
                LogCodes.SYMBOL_BNB,
                LogCodes.ACTION_IDO_MINT,
                msg.value,
                user.tokens - user.claimed
            );
        } else {
            LogCodes.write(
                log,
                p.account,
                address(this),
                inNex ? LogCodes.SYMBOL_NEX : LogCodes.SYMBOL_USDT,
                LogCodes.ACTION_IDO_MINT,
                inNex ? p.amountNEX : p.amount,
                user.tokens - user.claimed
            );
        }
        // the referrers' shares, in the currency they were paid in (USDT for a BNB payment)
        LogCodes.writeCredits(log, p.account, inNex ? LogCodes.SYMBOL_NEX : LogCodes.SYMBOL_USDT, p.credits);
        r.idoTotal += p.times;
        if (r.idoTotal == r.idoMax) {
            r.soldOutTime = block.timestamp;
            emit RoundSoldOut(p.round, block.timestamp);
        }
        if (p.keys != 0) INft(_addresses.nft).mint(p.account, _settings.keyId, p.keys);
    }

    /// @dev Adds the purchase to the user's record and the totals.
    function _book(Purchase memory p) private {
        _userRounds[p.round][p.account] += p.times;
        UserRecord storage user = _users[p.account];
        Totals storage t = _totals;
        if (!user.isExist) {
            user.isExist = true;
            ++t.totalUser;
        }
        user.counts += p.times;
        user.amount += p.amount;
        user.amountNEX += p.amountNEX;
        user.tokens += p.tokens;
        user.nfts += p.keys;
        t.totalIDO += p.times;
        t.totalAmount += p.amount;
        t.totalTokens += p.tokens;
        t.totalNexus += p.amountNEX;
        t.totalNFT += p.keys;
    }

    /// @dev Swaps all of `amountBnb` to USDT: at least `price` and no less than its TWAP value less `slippage`.
    function _swapBnb(uint256 amountBnb, uint256 price) private returns (uint256 received) {
        IPriceOracle oracle = IPriceOracle(_addresses.bnbOracle);
        oracle.update();
        address wbnb = IUniswapV2Router02(_addresses.router).WETH();
        uint256 twap = oracle.consult(wbnb, amountBnb);
        if (twap < price) revert IdoPaymentTooLow(twap, price);
        uint256 floor = twap - FeeMath.bps(twap, _settings.slippage);
        address[] memory path = new address[](2);
        path[0] = wbnb;
        path[1] = _addresses.usdt;
        IERC20 usdt = IERC20(_addresses.usdt);
        uint256 before = usdt.balanceOf(address(this));
        IUniswapV2Router02(_addresses.router).swapExactETHForTokens{value: amountBnb}(
            floor > price ? floor : price,
            path,
            address(this),
            block.timestamp
        );
        received = usdt.balanceOf(address(this)) - before;
    }

    // --- internals: rounds ---------------------------------------------------------------------------------

    /// @dev Moves to the next round once the current one is over, its cooldown passed and the next is set; the
    /// next round starts no earlier than the end of that cooldown.
    function _sync() private {
        uint256 index = _round;
        for (uint256 steps; steps < MAX_ADVANCE; ++steps) {
            (bool advance, uint256 startTime) = _next(index);
            if (!advance) break;
            ++index;
            _round = index;
            if (_rounds[index].startTime != startTime) _rounds[index].startTime = startTime;
            emit RoundAdvanced(index, startTime);
        }
    }

    /// @dev The round `_sync` would make current, and its start time, without writing.
    function _virtualRound() private view returns (uint256 index, uint256 startTime) {
        index = _round;
        startTime = _rounds[index].startTime;
        for (uint256 steps; steps < MAX_ADVANCE; ++steps) {
            (bool advance, uint256 nextStart) = _next(index);
            if (!advance) break;
            ++index;
            startTime = nextStart;
        }
    }

    function _next(uint256 index) private view returns (bool advance, uint256 startTime) {
        RoundRecord storage r = _rounds[index];
        if (r.startTime == 0) return (false, 0);
        uint256 coolEnd = _coolEnd(_endOf(r, r.startTime));
        if (block.timestamp < coolEnd) return (false, 0);
        uint256 nextStart = _rounds[index + 1].startTime;
        if (nextStart == 0) return (false, 0);
        return (true, nextStart > coolEnd ? nextStart : coolEnd);
    }

    function _endOf(RoundRecord storage r, uint256 startTime) private view returns (uint256) {
        if (r.soldOutTime != 0) return r.soldOutTime;
        uint256 roundTime = _settings.roundTime;
        return roundTime == 0 || startTime == 0 ? type(uint256).max : startTime + roundTime;
    }

    function _coolEnd(uint256 endTime) private view returns (uint256) {
        return endTime == type(uint256).max ? endTime : endTime + _settings.roundCool;
    }

    function _status(
        RoundRecord storage r,
        uint256 startTime,
        uint256 endTime,
        uint256 coolEnd
    ) private view returns (RoundStatus) {
        if (r.startTime == 0) return RoundStatus.NotStarted;
        if (block.timestamp < startTime) return RoundStatus.Countdown;
        if (block.timestamp < endTime) return RoundStatus.InProgress;
        if (block.timestamp < coolEnd) return RoundStatus.Cooldown;
        return RoundStatus.Ended;
    }

    // --- internals: vesting, settings ----------------------------------------------------------------------

    /// @dev Vested: `tokens * elapsedDays / releaseDays` from `claimStart` (all at once if `releaseDays` is 0).
    function _claimableOf(UserRecord storage user) private view returns (uint256) {
        Settings storage s = _settings;
        if (s.claimStart == 0 || block.timestamp < s.claimStart) return 0;
        uint256 vested = user.tokens;
        if (s.releaseDays != 0) {
            uint256 elapsed = (block.timestamp - s.claimStart) / s.dayTimes;
            if (elapsed < s.releaseDays) vested = (vested * elapsed) / s.releaseDays;
        }
        return vested > user.claimed ? vested - user.claimed : 0;
    }

    function _setSettings(Settings calldata s) private {
        Bounds.check("dayTimes", s.dayTimes, MIN_DAY_TIMES, MAX_DAY_TIMES);
        Bounds.check("directRate", s.directRate + s.indirectRate, 0, MAX_REWARD_RATES);
        Bounds.check("roundCool", s.roundCool, 0, MAX_ROUND_COOL);
        Bounds.check("hecheng", s.hecheng, 1, MAX_HECHENG);
        Bounds.check("roundTime", s.roundTime, 0, MAX_ROUND_TIME);
        Bounds.check("releaseDays", s.releaseDays, 0, MAX_RELEASE_DAYS);
        Bounds.check("keysPerUnit", s.keysPerUnit, 0, MAX_KEYS_PER_UNIT);
        Bounds.check("slippage", s.slippage, 0, MAX_SLIPPAGE);
        if (_totals.totalTokens != 0) _checkVesting(s);
        _settings = s;
        emit ConfigUpdated(s);
    }

    /// @dev Once NEX is sold, the vesting that applies to it may only get faster (issue 19): no later (or unset)
    /// `claimStart`, no longer `dayTimes`, no more `releaseDays`; a first `claimStart` at most a year ahead.
    function _checkVesting(Settings calldata s) private view {
        Settings storage old = _settings;
        uint256 start = old.claimStart;
        if (start != 0) Bounds.check("claimStart", s.claimStart, 1, start);
        else Bounds.check("claimStart", s.claimStart, 0, block.timestamp + MAX_CLAIM_DELAY);
        Bounds.check("dayTimes", s.dayTimes, MIN_DAY_TIMES, old.dayTimes);
        Bounds.check("releaseDays", s.releaseDays, 0, old.releaseDays);
    }

    function _setAddresses(Addresses calldata a) private {
        if (a.main == address(0)) revert IdoInvalidAddress(a.main);
        if (a.usdt == address(0)) revert IdoInvalidAddress(a.usdt);
        if (a.token == address(0)) revert IdoInvalidAddress(a.token);
        if (a.router == address(0)) revert IdoInvalidAddress(a.router);
        if (a.nexOracle == address(0)) revert IdoInvalidAddress(a.nexOracle);
        if (a.bnbOracle == address(0)) revert IdoInvalidAddress(a.bnbOracle);
        if (a.nft == address(0)) revert IdoInvalidAddress(a.nft);
        if (_addresses.token != address(0) && a.token != _addresses.token) revert IdoInvalidAddress(a.token);
        _addresses = a;
        emit AddressesUpdated(a);
    }

    /// @dev The NEX credited to users and not claimed yet.
    function _claimable(address token) internal view override returns (uint256) {
        return token == _addresses.token ? _totals.totalTokens - _totalClaimed : 0;
    }
}
