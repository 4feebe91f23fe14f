// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {IFomo} from "../interfaces/IFomo.sol";
import {IMain} from "../interfaces/IMain.sol";
import {FomoTokenReceiver} from "./FomoCallbackToken.sol";

/// @dev Test-only hostile depositor: registers and deposits from its constructor, and when the pool pays it (the
/// stablecoin's receive hook) it calls back into the pool: claims the same prize again, claims its balance,
/// deposits, releases. It records every attempt and its revert data, so a test can prove that none succeeded.
contract FomoReentrantDepositor is FomoTokenReceiver {
    IFomo public immutable fomo;
    IERC20 public immutable usd;
    uint256 public round;
    uint256 public attempts;
    uint256 public successes;
    bytes public lastError;
    bool private _inHook;

    constructor(IFomo fomo_, IERC20 usd_, IMain main, address referrer, uint256 amount) {
        fomo = fomo_;
        usd = usd_;
        main.register(referrer);
        usd_.approve(address(fomo_), type(uint256).max);
        if (amount > 0) fomo_.burn(1, amount, true);
    }

    function burn(uint256 amount) external {
        fomo.burn(1, amount, true);
    }

    function claim(uint256 index) external {
        round = index;
        fomo.claimReward(index);
    }

    function onTokenReceived(address, uint256) external {
        if (msg.sender != address(usd) || _inHook) return;
        _inHook = true;
        _try(abi.encodeCall(IFomo.claimReward, (round)));
        _try(abi.encodeCall(IFomo.claimReward, (0)));
        _try(abi.encodeWithSignature("burn(uint256,uint256,bool)", 1, 1 ether, true));
        _try(abi.encodeCall(IFomo.release, (1)));
        _try(abi.encodeCall(IFomo.updatePool, ()));
        _inHook = false;
    }

    function _try(bytes memory data) private {
        ++attempts;
        (bool ok, bytes memory result) = address(fomo).call(data);
        if (ok) ++successes;
        else lastError = result;
    }
}
