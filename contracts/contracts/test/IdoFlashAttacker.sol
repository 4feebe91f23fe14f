// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IERC1155Receiver} from "@openzeppelin/contracts/token/ERC1155/IERC1155Receiver.sol";
import {IERC165} from "@openzeppelin/contracts/utils/introspection/IERC165.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {IBurn} from "../interfaces/IBurn.sol";
import {IIdo} from "../interfaces/IIdo.sol";
import {IMain} from "../interfaces/IMain.sol";
import {IUniswapV2Callee} from "../interfaces/external/IUniswapV2Callee.sol";
import {IUniswapV2Pair} from "../interfaces/external/IUniswapV2Pair.sol";

/// @dev Test-only attacker: flash-borrows most of the pair's USDT (the spot NEX price collapses), then, inside
/// the pair's callback, pays an IDO mint in NEX (mode 0) or creates a burn order (mode 1), and repays.
/// Records the NEX spent and the spot reserves seen during the callback.
contract IdoFlashAttacker is IUniswapV2Callee, IERC1155Receiver {
    IIdo private immutable _ido;
    IBurn private immutable _burn;
    IUniswapV2Pair private immutable _pair;
    IERC20 private immutable _usdt;
    IERC20 private immutable _nex;
    uint256 public nexSpent;
    uint256 public usdtReserveDuring;

    constructor(IIdo ido_, IBurn burn_, IUniswapV2Pair pair_, IERC20 usdt_, IERC20 nex_) {
        _ido = ido_;
        _burn = burn_;
        _pair = pair_;
        _usdt = usdt_;
        _nex = nex_;
        usdt_.approve(address(ido_), type(uint256).max);
        nex_.approve(address(ido_), type(uint256).max);
        usdt_.approve(address(burn_), type(uint256).max);
    }

    function register(IMain main, address referrer) external {
        main.register(referrer);
    }

    function attack(uint256 borrowUsdt, uint256 times, uint8 mode) external {
        bool usdtIs0 = _pair.token0() == address(_usdt);
        _pair.swap(usdtIs0 ? borrowUsdt : 0, usdtIs0 ? 0 : borrowUsdt, address(this), abi.encode(times, mode));
    }

    function uniswapV2Call(address, uint256 amount0, uint256 amount1, bytes calldata data) external {
        (uint256 times, uint8 mode) = abi.decode(data, (uint256, uint8));
        usdtReserveDuring = _usdt.balanceOf(address(_pair));
        uint256 nexBefore = _nex.balanceOf(address(this));
        if (mode == 0) _ido.mint(times, false);
        else _burn.burn(address(this), times, type(uint256).max, false);
        nexSpent = nexBefore - _nex.balanceOf(address(this));
        uint256 borrowed = amount0 + amount1;
        _usdt.transfer(address(_pair), (borrowed * 1000) / 997 + 1);
    }

    function onERC1155Received(address, address, uint256, uint256, bytes calldata) external pure returns (bytes4) {
        return this.onERC1155Received.selector;
    }

    function onERC1155BatchReceived(
        address,
        address,
        uint256[] calldata,
        uint256[] calldata,
        bytes calldata
    ) external pure returns (bytes4) {
        return this.onERC1155BatchReceived.selector;
    }

    function supportsInterface(bytes4 interfaceId) external pure returns (bool) {
        return interfaceId == type(IERC1155Receiver).interfaceId || interfaceId == type(IERC165).interfaceId;
    }
}
