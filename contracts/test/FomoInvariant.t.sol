// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {Double} from "../contracts/Double.sol";
import {Fomo} from "../contracts/Fomo.sol";
import {Mining} from "../contracts/Mining.sol";
import {Stake} from "../contracts/Stake.sol";
import {IDouble} from "../contracts/interfaces/IDouble.sol";
import {IFomo} from "../contracts/interfaces/IFomo.sol";
import {IMining} from "../contracts/interfaces/IMining.sol";
import {IStake} from "../contracts/interfaces/IStake.sol";
import {ContractsIIISetup} from "./FomoTeam.t.sol";
import {FuzzSelector, Vm} from "./utils/Vm.sol";

/// @dev Random user actions on Fomo, Double, Mining and Stake by a few registered actors, with time passing, Fomo's
/// processExpired and upkeep at random points and the owner's Fomo settings changed within bounds;
/// ghosts record what the invariants need to know about the past.
contract ContractsIIIHandler {
    Vm internal constant VM = Vm(address(uint160(uint256(keccak256("hevm cheat code")))));
    uint256 internal constant DAY = 600;

    Fomo internal immutable _fomo;
    Double internal immutable _double;
    Mining internal immutable _mining;
    Stake internal immutable _stake;
    address[] public actors;

    uint256 public lastQualifying; // time of the last order that played the round
    uint256 public earlyReleases; // Mining stakes released before endTime (must stay 0)
    uint256 public upkeepFailures; // performUpkeep reverted although checkUpkeep said it was due (must stay 0)

    constructor(Fomo fomo_, Double double__, Mining mining_, Stake stake_, address[] memory actors_) {
        (_fomo, _double, _mining, _stake, actors) = (fomo_, double__, mining_, stake_, actors_);
    }

    function actorCount() external view returns (uint256) {
        return actors.length;
    }

    function _actor(uint256 seed) private view returns (address) {
        return actors[seed % actors.length];
    }

    function warp(uint256 seconds_) external {
        VM.warp(block.timestamp + (seconds_ % (3 * DAY)));
    }

    function fomoBurn(uint256 actor, uint256 tier, uint256 amount) external {
        amount = 10 ether + (amount % 300 ether);
        VM.prank(_actor(actor));
        try _fomo.burn(tier % 5, 1, amount, true) {
            if (amount >= _fomo.getConfig().roundMin) lastQualifying = block.timestamp;
        } catch {}
    }

    function fomoClaim(uint256 actor, uint256 round) external {
        uint256 current = _fomo.getTotals().roundEndIndex;
        VM.prank(_actor(actor));
        try _fomo.claimReward(round % (current + 1)) {} catch {}
    }

    function fomoRelease(uint256 actor, uint256 order) external {
        uint256 total = _fomo.getTotals().totalOrder;
        if (total == 0) return;
        VM.prank(_actor(actor));
        try _fomo.release(1 + (order % total)) {} catch {}
    }

    function fomoUpdatePool() external {
        try _fomo.updatePool() {} catch {}
    }

    function fomoProcessExpired(uint256 maxCount) external {
        _fomo.processExpired(1 + (maxCount % 30));
    }

    function fomoUpkeep() external {
        (bool due, bytes memory data) = _fomo.checkUpkeep("");
        if (!due) return;
        try _fomo.performUpkeep(data) {} catch {
            ++upkeepFailures;
        }
    }

    /// @dev The owner's claim fee, daily gold rate and forced-release delay, within their bounds.
    function fomoSetConfig(uint256 feeRate, uint256 rewardRate, uint256 outDays) external {
        IFomo.Config memory c = _fomo.getConfig();
        IFomo.Settings memory s = IFomo.Settings({
            addTime: c.addTime,
            dayTimes: c.dayTimes,
            algebra: c.algebra,
            feeRate: feeRate % 2_001,
            handleGas: c.handleGas,
            swapRate: c.swapRate,
            burnEvery: c.burnEvery,
            rewardRate: rewardRate % 1_001,
            outDays: outDays % 40,
            startTime: c.startTime,
            roundMin: c.roundMin,
            roundTime: c.roundTime,
            userMax: c.userMax,
            orderMin: c.orderMin
        });
        VM.prank(_fomo.owner());
        _fomo.setConfig(s);
    }

    function doubleDeposit(uint256 actor, uint256 amount) external {
        address account = _actor(actor);
        VM.prank(account);
        try _double.deposit(account, 1 + (amount % 100 ether), 0) {} catch {}
    }

    function doubleClaim(uint256 actor) external {
        VM.prank(_actor(actor));
        try _double.claim() {} catch {}
    }

    function miningDeposit(uint256 actor, uint256 tier, uint256 amount) external {
        VM.prank(_actor(actor));
        try _mining.deposit(tier % 6, 100 ether + (amount % 1_000 ether)) {} catch {}
    }

    function miningClaim(uint256 actor) external {
        VM.prank(_actor(actor));
        try _mining.claimReward() {} catch {}
    }

    function miningRelease(uint256 actor, uint256 index) external {
        uint256 total = _mining.getTotals().totalStakes;
        if (total == 0) return;
        index = 1 + (index % total);
        uint256 endTime = _mining.stakes(index).endTime;
        VM.prank(_actor(actor));
        try _mining.claimRelease(index) {
            if (block.timestamp < endTime) ++earlyReleases;
        } catch {}
    }

    function stakeDeposit(uint256 actor, uint256 amount) external {
        VM.prank(_actor(actor));
        try _stake.deposit(100 ether + (amount % 1_000 ether), 0) {} catch {}
    }

    function stakeClaim(uint256 actor) external {
        VM.prank(_actor(actor));
        try _stake.claim() {} catch {}
    }
}

