// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {NexusUpgradeable} from "./base/NexusUpgradeable.sol";
import {IDouble} from "./interfaces/IDouble.sol";
import {IFomo} from "./interfaces/IFomo.sol";
import {IInfo} from "./interfaces/IInfo.sol";
import {IMain} from "./interfaces/IMain.sol";
import {IMining} from "./interfaces/IMining.sol";
import {IPriceOracle} from "./interfaces/IPriceOracle.sol";
import {IStake} from "./interfaces/IStake.sol";
import {Paging} from "./libraries/Paging.sol";

/// @title Info: one call per page (see {IInfo}); holds no funds
/// @notice Deployed behind an ERC-1967 proxy like the other contracts, so that its reads can grow with them.
contract Info is NexusUpgradeable, IInfo {
    /// @notice The most entries one list call returns.
    uint256 public constant MAX_PAGE = Paging.MAX_PAGE;
    /// @notice The most plug-in sources.
    uint256 public constant MAX_SOURCES = 8;
    /// @notice The gas and return size one plug-in call may use.
    uint256 public constant SOURCE_GAS = 1_000_000;
    uint256 public constant SOURCE_MAX_RETURN = 16_384;

    Contracts private _contracts;
    Source[] private _sources;

    /// @custom:oz-upgrades-unsafe-allow constructor
    constructor() {
        _disableInitializers();
    }

    /// @notice Initializes the proxy.
    function initialize(address owner_, uint256 upgradeDelay_, Contracts calldata contracts) external initializer {
        __NexusUpgradeable_init(owner_, upgradeDelay_);
        _contracts = contracts;
        emit ContractsUpdated(contracts);
    }

    /// @inheritdoc IInfo
    function setContracts(Contracts calldata contracts) external onlyOwner {
        _contracts = contracts;
        emit ContractsUpdated(contracts);
    }

    /// @inheritdoc IInfo
    function setSources(Source[] calldata sources) external onlyOwner {
        if (sources.length > MAX_SOURCES) revert InfoTooMany(sources.length, MAX_SOURCES);
        delete _sources;
        for (uint256 i; i < sources.length; ++i) _sources.push(sources[i]);
        emit SourcesUpdated(sources);
    }

    /// @inheritdoc IInfo
    function getContracts() external view returns (Contracts memory) {
        return _contracts;
    }

    /// @inheritdoc IInfo
    function getSources() external view returns (Source[] memory) {
        return _sources;
    }

    /// @inheritdoc IInfo
    function getUserInfo(address account) external view returns (UserInfo memory info) {
        Contracts storage c = _contracts;
        if (c.main != address(0)) {
            (info.index, info.referrer) = IMain(c.main).users(account);
            info.isManager = IMain(c.main).isManager(account);
        }
        info.balanceBNB = account.balance;
        if (c.usdt != address(0)) info.balanceUSDT = IERC20(c.usdt).balanceOf(account);
        if (c.token != address(0)) info.balanceNEX = IERC20(c.token).balanceOf(account);
        if (c.fomo != address(0)) {
            info.fomo = IFomo(c.fomo).users(account);
            info.fomoTeam = IFomo(c.fomo).teams(account);
        }
        if (c.superFomo != address(0)) {
            info.superFomo = IFomo(c.superFomo).users(account);
            info.superFomoTeam = IFomo(c.superFomo).teams(account);
        }
        if (c.mining != address(0)) info.mining = IMining(c.mining).users(account);
        if (c.stake != address(0)) (info.stake, ) = IStake(c.stake).getUserInfo(account);
        if (c.double != address(0)) (info.double, ) = IDouble(c.double).getUserInfo(account);
        info.extras = _extras(account);
    }

    /// @inheritdoc IInfo
    function getInvitesInfo(
        address account,
        uint256 offset,
        uint256 count
    ) external view returns (UserSummary[] memory, uint256) {
        return _inviteSummaries(account, false, offset, count);
    }

    /// @inheritdoc IInfo
    function getIndirectsInfo(
        address account,
        uint256 offset,
        uint256 count
    ) external view returns (UserSummary[] memory, uint256) {
        return _inviteSummaries(account, true, offset, count);
    }

    /// @inheritdoc IInfo
    function getUsers(address[] calldata accounts) external view returns (UserSummary[] memory list) {
        if (accounts.length > MAX_PAGE) revert InfoTooMany(accounts.length, MAX_PAGE);
        list = new UserSummary[](accounts.length);
        for (uint256 i; i < accounts.length; ++i) list[i] = _summary(accounts[i]);
    }

    /// @inheritdoc IInfo
    function getValues() external view returns (Values memory values) {
        Contracts storage c = _contracts;
        if (c.fomo != address(0)) {
            values.fomo = IFomo(c.fomo).getValues();
            IFomo.Totals memory t = IFomo(c.fomo).getTotals();
            (values.fomoRoundEndTime, values.fomoRoundIndex) = (t.roundEndTime, t.roundEndIndex);
        }
        if (c.superFomo != address(0)) {
            values.superFomo = IFomo(c.superFomo).getValues();
            IFomo.Totals memory t = IFomo(c.superFomo).getTotals();
            (values.superFomoRoundEndTime, values.superFomoRoundIndex) = (t.roundEndTime, t.roundEndIndex);
        }
        if (c.oracle != address(0) && c.token != address(0)) {
            values.price = IPriceOracle(c.oracle).spot(c.token, 1 ether);
            values.twapPrice = _twap(c.oracle, c.token, 1 ether);
        }
        if (c.mining != address(0)) values.mintSurplus = IMining(c.mining).getConfig().mintSurplus;
        if (c.main != address(0)) values.totalUsers = IMain(c.main).totalUsers();
        values.timestamp = block.timestamp;
    }

    /// @inheritdoc IInfo
    function getSwapValue(uint256 amount) external view returns (uint256) {
        Contracts storage c = _contracts;
        if (c.oracle == address(0) || c.token == address(0)) return 0;
        uint256 twap = _twap(c.oracle, c.token, amount);
        return twap != 0 || amount == 0 ? twap : IPriceOracle(c.oracle).spot(c.token, amount);
    }

    function _twap(address oracle, address token, uint256 amount) private view returns (uint256) {
        try IPriceOracle(oracle).consult(token, amount) returns (uint256 value) {
            return value;
        } catch {
            return 0;
        }
    }

    /// @dev Direct invitees: a page of the FOM pool's list. Indirect ones: the invitees of a page of direct
    /// invitees (`offset`/`count` page over the directs, `total` counts the directs), at most `MAX_PAGE` entries.
    function _inviteSummaries(
        address account,
        bool indirect,
        uint256 offset,
        uint256 count
    ) private view returns (UserSummary[] memory list, uint256 total) {
        address fomo = _contracts.fomo;
        if (fomo == address(0)) return (list, 0);
        address[] memory directs;
        (directs, total) = IFomo(fomo).getInvites(account, offset, count);
        if (!indirect) {
            list = new UserSummary[](directs.length);
            for (uint256 i; i < directs.length; ++i) list[i] = _summary(directs[i]);
            return (list, total);
        }
        address[] memory found = new address[](MAX_PAGE);
        uint256 size;
        for (uint256 i; i < directs.length && size < MAX_PAGE; ++i) {
            (address[] memory second, ) = IFomo(fomo).getInvites(directs[i], 0, MAX_PAGE - size);
            for (uint256 j; j < second.length; ++j) found[size++] = second[j];
        }
        list = new UserSummary[](size);
        for (uint256 i; i < size; ++i) list[i] = _summary(found[i]);
    }

    function _summary(address account) private view returns (UserSummary memory s) {
        Contracts storage c = _contracts;
        s.account = account;
        if (c.main != address(0)) {
            (s.index, s.referrer) = IMain(c.main).users(account);
            s.invites = IMain(c.main).invites(account);
        }
        if (c.fomo != address(0)) {
            IFomo.User memory u = IFomo(c.fomo).users(account);
            IFomo.Team memory t = IFomo(c.fomo).teams(account);
            (s.fomoAmount, s.fomoTotal, s.teamLevel, s.teamAmount) = (u.amount, u.total, t.level, t.teamAmount);
        }
        if (c.superFomo != address(0)) {
            IFomo.User memory u = IFomo(c.superFomo).users(account);
            (s.superFomoAmount, s.superFomoTotal) = (u.amount, u.total);
        }
        if (c.mining != address(0)) {
            IMining.User memory m = IMining(c.mining).users(account);
            (s.miningAmount, s.miningForce) = (m.amount, m.force);
        }
        if (c.stake != address(0)) {
            (IStake.User memory st, ) = IStake(c.stake).getUserInfo(account);
            s.stakeAmount = st.amount;
        }
        if (c.double != address(0)) {
            (IDouble.User memory d, ) = IDouble(c.double).getUserInfo(account);
            s.doubleAmount = d.amount;
        }
    }

    function _extras(address account) private view returns (Extra[] memory extras) {
        uint256 count = _sources.length;
        extras = new Extra[](count);
        for (uint256 i; i < count; ++i) {
            Source storage source = _sources[i];
            extras[i].target = source.target;
            (bool ok, bytes memory data) = source.target.staticcall{gas: SOURCE_GAS}(
                abi.encodeWithSelector(source.selector, account)
            );
            if (ok && data.length <= SOURCE_MAX_RETURN) (extras[i].ok, extras[i].data) = (true, data);
        }
    }
}
