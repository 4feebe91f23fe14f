import type { Address, Hex } from 'viem'
import { decodeAbiParameters, zeroAddress } from 'viem'
import type { DeployedName } from '../../lib/deployment.ts'
import { solvency } from '../../lib/solvency.ts'
import type { Solvency } from '../../lib/solvency.ts'
import { describeChanges, foldSalts } from '../../components/blocks/timelock/adminActions.ts'
import type { AdminActionNode, ValueChange } from '../../components/blocks/timelock/adminActions.ts'
import { KEEPER_JOBS, TOKEN_TASK_JOBS } from './keeperJobs.ts'
import type { KeeperJob, LastRun } from './keeperJobs.ts'

/**
 * The model of `/transparency`: plain data from the chain's reads and the indexer's lists in, the page's figures
 * out (who holds which power, each fund holder's solvency, the admin actions list, the keeper's jobs). No React,
 * no language: the view words it.
 */

/** Seconds as whole days, hours, minutes or seconds (the largest unit that divides them); '…' while unknown. */
export function duration(seconds: bigint | undefined): string {
  if (seconds === undefined) return '…'
  const units: [bigint, string][] = [
    [86_400n, 'd'],
    [3_600n, 'h'],
    [60n, 'min'],
  ]
  for (const [size, unit] of units) if (seconds >= size && seconds % size === 0n) return `${seconds / size} ${unit}`
  return `${seconds} s`
}

/** What `PowersPanel` reads: Main's owner, pause bound and guardian, and the Timelock's delay (when deployed). */
export type PowersReads = {
  main: Address | undefined
  timelock: Address | undefined
  owner: Address | undefined
  maxPause: bigint | undefined
  guardian: Address | undefined
  minDelay: bigint | undefined
}

/** Who holds the owner's powers: absent without Main, loading until the owner is read. */
export type PowersModel =
  | { state: 'absent' }
  | { state: 'loading' }
  | {
      state: 'ready'
      owner: Address
      /** Whether the owner is the Timelock (every owner action delayed by `minDelay`). */
      ownedByTimelock: boolean
      minDelay: string
      maxPause: string
      /** The guardian, undefined when none is set (zero address) or not read yet. */
      guardian: Address | undefined
    }

export function powersModel(reads: PowersReads): PowersModel {
  if (!reads.main) return { state: 'absent' }
  const { owner, timelock, guardian } = reads
  if (owner === undefined) return { state: 'loading' }
  return {
    state: 'ready',
    owner,
    ownedByTimelock: timelock !== undefined && owner.toLowerCase() === timelock.toLowerCase(),
    minDelay: duration(reads.minDelay),
    maxPause: duration(reads.maxPause),
    guardian: guardian && guardian !== zeroAddress ? guardian : undefined,
  }
}

/**
 * The contracts that can hold users' funds (every one that keeps users' claims and `excessOf`, as deployed), and the
 * token each owes its users. `fromLaterInflows`: by design it pays part of what it owes only out of later deposits
 * (Double's doubled half), so owing more than it holds is not a shortfall.
 *
 * Each is read in both tokens: the token it owes always has its row; the other shows as soon as the contract holds
 * any of it (e.g. Stake's and Ido's USDT, the proceeds of stakes and mints), so no contract that holds tokens is
 * left out of the table. A token it owes nobody (all of it excess) is said to be the owner's proceeds.
 */
export const HOLDERS: readonly { name: DeployedName; owes?: 'USDT' | 'Token'; fromLaterInflows?: boolean }[] = [
  { name: 'Burn', owes: 'USDT' },
  { name: 'Fomo', owes: 'USDT' },
  { name: 'SuperFomo', owes: 'USDT' },
  { name: 'Double', owes: 'USDT', fromLaterInflows: true },
  { name: 'Mining', owes: 'Token' },
  // the NEX owed to stakers (released and reserved for their releases); its USDT is the stakes' proceeds
  { name: 'Stake', owes: 'Token' },
  // the NEX owed to buyers (credited, vesting or claimable); the USDT, BNB and NEX paid for mints are proceeds
  { name: 'Ido', owes: 'Token' },
  // the cards' dividends are paid in Nft's reward token, USDT (its `initialize`, ignition/modules/ContractsII.ts)
  { name: 'Nft', owes: 'USDT' },
  // the operator's float for the legacy withdrawals, each paid at most once by its id (owes nobody until paid)
  { name: 'Payouts', owes: 'USDT' },
  // these hold nobody's funds; listed so that any token sent to them shows here too
  { name: 'Main' },
  { name: 'Info' },
  { name: 'Log' },
]
const TOKENS = ['USDT', 'Token'] as const
const SYMBOLS = { USDT: 'USDT', Token: 'NEX' } as const

