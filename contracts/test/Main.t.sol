// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {Main} from "../contracts/Main.sol";
import {NexusProxy} from "../contracts/NexusProxy.sol";
import {IMain} from "../contracts/interfaces/IMain.sol";
import {TestBase, FuzzSelector, Vm} from "./utils/Vm.sol";

function deployMain(address owner, address genesis, uint256 generations) returns (Main) {
    Main implementation = new Main();
    bytes memory data = abi.encodeCall(
        Main.initialize,
        (owner, 1 hours, genesis, IMain.Config({manager: address(0), generations: generations}))
    );
    return Main(address(new NexusProxy(address(implementation), data)));
}

contract MainDeepChainTest is TestBase {
    address internal constant GENESIS = address(0x6e6e);

    /// @dev A 1,000-deep referral chain: registering at its bottom and walking the maximum number of
    /// generations up from there both stay far below 1,000,000 gas.
    function test_deepChain_userTransactionsUnderOneMillionGas() public {
        Main main = deployMain(address(this), GENESIS, 100);
        address previous = GENESIS;
        for (uint256 i = 1; i <= 1_000; ++i) {
            address account = address(uint160(0x100000 + i));
            vm.prank(account);
            main.register(previous);
            previous = account;
        }
        address newcomer = address(0xbeef);
        vm.prank(newcomer);
        uint256 before = gasleft();
        main.register(previous);
        uint256 registerGas = before - gasleft();
        before = gasleft();
        address[] memory referrers = main.getReferrers(newcomer, type(uint256).max);
        uint256 walkGas = before - gasleft();
        assertEq(referrers.length, 100, "bounded by generations");
        assertLe(registerGas, 1_000_000, "register");
        assertLe(walkGas, 1_000_000, "walk up 100 generations");
    }
}

contract MainTest is TestBase {
    address internal constant GENESIS = address(0x6e6e);
    Main internal main;

    function setUp() public {
        main = deployMain(address(this), GENESIS, 20);
    }

    function test_register_underGenesis() public {
        vm.prank(address(0xa11ce));
        main.register(GENESIS);
        (uint256 index, address referrer) = main.users(address(0xa11ce));
        assertEq(index, 2, "index");
        assertEq(referrer, GENESIS, "referrer");
        assertEq(main.invites(GENESIS), 1, "invites");
        assertEq(main.accountAt(2), address(0xa11ce), "accountAt");
    }

    function testFuzz_register_rejectsUnregisteredReferrer(address account, address referrer) public {
        vm.assume(referrer != GENESIS && account != referrer && account != GENESIS);
        vm.prank(account);
        vm.expectRevert(abi.encodeWithSelector(IMain.MainReferrerNotRegistered.selector, referrer));
        main.register(referrer);
    }

    function testFuzz_getReferrers_boundedByGenerations(uint8 depth, uint8 asked) public {
        uint256 d = bound(depth, 1, 60);
        address previous = _registerChain(d);
        address[] memory referrers = main.getReferrers(previous, asked);
        uint256 expected = asked < 20 ? asked : 20;
        if (expected > d) expected = d; // the chain has d ancestors (genesis included)
        assertEq(referrers.length, expected, "length");
        address nearest = d == 1 ? GENESIS : address(uint160(0x1000 + d - 1));
        if (expected > 0) assertEq(referrers[0], nearest, "nearest");
    }

    /// @dev The lineage is the referrers' walk with each one's Main index, and the account's own index.
    function testFuzz_getLineage_matchesReferrersAndIndexes(uint8 depth, uint8 asked) public {
        uint256 d = bound(depth, 1, 30);
        address previous = _registerChain(d);
        (uint256 index, address[] memory referrers, uint256[] memory indexes) = main.getLineage(previous, asked);
        address[] memory expected = main.getReferrers(previous, asked);
        (uint256 ownIndex, ) = main.users(previous);
        assertEq(index, ownIndex, "own index");
        assertEq(referrers.length, expected.length, "length");
        assertEq(indexes.length, expected.length, "indexes' length");
        for (uint256 k; k < expected.length; ++k) {
            assertEq(referrers[k], expected[k], "referrer");
            (uint256 ancestorIndex, ) = main.users(expected[k]);
            assertEq(indexes[k], ancestorIndex, "index");
        }
    }

    /// @dev Registers `d` accounts in a chain under genesis (each under the previous); returns the last.
    function _registerChain(uint256 d) private returns (address previous) {
        previous = GENESIS;
        for (uint256 i = 1; i <= d; ++i) {
            address account = address(uint160(0x1000 + i));
            vm.prank(account);
            main.register(previous);
            previous = account;
        }
    }
}

/// @dev Registers random accounts under random referrers; the runner calls it in random sequences.
contract MainHandler {
    Main internal immutable _main;
    address[] public registered;
    Vm internal constant VM = Vm(address(uint160(uint256(keccak256("hevm cheat code")))));

    constructor(Main main_, address genesis) {
        _main = main_;
        registered.push(genesis);
    }

    function register(uint256 accountSeed, uint256 referrerSeed) external {
        address account = address(uint160(bound(accountSeed)));
        address referrer =
            referrerSeed % 5 == 0
                ? address(uint160(bound(referrerSeed))) // sometimes an unregistered or own address
                : registered[referrerSeed % registered.length];
        VM.prank(account);
        try _main.register(referrer) {
            registered.push(account);
        } catch {} // reverts are part of the exploration; the invariants check what succeeded
    }

    function count() external view returns (uint256) {
        return registered.length;
    }

    function bound(uint256 seed) private pure returns (uint256) {
        return 0x10000 + (seed % 500);
    }
}

contract MainInvariantTest is TestBase {
    address internal constant GENESIS = address(0x6e6e);
    Main internal main;
    MainHandler internal handler;

    function setUp() public {
        main = deployMain(address(this), GENESIS, 100);
        handler = new MainHandler(main, GENESIS);
        targetContract(address(handler));
        bytes4[] memory selectors = new bytes4[](1);
        selectors[0] = MainHandler.register.selector;
        targetSelector(FuzzSelector({addr: address(handler), selectors: selectors}));
    }

    /// @dev Every registered account reaches genesis in fewer steps than there are accounts (so: no cycle).
    function invariant_treeReachesGenesisWithoutCycle() public view {
        uint256 total = main.totalUsers();
        assertEq(total, handler.count(), "every success counted");
        for (uint256 i = 1; i <= total; ++i) {
            address current = main.accountAt(i);
            (uint256 index, ) = main.users(current);
            assertEq(index, i, "index round trip");
            uint256 steps;
            while (current != GENESIS) {
                (uint256 currentIndex, address referrer) = main.users(current);
                (uint256 referrerIndex, ) = main.users(referrer);
                assertTrue(referrerIndex != 0 && referrerIndex < currentIndex, "referrer registered earlier");
                current = referrer;
                ++steps;
                assertTrue(steps < total, "no cycle");
            }
        }
    }
}
