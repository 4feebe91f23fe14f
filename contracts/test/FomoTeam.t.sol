// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {Double} from "../contracts/Double.sol";
import {Fomo} from "../contracts/Fomo.sol";
import {Log} from "../contracts/Log.sol";
import {Main} from "../contracts/Main.sol";
import {Mining} from "../contracts/Mining.sol";
import {NexusProxy} from "../contracts/NexusProxy.sol";
import {PriceOracle} from "../contracts/PriceOracle.sol";
import {Stake} from "../contracts/Stake.sol";
import {IDouble} from "../contracts/interfaces/IDouble.sol";
import {IFomo} from "../contracts/interfaces/IFomo.sol";
import {IMining} from "../contracts/interfaces/IMining.sol";
import {IStake} from "../contracts/interfaces/IStake.sol";
import {deployMain} from "./Main.t.sol";
import {TokenSetup} from "./Token.t.sol";

/// @dev Contracts I (Main, Log, NEX, USDT, the real DEX with liquidity, a TWAP oracle) and III with the local
/// defaults of config/contractsIII.ts (10-minute days). The test contract is genesis, owner and Log admin.
abstract contract ContractsIIISetup is TokenSetup {
    uint256 internal constant DAY = 600;

    Main internal main;
    Log internal log;
    PriceOracle internal oracle;
    Double internal double_;
    Fomo internal fomo;
    Mining internal mining;
    Stake internal stake;

    function _deployIII() internal {
        _deploy();
        main = deployMain(address(this), address(this), 20);
        log = Log(
            address(new NexusProxy(address(new Log()), abi.encodeCall(Log.initialize, (address(this), 1 hours, DAY))))
        );
        oracle = new PriceOracle(address(pair), uint32(WINDOW));
        vm.warp(block.timestamp + WINDOW + 1);
        double_ = Double(
            address(
                new NexusProxy(
                    address(new Double()),
                    abi.encodeCall(
                        Double.initialize,
                        (address(this), 1 hours, address(usdt), address(log), IDouble.Config(DAY, 300, 100, true))
                    )
                )
            )
        );
        fomo = Fomo(
            address(
                new NexusProxy(
                    address(new Fomo()),
                    abi.encodeCall(
                        Fomo.initialize,
                        (
                            address(this),
                            1 hours,
                            address(usdt),
                            address(token),
                            [address(main), address(log), address(oracle), address(router), address(double_)],
                            _fomoSettings(),
                            _fomoMulti()
                        )
                    )
                )
            )
        );
        mining = Mining(
            address(
                new NexusProxy(
                    address(new Mining()),
                    abi.encodeCall(
                        Mining.initialize,
                        (
                            address(this),
                            1 hours,
                            address(token),
                            address(main),
                            address(log),
                            _miningSettings(),
                            _miningMulti()
                        )
                    )
                )
            )
        );
        stake = Stake(
            address(
                new NexusProxy(
                    address(new Stake()),
                    abi.encodeCall(
                        Stake.initialize,
                        (
                            address(this),
                            1 hours,
                            address(usdt),
                            address(token),
                            address(main),
                            address(log),
                            address(oracle),
                            IStake.Config(DAY, DAY, 500, 300, 10_000 ether, 0, DAY, 0, 300, 100)
                        )
                    )
                )
            )
        );
        stake.setIdo(0, IStake.IdoSettings(10_000_000 ether, 15_000, 0.1 ether, 1_000, 0, 100 ether));
        log.setWriter(address(fomo), true);
        log.setWriter(address(mining), true);
        log.setWriter(address(stake), true);
        log.setWriter(address(double_), true);
        double_.setDepositor(address(fomo), true);
        token.approve(address(stake), type(uint256).max);
        stake.fund(1_000_000 ether);
        token.approve(address(mining), type(uint256).max);
        mining.addMint(1_000_000 ether);
    }

    function _fomoSettings() internal pure returns (IFomo.Settings memory) {
        return
            IFomo.Settings(60, DAY, 8, 300, 0, 1_000, 100 ether, 100, 30, 0, 100 ether, 3_600, 100_000 ether, 10 ether);
    }

    function _fomoMulti() internal pure returns (IFomo.ConfigMulti memory m) {
        m.burnRates = [uint256(3_000), 2_000, 1_000, 1_000, 500, 1_500, 1_000];
        m.teamRates = [uint256(2_500), 5_000, 7_500, 10_000];
        m.teamAmounts = [uint256(10_000 ether), 50_000 ether, 200_000 ether, 1_000_000 ether];
        m.stakeDays = [uint256(30), 60, 90, 180, 360];
        m.stakeRates = [uint256(10_000), 12_000, 15_000, 20_000, 30_000];
        m.stakeSurplus = [uint256(3_000), 4_000, 5_000, 6_000, 7_000];
    }

    function _miningSettings() internal pure returns (IMining.Settings memory) {
        return IMining.Settings(60, DAY, 10_000 ether, 1_000_000 ether, 100 ether, 0, 500);
    }

    function _miningMulti() internal pure returns (IMining.MultiSettings memory m) {
        m.inviteRates = [uint256(1_000), 500, 300];
        m.stakeDays = [uint256(7), 15, 30, 60, 90, 180];
        m.stakeRates = [uint256(10_000), 10_000, 10_000, 10_000, 10_000, 10_000];
        m.stakeForces = [uint256(10_000), 11_000, 12_500, 15_000, 20_000, 30_000];
    }

    /// @dev Registers `account` under `referrer`, gives it USDT and NEX and approves every pool.
    function _member(address account, address referrer, uint256 usdtAmount, uint256 nexAmount) internal {
        vm.prank(account);
        main.register(referrer);
        if (usdtAmount > 0) usdt.mint(account, usdtAmount);
        if (nexAmount > 0) token.transfer(account, nexAmount);
        vm.startPrank(account);
        usdt.approve(address(fomo), type(uint256).max);
        usdt.approve(address(stake), type(uint256).max);
        usdt.approve(address(double_), type(uint256).max);
        token.approve(address(mining), type(uint256).max);
        vm.stopPrank();
    }
}

