import { burnAbi, fomoAbi, idoAbi, nftAbi, tokenAbi } from '@nexus/abi'
import type { EntityRows } from '../store/tables.ts'
import { addr, deadAddress, eventBase, handlersOf, uint, zeroAddress } from './common.ts'
import type { DecodedLog } from './decodeLogs.ts'

/** Ido: minting records. */
export const idoHandlers = handlersOf(idoAbi, {
  Minted(log, out) {
    const a = log.args
    out.mint_record.push({
      ...eventBase(log),
      account: addr(a.account),
      round: uint(a.round),
      times: uint(a.times),
      amount: uint(a.amount),
      amount_nex: uint(a.amountNEX),
      tokens: uint(a.tokens),
      nfts: uint(a.nfts),
      payment: Number(a.payment),
    })
  },
})

/** Nft: ERC-1155 transfers, one row per token id. */
export const nftHandlers = handlersOf(nftAbi, {
  TransferSingle(log, out) {
    const a = log.args
    out.nft_transfer.push({
      ...eventBase(log),
      batch_index: 0,
      operator: addr(a.operator),
      from: addr(a.from),
      to: addr(a.to),
      token_id: uint(a.id),
      value: uint(a.value),
    })
  },
  TransferBatch(log, out) {
    const a = log.args
    const { ids, values } = a
    ids.forEach((id, i) =>
      out.nft_transfer.push({
        ...eventBase(log),
        batch_index: i,
        operator: addr(a.operator),
        from: addr(a.from),
        to: addr(a.to),
        token_id: id,
        value: values[i] ?? 0n,
      }),
    )
  },
})

/** Token: burns (pool burns, swap burns, transfers to the zero or dead address). */
export const tokenHandlers = handlersOf(tokenAbi, {
  PoolBurned(log, out) {
    out.token_burn.push({
      ...eventBase(log),
      contract: log.contract,
      kind: 'PoolBurned',
      account: addr(log.args.caller),
      amount: uint(log.args.burned),
    })
  },
  SwapBurned(log, out) {
    out.token_burn.push({
      ...eventBase(log),
      contract: log.contract,
      kind: 'SwapBurned',
      account: addr(log.args.account),
      amount: uint(log.args.tokensBurned),
    })
  },
  Transfer(log, out) {
    const to = addr(log.args.to)
    if (to !== zeroAddress && to !== deadAddress) return
    out.token_burn.push({
      ...eventBase(log),
      contract: log.contract,
      kind: 'Transfer',
      account: addr(log.args.from),
      amount: uint(log.args.value),
    })
  },
})

/** Burn's own burn of tokens bought with USDT. */
export const burnTokenHandlers = handlersOf(burnAbi, {
  TokensBurned(log, out) {
    out.token_burn.push({
      ...eventBase(log),
      contract: log.contract,
      kind: 'TokensBurned',
      account: null,
      amount: uint(log.args.usdtIn),
    })
  },
})

/** Fomo (both pools): rounds, their winners' orders, surplus burns. */
export const fomoRoundHandlers = handlersOf(fomoAbi, {
  RoundExtended(log, out) {
    out.fomo_round_event.push({
      ...eventBase(log),
      contract: log.contract,
      round: uint(log.args.round),
      kind: 'extended',
      order_index: uint(log.args.index),
      end_time: uint(log.args.endTime),
      pot: null,
      paid: null,
      settler: null,
    })
  },
  RoundSettled(log, out) {
    out.fomo_round_event.push({
      ...eventBase(log),
      contract: log.contract,
      round: uint(log.args.round),
      kind: 'settled',
      order_index: null,
      end_time: uint(log.args.endTime),
      pot: uint(log.args.pot),
      paid: uint(log.args.paid),
      settler: addr(log.args.settler),
    })
  },
  SurplusBurned(log, out) {
    out.token_burn.push({
      ...eventBase(log),
      contract: log.contract,
      kind: 'SurplusBurned',
      account: null,
      amount: uint(log.args.amount),
    })
  },
})

/** A team level row (Burn's and Fomo's TeamLevelUpdated/TeamManualUpdated). */
function teamLevel(
  log: Omit<DecodedLog, 'args'>,
  out: EntityRows,
  level: { account: string; level: number | bigint; isManual: boolean | null },
) {
  out.team_level.push({
    block_hash: log.blockHash,
    log_index: log.logIndex,
    block_number: log.blockNumber,
    contract: log.contract,
    account: addr(level.account),
    level: Number(level.level),
    is_manual: level.isManual,
  })
}

/** Team levels of Burn (its TeamLevelUpdated does not say whether the level was set by hand). */
export const burnTeamHandlers = handlersOf(burnAbi, {
  TeamLevelUpdated: (log, out) => teamLevel(log, out, { ...log.args, isManual: null }),
  TeamManualUpdated: (log, out) => teamLevel(log, out, log.args),
})

/** Team levels of Fomo (both pools). */
export const fomoTeamHandlers = handlersOf(fomoAbi, {
  TeamLevelUpdated: (log, out) => teamLevel(log, out, log.args),
})