/** One contract and one token of the solvency table, before its figures are read. */
export type HolderRow = {
  name: DeployedName
  address: Address
  token: 'USDT' | 'Token'
  tokenAddress: Address
  symbol: string
  /** Whether this is the token the contract owes its users (always listed). */
  owed: boolean
  fromLaterInflows?: boolean
}

/** Every deployed holder in both tokens (`addressOf`: this chain's address of a contract, or undefined). */
export function holderRows(addressOf: (name: DeployedName) => Address | undefined): HolderRow[] {
  return HOLDERS.flatMap((holder) =>
    TOKENS.flatMap((token): HolderRow[] => {
      const address = addressOf(holder.name)
      const tokenAddress = addressOf(token)
      if (!address || !tokenAddress) return []
      const owed = holder.owes === token
      return [
        {
          name: holder.name,
          address,
          token,
          tokenAddress,
          symbol: SYMBOLS[token],
          owed,
          fromLaterInflows: owed && holder.fromLaterInflows,
        },
      ]
    }),
  )
}

/** What the solvency table reads: per row its holdings and excess (undefined until read), Burn's and Double's own debt. */
export type SolvencyReads = {
  /** `balanceOf` and `excessOf` of each row of {@link holderRows}, in its order. */
  figures: readonly { holds: bigint | undefined; excess: bigint | undefined }[] | undefined
  burnReserves: { pool: bigint; orders: bigint; balances: bigint; swap: bigint } | undefined
  /** Double's `getSolvency()`: what it holds and what it owes. */
  doubleSolvency: readonly [bigint, bigint] | undefined
}

export type SolvencyStatus = Solvency['status'] | 'loading' | 'proceeds'

/** A row as shown: its figures (undefined until read) and its status. */
export type SolvencyRow = {
  row: HolderRow
  figures: Solvency | undefined
  /** All of it free for the owner to take: the contract owes nobody this token (the proceeds of stakes, mints…). */
  proceeds: boolean
  status: SolvencyStatus
  testId: string
  /** The coverage as a percentage with two decimals, when it is an exact figure. */
  coverage: string | undefined
}

export type SolvencyModel = {
  /** Whether any holder is deployed on this chain. */
  deployed: boolean
  rows: SolvencyRow[]
  /** Whether Stake's or Ido's row is shown (the note on what they owe and what is proceeds). */
  proceedsNote: boolean
  /** Whether a row is paid from later deposits (Double's note). */
  deferredNote: boolean
}

/** What a contract itself reports it owes now (held vs owed), where it can tell. */
function reportedOf(row: HolderRow, reads: SolvencyReads): bigint | undefined {
  if (!row.owed) return undefined
  const reserves = reads.burnReserves
  if (row.name === 'Burn') return reserves && reserves.pool + reserves.orders + reserves.balances + reserves.swap
  if (row.name === 'Double') return reads.doubleSolvency?.[1]
  return undefined
}

export function solvencyModel(rows: readonly HolderRow[], reads: SolvencyReads): SolvencyModel {
  const shown = rows.flatMap((row, index): SolvencyRow[] => {
    const { holds, excess } = reads.figures?.[index] ?? { holds: undefined, excess: undefined }
    // a token the contract does not owe shows once it holds some (and, holding nothing, is no row at all)
    if (!row.owed && !(holds !== undefined && holds > 0n)) return []
    const figures =
      holds !== undefined && excess !== undefined
        ? solvency(holds, excess, reportedOf(row, reads), { fromLaterInflows: row.fromLaterInflows })
        : undefined
    const proceeds = !row.owed && figures !== undefined && figures.owed === 0n
    return [
      {
        row,
        figures,
        proceeds,
        status: figures === undefined ? 'loading' : proceeds ? 'proceeds' : figures.status,
        testId: row.owed ? `solvency-${row.name}` : `solvency-${row.name}-${row.symbol}`,
        coverage:
          figures?.coverageBps !== undefined && !figures.owedAtLeast
            ? `${(Number(figures.coverageBps) / 100).toFixed(2)}%`
            : undefined,
      },
    ]
  })
  return {
    deployed: rows.length > 0,
    rows: shown,
    proceedsNote: shown.some(({ row }) => row.name === 'Stake' || row.name === 'Ido'),
    deferredNote: shown.some(({ row }) => row.fromLaterInflows),
  }
}

