// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @title Bounded pages over append-only lists (newest first), shared by Stake, Mining, Fomo, Double and Info
/// @notice A page starts `offset` entries from the newest and holds at most `count` and at most `MAX_PAGE` entries,
/// so that no view grows with a list.
library Paging {
    /// @notice The most entries one page returns.
    uint256 internal constant MAX_PAGE = 100;

    /// @notice For a list of `total` entries: the position of the page's first (newest) entry and the page size.
    /// Entry `i` of the page is at position `start - i`. An `offset` past the end gives an empty page.
    function window(uint256 total, uint256 offset, uint256 count) internal pure returns (uint256 start, uint256 size) {
        if (offset >= total) return (0, 0);
        uint256 available = total - offset;
        size = count < available ? count : available;
        if (size > MAX_PAGE) size = MAX_PAGE;
        start = total - 1 - offset;
    }
}
