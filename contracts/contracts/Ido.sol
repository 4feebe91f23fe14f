// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Math} from "@openzeppelin/contracts/utils/math/Math.sol";
import {SafeCast} from "@openzeppelin/contracts/utils/math/SafeCast.sol";
import {NexusUpgradeable} from "./base/NexusUpgradeable.sol";
import {IIdo} from "./interfaces/IIdo.sol";
import {ILog} from "./interfaces/ILog.sol";
import {LogCodes} from "./libraries/LogCodes.sol";
import {IMain} from "./interfaces/IMain.sol";
import {INft} from "./interfaces/INft.sol";
import {IPriceOracle} from "./interfaces/IPriceOracle.sol";
import {FeeMath} from "./libraries/FeeMath.sol";
import {IdoLib} from "./libraries/IdoLib.sol";

/// @title Ido: minting rounds with countdown, cooldown and next-round preview (see {IIdo})
/// @notice Deployed behind an ERC-1967 proxy. The NEX owed to users (credited, not claimed) can never be
/// withdrawn by the owner; USDT, BNB and NEX beyond it can (`withdrawExcess`). Its records are packed and its
/// cold paths (setters, the BNB swap, Burn forwarding, synthesis) run in the linked library {IdoLib}.
contract Ido is NexusUpgradeable, IIdo {
    using SafeERC20 for IERC20;

    /// @notice The most rounds `sync` moves forward in one call.
    uint256 public constant MAX_ADVANCE = 8;
    /// @notice The most accounts one `setWhitelists` call changes.
    uint256 public constant MAX_BATCH = 100;
    /// @notice Upper bound of `directRate + indirectRate` (basis points).
    uint256 public constant MAX_REWARD_RATES = IdoLib.MAX_REWARD_RATES;
    /// @notice Bounds of `dayTimes`.
    uint256 public constant MIN_DAY_TIMES = IdoLib.MIN_DAY_TIMES;
    uint256 public constant MAX_DAY_TIMES = IdoLib.MAX_DAY_TIMES;
    /// @notice Upper bounds of the other settings.
    uint256 public constant MAX_ROUND_COOL = IdoLib.MAX_ROUND_COOL;
    uint256 public constant MAX_ROUND_TIME = IdoLib.MAX_ROUND_TIME;
    uint256 public constant MAX_HECHENG = IdoLib.MAX_HECHENG;
    uint256 public constant MAX_RELEASE_DAYS = IdoLib.MAX_RELEASE_DAYS;
    uint256 public constant MAX_KEYS_PER_UNIT = IdoLib.MAX_KEYS_PER_UNIT;
    uint256 public constant MAX_SLIPPAGE = IdoLib.MAX_SLIPPAGE;

    uint8 private constant PAY_USDT = 0;
    uint8 private constant PAY_NEX = 1;
    uint8 private constant PAY_BNB = 2;
    uint8 private constant PAY_MINTER = 3;

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
        uint256 settings; // the settings' first word ({IdoLib-SettingsRecord}), read once by {_start}
        address[] referrers; // the direct and indirect referrers (Main, two generations) of a paid purchase
        LogCodes.Credits credits; // the referrers' rewards, written after the mint's own entry
    }

    IdoLib.SettingsRecord private _settings;
    Addresses private _addresses;
    /// @dev The deployment time (the current round is `_settings.round`, in the slot every mint reads).
    uint40 private _addTime;
    mapping(uint256 index => IdoLib.RoundRecord round) private _rounds;
    mapping(address account => IdoLib.UserRecord user) private _users;
    /// @dev An account's units in a round before the latest it bought in (that one is in its record).
    mapping(uint256 index => mapping(address account => uint256 units)) private _userRounds;
    mapping(address account => bool allowed) private _whitelist;
    mapping(address account => bool allowed) private _minters;
    IdoLib.TotalsRecord private _totals;

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
        _addTime = uint40(block.timestamp);
        IdoLib.setAddresses(_addresses, addresses);
        IdoLib.setSettings(_settings, settings, _totals.totalTokens != 0);
    }

    // --- user actions ------------------------------------------------------------------------------------

    /// @inheritdoc IIdo
    function mint(uint256 times, bool isUSDT) external whenNotPaused nonReentrant {
        _mintPaid(times, isUSDT, type(uint256).max);
    }

    /// @inheritdoc IIdo
    function mint(uint256 times, bool isUSDT, uint256 maxPayment) external whenNotPaused nonReentrant {
        _mintPaid(times, isUSDT, maxPayment);
    }

    /// @dev A purchase paid by the caller in USDT or NEX, charging at most `maxPayment` of the payment token.
    function _mintPaid(uint256 times, bool isUSDT, uint256 maxPayment) private {
        Purchase memory p = _start(msg.sender, times, isUSDT ? PAY_USDT : PAY_NEX);
        uint256 price = times * _rounds[p.round].idoAmount;
        if (isUSDT) {
            if (price > maxPayment) revert IdoPaymentAboveMax(price, maxPayment);
            // straight from the payer to the referrers and the treasury (Ido keeps the rest when none is set)
            p.amount = price;
            IERC20 usdt = IERC20(_addresses.usdt);
            uint256 rewards = _reward(p, usdt, price, false, true);
            address treasury = _addresses.treasury;
            usdt.safeTransferFrom(msg.sender, treasury != address(0) ? treasury : address(this), price - rewards);
        } else {
            IPriceOracle oracle = IPriceOracle(_addresses.nexOracle);
            oracle.update();
            uint256 nexPrice = oracle.consult(_addresses.usdt, price);
            if (nexPrice > maxPayment) revert IdoPaymentAboveMax(nexPrice, maxPayment);
            IERC20(_addresses.token).safeTransferFrom(msg.sender, address(this), nexPrice);
            p.amountNEX = nexPrice;
            _reward(p, IERC20(_addresses.token), nexPrice, true, false);
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
        uint256 received = IdoLib.swapBnb(_addresses, msg.value, price, uint16(p.settings >> 208)); // slippage
        if (received > price) usdt.safeTransfer(msg.sender, received - price);
        p.amount = price;
        uint256 rewards = _reward(p, usdt, price, false, false);
        address treasury = _addresses.treasury;
        if (treasury != address(0)) usdt.safeTransfer(treasury, price - rewards);
        _finish(p);
    }

    /// @inheritdoc IIdo
    function burn(uint256 times, bool isBNB) external payable whenNotPaused nonReentrant {
        IdoLib.forwardBurn(_addresses, msg.sender, times, isBNB, msg.value);
    }

    /// @inheritdoc IIdo
    function claim() external nonReentrant {
        IdoLib.UserRecord storage user = _users[msg.sender];
        uint256 amount = _claimableOf(user);
        if (amount == 0) revert IdoNothingToClaim(msg.sender);
        uint256 claimed = user.claimed + amount; // at most `tokens` (amount is at most `tokens` less `claimed`)
        user.claimed = uint96(claimed); // at most `tokens`, a uint96
        _totals.totalClaimed += uint128(amount);
        emit Claimed(msg.sender, amount);
        LogCodes.write(
            ILog(_addresses.log),
            msg.sender,
            address(this),
            LogCodes.SYMBOL_NEX,
            LogCodes.ACTION_CLAIM,
            amount,
            user.tokens - claimed
        );
        IERC20(_addresses.token).safeTransfer(msg.sender, amount);
    }

    /// @inheritdoc IIdo
    function hecheng() external whenNotPaused nonReentrant {
        IdoLib.synthesize(_settings, _addresses, msg.sender);
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
        IdoLib.RoundRecord storage r = _rounds[index];
        bool started = r.startTime != 0 && r.startTime <= block.timestamp;
        uint256 current = _settings.round;
        if (index < current || (index == current && started)) revert IdoRoundLocked(index);
        IdoLib.setRound(r, index, idoMax, idoAmount, idoTokens, startTime);
    }

    /// @inheritdoc IIdo
    function setRoundStart(uint256 index, uint256 startTime) external {
        _checkManager(_addresses.main);
        _sync();
        IdoLib.RoundRecord storage r = _rounds[index];
        uint256 current = _settings.round;
        // a configured round that has not started; the current one only later (never inside its cool-down)
        if (
            r.idoMax == 0 ||
            index < current ||
            (index == current && (r.startTime == 0 || r.startTime <= block.timestamp || startTime < r.startTime))
        ) revert IdoRoundLocked(index);
        _checkRoundStart(startTime);
        r.startTime = uint40(startTime); // at most 90 days ahead (checked above)
        emit RoundScheduled(index, startTime, msg.sender);
    }

    /// @inheritdoc IIdo
    function setConfig(Settings calldata settings) external onlyOwner {
        IdoLib.setSettings(_settings, settings, _totals.totalTokens != 0);
    }

    /// @inheritdoc IIdo
    function setAddresses(Addresses calldata addresses) external onlyOwner {
        IdoLib.setAddresses(_addresses, addresses);
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
        IdoLib.SettingsRecord storage s = _settings;
        (uint256 index, ) = _virtualRound();
        IdoLib.RoundRecord storage r = _rounds[index];
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
        return IdoLib.settingsOf(_settings);
    }

    /// @inheritdoc IIdo
    function getAddresses() external view returns (Addresses memory) {
        return _addresses;
    }

    /// @inheritdoc IIdo
    function idos(uint256 index) public view returns (Round memory) {
        IdoLib.RoundRecord storage r = _rounds[index];
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
        IdoLib.RoundRecord storage r = _rounds[index];
        state.round = index;
        state.startTime = startTime;
        uint256 settings = _settingsWord();
        state.endTime = _endOf(r, startTime, settings);
        state.coolEnd = _coolEnd(state.endTime, settings);
        state.status = _status(startTime, state.endTime, state.coolEnd);
        IdoLib.RoundRecord storage next = _rounds[index + 1];
        if (next.startTime != 0) {
            state.hasNext = true;
            state.next = idos(index + 1);
            state.nextStartTime = next.startTime > state.coolEnd ? next.startTime : state.coolEnd;
        }
    }

    /// @inheritdoc IIdo
    function users(address account) external view returns (User memory) {
        return IdoLib.userOf(_users[account]);
    }

    /// @inheritdoc IIdo
    function getIdoTokens(address account) external view returns (uint256) {
        return _claimableOf(_users[account]);
    }

    /// @inheritdoc IIdo
    function userRoundCounts(uint256 index, address account) external view returns (uint256) {
        return _unitsIn(index, account);
    }

    /// @inheritdoc IIdo
    function totalInfo() external view returns (Totals memory) {
        return IdoLib.totalsOf(_totals);
    }

    /// @inheritdoc IIdo
    function totalClaimed() external view returns (uint256) {
        return _totals.totalClaimed;
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
        // a paid purchase rewards the account's two referrers: one Main call reads its index and them
        uint256 mainIndex;
        address[] memory referrers;
        if (payment == PAY_MINTER) (mainIndex, ) = IMain(_addresses.main).users(account);
        else (mainIndex, referrers, ) = IMain(_addresses.main).getLineage(account, 2);
        if (mainIndex == 0) revert IdoNotRegistered(account);
        uint256 settings = _settingsWord();
        if (uint8(settings >> 224) != 0 && !_whitelist[account]) revert IdoNotWhitelisted(account); // whiteOnly
        (uint256 index, RoundStatus status) = _syncedRound(settings);
        if (status != RoundStatus.InProgress) revert IdoRoundNotActive(index, status);
        IdoLib.RoundRecord storage r = _rounds[index];
        uint256 sold = r.idoTotal + times;
        if (sold > r.idoMax) revert IdoExceedsRoundMax(sold, r.idoMax);
        uint256 userMax = uint64(settings);
        uint256 owned = _unitsIn(index, account) + times;
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
            settings: settings,
            referrers: referrers,
            credits: LogCodes.credits(2)
        });
    }

    /// @dev Pays the direct and indirect referrers (`p.referrers`, read by {_start}) their shares of `paid`, from
    /// Ido's balance or, `fromPayer`, straight from the payer's; returns what was paid.
    function _reward(
        Purchase memory p,
        IERC20 asset,
        uint256 paid,
        bool isNEX,
        bool fromPayer
    ) private returns (uint256 total) {
        address[] memory referrers = p.referrers;
        for (uint256 k; k < referrers.length; ++k) {
            bool isDirect = k == 0;
            // directRate (bits 160-175) or indirectRate (176-191) of the settings' first word
            uint256 amount = FeeMath.bps(paid, uint16(p.settings >> (isDirect ? 160 : 176)));
            if (amount == 0) continue;
            IdoLib.UserRecord storage referrer = _users[referrers[k]];
            uint128 credited = SafeCast.toUint128(amount);
            if (isDirect && isNEX) referrer.rewardDirectNEX += credited;
            else if (isDirect) referrer.rewardDirect += credited;
            else if (isNEX) referrer.rewardIndirectNEX += credited;
            else referrer.rewardIndirect += credited;
            total += amount;
            emit ReferralRewarded(referrers[k], p.account, isDirect, isNEX, amount);
            LogCodes.credit(
                p.credits,
                referrers[k],
                isDirect ? LogCodes.ACTION_IDO_DIRECT : LogCodes.ACTION_IDO_INDIRECT,
                amount
            );
            if (fromPayer) asset.safeTransferFrom(p.account, referrers[k], amount);
            else asset.safeTransfer(referrers[k], amount);
        }
    }

    /// @dev Checks the NEX backing, books the purchase, then mints the keys (the receiver's hook runs last).
    function _finish(Purchase memory p) private {
        IdoLib.RoundRecord storage r = _rounds[p.round];
        p.tokens = p.times * r.idoTokens;
        p.keys = p.times * uint16(p.settings >> 192); // keysPerUnit
        IdoLib.TotalsRecord storage t = _totals;
        uint256 owed = t.totalTokens - t.totalClaimed + p.tokens;
        uint256 held = IERC20(_addresses.token).balanceOf(address(this));
        if (held < owed) revert IdoInsufficientTokens(owed, held);
        uint256 balance = _book(p, t);
        emit Minted(p.account, p.round, p.times, p.amount, p.amountNEX, p.tokens, p.keys, p.payment);
        _log(p, balance);
        // the round's first word ({IdoLib-RoundRecord}: idoMax bits 0-63, idoTotal 64-127, startTime 128-167,
        // soldOutTime 168-207), read and written once
        uint256 word;
        assembly ("memory-safe") {
            word := sload(r.slot)
        }
        uint256 sold = uint64(word >> 64) + p.times; // at most idoMax, a uint64 (checked by _start)
        word = (word & ~(uint256(type(uint64).max) << 64)) | (uint256(uint64(sold)) << 64);
        bool soldOut = sold == uint64(word);
        if (soldOut) word = (word & ~(uint256(type(uint40).max) << 168)) | (uint256(uint40(block.timestamp)) << 168);
        assembly ("memory-safe") {
            sstore(r.slot, word)
        }
        if (soldOut) emit RoundSoldOut(p.round, block.timestamp);
        if (p.keys != 0) INft(_addresses.nft).mint(p.account, uint32(p.settings >> 128), p.keys); // keyId
    }

    /// @dev The purchase's Log entry and its referrers' credits, in one Log call.
    function _log(Purchase memory p, uint256 balance) private {
        bool inNex = p.payment == PAY_NEX;
        ILog log = ILog(_addresses.log);
        // in what the account paid: NEX, BNB (all of it was swapped; USDT above the price came back), or USDT; then
        // the referrers' shares, in the currency they were paid in (USDT for a BNB payment): one Log call
        LogCodes.writeWithCredits(
            log,
            p.account,
            p.payment == PAY_BNB
                ? LogCodes.SYMBOL_BNB
                : inNex
                    ? LogCodes.SYMBOL_NEX
                    : LogCodes.SYMBOL_USDT,
            LogCodes.ACTION_IDO_MINT,
            p.payment == PAY_BNB
                ? msg.value
                : inNex
                    ? p.amountNEX
                    : p.amount,
            balance,
            inNex ? LogCodes.SYMBOL_NEX : LogCodes.SYMBOL_USDT,
            p.credits
        );
    }

    /// @dev Adds the purchase to the user's record and the totals; returns the user's NEX not claimed yet. Each
    /// word is read once and written once ({IdoLib-UserRecord}, {IdoLib-TotalsRecord}: the fields in declaration
    /// order from the low bits; the compiler would write a packed word once per field).
    function _book(Purchase memory p, IdoLib.TotalsRecord storage t) private returns (uint256 balance) {
        IdoLib.UserRecord storage user = _users[p.account];
        uint256 word0;
        uint256 word1;
        assembly ("memory-safe") {
            word0 := sload(user.slot)
            word1 := sload(add(user.slot, 1))
        }
        // second word: claimed (read), amountNEX, the latest round the account bought in and its units there
        uint256 units = word1 >> 216;
        uint256 last = uint24(word1 >> 192);
        if (last != p.round) {
            // a later round (rounds only move forward): the record's round goes to the mapping for its view
            if (units != 0) _userRounds[last][p.account] = units;
            units = 0;
        }
        uint256 claimed = word1 & type(uint96).max;
        word1 =
            claimed |
            (uint256(SafeCast.toUint96(uint96(word1 >> 96) + p.amountNEX)) << 96) |
            (uint256(SafeCast.toUint24(p.round)) << 192) |
            (uint256(SafeCast.toUint40(units + p.times)) << 216);
        // first word: amount, tokens, counts, keys. The counts and the USDT paid only inform: they saturate at their
        // fields' maxima instead of refusing a mint (the NEX credited is owed: it is checked, and below NEX's supply)
        uint256 counts = uint32(word0 >> 192);
        uint256 tokens = uint96(word0 >> 96) + p.tokens;
        word0 =
            Math.min((word0 & type(uint96).max) + p.amount, type(uint96).max) |
            (uint256(SafeCast.toUint96(tokens)) << 96) |
            (Math.min(counts + p.times, type(uint32).max) << 192) |
            (Math.min((word0 >> 224) + p.keys, type(uint32).max) << 224);
        assembly ("memory-safe") {
            sstore(user.slot, word0)
            sstore(add(user.slot, 1), word1)
        }
        balance = tokens - claimed;
        _bookTotals(p, t, counts == 0);
    }

    /// @dev Adds the purchase to the totals (`first`: the account's first purchase). The first word (users, units,
    /// keys, the USDT paid: informational, saturating) is read and written once.
    function _bookTotals(Purchase memory p, IdoLib.TotalsRecord storage t, bool first) private {
        // the totals' first word: users, units, keys, the USDT paid (informational: saturating)
        uint256 totals;
        assembly ("memory-safe") {
            totals := sload(t.slot)
        }
        uint256 totalUser = totals & type(uint32).max;
        if (first) totalUser = Math.min(totalUser + 1, type(uint32).max);
        totals =
            totalUser |
            (Math.min(uint64(totals >> 32) + p.times, type(uint64).max) << 32) |
            (Math.min(uint64(totals >> 96) + p.keys, type(uint64).max) << 96) |
            (Math.min((totals >> 160) + p.amount, type(uint96).max) << 160);
        assembly ("memory-safe") {
            sstore(t.slot, totals)
        }
        t.totalTokens = SafeCast.toUint128(t.totalTokens + p.tokens);
        if (p.amountNEX != 0) t.totalNexus += p.amountNEX;
    }

    /// @dev `account`'s units in round `index`: its record's for the latest round it bought in, the mapping's before.
    function _unitsIn(uint256 index, address account) private view returns (uint256) {
        IdoLib.UserRecord storage user = _users[account];
        return user.round == index ? user.units : _userRounds[index][account];
    }

    // --- internals: rounds ---------------------------------------------------------------------------------

    /// @dev Moves to the next round once the current one is over, its cooldown passed and the next is set; the
    /// next round starts no earlier than the end of that cooldown.
    function _sync() private {
        uint256 index = _settings.round;
        for (uint256 steps; steps < MAX_ADVANCE; ++steps) {
            (bool advance, uint256 startTime) = _next(index);
            if (!advance) break;
            ++index;
            _settings.round = SafeCast.toUint24(index);
            if (_rounds[index].startTime != startTime) _rounds[index].startTime = uint40(startTime);
            emit RoundAdvanced(index, startTime);
        }
    }

    /// @dev `_sync`, then the current round and its status. `_sync` moves on only from a round that has started and
    /// whose cool-down is over ({_next}): inside it (a purchase's usual case) the times read for the status show
    /// that there is nothing to move, and `_sync` is not run.
    function _syncedRound(uint256 settings) private returns (uint256 index, RoundStatus status) {
        index = settings >> 232; // round
        IdoLib.RoundRecord storage r = _rounds[index];
        uint256 startTime = r.startTime;
        uint256 endTime = _endOf(r, startTime, settings);
        uint256 coolEnd = _coolEnd(endTime, settings);
        if (startTime != 0 && block.timestamp >= coolEnd) {
            _sync();
            index = _settings.round;
            r = _rounds[index];
            startTime = r.startTime;
            endTime = _endOf(r, startTime, settings);
            coolEnd = _coolEnd(endTime, settings);
        }
        status = _status(startTime, endTime, coolEnd);
    }

    /// @dev The round `_sync` would make current, and its start time, without writing.
    function _virtualRound() private view returns (uint256 index, uint256 startTime) {
        index = _settings.round;
        startTime = _rounds[index].startTime;
        for (uint256 steps; steps < MAX_ADVANCE; ++steps) {
            (bool advance, uint256 nextStart) = _next(index);
            if (!advance) break;
            ++index;
            startTime = nextStart;
        }
    }

    function _next(uint256 index) private view returns (bool advance, uint256 startTime) {
        IdoLib.RoundRecord storage r = _rounds[index];
        if (r.startTime == 0) return (false, 0);
        uint256 settings = _settingsWord();
        uint256 coolEnd = _coolEnd(_endOf(r, r.startTime, settings), settings);
        if (block.timestamp < coolEnd) return (false, 0);
        uint256 nextStart = _rounds[index + 1].startTime;
        if (nextStart == 0) return (false, 0);
        return (true, nextStart > coolEnd ? nextStart : coolEnd);
    }

    /// @dev The settings' first word: every field a purchase reads ({IdoLib-SettingsRecord}, in declaration order
    /// from the low bits: userMax 0-63, roundTime 64-95, roundCool 96-127, keyId 128-159, directRate 160-175,
    /// indirectRate 176-191, keysPerUnit 192-207, slippage 208-223, whiteOnly 224-231, round 232-255).
    function _settingsWord() private view returns (uint256 word) {
        assembly ("memory-safe") {
            word := sload(_settings.slot)
        }
    }

    function _endOf(IdoLib.RoundRecord storage r, uint256 startTime, uint256 settings) private view returns (uint256) {
        uint256 soldOutTime = r.soldOutTime;
        if (soldOutTime != 0) return soldOutTime;
        uint256 roundTime = uint32(settings >> 64);
        return roundTime == 0 || startTime == 0 ? type(uint256).max : startTime + roundTime;
    }

    function _coolEnd(uint256 endTime, uint256 settings) private pure returns (uint256) {
        return endTime == type(uint256).max ? endTime : endTime + uint32(settings >> 96); // roundCool
    }

    /// @dev `startTime` is 0 exactly when the round's own start time is (a round `_sync` moves to starts at or
    /// after its own start time, which is not 0).
    function _status(uint256 startTime, uint256 endTime, uint256 coolEnd) private view returns (RoundStatus) {
        if (startTime == 0) return RoundStatus.NotStarted;
        if (block.timestamp < startTime) return RoundStatus.Countdown;
        if (block.timestamp < endTime) return RoundStatus.InProgress;
        if (block.timestamp < coolEnd) return RoundStatus.Cooldown;
        return RoundStatus.Ended;
    }

    // --- internals: vesting --------------------------------------------------------------------------------

    /// @dev Vested: `tokens * elapsedDays / releaseDays` from `claimStart` (all at once if `releaseDays` is 0).
    function _claimableOf(IdoLib.UserRecord storage user) private view returns (uint256) {
        IdoLib.SettingsRecord storage s = _settings;
        uint256 claimStart = s.claimStart;
        if (claimStart == 0 || block.timestamp < claimStart) return 0;
        uint256 vested = user.tokens;
        uint256 releaseDays = s.releaseDays;
        if (releaseDays != 0) {
            uint256 elapsed = (block.timestamp - claimStart) / s.dayTimes;
            if (elapsed < releaseDays) vested = (vested * elapsed) / releaseDays;
        }
        uint256 claimed = user.claimed;
        return vested > claimed ? vested - claimed : 0;
    }

    /// @dev The NEX credited to users and not claimed yet.
    function _claimable(address token) internal view override returns (uint256) {
        IdoLib.TotalsRecord storage t = _totals;
        return token == _addresses.token ? t.totalTokens - t.totalClaimed : 0;
    }
}
