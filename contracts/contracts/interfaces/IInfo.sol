// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IDouble} from "./IDouble.sol";
import {IFomo} from "./IFomo.sol";
import {IMining} from "./IMining.sol";
import {IStake} from "./IStake.sol";

/// @title Info: read-only aggregation, so that one call returns what a page needs
/// @notice Reads Main, the token, the FOM and super FOM pools, Mining, Stake and Double (any of them may be unset:
/// its part is then zero). Other contracts plug in as `sources`: for each, `getUserInfo` makes one bounded static
/// call `selector(account)` and returns the raw result, which the caller decodes with that contract's ABI (for
/// example Ido, Nft and Burn `getUserInfo(address)`). Lists are paged (at most `MAX_PAGE` entries per call).
interface IInfo {
    /// @notice The contracts Info reads (zero: not deployed).
    struct Contracts {
        address main;
        address token;
        address usdt;
        address oracle;
        address fomo;
        address superFomo;
        address mining;
        address stake;
        address double;
    }

    /// @notice A plug-in view: `selector(address account)` on `target`.
    struct Source {
        address target;
        bytes4 selector;
    }

    /// @notice The raw result of a plug-in view (`ok` false if it reverted or returned too much).
    struct Extra {
        address target;
        bool ok;
        bytes data;
    }

    /// @notice Everything the user pages need about `account`.
    struct UserInfo {
        uint256 index;
        address referrer;
        bool isManager;
        uint256 balanceBNB;
        uint256 balanceUSDT;
        uint256 balanceNEX;
        IFomo.User fomo;
        IFomo.Team fomoTeam;
        IFomo.User superFomo;
        IFomo.Team superFomoTeam;
        IMining.User mining;
        IStake.User stake;
        IDouble.User double;
        Extra[] extras;
    }

    /// @notice One account in a list (invitations, teams).
    struct UserSummary {
        address account;
        uint256 index;
        address referrer;
        uint256 invites;
        uint256 fomoAmount;
        uint256 fomoTotal;
        uint256 superFomoAmount;
        uint256 superFomoTotal;
        uint256 teamLevel;
        uint256 teamAmount;
        uint256 miningAmount;
        uint256 miningForce;
        uint256 stakeAmount;
        uint256 doubleAmount;
    }

    /// @notice Global values for the home and pool pages.
    struct Values {
        IFomo.Values fomo;
        IFomo.Values superFomo;
        uint256 fomoRoundEndTime;
        uint256 fomoRoundIndex;
        uint256 superFomoRoundEndTime;
        uint256 superFomoRoundIndex;
        uint256 price;
        uint256 twapPrice;
        uint256 mintSurplus;
        uint256 totalUsers;
        uint256 timestamp;
    }

    /// @notice More entries asked at once than `MAX_PAGE` (or sources than `MAX_SOURCES`).
    error InfoTooMany(uint256 count, uint256 max);

    /// @notice Emitted when the owner changes the contracts Info reads.
    event ContractsUpdated(Contracts contracts);
    /// @notice Emitted when the owner changes the plug-in sources.
    event SourcesUpdated(Source[] sources);

    /// @notice Sets the contracts Info reads (owner only). Emits {ContractsUpdated}.
    function setContracts(Contracts calldata contracts) external;

    /// @notice Sets the plug-in sources (owner only, at most `MAX_SOURCES`). Emits {SourcesUpdated}.
    function setSources(Source[] calldata sources) external;

    /// @notice The contracts Info reads.
    function getContracts() external view returns (Contracts memory);

    /// @notice The plug-in sources.
    function getSources() external view returns (Source[] memory);

    /// @notice Everything about `account` in one call.
    function getUserInfo(address account) external view returns (UserInfo memory);

    /// @notice A page of `account`'s direct invitees (that joined the FOM pool), newest first, and how many.
    function getInvitesInfo(
        address account,
        uint256 offset,
        uint256 count
    ) external view returns (UserSummary[] memory list, uint256 total);

    /// @notice The second-generation invitees (that joined the FOM pool) under a page of `account`'s direct
    /// invitees: `offset` and `count` page over the directs and `total` counts them; at most `MAX_PAGE` entries.
    function getIndirectsInfo(
        address account,
        uint256 offset,
        uint256 count
    ) external view returns (UserSummary[] memory list, uint256 total);

    /// @notice Summaries of up to `MAX_PAGE` accounts.
    function getUsers(address[] calldata accounts) external view returns (UserSummary[] memory);

    /// @notice Global values.
    function getValues() external view returns (Values memory);

    /// @notice The USDT value of `amount` NEX at the TWAP (the spot value while the TWAP has no average yet).
    function getSwapValue(uint256 amount) external view returns (uint256);
}
