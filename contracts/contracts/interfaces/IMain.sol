// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @title Registration and referral tree of the platform
/// @notice Every account binds one registered referrer, once; the tree is rooted at a genesis account that is
/// registered at deployment. An account can only bind while unregistered and only to a registered referrer,
/// so nobody can bind to an account below it and the tree never has a cycle. Contracts that pay referral
/// rewards read the tree here (`getReferrers`), walking up at most `getConfig().generations` levels.
interface IMain {
    /// @notice A registered account: `index` is its 1-based registration number (0 means unregistered).
    struct User {
        uint256 index;
        address referrer;
    }

    /// @notice The owner's settings: `manager` sees the admin screens and may act where a contract lets the
    /// manager act; `generations` bounds every walk up the tree.
    struct Config {
        address manager;
        uint256 generations;
    }

    /// @notice The referrer is not registered (SPEC §5: "referral address not registered").
    error MainReferrerNotRegistered(address referrer);
    /// @notice The account has already bound a referrer.
    error MainAlreadyRegistered(address account);
    /// @notice The account tried to bind itself (SPEC §5: "cannot be your own direct referral").
    error MainSelfReferral(address account);
    /// @notice The genesis account is the zero address.
    error MainInvalidGenesis(address genesis);

    /// @notice Emitted when `user` registers under `referrer` as the `index`-th account.
    /// @param user the new account
    /// @param referrer its referrer (the zero address for genesis)
    /// @param index its registration number
    event Registered(address indexed user, address indexed referrer, uint256 index);
    /// @notice Emitted when the owner changes the manager.
    /// @param previousManager the manager before
    /// @param newManager the manager now
    event ManagerUpdated(address indexed previousManager, address indexed newManager);
    /// @notice Emitted when the owner changes the config.
    /// @param manager the manager
    /// @param generations the bound on walks up the tree
    event ConfigUpdated(address manager, uint256 generations);
    /// @notice Emitted when the owner sets the Log that registrations are written to.
    /// @param previousLog the Log before (zero: none)
    /// @param newLog the Log now (zero: registrations are not written)
    event LogUpdated(address indexed previousLog, address indexed newLog);

    /// @notice Registers the caller under `referrer`. Emits {Registered} and, once a Log is set, writes the
    /// caller's `register` entry (symbol NEX, amount 0, `from` = the referrer).
    /// @dev Reverts with {MainSelfReferral}, {MainAlreadyRegistered}, {MainReferrerNotRegistered}, or
    /// `EnforcedPause` while paused.
    function register(address referrer) external;

    /// @notice Sets the whole config (owner only). Emits {ConfigUpdated} and, if changed, {ManagerUpdated}.
    function setConfig(Config calldata config) external;

    /// @notice Sets the Log that registrations are written to (owner only; the Log must let Main write).
    /// Emits {LogUpdated}.
    function setLog(address log_) external;

    /// @notice The Log that registrations are written to (zero: none).
    function log() external view returns (address);

    /// @notice Sets the manager (owner only). Emits {ManagerUpdated} and {ConfigUpdated}.
    function setManager(address manager) external;

    /// @notice The registration record of `account` (index 0 = unregistered).
    function users(address account) external view returns (uint256 index, address referrer);

    /// @notice The config (manager and generations bound).
    function getConfig() external view returns (Config memory);

    /// @notice Whether `account` is the owner or the configured manager.
    function isManager(address account) external view returns (bool);

    /// @notice Up to `count` ancestors of `account`, nearest first, never more than `getConfig().generations`;
    /// stops at genesis.
    function getReferrers(address account, uint256 count) external view returns (address[] memory referrers);

    /// @notice {getReferrers} with the Main indexes of `account` (0: not registered) and of each referrer, read
    /// from the same records (Burn's and Fomo's team walk compare an ancestor's largest leg by index).
    function getLineage(
        address account,
        uint256 count
    ) external view returns (uint256 index, address[] memory referrers, uint256[] memory indexes);

    /// @notice The number of direct invitees of `account`.
    function invites(address account) external view returns (uint256);

    /// @notice The account registered as number `index` (the zero address if none).
    function accountAt(uint256 index) external view returns (address);

    /// @notice The number of registered accounts, genesis included.
    function totalUsers() external view returns (uint256);

    /// @notice The root of the tree.
    function genesis() external view returns (address);
}
