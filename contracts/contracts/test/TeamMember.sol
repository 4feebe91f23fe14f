// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IMain} from "../interfaces/IMain.sol";

/// @dev Test-only: a registered member that never acts (registers in Main from its constructor).
contract TeamMember {
    constructor(IMain main, address referrer) {
        main.register(referrer);
    }
}
