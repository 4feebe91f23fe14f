// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {ILog} from "../interfaces/ILog.sol";
import {LogCodes} from "../libraries/LogCodes.sol";

/// @dev Test-only: writes a batch of credits the way the platform's contracts do ({LogCodes-credits},
/// {LogCodes-credit}, {LogCodes-writeCredits}), so that a test can give it any amounts.
contract LogCreditsWriter {
    ILog private immutable _log;

    constructor(ILog log) {
        _log = log;
    }

    /// @dev One credit per `owners[i]`, by `actions[i]`, of `amounts[i]`, all by `from` in `symbol`.
    function write(
        address from,
        uint8 symbol,
        address[] calldata owners,
        uint8[] calldata actions,
        uint256[] calldata amounts
    ) external {
        LogCodes.Credits memory batch = LogCodes.credits(owners.length);
        for (uint256 i; i < owners.length; ++i) LogCodes.credit(batch, owners[i], actions[i], amounts[i]);
        LogCodes.writeCredits(_log, from, symbol, batch);
    }
}
