// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IERC1155} from "@openzeppelin/contracts/token/ERC1155/IERC1155.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {IERC1155MetadataURI} from "@openzeppelin/contracts/token/ERC1155/extensions/IERC1155MetadataURI.sol";
import {INft} from "../interfaces/INft.sol";
import {Bounds} from "./Bounds.sol";
import {RewardMath} from "./RewardMath.sol";

/// @dev A card: what every mint, burn and transfer reads (power, caps, counts; a mint or burn writes its counts) in
/// its first slot. `total` is at most {Nft-MAX_SUPPLY_BOUND}, so `mints` and `supply` fit 64 bits too.
struct CardRecord {
    uint32 power;
    uint64 total;
    uint64 mints;
    uint64 supply;
    uint8 level;
    address author;
    uint256 debt;
    string name;
    string cid;
    string suffix;
}

/// @dev A holder in three slots: its number (0 until it first holds power: `isExist` is `index != 0`) with
/// its power, which every change of power reads and writes; its debt; its settled and total dividends, which
/// a settlement writes together. Power is at most MAX_CARDS * MAX_SUPPLY_BOUND * MAX_POWER (below 2**66).
struct UserRecord {
    uint64 index;
    uint192 power;
    int256 debt;
    uint128 balance;
    uint128 total;
}

