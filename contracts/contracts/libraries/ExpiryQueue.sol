// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @title A min-heap of (end time, id) entries: the expiry queue of {Burn}'s orders
/// @notice The entry with the earliest end time (the lowest id among equal end times) is always at the top, whatever
/// order the entries were pushed in: an order created after the owner shortened `outDays` ends before older orders
/// and is still forced out first (issue 19 finding 10). {push} and {pop} touch O(log n) slots (at most 40 levels
/// for 2**40 entries), so the work of one queue step is bounded. Linked (DELEGATECALL on the caller's storage).
library ExpiryQueue {
    /// @notice An entry packs `endTime << 128 | id` (both below 2**128), so comparing entries compares end times
    /// first.
    struct Heap {
        uint256 size;
        mapping(uint256 position => uint256 entry) nodes; // 1-based: the children of i are 2i and 2i + 1
    }

    /// @notice Adds `id`, ending at `endTime`.
    function push(Heap storage h, uint256 endTime, uint256 id) external {
        uint256 entry = (endTime << 128) | uint128(id);
        uint256 i = ++h.size;
        while (i > 1) {
            uint256 parent = h.nodes[i >> 1];
            if (parent <= entry) break;
            h.nodes[i] = parent;
            i >>= 1;
        }
        h.nodes[i] = entry;
    }

    /// @notice Removes the top entry (the caller checked that the heap is not empty with {top}).
    function pop(Heap storage h) external {
        uint256 size = h.size;
        uint256 last = h.nodes[size];
        delete h.nodes[size];
        h.size = --size;
        if (size == 0) return;
        uint256 i = 1;
        while (true) {
            uint256 child = i << 1;
            if (child > size) break;
            uint256 smallest = h.nodes[child];
            if (child < size) {
                uint256 right = h.nodes[child + 1];
                if (right < smallest) (smallest, child) = (right, child + 1);
            }
            if (last <= smallest) break;
            h.nodes[i] = smallest;
            i = child;
        }
        h.nodes[i] = last;
    }

    /// @notice The top entry's end time and id, or `(type(uint256).max, 0)` when the heap is empty.
    function top(Heap storage h) internal view returns (uint256 endTime, uint256 id) {
        if (h.size == 0) return (type(uint256).max, 0);
        uint256 entry = h.nodes[1];
        return (entry >> 128, uint128(entry));
    }
}
