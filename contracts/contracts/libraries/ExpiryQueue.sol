// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @title A min-heap of (end time, id) entries: the expiry queue of {Burn}'s orders (and of Fomo's)
/// @notice The entry with the earliest end time (the lowest id among equal end times) is always at the top, whatever
/// order the entries were pushed in: an order created after the owner shortened `outDays` ends before older orders
/// and is still forced out first (issue 19 finding 10). {push} and {pop} touch O(log n) slots (at most 40 levels
/// for 2**40 entries), so the work of one queue step is bounded. Linked (DELEGATECALL on the caller's storage).
/// @dev Three entries of 85 bits to a word: position `p` (1-based) is lane `p % 3` of word `p / 3`; word 0 is the
/// `size` slot, whose lane 0 holds the size, so that the size and the top (position 1) are one read ({top}), and a
/// push writes a new word only once in three (positions 3w, 3w + 1 and 3w + 2 share `nodes[w]`).
library ExpiryQueue {
    /// @notice The latest end time an entry keeps: a later one (a "never", e.g. a sentinel) is stored as this, which
    /// no block time reaches (2**40 - 1 seconds: year 36812).
    uint256 internal constant NEVER = (1 << 40) - 1;
    /// @dev An entry packs `endTime << ID_BITS | id`, so comparing entries compares end times first.
    uint256 private constant ID_BITS = 45;
    uint256 private constant LANE_BITS = 85;
    uint256 private constant LANE_MASK = (1 << LANE_BITS) - 1;

    /// @notice An id does not fit its 45 bits.
    error ExpiryQueueIdOutOfBounds(uint256 id, uint256 max);

    /// @notice The queue: `size` holds the size (bits 0-84) and positions 1 and 2; `nodes[w]` positions 3w to 3w + 2
    /// (see the library's notes).
    struct Heap {
        uint256 size;
        mapping(uint256 word => uint256 lanes) nodes;
    }

    /// @notice Adds `id` (below 2**45), ending at `endTime` (an end time past {NEVER} is kept as {NEVER}); a call to
    /// the linked library: {insert} in the caller's code.
    function push(Heap storage h, uint256 endTime, uint256 id) external {
        insert(h, endTime, id);
    }

    /// @notice {push} compiled into the caller (no library call: about 3,000 gas less an entry, for a caller with
    /// room for the code).
    function insert(Heap storage h, uint256 endTime, uint256 id) internal {
        if (id >> ID_BITS != 0) revert ExpiryQueueIdOutOfBounds(id, (1 << ID_BITS) - 1);
        uint256 entry = ((endTime < NEVER ? endTime : NEVER) << ID_BITS) | id;
        uint256 head = h.size;
        uint256 i = (head & LANE_MASK) + 1; // fewer than 2**85 entries: each push costs gas
        h.size = (head & ~LANE_MASK) | i;
        while (i > 1) {
            uint256 parent = _get(h, i >> 1);
            if (parent <= entry) break;
            _set(h, i, parent);
            i >>= 1;
        }
        _set(h, i, entry);
    }

    /// @notice Removes the top entry (the caller checked that the heap is not empty with {top}).
    function pop(Heap storage h) external {
        uint256 size = h.size & LANE_MASK;
        uint256 last = _get(h, size);
        _set(h, size, 0);
        --size;
        h.size = (h.size & ~LANE_MASK) | size;
        if (size == 0) return;
        uint256 i = 1;
        while (true) {
            uint256 child = i << 1;
            if (child > size) break;
            uint256 smallest = _get(h, child);
            if (child < size) {
                uint256 right = _get(h, child + 1);
                if (right < smallest) (smallest, child) = (right, child + 1);
            }
            if (last <= smallest) break;
            _set(h, i, smallest);
            i = child;
        }
        _set(h, i, last);
    }

    /// @notice The top entry's end time and id, or `(type(uint256).max, 0)` when the heap is empty (one read).
    function top(Heap storage h) internal view returns (uint256 endTime, uint256 id) {
        uint256 head = h.size;
        if (head & LANE_MASK == 0) return (type(uint256).max, 0);
        return split(head >> LANE_BITS);
    }

    /// @notice The number of entries.
    function length(Heap storage h) internal view returns (uint256) {
        return h.size & LANE_MASK;
    }

    /// @notice The end time and id of the entry at `position` (1-based, at most {length}; 0s past it).
    function at(Heap storage h, uint256 position) internal view returns (uint256 endTime, uint256 id) {
        return split(_get(h, position));
    }

    /// @notice An entry's end time and id.
    function split(uint256 entry) internal pure returns (uint256 endTime, uint256 id) {
        return ((entry & LANE_MASK) >> ID_BITS, entry & ((1 << ID_BITS) - 1));
    }

    /// @dev The entry at `position` (its lane of its word).
    function _get(Heap storage h, uint256 position) private view returns (uint256) {
        uint256 w = position / 3;
        uint256 word = w == 0 ? h.size : h.nodes[w];
        return (word >> ((position % 3) * LANE_BITS)) & LANE_MASK;
    }

    /// @dev Writes `entry` at `position`, keeping the other lanes of its word.
    function _set(Heap storage h, uint256 position, uint256 entry) private {
        uint256 w = position / 3;
        uint256 shift = (position % 3) * LANE_BITS;
        if (w == 0) {
            h.size = (h.size & ~(LANE_MASK << shift)) | (entry << shift);
        } else {
            h.nodes[w] = (h.nodes[w] & ~(LANE_MASK << shift)) | (entry << shift);
        }
    }
}
