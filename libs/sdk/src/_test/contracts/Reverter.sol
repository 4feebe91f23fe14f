// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @title Reverts on demand, for the SDK error-mapping tests only (compiled by the test setup).
/// @dev `revertWith` reverts with exactly the bytes it is given, so a test can raise any custom error of any
/// contract's ABI on a real chain. The functions write state first so that they are sent as transactions too.
contract Reverter {
    uint256 public calls;

    function revertWith(bytes calldata data) external {
        calls += 1;
        assembly {
            calldatacopy(0, data.offset, data.length)
            revert(0, data.length)
        }
    }

    function revertWithReason(string calldata reason) external {
        calls += 1;
        revert(reason);
    }

    function revertEmpty() external {
        calls += 1;
        revert();
    }

    function divide(uint256 a, uint256 b) external returns (uint256) {
        calls += 1;
        return a / b;
    }
}
