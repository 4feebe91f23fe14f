// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @title Multicall3 for the local chain
/// @notice The batching contract that BSC and every major chain have at 0xcA11bde05977b3631167028862bE2a173976CA11,
/// deployed on the local chain so that the web app reads a whole page in one `eth_call`. It keeps the interface
/// of Multicall3's read functions that viem uses (`aggregate3`) and the block helpers. It holds no funds and
/// has no state.
contract Multicall3 {
    struct Call3 {
        address target;
        bool allowFailure;
        bytes callData;
    }

    struct Result {
        bool success;
        bytes returnData;
    }

    /// @notice A call that was not allowed to fail has failed.
    error Multicall3CallFailed(uint256 index);

    /// @notice Calls each target with its data; a failing call reverts the batch unless it allows failure.
    function aggregate3(Call3[] calldata calls) external payable returns (Result[] memory returnData) {
        uint256 length = calls.length;
        returnData = new Result[](length);
        for (uint256 i = 0; i < length; ++i) {
            Call3 calldata call = calls[i];
            // solhint-disable-next-line avoid-low-level-calls
            (bool success, bytes memory data) = call.target.call(call.callData);
            if (!success && !call.allowFailure) revert Multicall3CallFailed(i);
            returnData[i] = Result(success, data);
        }
    }

    function getBlockNumber() external view returns (uint256 blockNumber) {
        blockNumber = block.number;
    }

    function getCurrentBlockTimestamp() external view returns (uint256 timestamp) {
        timestamp = block.timestamp;
    }

    function getEthBalance(address account) external view returns (uint256 balance) {
        balance = account.balance;
    }

    function getChainId() external view returns (uint256 chainid) {
        chainid = block.chainid;
    }
}
