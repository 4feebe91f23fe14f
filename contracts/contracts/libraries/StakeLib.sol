// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {SafeCast} from "@openzeppelin/contracts/utils/math/SafeCast.sol";
import {IStake} from "../interfaces/IStake.sol";
import {Bounds} from "./Bounds.sol";
import {FeeMath} from "./FeeMath.sol";

/// @dev A round in 2 slots (a deposit reads both): amounts and the price are at most `MAX_AMOUNT` and
/// `MAX_IDO_PRICE` (1e30 < 2**100, {setIdo}'s bounds; `idoTotal <= idoMax`), so 104 bits.
struct IdoData {
    uint104 idoMax;
    uint104 idoTotal;
    uint32 idoRate;
    uint16 idoFirst;
    uint104 idoPrice;
    uint104 idoMin;
    uint40 startTime;
}

/// @dev What a deposit reads of {IStake-Config}: one slot (the bounds of {_setConfig} fit every field).
struct DepositConfig {
    uint104 userMax;
    uint32 addTime;
    uint32 dayTimes;
    uint16 directRate;
    uint16 indirectRate;
    uint16 round;
    uint24 roundCool;
    uint16 releaseDay;
}

/// @dev {IStake-Config} in 2 slots: a deposit reads the first, a claim the second.
struct ConfigData {
    DepositConfig deposit;
    uint64 handleGas;
    uint16 feeRate;
}

/// @title {Stake}'s owner setters and its rounds' view, outside Stake's 24 KB
/// @notice Linked (DELEGATECALL on Stake's storage: Stake's events; the errors are {IStake}'s and {Bounds}').
library StakeLib {
    uint256 internal constant MAX_ROUNDS = 100;
    uint256 internal constant MAX_ADD_TIME = 365 days;
    uint256 internal constant MIN_DAY_TIMES = 60;
    uint256 internal constant MAX_DAY_TIMES = 7 days;
    uint256 internal constant MAX_REFERRAL_RATE = 3_000;
    uint256 internal constant MAX_ROUND_COOL = 30 days;
    uint256 internal constant MAX_HANDLE_GAS = 0.01 ether;
    uint256 internal constant MAX_FEE_RATE = 2_000;
    uint256 internal constant MAX_RELEASE_DAY = 1_000;
    uint256 internal constant MAX_IDO_RATE = 50_000;
    uint256 internal constant MAX_IDO_PRICE = 1e30;
    uint256 internal constant MAX_AMOUNT = 1e30;

    /// @notice Sets round `index` (a new one when `index` is the count) after checking its bounds; a round's terms
    /// are fixed by its first deposit. Emits {IStake-IdoUpdated}.
    function setIdo(IdoData[] storage rounds, uint256 index, IStake.IdoSettings calldata s) external {
        uint256 count = rounds.length;
        if (index > count || index >= MAX_ROUNDS) revert IStake.StakeInvalidRound(index, count);
        IdoData storage ido = index == count ? rounds.push() : rounds[index];
        // a round's terms are fixed by its first deposit: later deposits of the round get what the first got
        if (ido.idoTotal != 0 && (s.idoRate != ido.idoRate || s.idoPrice != ido.idoPrice || s.idoFirst != ido.idoFirst))
            revert IStake.StakeRoundTermsFixed(index);
        Bounds.check("idoMax", s.idoMax, ido.idoTotal == 0 ? 1 : ido.idoTotal, MAX_AMOUNT);
        Bounds.check("idoMin", s.idoMin, 1, s.idoMax);
        Bounds.check("idoRate", s.idoRate, 0, MAX_IDO_RATE);
        Bounds.check("idoFirst", s.idoFirst, 0, FeeMath.BPS);
        Bounds.check("idoPrice", s.idoPrice, 0, MAX_IDO_PRICE);
        Bounds.check("startTime", s.startTime, 0, type(uint40).max);
        ido.idoMax = uint104(s.idoMax);
        ido.idoMin = uint104(s.idoMin);
        ido.idoRate = uint32(s.idoRate);
        ido.idoFirst = uint16(s.idoFirst);
        ido.idoPrice = uint104(s.idoPrice);
        ido.startTime = uint40(s.startTime);
        emit IStake.IdoUpdated(index, s);
    }

    /// @notice Checks and stores the config. Emits {IStake-ConfigUpdated}.
    function setConfig(ConfigData storage stored, uint256 idoCount, IStake.Config calldata config) external {
        Bounds.check("addTime", config.addTime, 0, MAX_ADD_TIME);
        Bounds.check("dayTimes", config.dayTimes, MIN_DAY_TIMES, MAX_DAY_TIMES);
        Bounds.check("directRate", config.directRate + config.indirectRate, 0, MAX_REFERRAL_RATE);
        Bounds.check("userMax", config.userMax, 1, MAX_AMOUNT);
        Bounds.check("round", config.round, 0, idoCount);
        Bounds.check("roundCool", config.roundCool, 0, MAX_ROUND_COOL);
        Bounds.check("handleGas", config.handleGas, 0, MAX_HANDLE_GAS);
        Bounds.check("feeRate", config.feeRate, 0, MAX_FEE_RATE);
        Bounds.check("releaseDay", config.releaseDay, 1, MAX_RELEASE_DAY);
        stored.deposit = DepositConfig({
            userMax: SafeCast.toUint104(config.userMax),
            addTime: SafeCast.toUint32(config.addTime),
            dayTimes: SafeCast.toUint32(config.dayTimes),
            directRate: SafeCast.toUint16(config.directRate),
            indirectRate: SafeCast.toUint16(config.indirectRate),
            round: SafeCast.toUint16(config.round),
            roundCool: SafeCast.toUint24(config.roundCool),
            releaseDay: SafeCast.toUint16(config.releaseDay)
        });
        (stored.handleGas, stored.feeRate) = (SafeCast.toUint64(config.handleGas), SafeCast.toUint16(config.feeRate));
        emit IStake.ConfigUpdated(config);
    }

    /// @notice The rounds ({IStake-getIdos}), ABI-encoded.
    function idos(IdoData[] storage stored) external view returns (bytes memory) {
        IStake.Ido[] memory list = new IStake.Ido[](stored.length);
        for (uint256 i; i < list.length; ++i) {
            IdoData storage ido = stored[i];
            list[i] = IStake.Ido({
                index: i,
                idoMax: ido.idoMax,
                idoTotal: ido.idoTotal,
                idoRate: ido.idoRate,
                idoPrice: ido.idoPrice,
                idoFirst: ido.idoFirst,
                startTime: ido.startTime,
                idoMin: ido.idoMin
            });
        }
        return abi.encode(list);
    }
}
