// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IMain} from "../interfaces/IMain.sol";
import {TeamLib} from "../libraries/TeamLib.sol";

/// @dev Test-only: the team library on its own storage (`Teams` at slot 0), so that a test can walk orders up given
/// ancestors and set a member's packed word at its limits. Ancestors and children carry Main indexes of 2**32 or
/// more (kept by account in `bigMax`), so that no Main is asked for an account.
contract TeamLibHarness {
    TeamLib.Teams private _teams;

    /// @notice {TeamLib-add} without thresholds (levels stay 0).
    function add(
        address account,
        uint256 accountIndex,
        address[] calldata ancestors,
        uint256[] calldata indexes,
        uint256 value,
        bool first
    ) external returns (uint256[] memory levels) {
        uint256[5] memory thresholds;
        return
            TeamLib.add(
                _teams,
                IMain(address(0)),
                account,
                accountIndex,
                ancestors,
                indexes,
                value,
                first,
                thresholds,
                false
            );
    }

    /// @notice {TeamLib-figures} without thresholds.
    function figures(address account) external view returns (TeamLib.Figures memory) {
        uint256[5] memory thresholds;
        return TeamLib.figures(_teams, IMain(address(0)), account, thresholds, false);
    }
}
