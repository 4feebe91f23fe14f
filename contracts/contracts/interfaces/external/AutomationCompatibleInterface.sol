// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @title Chainlink Automation's upkeep interface (also what Gelato's resolvers call)
/// @notice The same declaration as `@chainlink/contracts/src/v0.8/automation/interfaces/
/// AutomationCompatibleInterface.sol` (1.5.0). The package is not installed because it does not install from
/// this project's npm mirror (its dependencies include a GitHub-only package); the selectors are the same, so
/// a contract that implements this interface can be registered with Chainlink Automation or Gelato as it is.
/// The local keeper (`apps/keeper`) calls the same two functions.
interface AutomationCompatibleInterface {
    /// @notice Simulated off-chain (eth_call) by the automation network: whether work is due, and the data to
    /// pass to `performUpkeep`.
    /// @param checkData data registered with the upkeep (unused by this project's contracts)
    /// @return upkeepNeeded whether `performUpkeep` should be called now
    /// @return performData what to pass to `performUpkeep`
    function checkUpkeep(bytes calldata checkData) external returns (bool upkeepNeeded, bytes memory performData);

    /// @notice Does the work `checkUpkeep` found due. Must re-check that it is due: anyone may call it with
    /// any data.
    function performUpkeep(bytes calldata performData) external;
}
