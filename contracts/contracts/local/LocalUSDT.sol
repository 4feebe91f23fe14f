// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";

/// @title Local-chain stablecoin: 18 decimals like BSC's USDT (BEP-20), owner-minted
/// @notice Deployed only on the local chain (31337); on BSC the real USDT address is configured.
contract LocalUSDT is ERC20, Ownable {
    constructor(address owner_) ERC20("Tether USD", "USDT") Ownable(owner_) {}

    /// @notice Mints `amount` to `to` (owner only; emits ERC-20 `Transfer` from the zero address).
    function mint(address to, uint256 amount) external onlyOwner {
        _mint(to, amount);
    }
}
