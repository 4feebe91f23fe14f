// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {Ownable2StepUpgradeable} from "@openzeppelin/contracts-upgradeable/access/Ownable2StepUpgradeable.sol";
import {Initializable} from "@openzeppelin/contracts-upgradeable/proxy/utils/Initializable.sol";
import {UUPSUpgradeable} from "@openzeppelin/contracts-upgradeable/proxy/utils/UUPSUpgradeable.sol";
import {PausableUpgradeable} from "@openzeppelin/contracts-upgradeable/utils/PausableUpgradeable.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {IMain} from "../interfaces/IMain.sol";
import {INexusUpgradeable} from "../interfaces/INexusUpgradeable.sol";
import {Bounds} from "../libraries/Bounds.sol";
import {TokenTransfer} from "../libraries/TokenTransfer.sol";

/// @title Base of every upgradeable Nexus contract (UUPS behind an ERC-1967 proxy)
/// @notice Gives a contract:
/// - two-step ownership (`transferOwnership` + `acceptOwnership`, `renounceOwnership`), from OpenZeppelin;
/// - upgrades that only take effect after a delay users can see: `scheduleUpgrade` emits {UpgradeScheduled}
///   with the ready time, and `upgradeToAndCall` (ERC-1967) only accepts that implementation once it is due,
///   emitting {UpgradeExecuted};
/// - a pause that expires by itself: the `guardian` (set by the owner) or the owner may `pause` at once, for at
///   most `MAX_PAUSE_DURATION`; only the owner (the timelock, so after its public delay) can `renewPause`. Put
///   `whenNotPaused` only on inflows (new deposits, orders, mints, registrations), never on claims, withdrawals
///   or releases of what users are already owed;
/// - a reentrancy guard (transient storage);
/// - `withdrawExcess`, which only takes what exceeds users' claimable balances (override {_claimable}). There
///   is no other way for the owner to take tokens out;
/// - the manager role of SPEC.md §6 for operational settings that cannot move, strand or dilute funds:
///   `_checkManager(main)` (Main's `isManager`: Main's owner, i.e. the timelock, or the manager in its config)
///   and `_checkRoundStart(startTime)` (a round may be scheduled at most `MAX_ROUND_NOTICE` ahead, never in
///   the past).
/// @dev Usage:
/// ```solidity
/// contract Burn is NexusUpgradeable, IBurn {
///     constructor() { _disableInitializers(); }
///     function initialize(address owner_, ...) external initializer {
///         __NexusUpgradeable_init(owner_, 2 days);
///         ...
///     }
///     function _claimable(address token) internal view override returns (uint256) { return _totalBalance; }
/// }
/// ```
/// State lives in an ERC-7201 namespace, so this base never shifts a child's storage layout.
/// Every privileged function emits an event (OpenZeppelin's `OwnershipTransferStarted`, `OwnershipTransferred`,
/// `Paused`, `Unpaused`, ERC-1967's `Upgraded`, and the events of {INexusUpgradeable}). A pause that runs out
/// ends without a transaction (so without `Unpaused`): read `pausedUntil()`.
abstract contract NexusUpgradeable is
    Initializable,
    UUPSUpgradeable,
    Ownable2StepUpgradeable,
    PausableUpgradeable,
    ReentrancyGuardTransient,
    INexusUpgradeable
{
    /// @notice The shortest upgrade delay the owner can set.
    uint256 public constant MIN_UPGRADE_DELAY = 1 hours;
    /// @notice The longest upgrade delay the owner can set.
    uint256 public constant MAX_UPGRADE_DELAY = 30 days;
    /// @notice How long one pause (by the guardian, or renewed by the owner) lasts at most.
    uint256 public constant MAX_PAUSE_DURATION = 7 days;
    /// @notice After a pause ends, the guardian must wait this long before it may pause again (the owner need not).
    uint256 public constant GUARDIAN_PAUSE_COOLDOWN = 7 days;
    /// @notice How far ahead a manager may schedule a round's start.
    uint256 internal constant MAX_ROUND_NOTICE = 90 days;

    /// @custom:storage-location erc7201:nexus.storage.NexusUpgradeable
    struct NexusUpgradeableStorage {
        uint256 upgradeDelay;
        address pendingImplementation;
        uint256 readyAt;
        /// @dev No upgrade may become ready before this time: lowering the delay keeps the old delay's notice.
        uint256 delayFloorUntil;
        /// @dev May pause at once (bounded); set by the owner.
        address guardian;
        /// @dev The contract is paused while `block.timestamp < pausedUntil`.
        uint256 pausedUntil;
    }

    // keccak256(abi.encode(uint256(keccak256("nexus.storage.NexusUpgradeable")) - 1)) & ~bytes32(uint256(0xff))
    bytes32 private constant STORAGE_LOCATION = 0x16b40282316dda5627f2c0509e1cef96f9edb17276ede8157ffa34d07e1c9e00;

    // solhint-disable-next-line no-inline-assembly
    function _nexusStorage() private pure returns (NexusUpgradeableStorage storage $) {
        assembly {
            $.slot := STORAGE_LOCATION
        }
    }

    /// @dev Initializes ownership, pausing and the upgrade delay. Call from the child's `initializer`.
    // solhint-disable-next-line func-name-mixedcase
    function __NexusUpgradeable_init(address owner_, uint256 delay) internal onlyInitializing {
        __Ownable_init(owner_);
        __Ownable2Step_init();
        __Pausable_init();
        _setUpgradeDelay(delay);
    }

    /// @inheritdoc INexusUpgradeable
    function scheduleUpgrade(address implementation) external onlyOwner {
        NexusUpgradeableStorage storage $ = _nexusStorage();
        if ($.pendingImplementation != address(0)) revert NexusUpgradePending($.pendingImplementation);
        if (implementation.code.length == 0) revert NexusInvalidImplementation(implementation);
        uint256 readyAt = block.timestamp + $.upgradeDelay;
        // A delay lowered a moment ago must not shorten the notice that users were promised before it.
        if (readyAt < $.delayFloorUntil) readyAt = $.delayFloorUntil;
        $.pendingImplementation = implementation;
        $.readyAt = readyAt;
        emit UpgradeScheduled(implementation, readyAt);
    }

    /// @inheritdoc INexusUpgradeable
    function cancelUpgrade() external onlyOwner {
        NexusUpgradeableStorage storage $ = _nexusStorage();
        address implementation = $.pendingImplementation;
        if (implementation == address(0)) revert NexusNoPendingUpgrade();
        delete $.pendingImplementation;
        delete $.readyAt;
        emit UpgradeCancelled(implementation);
    }

    /// @inheritdoc INexusUpgradeable
    function setUpgradeDelay(uint256 delay) external onlyOwner {
        NexusUpgradeableStorage storage $ = _nexusStorage();
        if ($.pendingImplementation != address(0)) revert NexusUpgradePending($.pendingImplementation);
        _setUpgradeDelay(delay);
    }

    /// @inheritdoc INexusUpgradeable
    function pendingUpgrade() external view returns (address implementation, uint256 readyAt) {
        NexusUpgradeableStorage storage $ = _nexusStorage();
        return ($.pendingImplementation, $.readyAt);
    }

    /// @inheritdoc INexusUpgradeable
    function upgradeDelay() external view returns (uint256) {
        return _nexusStorage().upgradeDelay;
    }

    /// @inheritdoc INexusUpgradeable
    function guardian() external view returns (address) {
        return _nexusStorage().guardian;
    }

    /// @inheritdoc INexusUpgradeable
    function pausedUntil() external view returns (uint256) {
        NexusUpgradeableStorage storage $ = _nexusStorage();
        return block.timestamp < $.pausedUntil ? $.pausedUntil : 0;
    }

    /// @notice True while a pause runs (it ends by itself at `pausedUntil()`).
    function paused() public view override returns (bool) {
        return block.timestamp < _nexusStorage().pausedUntil;
    }

    /// @inheritdoc INexusUpgradeable
    function setGuardian(address guardian_) external onlyOwner {
        NexusUpgradeableStorage storage $ = _nexusStorage();
        emit GuardianUpdated($.guardian, guardian_);
        $.guardian = guardian_;
    }

    /// @inheritdoc INexusUpgradeable
    function pause() external whenNotPaused {
        NexusUpgradeableStorage storage $ = _nexusStorage();
        if (msg.sender != owner()) {
            if (msg.sender != $.guardian) revert NexusNotGuardian(msg.sender);
            // a pause that ended a moment ago cannot be restarted at once by the guardian alone
            uint256 allowedAt = $.pausedUntil == 0 ? 0 : $.pausedUntil + GUARDIAN_PAUSE_COOLDOWN;
            if (block.timestamp < allowedAt) revert NexusGuardianCooldown(allowedAt);
        }
        _pauseFor(MAX_PAUSE_DURATION);
        emit Paused(msg.sender);
    }

    /// @inheritdoc INexusUpgradeable
    function renewPause(uint256 duration) external onlyOwner {
        Bounds.check("pauseDuration", duration, 1, MAX_PAUSE_DURATION);
        bool wasPaused = paused();
        _pauseFor(duration);
        if (!wasPaused) emit Paused(msg.sender);
    }

    /// @inheritdoc INexusUpgradeable
    function unpause() external whenPaused {
        NexusUpgradeableStorage storage $ = _nexusStorage();
        if (msg.sender != owner() && msg.sender != $.guardian) revert NexusNotGuardian(msg.sender);
        $.pausedUntil = block.timestamp;
        emit PauseUpdated(msg.sender, block.timestamp);
        emit Unpaused(msg.sender);
    }

    /// @inheritdoc INexusUpgradeable
    function excessOf(address token) public view returns (uint256) {
        return TokenTransfer.excess(TokenTransfer.balanceOf(token, address(this)), _claimable(token));
    }

    /// @inheritdoc INexusUpgradeable
    function withdrawExcess(address token, address to, uint256 amount) external onlyOwner nonReentrant {
        if (to == address(0)) revert NexusInvalidRecipient(to);
        uint256 free = excessOf(token);
        if (amount > free) revert NexusWithdrawExceedsExcess(token, amount, free);
        TokenTransfer.send(token, to, amount);
        emit ExcessWithdrawn(token, to, amount);
    }

    /// @dev The total that users can still claim of `token` (native coin for the zero address). Children that
    /// hold users' funds MUST override this with a running total kept in storage (never a loop over users).
    function _claimable(address token) internal view virtual returns (uint256) {
        token;
        return 0;
    }

    /// @dev Reverts with {NexusNotManager} unless the caller is a manager in `main` (Main's `isManager`).
    function _checkManager(address main) internal view {
        if (!IMain(main).isManager(msg.sender)) revert NexusNotManager(msg.sender);
    }

    /// @dev Reverts with {Bounds-ValueOutOfBounds} unless `startTime` is in [now, now + MAX_ROUND_NOTICE].
    function _checkRoundStart(uint256 startTime) internal view {
        Bounds.check("startTime", startTime, block.timestamp, block.timestamp + MAX_ROUND_NOTICE);
    }

    /// @dev Only the owner, and only the implementation scheduled at least `upgradeDelay` ago.
    function _authorizeUpgrade(address implementation) internal override onlyOwner {
        NexusUpgradeableStorage storage $ = _nexusStorage();
        if ($.pendingImplementation != implementation || block.timestamp < $.readyAt) {
            revert NexusUpgradeNotReady(implementation, $.pendingImplementation == implementation ? $.readyAt : 0);
        }
        delete $.pendingImplementation;
        delete $.readyAt;
        emit UpgradeExecuted(implementation);
    }

    function _pauseFor(uint256 duration) private {
        uint256 until = block.timestamp + duration;
        _nexusStorage().pausedUntil = until;
        emit PauseUpdated(msg.sender, until);
    }

    function _setUpgradeDelay(uint256 delay) private {
        Bounds.check("upgradeDelay", delay, MIN_UPGRADE_DELAY, MAX_UPGRADE_DELAY);
        NexusUpgradeableStorage storage $ = _nexusStorage();
        uint256 previous = $.upgradeDelay;
        if (delay < previous) {
            // Upgrades scheduled after a decrease still wait until the previous delay has run from now.
            uint256 floor = block.timestamp + previous;
            if (floor > $.delayFloorUntil) $.delayFloorUntil = floor;
        }
        emit UpgradeDelayUpdated(previous, delay);
        $.upgradeDelay = delay;
    }
}
