// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IERC1155Receiver} from "@openzeppelin/contracts/token/ERC1155/IERC1155Receiver.sol";
import {IERC165} from "@openzeppelin/contracts/utils/introspection/IERC165.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {IIdo} from "../interfaces/IIdo.sol";
import {INft} from "../interfaces/INft.sol";
import {IMain} from "../interfaces/IMain.sol";

/// @dev Test-only ERC-1155 receiver that, from `onERC1155Received` and `onERC1155BatchReceived`, calls back into
/// every state-changing function of the Nft and Ido contracts and records how each call ended (the first four
/// bytes of the revert data, or zero when it succeeded).
contract NftReentrancyAttacker is IERC1155Receiver {
    INft private immutable _nft;
    IIdo private immutable _ido;
    bytes4[] private _attempted;
    bytes4[] private _results;
    bool public armed;

    constructor(INft nft_, IIdo ido_) {
        _nft = nft_;
        _ido = ido_;
    }

    function register(IMain main, address referrer) external {
        main.register(referrer);
    }

    function approve(IERC20 token, address spender) external {
        token.approve(spender, type(uint256).max);
    }

    function arm(bool on) external {
        armed = on;
    }

    function mintIdo(uint256 times) external {
        _ido.mint(times, true);
    }

    function results() external view returns (bytes4[] memory attempted, bytes4[] memory outcomes) {
        return (_attempted, _results);
    }

    function onERC1155Received(address, address, uint256, uint256, bytes calldata) external returns (bytes4) {
        _attack();
        return this.onERC1155Received.selector;
    }

    function onERC1155BatchReceived(
        address,
        address,
        uint256[] calldata,
        uint256[] calldata,
        bytes calldata
    ) external returns (bytes4) {
        _attack();
        return this.onERC1155BatchReceived.selector;
    }

    function supportsInterface(bytes4 interfaceId) external pure returns (bool) {
        return interfaceId == type(IERC1155Receiver).interfaceId || interfaceId == type(IERC165).interfaceId;
    }

    function _attack() private {
        if (!armed) return;
        armed = false; // one round of attempts per top-level call
        uint256[] memory ids = new uint256[](1);
        uint256[] memory amounts = new uint256[](1);
        ids[0] = 1;
        amounts[0] = 1;
        address nft = address(_nft);
        address ido = address(_ido);
        _try(nft, abi.encodeCall(INft.mint, (address(this), 1, 1)));
        _try(nft, abi.encodeCall(INft.mintMulti, (address(this), ids, amounts)));
        _try(nft, abi.encodeCall(INft.burn, (address(this), 1, 1)));
        _try(nft, abi.encodeCall(INft.burnBatch, (address(this), ids, amounts)));
        _try(
            nft,
            abi.encodeWithSignature(
                "safeTransferFrom(address,address,uint256,uint256,bytes)",
                address(this),
                ido,
                1,
                1,
                ""
            )
        );
        _try(
            nft,
            abi.encodeWithSignature(
                "safeBatchTransferFrom(address,address,uint256[],uint256[],bytes)",
                address(this),
                ido,
                ids,
                amounts,
                ""
            )
        );
        _try(nft, abi.encodeCall(INft.claimReward, ()));
        _try(nft, abi.encodeWithSignature("onFeeReceived(address,uint256)", address(0), 0));
        _try(ido, abi.encodeWithSignature("mint(uint256,bool)", 1, true));
        _try(ido, abi.encodeWithSignature("mint(address,uint256,uint256)", address(this), 1, 0));
        _try(ido, abi.encodeCall(IIdo.ido, (1)));
        _try(ido, abi.encodeCall(IIdo.burn, (1, false)));
        _try(ido, abi.encodeCall(IIdo.claim, ()));
        _try(ido, abi.encodeCall(IIdo.hecheng, ()));
    }

    function _try(address target, bytes memory data) private {
        (bool ok, bytes memory ret) = target.call(data);
        bytes4 outcome;
        if (!ok && ret.length >= 4) outcome = bytes4(ret);
        else if (!ok) outcome = bytes4(0xffffffff);
        _attempted.push(bytes4(data));
        _results.push(outcome);
    }
}
