// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {NexusUpgradeable} from "../base/NexusUpgradeable.sol";

/// @dev Test-only contract holding users' funds, to exercise {NexusUpgradeable}'s withdrawal rules.
contract VaultMock is NexusUpgradeable {
    using SafeERC20 for IERC20;

    IERC20 private _token;
    uint256 private _claimableTotal;
    mapping(address account => uint256 amount) private _balances;

    /// @custom:oz-upgrades-unsafe-allow constructor
    constructor() {
        _disableInitializers();
    }

    function initialize(address owner_, uint256 delay, IERC20 token_) external initializer {
        __NexusUpgradeable_init(owner_, delay);
        _token = token_;
    }

    function deposit(uint256 amount) external whenNotPaused nonReentrant {
        _token.safeTransferFrom(msg.sender, address(this), amount);
        _balances[msg.sender] += amount;
        _claimableTotal += amount;
    }

    /// @dev What users are owed is never behind the pause.
    function withdraw(uint256 amount) external nonReentrant {
        _balances[msg.sender] -= amount;
        _claimableTotal -= amount;
        _token.safeTransfer(msg.sender, amount);
    }

    receive() external payable {}

    function _claimable(address token) internal view override returns (uint256) {
        return token == address(_token) ? _claimableTotal : 0;
    }
}
