// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {AutomationCompatibleInterface} from "../interfaces/external/AutomationCompatibleInterface.sol";

/// @dev Test-only upkeep that is always due and whose work never progresses: `performUpkeep` succeeds and changes
/// nothing (what Burn's failing buy-and-burn did before its retry delay). The keeper must not send it again on
/// every block (apps/keeper/src/keeper.test.ts).
contract StuckUpkeep is AutomationCompatibleInterface {
    uint256 public performed;

    function checkUpkeep(bytes calldata) external pure returns (bool upkeepNeeded, bytes memory performData) {
        return (true, "");
    }

    /// @dev Counts the calls (so a test sees each send) but emits nothing: no work was done.
    function performUpkeep(bytes calldata) external {
        performed += 1;
    }
}
