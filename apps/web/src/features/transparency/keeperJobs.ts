import { burnAbi, fomoAbi, miningAbi, tokenAbi } from '@nexus/abi'
import type { Abi, AbiEvent, Address, Client, Hash, Log } from 'viem'
import { getAbiItem, parseEventLogs } from 'viem'
import { getBlock, getLogs } from 'viem/actions'
import type { DeployedName } from '../../lib/deployment.ts'

/**
 * The periodic work of issue 21 (what the keeper, or Chainlink/Gelato, runs through `performUpkeep`) and the
 * event that shows each job ran, so that `/transparency` says when it last ran from the chain, not from the
 * keeper's own word. `forced` keeps only the events of forced releases (Fomo's `Released` of an expired order).
 */
export type KeeperJob = {
  id: string
  contract: DeployedName
  event: string
  forced?: boolean
}

export const KEEPER_JOBS: readonly KeeperJob[] = [
  { id: 'feeConversion', contract: 'Token', event: 'SwapAndTrans' },
  { id: 'liquidity', contract: 'Token', event: 'SwapAndLiquify' },
  { id: 'pairBurn', contract: 'Token', event: 'PoolBurned' },
  { id: 'burnPool', contract: 'Burn', event: 'PoolDistributed' },
  { id: 'burnOuts', contract: 'Burn', event: 'OrderOut' },
  { id: 'fomoPool', contract: 'Fomo', event: 'PoolUpdated' },
  { id: 'fomoRound', contract: 'Fomo', event: 'RoundSettled' },
  { id: 'fomoOuts', contract: 'Fomo', event: 'Released', forced: true },
  { id: 'superFomoPool', contract: 'SuperFomo', event: 'PoolUpdated' },
  { id: 'superFomoRound', contract: 'SuperFomo', event: 'RoundSettled' },
  { id: 'superFomoOuts', contract: 'SuperFomo', event: 'Released', forced: true },
  { id: 'miningPool', contract: 'Mining', event: 'PoolUpdated' },
]

/** The ABI of each contract with keeper jobs (SuperFomo is a Fomo deployment). */
export const KEEPER_ABIS: Readonly<Record<string, Abi>> = {
  Token: tokenAbi as Abi,
  Burn: burnAbi as Abi,
  Fomo: fomoAbi as Abi,
  SuperFomo: fomoAbi as Abi,
  Mining: miningAbi as Abi,
}

/** Token's upkeep tasks (Token.UPKEEP_*), as its `checkUpkeep` names the due one in `performData`. */
export const TOKEN_TASK_JOBS: Readonly<Record<number, string>> = { 1: 'pairBurn', 2: 'liquidity', 3: 'feeConversion' }

/** When a job last ran: the block, its time and the transaction. */
export type LastRun = { blockNumber: bigint; timestamp: bigint; transactionHash: Hash }

/** Blocks per `eth_getLogs` call (public BSC endpoints refuse wider ranges). */
export const LOG_WINDOW = 5_000n
/** How far back the latest run is looked for: about a week of BSC blocks (3 s each). */
export const LOOKBACK_BLOCKS = 200_000n

/**
 * The latest event of each job of one contract in `[from, to]`, scanning back from `to` in windows of
 * {@link LOG_WINDOW} blocks until every job is found or `from` is reached (bounded: at most
 * `(to − from) / LOG_WINDOW + 1` calls).
 */
export async function latestRuns(
  client: Client,
  contract: { name: string; address: Address },
  jobs: readonly KeeperJob[],
  from: bigint,
  to: bigint,
): Promise<Record<string, LastRun>> {
  const abi = KEEPER_ABIS[contract.name]
  const mine = jobs.filter((job) => job.contract === contract.name)
  if (!abi || mine.length === 0 || to < from) return {}
  const events = [...new Set(mine.map((job) => job.event))].map((name) => getAbiItem({ abi, name }) as AbiEvent)
  const found: Record<string, Log> = {}
  for (let end = to; end >= from && Object.keys(found).length < mine.length; end -= LOG_WINDOW) {
    const start = end - LOG_WINDOW + 1n > from ? end - LOG_WINDOW + 1n : from
    const logs = parseEventLogs({
      abi,
      logs: await getLogs(client, { address: contract.address, events, fromBlock: start, toBlock: end }),
    })
    // newest first: the first log of a job's event in a window is its latest run
    for (const log of [...logs].reverse()) {
      for (const job of mine) {
        if (found[job.id] || log.eventName !== job.event) continue
        if (job.forced && !(log.args as { forced?: boolean }).forced) continue
        found[job.id] = log
      }
    }
    if (start === from) break
  }
  const runs: Record<string, LastRun> = {}
  for (const [id, log] of Object.entries(found)) {
    if (log.blockNumber === null || log.transactionHash === null) continue
    const block = await getBlock(client, { blockNumber: log.blockNumber })
    runs[id] = { blockNumber: log.blockNumber, timestamp: block.timestamp, transactionHash: log.transactionHash }
  }
  return runs
}
