// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IMain} from "./interfaces/IMain.sol";

/// @title Main: registration and referral tree
/// @dev The genesis account is registered at deployment so that the first users have a referrer.
contract Main is IMain {
    mapping(address account => User user) private _users;
    uint256 private _totalUsers;

    constructor(address genesis) {
        _register(genesis, address(0));
    }

    /// @inheritdoc IMain
    function register(address referrer) external {
        if (_users[msg.sender].index != 0) revert MainAlreadyRegistered(msg.sender);
        if (referrer == msg.sender) revert MainSelfReferral(msg.sender);
        if (_users[referrer].index == 0) revert MainReferrerNotRegistered(referrer);
        _register(msg.sender, referrer);
    }

    /// @inheritdoc IMain
    function users(address account) external view returns (uint256 index, address referrer) {
        User storage user = _users[account];
        return (user.index, user.referrer);
    }

    function _register(address account, address referrer) private {
        uint256 index = ++_totalUsers;
        _users[account] = User({index: index, referrer: referrer});
        emit Registered(account, referrer, index);
    }
}
