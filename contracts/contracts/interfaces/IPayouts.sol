// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @title Payouts: the legacy withdrawals, each paid at most once, by its id, on chain
/// @notice The legacy API keeps users' withdrawal requests off chain; the keeper pays each from this contract's
/// float (funded by the operator) with `pay(id, to, token, amount)`. The contract remembers every id it has seen:
/// an id is either unused, paid once, or cancelled, and never moves again. So the chain decides whether a
/// withdrawal was paid: a refund (the legacy API's) only follows a final {Cancelled} of its id, which no later
/// `pay` can follow. Only the payer (the keeper's signer, set by the owner, the Timelock) may pay and cancel; the
/// owner may cancel too (after the Timelock's delay), e.g. when the payer's key is lost.
interface IPayouts {
    /// @notice An id's state: never seen, paid (once), or cancelled (never payable).
    enum State {
        Unused,
        Paid,
        Cancelled
    }

    /// @notice `caller` may not pay (only the payer) or cancel (only the payer or the owner).
    error PayoutsNotPayer(address caller);
    /// @notice Id `id` was already paid or cancelled (`state`): it is never paid (or cancelled) again.
    error PayoutsIdUsed(uint256 id, State state);
    /// @notice A payout to the zero address, or of the zero address as a token.
    error PayoutsZeroAddress();
    /// @notice A payout of nothing.
    error PayoutsZeroAmount(uint256 id);
    /// @notice `token` is no contract (a transfer to it would succeed without paying anything).
    error PayoutsNotToken(address token);

    /// @notice Id `id` paid `amount` of `token` to `to` (the payer sent it).
    event Paid(uint256 indexed id, address indexed to, address indexed token, uint256 amount);
    /// @notice Id `id` can never be paid (by `by`: the payer or the owner).
    event Cancelled(uint256 indexed id, address indexed by);
    /// @notice The owner made `payer` the only account that may pay (zero: nobody).
    event PayerUpdated(address indexed previousPayer, address indexed payer);

    /// @notice Pays `amount` of `token` to `to` for withdrawal `id`, once: an id already paid or cancelled is
    /// refused ({PayoutsIdUsed}). Payer only. Emits {Paid}.
    function pay(uint256 id, address to, address token, uint256 amount) external;

    /// @notice Makes id `id` unpayable for good (a rejected withdrawal, refunded off chain once this is final).
    /// Payer or owner; an id already paid or cancelled is refused ({PayoutsIdUsed}). Emits {Cancelled}.
    function cancel(uint256 id) external;

    /// @notice Sets the payer (owner only; zero stops every payout). Emits {PayerUpdated}.
    function setPayer(address payer_) external;

    /// @notice The account that may pay and cancel.
    function payer() external view returns (address);

    /// @notice The state of id `id`.
    function stateOf(uint256 id) external view returns (State);

    /// @notice The block in which id `id` was paid or cancelled (0 while unused), so that its {Paid} or {Cancelled}
    /// event is found in that one block however long ago it was.
    function blockOf(uint256 id) external view returns (uint256);
}
