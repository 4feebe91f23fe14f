// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {NexusUpgradeable} from "./base/NexusUpgradeable.sol";
import {ILog} from "./interfaces/ILog.sol";
import {IMain} from "./interfaces/IMain.sol";
import {Bounds} from "./libraries/Bounds.sol";
import {LogCodes} from "./libraries/LogCodes.sol";

/// @title Main: registration, referral tree and the manager address
/// @notice Deployed behind an ERC-1967 proxy; see {IMain} and {NexusUpgradeable}.
contract Main is NexusUpgradeable, IMain {
    /// @notice The largest `generations` the owner can configure.
    uint256 public constant MAX_GENERATIONS = 100;
    /// @dev Where a {UserRecord}'s `index` starts in its word.
    uint256 private constant INDEX_SHIFT = 160;

    struct UserRecord {
        address referrer;
        uint64 index;
        uint32 invites;
    }

    mapping(address account => UserRecord record) private _users;
    mapping(uint256 index => address account) private _accounts;
    uint256 private _totalUsers;
    Config private _config;
    address private _genesis;
    /// @dev Where registrations are written (none while unset: a deployment step sets it).
    ILog private _log;

    /// @custom:oz-upgrades-unsafe-allow constructor
    constructor() {
        _disableInitializers();
    }

    /// @notice Initializes the proxy: owner, upgrade delay, genesis account and config.
    function initialize(
        address owner_,
        uint256 upgradeDelay_,
        address genesis_,
        Config calldata config
    ) external initializer {
        __NexusUpgradeable_init(owner_, upgradeDelay_);
        if (genesis_ == address(0)) revert MainInvalidGenesis(genesis_);
        _genesis = genesis_;
        _setConfig(config);
        _register(genesis_, address(0));
    }

    /// @inheritdoc IMain
    function register(address referrer) external whenNotPaused {
        if (referrer == msg.sender) revert MainSelfReferral(msg.sender);
        if (_users[msg.sender].index != 0) revert MainAlreadyRegistered(msg.sender);
        if (_users[referrer].index == 0) revert MainReferrerNotRegistered(referrer);
        _register(msg.sender, referrer);
        LogCodes.write(_log, msg.sender, referrer, LogCodes.SYMBOL_NEX, LogCodes.ACTION_REGISTER, 0, 0);
    }

    /// @inheritdoc IMain
    function setConfig(Config calldata config) external onlyOwner {
        _setConfig(config);
    }

    /// @inheritdoc IMain
    function setManager(address manager) external onlyOwner {
        _setConfig(Config({manager: manager, generations: _config.generations}));
    }

    /// @inheritdoc IMain
    function setLog(address log_) external onlyOwner {
        emit LogUpdated(address(_log), log_);
        _log = ILog(log_);
    }

    /// @inheritdoc IMain
    function log() external view returns (address) {
        return address(_log);
    }

    /// @inheritdoc IMain
    function users(address account) external view returns (uint256 index, address referrer) {
        UserRecord storage user = _users[account];
        return (user.index, user.referrer);
    }

    /// @inheritdoc IMain
    function getConfig() external view returns (Config memory) {
        return _config;
    }

    /// @inheritdoc IMain
    function isManager(address account) external view returns (bool) {
        return account != address(0) && (account == owner() || account == _config.manager);
    }

    /// @inheritdoc IMain
    function getReferrers(address account, uint256 count) external view returns (address[] memory referrers) {
        uint256 limit = count < _config.generations ? count : _config.generations;
        referrers = new address[](limit);
        address current = _users[account].referrer;
        uint256 found;
        while (found < limit && current != address(0)) {
            referrers[found] = current;
            current = _users[current].referrer;
            unchecked {
                ++found; // found < limit <= MAX_GENERATIONS
            }
        }
        // solhint-disable-next-line no-inline-assembly
        assembly {
            mstore(referrers, found) // shrink to the ancestors found
        }
    }

    /// @inheritdoc IMain
    function getLineage(
        address account,
        uint256 count
    ) external view returns (uint256 index, address[] memory referrers, uint256[] memory indexes) {
        uint256 generations = _config.generations;
        uint256 limit = count < generations ? count : generations;
        referrers = new address[](limit);
        indexes = new uint256[](limit);
        // each record read as one word (referrer, index): no struct copied to memory per generation
        uint256 word = _word(account);
        index = (word >> INDEX_SHIFT) & type(uint64).max;
        address current = address(uint160(word & type(uint160).max));
        uint256 found;
        while (found < limit && current != address(0)) {
            word = _word(current);
            referrers[found] = current;
            indexes[found] = (word >> INDEX_SHIFT) & type(uint64).max;
            current = address(uint160(word & type(uint160).max));
            unchecked {
                ++found; // found < limit <= MAX_GENERATIONS
            }
        }
        // solhint-disable-next-line no-inline-assembly
        assembly {
            mstore(referrers, found) // shrink to the ancestors found
            mstore(indexes, found)
        }
    }

    /// @inheritdoc IMain
    function invites(address account) external view returns (uint256) {
        return _users[account].invites;
    }

    /// @inheritdoc IMain
    function accountAt(uint256 index) external view returns (address) {
        return _accounts[index];
    }

    /// @inheritdoc IMain
    function totalUsers() external view returns (uint256) {
        return _totalUsers;
    }

    /// @inheritdoc IMain
    function genesis() external view returns (address) {
        return _genesis;
    }

    /// @dev `account`'s {UserRecord} as one word (the compiler's packing, lowest bits first: referrer 0-159, index
    /// 160-223, invites 224-255).
    function _word(address account) private view returns (uint256 word) {
        UserRecord storage user = _users[account];
        // solhint-disable-next-line no-inline-assembly
        assembly ("memory-safe") {
            word := sload(user.slot)
        }
    }

    function _register(address account, address referrer) private {
        uint256 index = ++_totalUsers;
        _users[account] = UserRecord({referrer: referrer, index: uint64(index), invites: 0});
        _accounts[index] = account;
        if (referrer != address(0)) {
            UserRecord storage parent = _users[referrer];
            unchecked {
                // informational: saturates at 2**32 - 1 instead of wrapping (or refusing the registration)
                if (parent.invites != type(uint32).max) ++parent.invites;
            }
        }
        emit Registered(account, referrer, index);
    }

    function _setConfig(Config memory config) private {
        Bounds.check("generations", config.generations, 1, MAX_GENERATIONS);
        address previous = _config.manager;
        _config = config;
        if (previous != config.manager) emit ManagerUpdated(previous, config.manager);
        emit ConfigUpdated(config.manager, config.generations);
    }
}