/// @dev A 10,000-member team under one leader (an 8-deep chain with 9,992 members spread under it), every member
/// with a FOM order: the leader's and a member's user actions stay under 1,000,000 gas, because nothing loops
/// over a team (walks go up at most `algebra` generations).
contract FomoTeamTest is ContractsIIISetup {
    uint256 internal constant MEMBERS = 10_000;
    // a chain as deep as `algebra`, so that every member is in the leader's team and the late member walks all of it
    uint256 internal constant CHAIN = 8;
    uint256 internal constant LIMIT = 1_000_000;
    // what a transaction costs beyond the call measured here (21,000 base + calldata)
    uint256 internal constant TX_OVERHEAD = 25_000;

    address internal constant LEADER = address(0x1eade7);

    function setUp() public {
        _deployIII();
    }

    function _memberAt(uint256 i) private pure returns (address) {
        return address(uint160(0x100000 + i));
    }

    function _measure(string memory action, address caller, bytes memory data) private returns (uint256 used) {
        vm.prank(caller);
        uint256 before = gasleft();
        (bool ok, bytes memory result) = address(_target(action)).call(data);
        used = before - gasleft() + TX_OVERHEAD;
        if (!ok) revert AssertionFailed(string(result));
        assertLe(used, LIMIT, action);
    }

    // solhint-disable-next-line no-unused-vars
    function _target(string memory action) private view returns (address) {
        bytes1 first = bytes(action)[0];
        if (first == "F") return address(fomo);
        if (first == "M") return address(mining);
        if (first == "S") return address(stake);
        return address(double_);
    }

    function test_tenThousandMemberTeam_keepsUserActionsUnderOneMillionGas() public {
        _member(LEADER, address(this), 1_000_000 ether, 100_000 ether);
        vm.prank(LEADER);
        fomo.burn(0, 1, 1_000 ether, true);
        for (uint256 i = 1; i <= MEMBERS; ++i) {
            address member = _memberAt(i);
            address referrer =
                i == 1
                    ? LEADER
                    : i <= CHAIN
                        ? _memberAt(i - 1)
                        : _memberAt(1 + (i % (CHAIN - 1)));
            _member(member, referrer, 200 ether, 0);
            vm.prank(member);
            fomo.burn(1, 100 ether, true);
        }
        IFomo.Team memory team = fomo.teams(LEADER);
        assertEq(team.teamUser, MEMBERS, "every member counted in the leader's team");
        assertEq(team.teamAmount, MEMBERS * 100 ether, "team amount");

        // a new member at the bottom of the chain (walks the full `algebra`) and the leader
        address late = address(0x1a7e);
        _member(late, _memberAt(CHAIN), 10_000 ether, 10_000 ether);
        _measure(
            "Fomo.burn (new member)",
            late,
            abi.encodeWithSignature("burn(uint256,uint256,bool)", 1, 100 ether, true)
        );
        _measure("Fomo.burn (next)", late, abi.encodeWithSignature("burn(uint256,uint256,bool)", 1, 100 ether, true));
        _measure(
            "Fomo.burn (leader)",
            LEADER,
            abi.encodeWithSignature("burn(uint256,uint256,bool)", 1, 100 ether, true)
        );
        vm.warp(block.timestamp + 3_601); // the round clock (roundTime) runs out
        _measure("Fomo.updatePool", late, abi.encodeCall(IFomo.updatePool, ()));
        _measure("Fomo.claimReward (leader balance)", LEADER, abi.encodeCall(IFomo.claimReward, (0)));
        _measure("Fomo.claimReward (prize)", late, abi.encodeCall(IFomo.claimReward, (1)));
        _measure("Fomo.updateUser", late, abi.encodeCall(IFomo.updateUser, (LEADER)));
        vm.warp(block.timestamp + 30 * DAY);
        _measure("Fomo.release (leader)", LEADER, abi.encodeCall(IFomo.release, (1)));
        _measure("Mining.deposit", late, abi.encodeCall(IMining.deposit, (0, 1_000 ether)));
        vm.warp(block.timestamp + 7 * DAY);
        _measure("Mining.claimReward", late, abi.encodeCall(IMining.claimReward, ()));
        _measure("Mining.claimRelease", late, abi.encodeCall(IMining.claimRelease, (1)));
        _measure("Stake.deposit", late, abi.encodeCall(IStake.deposit, (1_000 ether, 0)));
        _measure("Stake.claim", late, abi.encodeCall(IStake.claim, ()));
        _measure("Double.claim", late, abi.encodeCall(IDouble.claim, ()));
    }
}
