// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {IBurn} from "../interfaces/IBurn.sol";
import {IMain} from "../interfaces/IMain.sol";

/// @dev Test-only (issue 19 finding 11): a contract an account deploys to collect referral shares of its own money.
/// It registers in Main under `referrer` (the account, or another SelfReferrer of it), orders in Burn with USDT the
/// account gave it, and hands whatever it can claim back to the account.
contract SelfReferrer {
    using SafeERC20 for IERC20;

    IBurn private immutable _burn;
    IERC20 private immutable _usdt;
    address private immutable _owner;

    constructor(IMain main, IBurn burn, IERC20 usdt, address referrer) {
        _burn = burn;
        _usdt = usdt;
        _owner = msg.sender;
        main.register(referrer);
        usdt.forceApprove(address(burn), type(uint256).max);
    }

    /// @dev Orders `times` units for itself, paid in USDT.
    function order(uint256 times, uint256 value) external {
        _burn.burn(address(this), times, value, false);
    }

    /// @dev Claims what Burn owes it and sends everything it holds to its owner.
    function claimToOwner() external {
        _burn.claimReward();
        _usdt.safeTransfer(_owner, _usdt.balanceOf(address(this)));
    }
}
