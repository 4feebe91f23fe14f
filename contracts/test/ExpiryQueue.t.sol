// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {ExpiryQueue} from "../contracts/libraries/ExpiryQueue.sol";
import {TestBase} from "./utils/Vm.sol";

/// @dev A queue in a contract's storage, as Burn and Fomo keep theirs.
contract ExpiryQueueHarness {
    ExpiryQueue.Heap internal heap;

    function push(uint256 endTime, uint256 id) external {
        ExpiryQueue.push(heap, endTime, id);
    }

    function pop() external {
        ExpiryQueue.pop(heap);
    }

    function top() external view returns (uint256, uint256) {
        return ExpiryQueue.top(heap);
    }

    function length() external view returns (uint256) {
        return ExpiryQueue.length(heap);
    }

    function at(uint256 position) external view returns (uint256, uint256) {
        return ExpiryQueue.at(heap, position);
    }
}

/// @dev The expiry queue (three entries to a word, the size beside the top) against a plain list: whatever the order
/// of pushes and pops, the top is always the earliest end time (the lowest id among equal ones), every entry comes out
/// once, the heap property holds at every position, and an end time past NEVER is kept as NEVER.
contract ExpiryQueueTest is TestBase {
    ExpiryQueueHarness internal queue;
    uint256[] internal model; // endTime << 64 | id

    function setUp() public {
        queue = new ExpiryQueueHarness();
    }

    function testFuzz_popsInEndTimeThenIdOrder(uint256 seed) public {
        uint256 nextId = 1;
        for (uint256 step; step < 120; ++step) {
            seed = uint256(keccak256(abi.encode(seed, step)));
            bool doPush = model.length == 0 || seed % 5 < 3;
            if (doPush) {
                // few distinct end times, so that ties (ordered by id) are common
                uint256 endTime = 1_000 + ((seed >> 8) % 17);
                queue.push(endTime, nextId);
                model.push((endTime << 64) | nextId);
                ++nextId;
            } else {
                _popAndCheck();
            }
            _checkShape();
        }
        while (model.length != 0) {
            _popAndCheck();
            _checkShape();
        }
        (uint256 endTime, uint256 id) = queue.top();
        assertEq(endTime, type(uint256).max, "empty: no end time");
        assertEq(id, 0, "empty: no id");
    }

    function test_neverAndBounds() public {
        queue.push(type(uint128).max, 0);
        queue.push(5, 7);
        (uint256 endTime, uint256 id) = queue.top();
        assertEq(endTime, 5, "the earliest first");
        assertEq(id, 7, "its id");
        queue.pop();
        (endTime, id) = queue.top();
        assertEq(endTime, ExpiryQueue.NEVER, "a later end is kept as NEVER");
        assertEq(id, 0, "the sentinel's id");
        vm.expectRevert(abi.encodeWithSelector(ExpiryQueue.ExpiryQueueIdOutOfBounds.selector, 1 << 45, (1 << 45) - 1));
        queue.push(1, 1 << 45);
    }

    function _popAndCheck() internal {
        uint256 best;
        for (uint256 i = 1; i < model.length; ++i) if (model[i] < model[best]) best = i;
        uint256 expected = model[best];
        model[best] = model[model.length - 1];
        model.pop();
        (uint256 endTime, uint256 id) = queue.top();
        assertEq(endTime, expected >> 64, "top end time");
        assertEq(id, uint64(expected), "top id");
        queue.pop();
    }

    function _checkShape() internal view {
        uint256 size = queue.length();
        assertEq(size, model.length, "size");
        for (uint256 p = 2; p <= size; ++p) {
            (uint256 parentEnd, uint256 parentId) = queue.at(p >> 1);
            (uint256 end, uint256 id) = queue.at(p);
            assertTrue(parentEnd < end || (parentEnd == end && parentId < id), "heap property");
        }
        (uint256 pastEnd, uint256 pastId) = queue.at(size + 1);
        assertEq(pastEnd + pastId, 0, "nothing past the end");
    }
}
