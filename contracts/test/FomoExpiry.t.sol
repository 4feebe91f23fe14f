// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IFomo} from "../contracts/interfaces/IFomo.sol";
import {ContractsIIISetup} from "./FomoTeam.t.sol";

/// @dev Fomo's force-outs come from an expiry queue keyed by each order's end (ExpiryQueue, as Burn's): thousands of
/// dust orders in the longest tier, placed first, hide no expired order behind them from checkUpkeep or
/// processExpired (a scan from a cursor was blinded by them: checkUpkeep looked 2,000 orders past it and
/// processExpired 100, and the cursor stops at the first locked order).
contract FomoExpiryTest is ContractsIIISetup {
    uint256 internal constant DUST = 2_100;
    address internal constant ATTACKER = address(0xd057);
    address internal constant HONEST = address(0x40e57);

    function setUp() public {
        _deployIII();
    }

    function test_dustInTheLongestTier_hidesNoExpiredOrder() public {
        uint256 orderMin = fomo.getConfig().orderMin;
        _member(ATTACKER, address(this), orderMin * DUST, 0);
        _member(HONEST, ATTACKER, 1_000 ether, 0);
        vm.startPrank(ATTACKER);
        for (uint256 i; i < DUST; ++i) fomo.burn(4, 1, orderMin, true);
        vm.stopPrank();
        vm.prank(HONEST);
        fomo.burn(0, 1, 100 ether, true);
        uint256 honest = DUST + 1;
        IFomo.Order memory order = fomo.orders(honest);
        assertTrue(order.endTime < fomo.orders(1).endTime, "the honest order ends long before the dust");
        IFomo.Config memory c = fomo.getConfig();
        vm.warp(order.endTime + c.outDays * c.dayTimes);

        (bool due, bytes memory data) = fomo.checkUpkeep("");
        assertTrue(due, "the upkeep is due");
        assertEq(abi.decode(data, (uint256)), honest, "it names the expired order behind the dust");
        assertEq(fomo.processExpired(1), 1, "one step forces it out");
        assertEq(fomo.orders(honest).status, 4, "forced out");
        assertEq(fomo.orders(1).status, 1, "the dust stays locked until its own force time");
        (, data) = fomo.checkUpkeep("");
        assertEq(abi.decode(data, (uint256)), 0, "no other order is due (the round's end may be)");

        // the dust itself is forced out in bounded steps once due, earliest end first
        vm.warp(fomo.orders(DUST).endTime + c.outDays * c.dayTimes);
        assertEq(fomo.processExpired(100), 100, "a full step");
        assertEq(fomo.orders(1).status, 4, "the earliest dust is out");
        assertTrue(fomo.orders(101).status != 4, "at most 100 a step");
    }
}
