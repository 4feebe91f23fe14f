// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {SafeCast} from "@openzeppelin/contracts/utils/math/SafeCast.sol";
import {IMain} from "../interfaces/IMain.sol";

/// @title Team figures of a referral tree, shared by {Burn} and {Fomo}
/// @notice One home for the team concept (SPEC.md §3 "Team"): every order of an account is added, by one walk up
/// its ancestors (nearest first, as Main's `getLineage` returns them), to each ancestor's `teamAmount` and to the
/// `leg` of the account through which the walk reached that ancestor. So, by construction, an account's
/// `teamAmount` is exactly the sum of its direct invitees' `leg`s (each order counted once, through one invitee),
/// its largest leg `teamMax = leg(maxAccount) <= teamAmount`, and `teamMin = teamAmount - teamMax >= 0`; `teamUser`
/// counts the members whose first order the walk reached (informational: it saturates at 2**24 - 1). Nothing here can underflow, whatever the tree, the walk
/// depth or the order sizes. Linked (DELEGATECALL on the caller's storage): the caller keeps one {Teams} and emits
/// its own events from what {add} and {setManual} return.
library TeamLib {
    using SafeCast for uint256;

    /// @notice How many generations team figures count: {add} adds an order to its nearest DEPTH ancestors (it bounds
    /// the gas of an order at the default `algebra`); ancestors further up (a reward walk within a larger `algebra`)
    /// get their level read, not written.
    uint256 internal constant DEPTH = 8;
    /// @notice {add} marks a level that changed with this bit (`levels[k] & CHANGED`).
    uint256 internal constant CHANGED = 1 << 8;
    /// @notice The most levels (`thresholds[L-1]` is level L's; a zero threshold is never reached).
    uint256 internal constant LEVELS = 5;
    /// @dev `Member.maxIndex` of a largest leg whose Main index does not fit 32 bits (its account is in `bigMax`).
    uint32 private constant BIG = type(uint32).max;
    /// @dev The bit offsets of {Member}'s fields in its slot (the compiler's packing of the struct, in order).
    uint256 private constant LEG = 96;
    uint256 private constant TEAM_USER = 192;
    uint256 private constant MAX_INDEX = 216;
    uint256 private constant MANUAL = 248;

    /// @dev One slot, written by every order below the account (and by its own): a walk writes one slot per
    /// ancestor. Amounts are bounded by 2**96 (7.9e28 base units); a larger team reverts (SafeCast).
    struct Member {
        uint96 teamAmount; // the orders the walks added to this account's team
        uint96 leg; // own orders + team, as far as the walks reached the parent: what the parent counts through it
        uint24 teamUser; // the members whose first order the walks added, at most 2**24 - 1 (it saturates)
        uint32 maxIndex; // Main index of the direct invitee with the largest leg (0: none; BIG: see `bigMax`)
        uint8 manual; // 0: automatic level; else 1 + the level the owner set
    }

    struct Teams {
        mapping(address account => Member member) members;
        // the largest leg's account when its Main index does not fit `maxIndex`
        mapping(address account => address maxAccount) bigMax;
    }

    /// @notice An account's team figures (`level` is the current one: manual, or from the thresholds now).
    struct Figures {
        bool isManual;
        uint256 level;
        uint256 teamUser;
        uint256 teamAmount;
        uint256 teamMax;
        uint256 teamMin;
        address maxAccount;
    }

    /// @dev The state of a walk (in memory, to keep the stack small).
    struct Walk {
        IMain main;
        uint256 value;
        bool first;
        bool bySmallLegs;
        address child; // the account through which the walk reaches the next ancestor
        uint256 childIndex; // its Main index
        uint256 childWord; // its {Member} word as of the walk (an ancestor's is written once, when its leg grows)
    }

    /// @notice Adds an order of `value` by `account` (Main index `accountIndex`; `first`: its first order) to the
    /// teams of `ancestors` (nearest first, with their Main indexes `indexes`, as Main's `getLineage` returns them;
    /// only the first {DEPTH} count it, the others' levels are read as they are; Main's tree `main`); returns each
    /// ancestor's level after the order, with {CHANGED} set where an automatic level changed. Levels: the highest L
    /// whose non-zero `thresholds[L-1]` the basis reaches, the basis being `teamMin` (`bySmallLegs`) or
    /// `teamAmount`; both only grow.
    function add(
        Teams storage t,
        IMain main,
        address account,
        uint256 accountIndex,
        address[] memory ancestors,
        uint256[] memory indexes,
        uint256 value,
        bool first,
        uint256[5] memory thresholds,
        bool bySmallLegs
    ) external returns (uint256[] memory levels) {
        Walk memory w = Walk({
            main: main,
            value: value,
            first: first,
            bySmallLegs: bySmallLegs,
            child: account,
            childIndex: accountIndex,
            childWord: 0
        });
        return _add(t, w, ancestors, indexes, thresholds);
    }

    /// @notice {add} for `account`'s ancestors up to `depth` generations, read from Main by one `getLineage` call;
    /// returns them (nearest first) and their levels.
    function addFrom(
        Teams storage t,
        IMain main,
        address account,
        uint256 depth,
        uint256 value,
        bool first,
        uint256[5] memory thresholds,
        bool bySmallLegs
    ) external returns (address[] memory ancestors, uint256[] memory levels) {
        Walk memory w = Walk({
            main: main,
            value: value,
            first: first,
            bySmallLegs: bySmallLegs,
            child: account,
            childIndex: 0,
            childWord: 0
        });
        uint256[] memory indexes;
        (w.childIndex, ancestors, indexes) = main.getLineage(account, depth);
        levels = _add(t, w, ancestors, indexes, thresholds);
    }

    function _add(
        Teams storage t,
        Walk memory w,
        address[] memory ancestors,
        uint256[] memory indexes,
        uint256[5] memory thresholds
    ) private returns (uint256[] memory levels) {
        levels = new uint256[](ancestors.length);
        // team figures reach DEPTH generations; a longer list (a reward walk within `algebra`) is only read beyond
        uint256 depth = ancestors.length < DEPTH ? ancestors.length : DEPTH;
        if (depth > 0) w.childWord = _load(t.members[w.child]);
        for (uint256 k; k < depth; ++k) {
            address ancestor = ancestors[k];
            levels[k] = _step(t, w, ancestor, thresholds);
            w.child = ancestor;
            w.childIndex = indexes[k];
        }
        // the last ancestor's word (no leg of it grows: its parent is beyond the walk)
        if (depth > 0) _store(t.members[w.child], w.childWord);
        // beyond DEPTH (a reward walk within `algebra`): the ancestor's level now, its figures unchanged
        for (uint256 k = depth; k < ancestors.length; ++k) {
            levels[k] = levelOf(t, w.main, ancestors[k], thresholds, w.bySmallLegs);
        }
    }

    /// @dev The order reaches `ancestor` through `w.child` (Main index `w.childIndex`): its team and the child's leg
    /// grow by the same value. The largest leg is the child's when its index is the one recorded (no Main call
    /// then); only another leg is looked up. Each {Member} is read and written as one word (the struct's layout:
    /// teamAmount bits 0-95, leg 96-191, teamUser 192-215, maxIndex 216-247, manual 248-255), which saves the
    /// compiler's per-field read-modify-write of a packed struct (~2,000 gas an ancestor), and written once a walk:
    /// the ancestor's word stays in `w.childWord` until the next step grows its leg (or the walk ends).
    function _step(
        Teams storage t,
        Walk memory w,
        address ancestor,
        uint256[5] memory thresholds
    ) private returns (uint256) {
        (uint256 childLeg, uint256 leg) = _growLeg(t.members[w.child], w.childWord, w.value);
        uint256 a = _load(t.members[ancestor]);
        (bool childIsMax, uint256 maxLeg) = _maxLeg(t, w, ancestor, a, childLeg);
        uint256 teamAmount = uint96(a);
        uint256 before = w.bySmallLegs ? teamAmount - maxLeg : teamAmount;
        teamAmount = (teamAmount + w.value).toUint96();
        a = (a & ~uint256(type(uint96).max)) | teamAmount;
        // an informational count: it saturates at 2**24 - 1 (16,777,215 members) instead of refusing the order
        if (w.first && uint24(a >> TEAM_USER) < type(uint24).max) a += 1 << TEAM_USER;
        if (childIsMax) {
            maxLeg = leg;
        } else if (leg > maxLeg) {
            maxLeg = leg;
            uint256 maxIndex = BIG;
            if (w.childIndex < BIG) maxIndex = w.childIndex;
            else t.bigMax[ancestor] = w.child;
            a = (a & ~(uint256(type(uint32).max) << MAX_INDEX)) | (maxIndex << MAX_INDEX);
        }
        w.childWord = a; // written by the next step, with the leg it adds, or after the walk
        if (a >> MANUAL != 0) return (a >> MANUAL) - 1;
        return _levelAfter(w.bySmallLegs ? teamAmount - maxLeg : teamAmount, before, thresholds);
    }

    /// @dev Adds `value` to the leg of `child` (the walk's child, word `c`) and writes its word; returns its leg
    /// before and after.
    function _growLeg(Member storage child, uint256 c, uint256 value) private returns (uint256 childLeg, uint256 leg) {
        childLeg = uint96(c >> LEG);
        leg = childLeg + value;
        _store(child, (c & ~(uint256(type(uint96).max) << LEG)) | (uint256(leg.toUint96()) << LEG));
    }

    /// @dev Whether the walk's child is `ancestor`'s largest leg (word `a`), and that leg's value.
    function _maxLeg(
        Teams storage t,
        Walk memory w,
        address ancestor,
        uint256 a,
        uint256 childLeg
    ) private view returns (bool childIsMax, uint256 maxLeg) {
        uint256 maxIndex = uint32(a >> MAX_INDEX);
        if (maxIndex == BIG) {
            address maxAccount = t.bigMax[ancestor];
            childIsMax = maxAccount == w.child;
            maxLeg = childIsMax ? childLeg : t.members[maxAccount].leg;
        } else if (maxIndex != 0) {
            childIsMax = maxIndex == w.childIndex;
            maxLeg = childIsMax ? childLeg : t.members[w.main.accountAt(maxIndex)].leg;
        }
    }

    /// @dev The automatic level of `basis`, with {CHANGED} unless the level of `before` was the same. The basis only
    /// grows (the largest leg grows by at most the order's value), and then the level differs exactly when the
    /// threshold of the level now was not reached before; otherwise the two levels are compared in full.
    function _levelAfter(uint256 basis, uint256 before, uint256[5] memory thresholds) private pure returns (uint256) {
        uint256 level = _level(basis, thresholds);
        if (basis >= before) return level != 0 && before < thresholds[level - 1] ? level | CHANGED : level;
        return level == _level(before, thresholds) ? level : level | CHANGED;
    }

    /// @dev A {Member} as one word.
    function _load(Member storage m) private view returns (uint256 word) {
        assembly ("memory-safe") {
            word := sload(m.slot)
        }
    }

    function _store(Member storage m, uint256 word) private {
        assembly ("memory-safe") {
            sstore(m.slot, word)
        }
    }

    /// @notice Sets `account`'s level by hand (`isManual`, at most 254), or back to automatic; returns the level now.
    function setManual(
        Teams storage t,
        IMain main,
        address account,
        bool isManual,
        uint256 level,
        uint256[5] memory thresholds,
        bool bySmallLegs
    ) external returns (uint256) {
        Member storage m = t.members[account];
        m.manual = isManual ? (level + 1).toUint8() : 0;
        return levelOf(t, main, account, thresholds, bySmallLegs);
    }

    /// @notice `account`'s figures.
    function figures(
        Teams storage t,
        IMain main,
        address account,
        uint256[5] memory thresholds,
        bool bySmallLegs
    ) external view returns (Figures memory f) {
        Member memory m = t.members[account];
        f.isManual = m.manual != 0;
        f.level = levelOf(t, main, account, thresholds, bySmallLegs);
        f.teamUser = m.teamUser;
        f.teamAmount = m.teamAmount;
        f.maxAccount = _maxAccount(t, account, m, main);
        f.teamMax = f.maxAccount == address(0) ? 0 : t.members[f.maxAccount].leg;
        f.teamMin = f.teamAmount - f.teamMax; // teamMax is one of the legs that sum to teamAmount
    }

    /// @notice `account`'s level now (manual, or from the thresholds).
    function levelOf(
        Teams storage t,
        IMain main,
        address account,
        uint256[5] memory thresholds,
        bool bySmallLegs
    ) public view returns (uint256) {
        Member memory m = t.members[account];
        if (m.manual != 0) return m.manual - 1;
        return _level(_basis(t, account, m, main, bySmallLegs), thresholds);
    }

    /// @dev The amount the level is computed from: `teamMin` or `teamAmount`.
    function _basis(
        Teams storage t,
        address account,
        Member memory m,
        IMain main,
        bool bySmallLegs
    ) private view returns (uint256) {
        if (!bySmallLegs) return m.teamAmount;
        address maxAccount = _maxAccount(t, account, m, main);
        return maxAccount == address(0) ? m.teamAmount : m.teamAmount - t.members[maxAccount].leg;
    }

    function _maxAccount(Teams storage t, address account, Member memory m, IMain main) private view returns (address) {
        if (m.maxIndex == 0) return address(0);
        if (m.maxIndex == BIG) return t.bigMax[account];
        return main.accountAt(m.maxIndex);
    }

    /// @dev The highest level L whose non-zero `thresholds[L-1]` `basis` reaches.
    function _level(uint256 basis, uint256[5] memory thresholds) private pure returns (uint256) {
        unchecked {
            for (uint256 level = LEVELS; level > 0; --level) {
                uint256 threshold = thresholds[level - 1];
                if (threshold != 0 && basis >= threshold) return level;
            }
        }
        return 0;
    }
}
