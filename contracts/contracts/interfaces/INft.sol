// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @title NFT keys: ERC-1155 cards with levels, supply caps and power, sharing the fees sent to them
/// @notice Each card id has a `power`; a holder's power is the sum of its balances times the cards' power.
/// The reward token (USDT) that reaches the contract (fee payouts of the NEX token, or any transfer) is shared by
/// power through a reward-per-power accumulator (`perPower`). Every mint, burn and transfer first distributes
/// what arrived and settles both sides, so moving cards never creates nor destroys dividends, and a holder
/// that joins right after a payment has nothing pending from it.
/// Minting is for the owner and the authorized boxes (the IDO contract mints keys and synthesizes syndicate
/// cards); supply per id is capped by `maxSupply(id)` (counting every card ever minted).
/// The contract also implements ERC-1155 (`balanceOf`, `balanceOfBatch`, `safeTransferFrom`,
/// `safeBatchTransferFrom`, `setApprovalForAll`, `isApprovedForAll`, `uri`) and ERC-165.
interface INft {
    /// @notice One card id (SPEC §3): `total` is its maximum supply, `mints` the cards ever minted, `supply` the
    /// cards in existence; `debt` is the dividend one card of this id would have earned before it was created.
    struct Card {
        uint256 tokenId;
        uint256 level;
        uint256 total;
        uint256 debt;
        string name;
        address author;
        uint256 mints;
        uint256 supply;
        uint256 power;
        string cid;
        string suffix;
    }

    /// @notice A holder (SPEC §3): `index` is its 1-based number, `balance` the dividends settled and not yet
    /// claimed, `total` every dividend settled to it.
    struct User {
        bool isExist;
        uint256 index;
        uint256 balance;
        uint256 total;
    }

    /// @notice Totals (SPEC §3). `lastIndex` counts distributions; `totalForce` is the number of cards in
    /// existence and `perForce` the first version's name of `perPower`; `rewardTotal` is every reward token
    /// amount distributed, `lastBalance` what of the contract's balance is already distributed and unclaimed,
    /// `totalReward` what was settled to holders, `totalExtract` what they claimed, `totalID` the card ids.
    struct Totals {
        uint256 lastIndex;
        uint256 totalForce;
        uint256 perForce;
        uint256 rewardTotal;
        uint256 lastBalance;
        uint256 sendMin;
        uint256 totalUser;
        uint256 totalID;
        uint256 totalReward;
        uint256 totalExtract;
        uint256 totalPower;
        uint256 perPower;
    }

    /// @notice Settings and bounds.
    struct Config {
        address rewardToken;
        uint256 sendMin;
        string uri;
        uint256 maxCards;
        uint256 maxBatch;
        uint256 maxPower;
        uint256 maxLevel;
    }

    /// @notice Everything the UI shows for one holder.
    struct UserInfo {
        User user;
        uint256 power;
        uint256 pending;
        uint256[] balances;
    }

    /// @notice `from` holds fewer cards of `tokenId` than it tries to move or burn (SPEC §8).
    error InsufficientBalance(address from, uint256 tokenId);
    /// @notice Minting would bring the cards ever minted of an id to `total`, above `maxSupply` (SPEC §8).
    error MintExceedsMaxSupply(uint256 total, uint256 maxSupply);
    /// @notice The caller may not mint, burn or move these cards (SPEC §8).
    error NotAuthorized();
    /// @notice The card id was never created.
    error NftUnknownCard(uint256 tokenId);
    /// @notice A mint or burn of zero cards.
    error NftZeroAmount();
    /// @notice The owner mints at most `max` cards in one call (the boxes are not limited by this).
    error NftOwnerMintTooLarge(uint256 amount, uint256 max);
    /// @notice The power is zero or above `max`.
    error NftInvalidPower(uint256 power, uint256 max);
    /// @notice No more card ids can be created.
    error NftTooManyCards(uint256 max);
    /// @notice The level is outside `[1, max]`.
    error NftInvalidLevel(uint256 level, uint256 max);
    /// @notice A batch longer than `max`.
    error NftBatchTooLarge(uint256 length, uint256 max);
    /// @notice The two arrays of a batch differ in length.
    error NftArrayLengthMismatch(uint256 idsLength, uint256 amountsLength);
    /// @notice The account has no dividend to claim.
    error NftNothingToClaim(address account);
    /// @notice An address that must be set is zero.
    error NftInvalidAddress(address account);

