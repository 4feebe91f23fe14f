// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {Main} from "../Main.sol";

/// @dev Test-only second version of Main: appends one variable, so the storage layout stays compatible.
contract MainV2 is Main {
    uint256 private _note;

    function setNote(uint256 newNote) external onlyOwner {
        _note = newNote;
    }

    function note() external view returns (uint256) {
        return _note;
    }

    function version() external pure returns (uint256) {
        return 2;
    }
}