/// @dev Invariants of Contracts III (paid + claimable never exceeds funded, per contract; Double pays at most 2x;
/// Mining emits at most `mintDay` per day; no release before `endTime`; the round clock and the pot).
contract ContractsIIIInvariantTest is ContractsIIISetup {
    ContractsIIIHandler internal handler;
    uint256 internal start;

    function setUp() public {
        _deployIII();
        start = block.timestamp;
        address[] memory actors = new address[](5);
        address previous = address(this);
        for (uint256 i; i < actors.length; ++i) {
            actors[i] = address(uint160(0xac700 + i));
            _member(actors[i], previous, 100_000 ether, 100_000 ether);
            previous = actors[i];
        }
        handler = new ContractsIIIHandler(fomo, double_, mining, stake, actors);
        targetContract(address(handler));
        bytes4[] memory selectors = new bytes4[](16);
        selectors[0] = ContractsIIIHandler.warp.selector;
        selectors[1] = ContractsIIIHandler.fomoBurn.selector;
        selectors[2] = ContractsIIIHandler.fomoClaim.selector;
        selectors[3] = ContractsIIIHandler.fomoRelease.selector;
        selectors[4] = ContractsIIIHandler.fomoUpdatePool.selector;
        selectors[5] = ContractsIIIHandler.doubleDeposit.selector;
        selectors[6] = ContractsIIIHandler.doubleClaim.selector;
        selectors[7] = ContractsIIIHandler.miningDeposit.selector;
        selectors[8] = ContractsIIIHandler.miningClaim.selector;
        selectors[9] = ContractsIIIHandler.miningRelease.selector;
        selectors[10] = ContractsIIIHandler.stakeDeposit.selector;
        selectors[11] = ContractsIIIHandler.stakeClaim.selector;
        selectors[12] = ContractsIIIHandler.fomoBurn.selector; // burns twice as often
        selectors[13] = ContractsIIIHandler.fomoProcessExpired.selector;
        selectors[14] = ContractsIIIHandler.fomoUpkeep.selector;
        selectors[15] = ContractsIIIHandler.fomoSetConfig.selector;
        targetSelector(FuzzSelector({addr: address(handler), selectors: selectors}));
    }

    /// @dev Fomo holds at least every bucket it owes: principals, balances, prizes, gold, pot, burn surplus.
    function invariant_fomoCoversClaimable() public view {
        uint256 owed = _fomoOwed();
        assertGe(usdt.balanceOf(address(fomo)), owed, "fomo holdings >= owed");
    }

    /// @dev Everything that entered the pot is in the pot or was assigned to winners; prizes never exceed that.
    function invariant_fomoPotConserved() public view {
        IFomo.Values memory values = fomo.getValues();
        assertEq(values.fomo, values.balanceFomo + fomo.getConfig().totalRewardFOM, "pot in = pot + assigned");
    }

    /// @dev The upkeep runs whenever it says it is due.
    function invariant_fomoUpkeepRunsWhenDue() public view {
        assertEq(handler.upkeepFailures(), 0, "performUpkeep reverted while due");
    }

    /// @dev The round never ends later than the last qualifying order plus `roundTime`.
    function invariant_roundEndWithinCap() public view {
        uint256 end = fomo.getTotals().roundEndTime;
        if (end != 0) assertLe(end, handler.lastQualifying() + fomo.getConfig().roundTime, "end <= last + cap");
    }

    /// @dev Double: no record releases more than twice its amount, and what left the pool plus what is in it
    /// is exactly what was deposited (it pays only from its own funds).
    function invariant_doublePaysAtMostTwiceFromItsPool() public view {
        IDouble.Totals memory totals = double_.getTotals();
        assertEq(usdt.balanceOf(address(double_)) + totals.totalExtract, totals.totalAmount, "pool + paid = funded");
        assertLe(totals.totalRelease, totals.totalActual, "released <= 2x");
        for (uint256 i = 1; i <= totals.totalStakes; ++i) {
            IDouble.Record memory r = double_.records(i);
            assertLe(r.released, 2 * r.amount, "record <= 2x");
        }
    }

    /// @dev Mining emits at most `mintDay` per day, never releases before `endTime`, and covers what it owes.
    function invariant_miningBoundedAndCovered() public view {
        IMining.Config memory config = mining.getConfig();
        IMining.Totals memory totals = mining.getTotals();
        assertLe(totals.totalMint, ((block.timestamp - start) * config.mintDay) / config.dayTimes + 1, "emission");
        assertEq(handler.earlyReleases(), 0, "no release before endTime");
        uint256 owed = config.mintSurplus;
        for (uint256 i = 1; i <= totals.totalStakes; ++i) {
            IMining.StakeRecord memory s = mining.stakes(i);
            if (s.isValid) owed += s.actual;
        }
        for (uint256 i; i < handler.actorCount(); ++i) owed += mining.users(handler.actors(i)).balance;
        owed += mining.users(address(this)).balance;
        assertGe(token.balanceOf(address(mining)), owed, "mining holdings >= owed");
    }

    /// @dev Stake covers balances and reserved releases, and nothing is released before the lock ends.
    function invariant_stakeCoveredAndLocked() public view {
        IStake.Totals memory totals = stake.getTotals();
        assertGe(token.balanceOf(address(stake)), totals.totalReserved + totals.totalBalance, "stake covered");
        for (uint256 i = 1; i <= totals.totalStakes; ++i) {
            IStake.StakeRecord memory s = stake.stakes(i);
            if (block.timestamp < s.lockTime) assertEq(s.releaseTimes, 0, "no release before the lock ends");
        }
    }

    function _fomoOwed() private view returns (uint256 owed) {
        IFomo.Totals memory totals = fomo.getTotals();
        for (uint256 i = 1; i <= totals.totalOrder; ++i) {
            IFomo.Order memory o = fomo.orders(i);
            if (o.status == 1 || o.status == 2) owed += o.principal;
        }
        uint256 actors = handler.actorCount();
        for (uint256 a; a <= actors; ++a) {
            address account = a == actors ? address(this) : handler.actors(a);
            owed += fomo.users(account).balance;
            for (uint256 r = 1; r < totals.roundEndIndex; ++r) owed += fomo.prizeOf(r, account);
        }
        IFomo.Values memory values = fomo.getValues();
        owed += values.balanceGold + values.balanceFomo + fomo.getConfig().burnSurplus;
    }
}
