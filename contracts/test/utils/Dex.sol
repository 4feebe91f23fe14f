// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {Vm} from "./Vm.sol";

/// @dev Deploys the local DEX in Solidity tests from the same compiled bytecode as the deployment
/// (the uniswap v2-core and v2-periphery build JSON; read access is granted in hardhat.config.ts).
library Dex {
    Vm internal constant VM = Vm(address(uint160(uint256(keccak256("hevm cheat code")))));

    function deploy() internal returns (address factory, address router, address wbnb) {
        wbnb = _create(_code("../node_modules/@uniswap/v2-periphery/build/WETH9.json"), "");
        factory = _create(
            _code("../node_modules/@uniswap/v2-core/build/UniswapV2Factory.json"),
            abi.encode(address(this))
        );
        router = _create(
            _code("../node_modules/@uniswap/v2-periphery/build/UniswapV2Router02.json"),
            abi.encode(factory, wbnb)
        );
    }

    function _code(string memory path) private view returns (bytes memory) {
        string memory json = VM.readFile(path);
        return VM.parseBytes(string.concat("0x", VM.parseJsonString(json, ".bytecode")));
    }

    function _create(bytes memory code, bytes memory args) private returns (address deployed) {
        bytes memory init = abi.encodePacked(code, args);
        // solhint-disable-next-line no-inline-assembly
        assembly {
            deployed := create(0, add(init, 0x20), mload(init))
        }
        require(deployed != address(0), "Dex: deployment failed"); // solhint-disable-line gas-custom-errors
    }
}
