// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {ERC1155Upgradeable} from "@openzeppelin/contracts-upgradeable/token/ERC1155/ERC1155Upgradeable.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {NexusUpgradeable} from "./base/NexusUpgradeable.sol";
import {IFeeReceiver} from "./interfaces/IFeeReceiver.sol";
import {ILog} from "./interfaces/ILog.sol";
import {INft} from "./interfaces/INft.sol";
import {LogCodes} from "./libraries/LogCodes.sol";
import {CardRecord, NftLib, UserRecord} from "./libraries/NftLib.sol";
import {RewardMath} from "./libraries/RewardMath.sol";

/// @title Nft: ERC-1155 keys with levels, capped supply, power-weighted dividends (see {INft})
/// @notice Deployed behind an ERC-1967 proxy. Every reward token unit the contract holds belongs to holders:
/// the owner can never withdraw it (`withdrawExcess` sees none of it as excess).
contract Nft is NexusUpgradeable, ERC1155Upgradeable, IFeeReceiver, INft {
    using SafeERC20 for IERC20;

    /// @notice The most card ids that can exist (so `getCards` stays bounded).
    uint256 public constant MAX_CARDS = 50;
    /// @notice The most cards (units) the owner itself may mint in one call: the owner is the Timelock, so each such
    /// mint is public for its delay first and stays small (issue 19 #4); the boxes (the Ido) are bounded by their rounds.
    uint256 public constant MAX_OWNER_MINT = 100;
    /// @notice The longest batch of ids in one mint, burn or transfer.
    uint256 public constant MAX_BATCH = 32;
    /// @notice The largest power of one card.
    uint256 public constant MAX_POWER = NftLib.MAX_POWER;
    /// @notice The largest maximum supply of one id.
    uint256 public constant MAX_SUPPLY_BOUND = NftLib.MAX_SUPPLY_BOUND;
    /// @notice Levels run from 1 to `MAX_LEVEL` (five named tiers).
    uint256 public constant MAX_LEVEL = NftLib.MAX_LEVEL;
    /// @notice The weight floor of the dividends: nothing is shared while the total power is below it (what arrived
    /// waits in the balance for the next distribution at or above it). Power counts whole card points (every card
    /// at least 1), never wei, so one point already keeps the accumulator exact: a distribution adds at most
    /// `amount * 1e18` to `perPower`.
    uint256 internal constant POWER_FLOOR = NftLib.POWER_FLOOR;

    IERC20 private _rewardToken;
    mapping(uint256 tokenId => CardRecord card) private _cards;
    mapping(address account => UserRecord user) private _users;
    mapping(address account => bool allowed) private _boxes;
    string[5] private _levelZh;
    string[5] private _levelEn;
    uint256 private _totalID;
    uint256 private _lastIndex;
    /// @dev Power and cards in existence (a mint or burn writes both) and the holder count, in one slot.
    uint128 private _totalPower;
    uint64 private _totalForce;
    uint64 private _totalUser;
    uint256 private _perPower;
    uint256 private _lastBalance;
    uint256 private _rewardTotal;
    uint256 private _totalReward;
    uint256 private _totalExtract;
    uint256 private _sendMin;
    /// @dev Where dividend claims are written (none while unset: a deployment step sets it).
    ILog private _log;

    /// @custom:oz-upgrades-unsafe-allow constructor
    constructor() {
        _disableInitializers();
    }

    /// @notice Initializes the proxy: owner, upgrade delay, reward token (USDT), base URI and `sendMin`.
    function initialize(
        address owner_,
        uint256 upgradeDelay_,
        address rewardToken_,
        string calldata uri_,
        uint256 sendMin_
    ) external initializer {
        __NexusUpgradeable_init(owner_, upgradeDelay_);
        __ERC1155_init(uri_);
        _checkAddress(rewardToken_);
        _rewardToken = IERC20(rewardToken_);
        _sendMin = sendMin_;
        NftLib.setLevelName(_levelZh, _levelEn, 1, unicode"鑰匙", "Key");
        NftLib.setLevelName(_levelZh, _levelEn, 2, unicode"青銅", "Bronze");
        NftLib.setLevelName(_levelZh, _levelEn, 3, unicode"白銀", "Silver");
        NftLib.setLevelName(_levelZh, _levelEn, 4, unicode"黃金", "Gold");
        NftLib.setLevelName(_levelZh, _levelEn, 5, unicode"財團", "Syndicate");
    }

    // --- minting and burning -----------------------------------------------------------------------------

    /// @inheritdoc INft
    function mint(address to, uint256 tokenId, uint256 amount) external whenNotPaused nonReentrant {
        _checkMinter();
        _checkAmount(amount);
        _checkOwnerMint(amount);
        _mint(to, tokenId, amount, "");
    }

    /// @inheritdoc INft
    function mintMulti(
        address to,
        uint256[] calldata tokenIds,
        uint256[] calldata amounts
    ) external whenNotPaused nonReentrant {
        _checkMinter();
        _checkOwnerMint(_checkNoZero(amounts));
        _mintBatch(to, tokenIds, amounts, "");
    }

    /// @inheritdoc INft
    function burn(address from, uint256 tokenId, uint256 amount) external whenNotPaused nonReentrant {
        _checkBurner(from);
        _checkAmount(amount);
        _burn(from, tokenId, amount);
    }

    /// @inheritdoc INft
    function burnBatch(
        address from,
        uint256[] calldata tokenIds,
        uint256[] calldata amounts
    ) external whenNotPaused nonReentrant {
        _checkBurner(from);
        _checkNoZero(amounts);
        _burnBatch(from, tokenIds, amounts);
    }

    /// @notice ERC-1155 transfer; settles both sides' dividends first. Reverts with {NotAuthorized} or
    /// {InsufficientBalance}.
    function safeTransferFrom(
        address from,
        address to,
        uint256 id,
        uint256 value,
        bytes memory data
    ) public override nonReentrant {
        super.safeTransferFrom(from, to, id, value, data);
    }

    /// @notice ERC-1155 batch transfer; settles both sides' dividends first.
    function safeBatchTransferFrom(
        address from,
        address to,
        uint256[] memory ids,
        uint256[] memory values,
        bytes memory data
    ) public override nonReentrant {
        super.safeBatchTransferFrom(from, to, ids, values, data);
    }

    // --- dividends ---------------------------------------------------------------------------------------

    /// @inheritdoc INft
    function claimReward() external nonReentrant {
        _distribute();
        UserRecord storage user = _users[msg.sender];
        _settle(msg.sender, user);
        uint256 amount = user.balance;
        if (amount == 0) revert NftNothingToClaim(msg.sender);
        user.balance = 0;
        _lastBalance -= amount;
        _totalExtract += amount;
        emit RewardClaimed(msg.sender, amount);
        _rewardToken.safeTransfer(msg.sender, amount);
        LogCodes.write(_log, msg.sender, address(this), LogCodes.SYMBOL_USDT, LogCodes.ACTION_NFT_CLAIM, amount, 0);
    }

    /// @notice Fee hook of the NEX token: distributes what arrived once it reaches `sendMin`. Anyone may call;
    /// it only accounts tokens the contract really holds.
    function onFeeReceived(address token, uint256) external nonReentrant {
        if (token != address(_rewardToken)) return;
        uint256 balance = _rewardToken.balanceOf(address(this));
        uint256 last = _lastBalance;
        if (balance > last && balance - last >= _sendMin) _distribute();
    }

    // --- owner -------------------------------------------------------------------------------------------

    /// @inheritdoc INft
    function createNFT(
        uint256 power,
        uint256 newMaxSupply,
        string calldata cid,
        string calldata suffix
    ) external onlyOwner returns (uint256 tokenId) {
        if (_totalID == MAX_CARDS) revert NftTooManyCards(MAX_CARDS);
        tokenId = ++_totalID;
        NftLib.create(_cards[tokenId], tokenId, power, newMaxSupply, cid, suffix, _perPower);
    }

    /// @inheritdoc INft
    function setMaxSupply(uint256 tokenId, uint256 newMaxSupply) external onlyOwner {
        NftLib.setMaxSupply(_card(tokenId), tokenId, newMaxSupply);
    }

    /// @inheritdoc INft
    function setURI(string calldata newUri) external onlyOwner {
        _setURI(newUri);
        emit BaseURIUpdated(newUri);
    }

    /// @inheritdoc INft
    function setBox(address box, bool allowed) external onlyOwner {
        NftLib.setBox(_boxes, box, allowed);
    }

    /// @inheritdoc INft
    function setName(uint256 tokenId, uint256 level, string calldata name) external onlyOwner {
        NftLib.setName(_card(tokenId), tokenId, level, name);
    }

    /// @inheritdoc INft
    function setLevelName(uint256 level, string calldata nameZh, string calldata nameEn) external onlyOwner {
        NftLib.setLevelName(_levelZh, _levelEn, level, nameZh, nameEn);
    }

    /// @inheritdoc INft
    function setSendMin(uint256 sendMin) external onlyOwner {
        emit SendMinUpdated(_sendMin, sendMin);
        _sendMin = sendMin;
    }

    /// @inheritdoc INft
    function setLog(address log_) external onlyOwner {
        emit LogUpdated(address(_log), log_);
        _log = ILog(log_);
    }

    /// @inheritdoc INft
    function log() external view returns (address) {
        return address(_log);
    }

    // --- views -------------------------------------------------------------------------------------------

    /// @inheritdoc INft
    function getConfig() external view returns (Config memory) {
        _return(NftLib.config(address(_rewardToken), _sendMin, MAX_CARDS, MAX_BATCH, MAX_POWER));
    }

    /// @inheritdoc INft
    function getCards() external view returns (Card[] memory) {
        _return(NftLib.cardsView(_cards, _totalID, 0, true));
    }

    /// @inheritdoc INft
    function getCardsByLevel(uint256 level) external view returns (Card[] memory) {
        _return(NftLib.cardsView(_cards, _totalID, level, false));
    }

    /// @inheritdoc INft
    function getCard(uint256 tokenId) external view returns (Card memory) {
        _return(NftLib.cardView(_cards, tokenId));
    }

    /// @inheritdoc INft
    function getUserInfo(address account) external view returns (UserInfo memory) {
        _return(
            NftLib.userInfo(_users[account], account, _rewardToken, _lastBalance, _perPower, _totalPower, _totalID)
        );
    }

    /// @inheritdoc INft
    function totalInfo() external view returns (Totals memory) {
        return
            Totals({
                lastIndex: _lastIndex,
                totalForce: _totalForce,
                perForce: _perPower,
                rewardTotal: _rewardTotal,
                lastBalance: _lastBalance,
                sendMin: _sendMin,
                totalUser: _totalUser,
                totalID: _totalID,
                totalReward: _totalReward,
                totalExtract: _totalExtract,
                totalPower: _totalPower,
                perPower: _perPower
            });
    }

    /// @inheritdoc INft
    function getLevelNames() external view returns (string[5] memory, string[5] memory) {
        _return(NftLib.levelNames(_levelZh, _levelEn));
    }

    /// @inheritdoc INft
    function isBox(address account) external view returns (bool) {
        return _boxes[account];
    }

    /// @inheritdoc INft
    function maxSupply(uint256 tokenId) external view returns (uint256) {
        return _card(tokenId).total;
    }

    /// @inheritdoc INft
    function totalMinted(uint256 tokenId) external view returns (uint256) {
        return _card(tokenId).mints;
    }

    /// @inheritdoc INft
    function totalSupply(uint256 tokenId) external view returns (uint256) {
        return _card(tokenId).supply;
    }

    /// @inheritdoc INft
    function totalSupply() external view returns (uint256) {
        return _totalForce;
    }

    /// @notice The metadata URI of `tokenId`: base URI + cid + suffix when the card has a cid, else the base.
    function uri(uint256 tokenId) public view override returns (string memory) {
        _return(NftLib.uri(_cards[tokenId]));
    }

    /// @inheritdoc INft
    function uris(uint256[] calldata tokenIds) external view returns (string[] memory) {
        _checkBatch(tokenIds.length);
        _return(NftLib.uris(tokenIds));
    }

    // --- internals ---------------------------------------------------------------------------------------

    /// @dev Every mint, burn and transfer: distribute what arrived, check ids, caps and balances (duplicates
    /// in a batch count cumulatively), settle both sides at the current accumulator, then move the power.
    function _update(address from, address to, uint256[] memory ids, uint256[] memory values) internal override {
        uint256 length = ids.length;
        if (length != values.length) revert NftArrayLengthMismatch(length, values.length);
        _checkBatch(length);
        _distribute();
        uint256 moved;
        uint256 count;
        for (uint256 i; i < length; ++i) {
            uint256 id = ids[i];
            uint256 value = values[i];
            CardRecord storage card = _card(id);
            if (from == address(0)) {
                // the card's first word: power (bits 0-31), total (32-95), mints (96-159), supply (160-223)
                uint256 word;
                assembly ("memory-safe") {
                    word := sload(card.slot)
                }
                uint256 minted = uint64(word >> 96) + value;
                if (minted > uint64(word >> 32)) revert MintExceedsMaxSupply(minted, uint64(word >> 32));
                // mints and supply (at most mints) grow by `value`, both stay at most `total` (a uint64): one write
                assembly ("memory-safe") {
                    sstore(card.slot, add(word, add(shl(96, value), shl(160, value))))
                }
            } else {
                if (balanceOf(from, id) < value + _earlier(ids, values, i)) revert InsufficientBalance(from, id);
                if (to == address(0)) card.supply -= uint64(value); // value <= a balance <= supply
            }
            moved += value * card.power;
            count += value;
        }
        if (from != to) {
            if (from != address(0)) _changePower(from, moved, false);
            if (to != address(0)) _changePower(to, moved, true);
        }
        if (from == address(0)) _moveTotals(moved | (count << 128), true);
        else if (to == address(0)) _moveTotals(moved | (count << 128), false);
        super._update(from, to, ids, values);
    }

    /// @dev Adds (a mint) or takes (a burn) `delta` (power | count << 128) to `_totalPower` (bits 0-127) and
    /// `_totalForce` (128-191), read and written once: at most every card's supply times its power and every card's
    /// supply (50 * 1e12 * 1e6 < 2**66, 50 * 1e12 < 2**46), and a burn takes at most what exists, so neither field
    /// carries into the next.
    function _moveTotals(uint256 delta, bool mint) private {
        uint256 totals;
        assembly ("memory-safe") {
            totals := sload(_totalPower.slot)
        }
        totals = mint ? totals + delta : totals - delta;
        assembly ("memory-safe") {
            sstore(_totalPower.slot, totals)
        }
    }

    /// @dev ERC-1155 transfer rights, with the error of SPEC §8.
    function _checkAuthorized(address operator, address owner) internal view override {
        if (owner != operator && !isApprovedForAll(owner, operator)) revert NotAuthorized();
    }

    /// @dev Shares what arrived since the last distribution by power (nothing while nobody holds power).
    function _distribute() private {
        uint256 totalPower = _totalPower;
        if (totalPower < POWER_FLOOR) return;
        uint256 balance = _rewardToken.balanceOf(address(this));
        uint256 last = _lastBalance;
        if (balance <= last) return;
        (uint256 inc, uint256 consumed) = RewardMath.increment(balance - last, totalPower);
        if (inc == 0) return;
        uint256 perPower = _perPower + inc;
        _perPower = perPower;
        _lastBalance = last + consumed;
        _rewardTotal += consumed;
        uint256 index = ++_lastIndex;
        emit RewardDistributed(index, consumed, totalPower, perPower);
    }

    /// @dev Settles `account` at the current accumulator, then moves its power by `delta`. The holder's first word
    /// (index, bits 0-63; power, 64-255), its debt and `_perPower` are each read once, and each word written once.
    function _changePower(address account, uint256 delta, bool increase) private {
        UserRecord storage user = _users[account];
        uint256 word;
        assembly ("memory-safe") {
            word := sload(user.slot)
        }
        if (uint64(word) == 0) {
            uint256 index = ++_totalUser;
            word |= uint64(index);
            emit UserRegistered(account, index);
        }
        uint256 power = word >> 64;
        uint256 perPower = _perPower;
        (uint256 paid, int256 debt) = RewardMath.settle(power, perPower, user.debt);
        if (paid != 0) _pay(account, user, paid);
        // the settled debt when something was paid, else the debt unchanged (settle adds nothing)
        uint256 newPower = increase ? power + delta : power - delta;
        user.debt = RewardMath.reweight(power, newPower, perPower, debt);
        // the power stays at most the power of every card's supply (below 2**66): it fits its 192 bits
        word = uint64(word) | (newPower << 64);
        assembly ("memory-safe") {
            sstore(user.slot, word)
        }
    }

    function _settle(address account, UserRecord storage user) private {
        (uint256 paid, int256 debt) = RewardMath.settle(user.power, _perPower, user.debt);
        if (paid == 0) return;
        user.debt = debt;
        _pay(account, user, paid);
    }

    /// @dev Credits `paid`, settled, to `account`'s balance and total and to `_totalReward`.
    function _pay(address account, UserRecord storage user, uint256 paid) private {
        // one slot write for both; `paid` is a share of what was distributed, a balance of the reward token (USDT,
        // far below 2**128), and the sums are checked
        user.balance += uint128(paid);
        user.total += uint128(paid);
        _totalReward += paid;
        emit RewardSettled(account, paid);
    }

    /// @dev The amount of `ids[i]` already taken by the earlier entries of the batch (duplicate ids).
    function _earlier(uint256[] memory ids, uint256[] memory values, uint256 i) private pure returns (uint256 sum) {
        for (uint256 j; j < i; ++j) if (ids[j] == ids[i]) sum += values[j];
    }

    /// @dev Card `tokenId`, which must exist: ids 1 to `_totalID` are exactly the cards with a power (createNFT
    /// requires one, nothing clears it), so the card's own first slot answers, without a read of `_totalID`.
    function _card(uint256 tokenId) private view returns (CardRecord storage card) {
        card = _cards[tokenId];
        if (card.power == 0) revert NftUnknownCard(tokenId);
    }

    function _checkMinter() private view {
        // the boxes first: a box's mint (every Ido purchase) needs no read of the owner
        if (!_boxes[msg.sender] && msg.sender != owner()) revert NotAuthorized();
    }

    function _checkBurner(address from) private view {
        if (from != msg.sender && !isApprovedForAll(from, msg.sender) && !_boxes[msg.sender]) revert NotAuthorized();
    }

    /// @dev Reverts on a zero amount; returns the sum.
    function _checkNoZero(uint256[] calldata amounts) private pure returns (uint256 sum) {
        for (uint256 i; i < amounts.length; ++i) {
            if (amounts[i] == 0) revert NftZeroAmount();
            sum += amounts[i];
        }
    }

    function _checkBatch(uint256 length) private pure {
        if (length > MAX_BATCH) revert NftBatchTooLarge(length, MAX_BATCH);
    }

    function _checkAmount(uint256 amount) private pure {
        if (amount == 0) revert NftZeroAmount();
    }

    function _checkAddress(address account) private pure {
        if (account == address(0)) revert NftInvalidAddress(account);
    }

    function _checkOwnerMint(uint256 amount) private view {
        if (!_boxes[msg.sender] && amount > MAX_OWNER_MINT) revert NftOwnerMintTooLarge(amount, MAX_OWNER_MINT);
    }

    /// @dev Ends a view with `data`, the ABI encoding of its return value made by {NftLib} (so that Nft's code
    /// neither decodes nor re-encodes the strings).
    function _return(bytes memory data) private pure {
        assembly ("memory-safe") {
            return(add(data, 0x20), mload(data))
        }
    }

    /// @dev Every reward token unit here belongs to holders (distributed, or waiting to be).
    function _claimable(address token) internal view override returns (uint256) {
        return token == address(_rewardToken) ? _rewardToken.balanceOf(address(this)) : 0;
    }
}
