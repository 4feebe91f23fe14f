// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// @dev Test-only ERC-20 with a receive hook (like ERC-777's `tokensReceived`): after every transfer to an account
/// flagged with `setHooked`, it calls `onTokenReceived(from, value)` on it. Used as the stablecoin of a Fomo
/// instance to give a contract depositor a way to call back into the pool while being paid.
contract FomoCallbackToken is ERC20 {
    mapping(address account => bool hooked) public hooked;

    constructor() ERC20("Callback USD", "cUSD") {}

    function mint(address to, uint256 value) external {
        _mint(to, value);
    }

    function setHooked(address account, bool on) external {
        hooked[account] = on;
    }

    function _update(address from, address to, uint256 value) internal override {
        super._update(from, to, value);
        if (hooked[to]) FomoTokenReceiver(to).onTokenReceived(from, value);
    }
}

/// @dev The hook {FomoCallbackToken} calls.
interface FomoTokenReceiver {
    function onTokenReceived(address from, uint256 value) external;
}
