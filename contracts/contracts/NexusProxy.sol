// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {ERC1967Proxy} from "@openzeppelin/contracts/proxy/ERC1967/ERC1967Proxy.sol";

/// @title The ERC-1967 proxy in front of every upgradeable Nexus contract (UUPS: upgrades live in the logic)
/// @notice Deploy with the implementation and the encoded `initialize(...)` call.
contract NexusProxy is ERC1967Proxy {
    constructor(address implementation, bytes memory data) payable ERC1967Proxy(implementation, data) {}
}
