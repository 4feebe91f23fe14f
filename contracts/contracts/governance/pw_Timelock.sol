// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {TimelockController} from "@openzeppelin/contracts/governance/TimelockController.sol";

/// @title The owner of every Nexus contract: OpenZeppelin's `TimelockController`, unchanged
/// @notice Every owner action is scheduled in public (`CallScheduled`, with the earliest execution time), can be
/// cancelled by a canceller (`Cancelled`) and runs only after `getMinDelay()` seconds (`CallExecuted`).
/// Deployed with the admin (deployer or multisig) as proposer and canceller, executors open (anyone may execute
/// a ready operation), and no extra admin: only the timelock itself can change its roles or delay.
contract Timelock is TimelockController {
    /// @param minDelay seconds between scheduling and execution (48 h on BSC, 60 s on the local chain)
    /// @param proposers accounts that may schedule (and cancel) operations
    /// @param executors accounts that may execute ready operations (`address(0)`: anyone)
    constructor(
        uint256 minDelay,
        address[] memory proposers,
        address[] memory executors
    ) TimelockController(minDelay, proposers, executors, address(0)) {}
}
