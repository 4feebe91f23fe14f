// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IMain} from "../interfaces/IMain.sol";
import {TeamMember} from "./TeamMember.sol";

/// @dev Test-only: grows a large referral team cheaply, as members that register and never act, so that tests can
/// measure user actions in a big team without sending one transaction per member.
contract TeamBuilder {
    IMain public immutable MAIN;
    address[] public members;

    constructor(IMain main_) {
        MAIN = main_;
    }

    /// @notice Registers `size` new members, member `i` under `referrers[i % referrers.length]`.
    function grow(address[] calldata referrers, uint256 size) external {
        for (uint256 i; i < size; ++i) {
            members.push(address(new TeamMember(MAIN, referrers[i % referrers.length])));
        }
    }

    /// @notice Registers a chain of `depth` new members under `top`, each under the previous one.
    function chain(address top, uint256 depth) external {
        address previous = top;
        for (uint256 i; i < depth; ++i) {
            previous = address(new TeamMember(MAIN, previous));
            members.push(previous);
        }
    }

    /// @notice How many members this builder registered.
    function count() external view returns (uint256) {
        return members.length;
    }
}
