// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @title Shared admin surface of every upgradeable Nexus contract
/// @notice Two-step ownership (OpenZeppelin `Ownable2Step`), a visible upgrade delay, a bounded pause of
/// inflows (by a guardian at once, renewed only by the owner), and one way to take tokens out of the contract:
/// `withdrawExcess` (never touches what users can claim).
interface INexusUpgradeable {
    /// @notice The upgrade to `implementation` cannot run yet: it was not scheduled (`readyAt` 0) or is not due.
    error NexusUpgradeNotReady(address implementation, uint256 readyAt);
    /// @notice An upgrade is already pending; cancel it first.
    error NexusUpgradePending(address implementation);
    /// @notice No upgrade is pending.
    error NexusNoPendingUpgrade();
    /// @notice The implementation address is zero or has no code.
    error NexusInvalidImplementation(address implementation);
    /// @notice Withdrawing `amount` of `token` would dip into users' claimable balances; only `excess` is free.
    error NexusWithdrawExceedsExcess(address token, uint256 amount, uint256 excess);
    /// @notice The recipient is the zero address.
    error NexusInvalidRecipient(address to);
    /// @notice Only the guardian or the owner may pause or unpause.
    error NexusNotGuardian(address account);
    /// @notice The guardian may pause again only from `allowedAt` (a timestamp); the owner may renew earlier.
    error NexusGuardianCooldown(uint256 allowedAt);
    /// @notice Only a manager (`Main.isManager`: Main's owner or the manager in its config) may do this.
    error NexusNotManager(address account);

    /// @notice Emitted when the owner schedules an upgrade that can execute from `readyAt` (a timestamp).
    /// @param implementation the new implementation
    /// @param readyAt the earliest timestamp at which `upgradeToAndCall(implementation, ...)` succeeds
    event UpgradeScheduled(address indexed implementation, uint256 readyAt);
    /// @notice Emitted when the owner cancels the pending upgrade.
    /// @param implementation the implementation that will not be installed
    event UpgradeCancelled(address indexed implementation);
    /// @notice Emitted when a scheduled upgrade is executed (just before ERC-1967's `Upgraded`).
    /// @param implementation the implementation now in effect
    event UpgradeExecuted(address indexed implementation);
    /// @notice Emitted when the owner changes the upgrade delay.
    /// @param previousDelay the delay before, in seconds
    /// @param newDelay the delay for upgrades scheduled from now on, in seconds
    event UpgradeDelayUpdated(uint256 previousDelay, uint256 newDelay);
    /// @notice Emitted when the owner withdraws tokens that no user can claim.
    /// @param token the token (the zero address for the native coin)
    /// @param to the recipient
    /// @param amount the amount sent
    event ExcessWithdrawn(address indexed token, address indexed to, uint256 amount);
    /// @notice Emitted when the owner sets the guardian (the zero address: no guardian).
    event GuardianUpdated(address indexed previousGuardian, address indexed newGuardian);
    /// @notice Emitted when a pause starts, is renewed or is ended early: inflows stop until `until` (a timestamp;
    /// `until` = now when ended). A pause that runs out ends without an event.
    event PauseUpdated(address indexed by, uint256 until);
    /// @notice Emitted when a manager schedules round `index` of this contract to start at `startTime`.
    event RoundScheduled(uint256 indexed index, uint256 startTime, address indexed manager);

    /// @notice Schedules an upgrade to `implementation`, executable after `upgradeDelay()` seconds.
    /// @dev Owner only. Emits {UpgradeScheduled}. Reverts with {NexusUpgradePending} if one is pending.
    function scheduleUpgrade(address implementation) external;

    /// @notice Cancels the pending upgrade. Owner only. Emits {UpgradeCancelled}.
    function cancelUpgrade() external;

    /// @notice Sets the delay applied to upgrades scheduled from now on (bounded by `MIN/MAX_UPGRADE_DELAY`).
    /// @dev Owner only; reverts while an upgrade is pending. Emits {UpgradeDelayUpdated}.
    function setUpgradeDelay(uint256 delay) external;

    /// @notice The pending upgrade: its implementation and the timestamp from which it can execute (0, 0 if none).
    function pendingUpgrade() external view returns (address implementation, uint256 readyAt);

    /// @notice The current upgrade delay, in seconds.
    function upgradeDelay() external view returns (uint256);

    /// @notice The account that may pause at once (zero: none).
    function guardian() external view returns (address);

    /// @notice The timestamp at which the running pause ends by itself (0 when not paused).
    function pausedUntil() external view returns (uint256);

    /// @notice Sets the guardian. Owner only (the timelock). Emits {GuardianUpdated}.
    function setGuardian(address guardian_) external;

    /// @notice Stops inflows (functions with `whenNotPaused`) at once for `MAX_PAUSE_DURATION`. Guardian or owner;
    /// the guardian only once `GUARDIAN_PAUSE_COOLDOWN` has passed since the previous pause ended. Claims,
    /// withdrawals and releases are never paused. Emits {PauseUpdated} and `Paused`.
    function pause() external;

    /// @notice Pauses (or keeps paused) for `duration` seconds from now, at most `MAX_PAUSE_DURATION`. Owner only
    /// (the timelock, so announced in advance). Emits {PauseUpdated} (and `Paused` when not paused before).
    function renewPause(uint256 duration) external;

    /// @notice Ends the running pause now. Guardian or owner. Emits {PauseUpdated} and `Unpaused`.
    function unpause() external;

    /// @notice What of `token` the contract holds beyond users' claimable balances.
    /// @param token the token (the zero address for the native coin)
    function excessOf(address token) external view returns (uint256);

    /// @notice Sends `amount` of `token` to `to`, at most `excessOf(token)`. Owner only. Emits {ExcessWithdrawn}.
    function withdrawExcess(address token, address to, uint256 amount) external;
}
