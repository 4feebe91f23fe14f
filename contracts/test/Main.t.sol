// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {Main} from "../contracts/Main.sol";
import {IMain} from "../contracts/interfaces/IMain.sol";
import {TestBase} from "./utils/Vm.sol";

contract MainTest is TestBase {
    address internal constant GENESIS = address(0x6e6e);
    Main internal main;

    function setUp() public {
        main = new Main(GENESIS);
    }

    function test_register_underGenesis() public {
        vm.prank(address(0xa11ce));
        main.register(GENESIS);
        (uint256 index, address referrer) = main.users(address(0xa11ce));
        assertEq(index, 2, "index");
        assertEq(referrer, GENESIS, "referrer");
    }

    function testFuzz_register_rejectsUnregisteredReferrer(address account, address referrer) public {
        vm.assume(referrer != GENESIS && account != referrer && account != GENESIS);
        vm.prank(account);
        vm.expectRevert(abi.encodeWithSelector(IMain.MainReferrerNotRegistered.selector, referrer));
        main.register(referrer);
    }
}