/// @title {Nft}'s cold paths outside its 24 KB: the owner's card and level-name setters and the views
/// @notice Linked (DELEGATECALL on Nft's storage: Nft's events, Nft's errors from {INft}). The views return the ABI
/// encoding of their value, which Nft returns as it is (so that Nft's code neither decodes nor re-encodes the
/// strings).
library NftLib {
    /// @notice Levels run from 1 to `MAX_LEVEL` (five named tiers).
    uint256 internal constant MAX_LEVEL = 5;
    /// @notice The largest power of one card.
    uint256 internal constant MAX_POWER = 1_000_000;
    /// @notice The largest maximum supply of one id.
    uint256 internal constant MAX_SUPPLY_BOUND = 1e12;
    /// @notice {Nft}'s weight floor of the dividends (see `Nft.POWER_FLOOR`).
    uint256 internal constant POWER_FLOOR = 1;
    /// @dev OpenZeppelin's ERC-7201 slot of ERC1155Upgradeable's storage (`openzeppelin.storage.ERC1155`): its
    /// balances, operator approvals and base URI, in that order.
    bytes32 private constant ERC1155_STORAGE = 0x88be536d5240c274a3b1d3a1be54482fd9caa294f08c62a7cde569f49a3c4500;

    /// @dev The layout of ERC1155Upgradeable's storage at `ERC1155_STORAGE`, to read the base URI.
    struct ERC1155Storage {
        mapping(uint256 id => mapping(address account => uint256)) balances;
        mapping(address account => mapping(address operator => bool)) operatorApprovals;
        string uri;
    }

    /// @notice Writes card `tokenId` with level 1 after checking its power (1 to MAX_POWER) and maximum supply (at
    /// most MAX_SUPPLY_BOUND); `debt` is what one card would have earned before it existed. Emits
    /// {INft-CardCreated}.
    function create(
        CardRecord storage card,
        uint256 tokenId,
        uint256 power,
        uint256 newMaxSupply,
        string calldata cid,
        string calldata suffix,
        uint256 perPower
    ) external {
        if (power == 0 || power > MAX_POWER) revert INft.NftInvalidPower(power, MAX_POWER);
        Bounds.check("maxSupply", newMaxSupply, 0, MAX_SUPPLY_BOUND);
        card.level = 1;
        card.author = msg.sender;
        card.power = uint32(power); // at most MAX_POWER (checked above)
        card.total = uint64(newMaxSupply); // at most MAX_SUPPLY_BOUND (checked above)
        card.debt = (perPower * power) / RewardMath.PRECISION;
        card.cid = cid;
        card.suffix = suffix;
        emit INft.CardCreated(tokenId, power, newMaxSupply, cid, suffix, msg.sender);
    }

    /// @notice Sets card `tokenId`'s maximum supply: at least the cards ever minted, at most MAX_SUPPLY_BOUND.
    /// Emits {INft-MaxSupplyUpdated}.
    function setMaxSupply(CardRecord storage card, uint256 tokenId, uint256 newMaxSupply) external {
        Bounds.check("maxSupply", newMaxSupply, card.mints, MAX_SUPPLY_BOUND);
        emit INft.MaxSupplyUpdated(tokenId, card.total, newMaxSupply);
        card.total = uint64(newMaxSupply); // at most MAX_SUPPLY_BOUND (checked above)
    }

    /// @notice Sets card `tokenId`'s level and name. Emits {INft-CardNameUpdated}.
    function setName(CardRecord storage card, uint256 tokenId, uint256 level, string calldata name) external {
        checkLevel(level);
        card.level = uint8(level); // at most MAX_LEVEL (checked above)
        card.name = name;
        emit INft.CardNameUpdated(tokenId, level, name);
    }

    /// @notice Allows or disallows `box` (not the zero address) to mint and burn. Emits {INft-BoxUpdated}.
    function setBox(mapping(address => bool) storage boxes, address box, bool allowed) external {
        if (box == address(0)) revert INft.NftInvalidAddress(box);
        boxes[box] = allowed;
        emit INft.BoxUpdated(box, allowed);
    }

    /// @notice Names `level` in both languages. Emits {INft-LevelNameUpdated}.
    function setLevelName(
        string[5] storage zh,
        string[5] storage en,
        uint256 level,
        string memory nameZh,
        string memory nameEn
    ) public {
        checkLevel(level);
        zh[level - 1] = nameZh;
        en[level - 1] = nameEn;
        emit INft.LevelNameUpdated(level, nameZh, nameEn);
    }

    /// @notice The level names ({INft-getLevelNames}), ABI-encoded.
    function levelNames(string[5] storage zh, string[5] storage en) external view returns (bytes memory) {
        string[5] memory names = zh;
        string[5] memory namesEn = en;
        return abi.encode(names, namesEn);
    }

    /// @notice `account`'s view ({INft-getUserInfo}), ABI-encoded: its pending dividends count what arrived since
    /// the last distribution (shared as `Nft`'s next one would: nothing below `POWER_FLOOR`); its card balances
    /// read from Nft (this contract, through its ERC-1155 `balanceOf`).
    function userInfo(
        UserRecord storage user,
        address account,
        IERC20 rewardToken,
        uint256 lastBalance,
        uint256 perPower,
        uint256 totalPower,
        uint256 count
    ) external view returns (bytes memory) {
        uint256 balance = rewardToken.balanceOf(address(this));
        if (balance > lastBalance) {
            (uint256 inc, ) = RewardMath.incrementAbove(balance - lastBalance, totalPower, POWER_FLOOR);
            perPower += inc;
        }
        uint256 index = user.index;
        INft.UserInfo memory info;
        info.user = INft.User({isExist: index != 0, index: index, balance: user.balance, total: user.total});
        info.power = user.power;
        info.pending = RewardMath.pending(user.power, perPower, user.debt);
        info.balances = new uint256[](count);
        for (uint256 i; i < count; ++i) info.balances[i] = IERC1155(address(this)).balanceOf(account, i + 1);
        return abi.encode(info);
    }

    /// @notice The metadata URI of `card` ({IERC1155MetadataURI-uri}), ABI-encoded: the base URI + cid + suffix
    /// when the card has a cid, else the base URI (OpenZeppelin's, read from its ERC-7201 storage).
    function uri(CardRecord storage card) external view returns (bytes memory) {
        ERC1155Storage storage base;
        assembly ("memory-safe") {
            base.slot := ERC1155_STORAGE
        }
        if (bytes(card.cid).length == 0) return abi.encode(base.uri);
        return abi.encode(string.concat(base.uri, card.cid, card.suffix));
    }

    /// @notice The metadata URIs of `tokenIds` ({INft-uris}), ABI-encoded, each read from Nft's `uri`.
    function uris(uint256[] calldata tokenIds) external view returns (bytes memory) {
        string[] memory result = new string[](tokenIds.length);
        for (uint256 i; i < tokenIds.length; ++i) result[i] = IERC1155MetadataURI(address(this)).uri(tokenIds[i]);
        return abi.encode(result);
    }

    /// @notice The settings and bounds ({INft-getConfig}), ABI-encoded; the base URI is Nft's `uri(0)` (no card
    /// has id 0).
    function config(
        address rewardToken,
        uint256 sendMin,
        uint256 maxCards,
        uint256 maxBatch,
        uint256 maxPower
    ) external view returns (bytes memory) {
        return
            abi.encode(
                INft.Config({
                    rewardToken: rewardToken,
                    sendMin: sendMin,
                    uri: IERC1155MetadataURI(address(this)).uri(0),
                    maxCards: maxCards,
                    maxBatch: maxBatch,
                    maxPower: maxPower,
                    maxLevel: MAX_LEVEL
                })
            );
    }

    /// @notice Card `tokenId` ({INft-getCard}), ABI-encoded; reverts with {INft-NftUnknownCard} for an id that is
    /// not a card.
    function cardView(
        mapping(uint256 => CardRecord) storage cards,
        uint256 tokenId
    ) external view returns (bytes memory) {
        return abi.encode(_card(cards, tokenId));
    }

    /// @notice The cards of `level` (`all`: every card) among ids 1 to `count`, by id ({INft-getCards},
    /// {INft-getCardsByLevel}), ABI-encoded.
    function cardsView(
        mapping(uint256 => CardRecord) storage cards,
        uint256 count,
        uint256 level,
        bool all
    ) external view returns (bytes memory) {
        INft.Card[] memory list = new INft.Card[](count);
        uint256 found;
        for (uint256 id = 1; id <= count; ++id) {
            if (all || cards[id].level == level) list[found++] = _card(cards, id);
        }
        assembly ("memory-safe") {
            mstore(list, found) // shrink to the cards found
        }
        return abi.encode(list);
    }

    /// @notice Reverts with {INft-NftInvalidLevel} unless `level` is 1 to MAX_LEVEL.
    function checkLevel(uint256 level) internal pure {
        if (level == 0 || level > MAX_LEVEL) revert INft.NftInvalidLevel(level, MAX_LEVEL);
    }

    function _card(
        mapping(uint256 => CardRecord) storage cards,
        uint256 tokenId
    ) private view returns (INft.Card memory) {
        CardRecord storage card = cards[tokenId];
        if (card.power == 0) revert INft.NftUnknownCard(tokenId);
        return
            INft.Card({
                tokenId: tokenId,
                level: card.level,
                total: card.total,
                debt: card.debt,
                name: card.name,
                author: card.author,
                mints: card.mints,
                supply: card.supply,
                power: card.power,
                cid: card.cid,
                suffix: card.suffix
            });
    }
}
