// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IFeeReceiver} from "../interfaces/IFeeReceiver.sol";

/// @dev Test-only fee receiver: counts what the hook reports, or always fails.
contract FeeReceiverMock is IFeeReceiver {
    error FeeReceiverMockFailed();

    bool private immutable _fail;
    uint256 public received;

    constructor(bool fail) {
        _fail = fail;
    }

    function onFeeReceived(address, uint256 amount) external {
        if (_fail) revert FeeReceiverMockFailed();
        received += amount;
    }
}