    /// @notice Emitted when the owner creates card `tokenId`.
    event CardCreated(
        uint256 indexed tokenId,
        uint256 power,
        uint256 maxSupply,
        string cid,
        string suffix,
        address author
    );
    /// @notice Emitted when the owner changes the maximum supply of `tokenId`.
    event MaxSupplyUpdated(uint256 indexed tokenId, uint256 previousMaxSupply, uint256 newMaxSupply);
    /// @notice Emitted when the owner changes a card's level and name.
    event CardNameUpdated(uint256 indexed tokenId, uint256 level, string name);
    /// @notice Emitted when the owner changes the names of a level (zh-Hant and en).
    event LevelNameUpdated(uint256 indexed level, string nameZh, string nameEn);
    /// @notice Emitted when the owner changes the base URI.
    event BaseURIUpdated(string uri);
    /// @notice Emitted when the owner authorizes a box (a contract that mints and burns cards) or revokes it.
    event BoxUpdated(address indexed box, bool allowed);
    /// @notice Emitted when the owner changes `sendMin`.
    event SendMinUpdated(uint256 previousSendMin, uint256 newSendMin);
    /// @notice Emitted when the owner sets the Log that dividend claims are written to (zero: none).
    event LogUpdated(address indexed previousLog, address indexed newLog);
    /// @notice Emitted when an account holds cards for the first time.
    event UserRegistered(address indexed account, uint256 index);
    /// @notice Emitted when `amount` of the reward token is shared by power (`index`-th distribution).
    event RewardDistributed(uint256 indexed index, uint256 amount, uint256 totalPower, uint256 perPower);
    /// @notice Emitted when `amount` of dividends is settled to `account` (before its power changes, or a claim).
    event RewardSettled(address indexed account, uint256 amount);
    /// @notice Emitted when `account` claims `amount` of the reward token.
    event RewardClaimed(address indexed account, uint256 amount);

    /// @notice Mints `amount` cards of `tokenId` to `to` (owner or box). Reverts with {NotAuthorized},
    /// {NftZeroAmount}, {NftUnknownCard} or {MintExceedsMaxSupply}.
    function mint(address to, uint256 tokenId, uint256 amount) external;

    /// @notice Mints several ids at once to `to` (owner or box); duplicates count cumulatively against the cap.
    function mintMulti(address to, uint256[] calldata tokenIds, uint256[] calldata amounts) external;

    /// @notice Burns `amount` cards of `tokenId` from `from`: the holder, an approved operator, or a box.
    function burn(address from, uint256 tokenId, uint256 amount) external;

    /// @notice Burns several ids at once from `from` (same rights as {burn}).
    function burnBatch(address from, uint256[] calldata tokenIds, uint256[] calldata amounts) external;

    /// @notice Creates the next card id with `power`, a maximum supply and its metadata (owner only).
    /// @return tokenId the new id (1, 2, ...)
    function createNFT(
        uint256 power,
        uint256 newMaxSupply,
        string calldata cid,
        string calldata suffix
    ) external returns (uint256 tokenId);

    /// @notice Sets the maximum supply of `tokenId`, never below what was minted (owner only).
    function setMaxSupply(uint256 tokenId, uint256 newMaxSupply) external;

    /// @notice Sets the base URI (owner only); `uri(id)` is base + cid + suffix, or the base alone.
    function setURI(string calldata newUri) external;

    /// @notice Authorizes or revokes a box (owner only).
    function setBox(address box, bool allowed) external;

    /// @notice Sets the level and display name of a card (owner only).
    function setName(uint256 tokenId, uint256 level, string calldata name) external;

    /// @notice Sets the zh-Hant and en names of a level (owner only).
    function setLevelName(uint256 level, string calldata nameZh, string calldata nameEn) external;

    /// @notice Sets the amount that must arrive before the fee hook distributes it (owner only).
    function setSendMin(uint256 sendMin) external;

    /// @notice Sets the Log that dividend claims are written to (owner only; the Log must let Nft write).
    /// Emits {LogUpdated}.
    function setLog(address log_) external;

    /// @notice The Log that dividend claims are written to (zero: none).
    function log() external view returns (address);

    /// @notice Distributes what arrived and pays the caller's dividends. Reverts with {NftNothingToClaim}.
    function claimReward() external;

    /// @notice Settings and bounds.
    function getConfig() external view returns (Config memory);

    /// @notice Every card id, in order.
    function getCards() external view returns (Card[] memory);

    /// @notice The card ids of one level.
    function getCardsByLevel(uint256 level) external view returns (Card[] memory);

    /// @notice One card id.
    function getCard(uint256 tokenId) external view returns (Card memory);

    /// @notice One holder: record, power, pending dividends (including what arrived and is not distributed
    /// yet) and its balance of every card id.
    function getUserInfo(address account) external view returns (UserInfo memory);

    /// @notice The totals.
    function totalInfo() external view returns (Totals memory);

    /// @notice The five level names in zh-Hant and in en.
    function getLevelNames() external view returns (string[5] memory zh, string[5] memory en);

    /// @notice Whether `account` is an authorized box.
    function isBox(address account) external view returns (bool);

    /// @notice The maximum supply of `tokenId` (cards ever minted).
    function maxSupply(uint256 tokenId) external view returns (uint256);

    /// @notice The cards of `tokenId` ever minted.
    function totalMinted(uint256 tokenId) external view returns (uint256);

    /// @notice The cards of `tokenId` in existence.
    function totalSupply(uint256 tokenId) external view returns (uint256);

    /// @notice The cards of every id in existence.
    function totalSupply() external view returns (uint256);

    /// @notice The URIs of several ids.
    function uris(uint256[] calldata tokenIds) external view returns (string[] memory);
}