/** One page of the indexer's admin actions. */
export type AdminActionsPage = {
  nodes: readonly AdminActionNode[]
  pageInfo: { hasNextPage: boolean; endCursor?: string | null }
}

export type AdminActionsModel = {
  state: 'loading' | 'unavailable' | 'empty' | 'list'
  /** The actions, newest first, a scheduled call's salt folded into its scheduling row. */
  nodes: AdminActionNode[]
  /** The changes each of `nodes` made (old and new values where known). */
  changes: ValueChange[][]
}

/** The admin actions list from its first page (while it loads or fails: undefined) and the pages loaded after it. */
export function adminActionsModel(input: {
  first: AdminActionsPage | undefined
  more: readonly AdminActionNode[]
  fetching: boolean
  error: boolean
}): AdminActionsModel {
  const { first } = input
  const nodes = foldSalts([...(first?.nodes ?? []), ...input.more])
  const state =
    input.fetching && !first ? 'loading' : input.error && !first ? 'unavailable' : nodes.length === 0 ? 'empty' : 'list'
  return { state, nodes, changes: describeChanges(nodes) }
}

/** A contract with keeper jobs, as deployed. */
export type KeeperContract = { name: DeployedName; address: Address; blockNumber: number }

/** A keeper job as shown: when it last ran (undefined: still looking; null: not in the window) and whether it is due. */
export type KeeperJobRow = {
  job: KeeperJob
  lastRun: LastRun | null | undefined
  /** Whether work of this job is due now; undefined while unknown. */
  due: boolean | undefined
}

/**
 * The keeper's jobs of the deployed contracts. `checks`: each contract's `checkUpkeep('0x')` (in `contracts`'
 * order; a failed read is undefined), undefined until read. Token's view names the one task due next in its
 * `performData`; the others' view tells whether any of their work is due. Burn's forced outs are due exactly when
 * expired orders wait in its queue (`burnOutsWaiting`, the definition `/burn` shows); its view also answers yes for
 * its other work, which is the pool update's row.
 */
export function keeperModel(input: {
  contracts: readonly KeeperContract[]
  checks: readonly (readonly [boolean, Hex] | undefined)[] | undefined
  burnOutsWaiting: boolean | undefined
  runs: Readonly<Record<string, LastRun>> | undefined
}): KeeperJobRow[] {
  const { contracts, checks, burnOutsWaiting, runs } = input
  const dueJobs = new Set<string>()
  const dueContracts = new Set<string>()
  contracts.forEach(({ name }, index) => {
    const result = checks?.[index]
    if (!result?.[0]) return
    dueContracts.add(name)
    if (name === 'Token') {
      const [task] = decodeAbiParameters([{ type: 'uint8' }], result[1])
      const job = TOKEN_TASK_JOBS[task]
      if (job) dueJobs.add(job)
    }
  })
  const dueOf = (job: KeeperJob): boolean | undefined => {
    if (job.id === 'burnOuts') return burnOutsWaiting
    if (checks === undefined) return undefined
    return job.contract === 'Token' ? dueJobs.has(job.id) : dueContracts.has(job.contract)
  }
  return KEEPER_JOBS.filter((job) => contracts.some((contract) => contract.name === job.contract)).map((job) => ({
    job,
    lastRun: runs === undefined ? undefined : (runs[job.id] ?? null),
    due: dueOf(job),
  }))
}

/** Where to start looking for a contract's latest runs: after the last block scanned, else the lookback or its deployment. */
export function scanFrom(head: bigint, lookback: bigint, deployedAt: number, scanned: bigint | undefined): bigint {
  if (scanned !== undefined) return scanned + 1n
  const floor = head > lookback ? head - lookback : 0n
  return BigInt(deployedAt) > floor ? BigInt(deployedAt) : floor
}
