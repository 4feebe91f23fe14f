// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @dev The cheatcodes that Hardhat 3's Solidity test runner (EDR, Foundry-compatible) provides; a subset of
/// forge-std's `Vm`, which cannot be fetched offline. Only what the tests use is declared.
interface Vm {
    function prank(address sender) external;
    function startPrank(address sender) external;
    function stopPrank() external;
    function warp(uint256 timestamp) external;
    function roll(uint256 blockNumber) external;
    function deal(address account, uint256 balance) external;
    function expectRevert() external;
    function expectRevert(bytes4 selector) external;
    function expectRevert(bytes calldata revertData) external;
    function expectEmit(bool topic1, bool topic2, bool topic3, bool data) external;
    function expectEmit(bool topic1, bool topic2, bool topic3, bool data, address emitter) external;
    function assume(bool condition) external pure;
    function label(address account, string calldata name) external;
    function getCode(string calldata artifactPath) external view returns (bytes memory creationBytecode);
    function etch(address target, bytes calldata code) external;
    function load(address target, bytes32 slot) external view returns (bytes32 data);
    function store(address target, bytes32 slot, bytes32 value) external;
    function readFile(string calldata path) external view returns (string memory data);
    function parseJsonString(string calldata json, string calldata key) external pure returns (string memory value);
    function parseBytes(string calldata value) external pure returns (bytes memory parsed);
    function envOr(string calldata name, uint256 defaultValue) external view returns (uint256 value);
}

/// @dev Selectors an invariant test restricts a target contract to (forge-std's `StdInvariant.FuzzSelector`).
struct FuzzSelector {
    address addr;
    bytes4[] selectors;
}

/// @dev Assertions and invariant-target registration (the parts of forge-std's `Test` the suites use).
abstract contract TestBase {
    Vm internal constant vm = Vm(address(uint160(uint256(keccak256("hevm cheat code")))));

    error AssertionFailed(string message);
    error AssertionFailedUint(string message, uint256 left, uint256 right);

    address[] private _targetContracts;
    FuzzSelector[] private _targetSelectors;

    /// @dev Invariant runner hook: the contracts whose functions the runner calls at random.
    function targetContracts() public view returns (address[] memory) {
        return _targetContracts;
    }

    /// @dev Invariant runner hook: the functions the runner may call on each target.
    function targetSelectors() public view returns (FuzzSelector[] memory) {
        return _targetSelectors;
    }

    function targetContract(address target) internal {
        _targetContracts.push(target);
    }

    function targetSelector(FuzzSelector memory selector) internal {
        _targetSelectors.push(selector);
    }

    function assertEq(uint256 a, uint256 b, string memory message) internal pure {
        if (a != b) revert AssertionFailedUint(message, a, b);
    }

    function assertEq(address a, address b, string memory message) internal pure {
        if (a != b) revert AssertionFailed(message);
    }

    function assertEq(bool a, bool b, string memory message) internal pure {
        if (a != b) revert AssertionFailed(message);
    }

    function assertLe(uint256 a, uint256 b, string memory message) internal pure {
        if (a > b) revert AssertionFailedUint(message, a, b);
    }

    function assertGe(uint256 a, uint256 b, string memory message) internal pure {
        if (a < b) revert AssertionFailedUint(message, a, b);
    }

    function assertTrue(bool condition, string memory message) internal pure {
        if (!condition) revert AssertionFailed(message);
    }

    function bound(uint256 x, uint256 min, uint256 max) internal pure returns (uint256) {
        if (max <= min) return min;
        return min + (x % (max - min + 1));
    }
}
