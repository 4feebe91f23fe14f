// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {NexusUpgradeable} from "./base/NexusUpgradeable.sol";
import {SafeCast} from "@openzeppelin/contracts/utils/math/SafeCast.sol";
import {IPayouts} from "./interfaces/IPayouts.sol";

/// @title Payouts: each legacy withdrawal paid at most once, by id (see {IPayouts})
/// @notice Deployed behind an ERC-1967 proxy and owned by the Timelock. What it holds is the operator's float for
/// payouts, owed to nobody until paid: `_claimable` is zero, so the owner may take it back with `withdrawExcess`
/// (after the Timelock's delay). No pause: a pause never stops outflows owed to users.
contract Payouts is NexusUpgradeable, IPayouts {
    using SafeERC20 for IERC20;

    /// @custom:storage-location erc7201:nexus.storage.Payouts
    struct PayoutsStorage {
        address payer;
        mapping(uint256 id => Record) records;
    }

    /// @dev An id's state and the block that set it, in one slot.
    struct Record {
        State state;
        uint64 blockNumber;
    }

    // keccak256(abi.encode(uint256(keccak256("nexus.storage.Payouts")) - 1)) & ~bytes32(uint256(0xff))
    bytes32 private constant STORAGE_LOCATION = 0xcb778216189d10a2b0d234774defedcf1680e5a717ce3f4c1d0d3408aadfcb00;

    /// @custom:oz-upgrades-unsafe-allow constructor
    constructor() {
        _disableInitializers();
    }

    /// @notice Sets the owner, the upgrade delay and the payer (zero: none yet).
    function initialize(address owner_, uint256 upgradeDelay_, address payer_) external initializer {
        __NexusUpgradeable_init(owner_, upgradeDelay_);
        _setPayer(payer_);
    }

    /// @inheritdoc IPayouts
    function pay(uint256 id, address to, address token, uint256 amount) external nonReentrant {
        PayoutsStorage storage $ = _payoutsStorage();
        if (msg.sender != $.payer) revert PayoutsNotPayer(msg.sender);
        State state = $.records[id].state;
        if (state != State.Unused) revert PayoutsIdUsed(id, state);
        if (to == address(0) || token == address(0)) revert PayoutsZeroAddress();
        if (amount == 0) revert PayoutsZeroAmount(id);
        if (token.code.length == 0) revert PayoutsNotToken(token);
        // effects before the transfer: a token that calls back finds the id used
        $.records[id] = Record(State.Paid, SafeCast.toUint64(block.number));
        emit Paid(id, to, token, amount);
        IERC20(token).safeTransfer(to, amount);
    }

    /// @inheritdoc IPayouts
    function cancel(uint256 id) external nonReentrant {
        PayoutsStorage storage $ = _payoutsStorage();
        if (msg.sender != $.payer && msg.sender != owner()) revert PayoutsNotPayer(msg.sender);
        State state = $.records[id].state;
        if (state != State.Unused) revert PayoutsIdUsed(id, state);
        $.records[id] = Record(State.Cancelled, SafeCast.toUint64(block.number));
        emit Cancelled(id, msg.sender);
    }

    /// @inheritdoc IPayouts
    function setPayer(address payer_) external onlyOwner {
        _setPayer(payer_);
    }

    /// @inheritdoc IPayouts
    function payer() external view returns (address) {
        return _payoutsStorage().payer;
    }

    /// @inheritdoc IPayouts
    function stateOf(uint256 id) external view returns (State) {
        return _payoutsStorage().records[id].state;
    }

    /// @inheritdoc IPayouts
    function blockOf(uint256 id) external view returns (uint256) {
        return _payoutsStorage().records[id].blockNumber;
    }

    /// @dev The float is the operator's: nothing here is owed to users until it is paid out.
    function _claimable(address) internal pure override returns (uint256) {
        return 0;
    }

    function _setPayer(address payer_) private {
        PayoutsStorage storage $ = _payoutsStorage();
        emit PayerUpdated($.payer, payer_);
        $.payer = payer_;
    }

    function _payoutsStorage() private pure returns (PayoutsStorage storage $) {
        assembly {
            $.slot := STORAGE_LOCATION
        }
    }
}
