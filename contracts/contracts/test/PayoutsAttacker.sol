// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IPayouts} from "../interfaces/IPayouts.sol";

/// @notice Test only: a payer that is also the token it pays with. Its `transfer` (called by Payouts in the middle
/// of `pay`) tries to pay the same id again, pay another id and cancel the id, and records how each was refused.
contract PayoutsAttacker {
    IPayouts private immutable _payouts;
    bytes[] private _outcomes;
    uint256 private _id;

    constructor(IPayouts payouts_) {
        _payouts = payouts_;
    }

    /// @notice Pays `id` to `to` with this contract as the token; the transfer callback attacks.
    function attack(uint256 id, address to) external {
        _id = id;
        _payouts.pay(id, to, address(this), 1);
    }

    /// @notice The token side: every re-entry into Payouts, with its revert data (empty if it succeeded).
    function transfer(address to, uint256 amount) external returns (bool) {
        _try(abi.encodeCall(IPayouts.pay, (_id, to, address(this), amount)));
        _try(abi.encodeCall(IPayouts.pay, (_id + 1, to, address(this), amount)));
        _try(abi.encodeCall(IPayouts.cancel, (_id)));
        return true;
    }

    function outcomes() external view returns (bytes[] memory) {
        return _outcomes;
    }

    function _try(bytes memory data) private {
        (bool ok, bytes memory result) = address(_payouts).call(data);
        _outcomes.push(ok ? bytes("") : result);
    }
}
