// The gas table of every user action (issue 20): contracts/gas-snapshot.json and the README table between the
// gas-table markers. Each gas test file fills its own section (`new GasTable('Stake, Mining, Double')`) with three
// cases per action and compares it with the committed file; `UPDATE_GAS_SNAPSHOT=1` writes its section into the
// file (other sections stay) and renders the README table from the whole file.
//   usual:    accounts that have acted before (warm storage, the usual referral tree)
//   worst:    the worst case at the default `algebra`: a full referral walk, first-time storage everywhere it can
//             be, forced work at its bound
//   worstMax: the same at the largest `algebra` the contracts accept (an action without a referral walk, or with a
//             fixed one, has worstMax = worst)
// Targets per action (`targetsOf`): every user action usual < 400,000 and worst < 600,000, except Burn's order
// (`Burn.burn` and the order `Ido.burn` forwards to it: usual < 700,000, worst < 900,000) and the FOM and super FOM orders (usual < 500,000, worst < 800,000); the cases
// at a bound (the largest `algebra` of the orders with a referral walk, a claim at its `handleGas`) are held to their
// ceiling (`BOUND_CEILINGS`: under the block share and never dearer than recorded there); every other worst at the
// largest `algebra` equals its worst and is held to its target; the median usual user action < 250,000. Each row shows
// its gas as a multiple of a PancakeSwap V2 swap measured in the same run (the router's buy, "Router buy NEX (fee)").
// A row over a target names its measured cause: `breakdown()` splits a transaction's gas from its trace (debug_traceTransaction) into the calls
// to other contracts, storage writes of the acting contract and the rest.
import assert from 'node:assert/strict'
import { closeSync, existsSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { getAddress, parseEventLogs, type Abi, type Address, type Hash, type PublicClient } from 'viem'
import { CALL_OPS, callTotalGas, stackAddress, traceSteps, type TraceStep } from './trace.ts'

const ROOT = join(import.meta.dirname, '..', '..')
const SNAPSHOT = join(ROOT, 'gas-snapshot.json')
const README = join(ROOT, 'README.md')
const LOCK = join(ROOT, 'gas-snapshot.json.lock')
const START = '<!-- gas-table:start -->'
const END = '<!-- gas-table:end -->'

/** The gas targets of a usual action, per case (the worst at the largest `algebra` is held to the worst's). */
export const GAS_TARGETS = { usual: 400_000, worst: 600_000, worstMax: 600_000 } as const
export type GasCase = keyof typeof GAS_TARGETS
export const GAS_CASES = Object.keys(GAS_TARGETS) as GasCase[]
/** The target of the median usual user action. */
export const MEDIAN_TARGET = 250_000
/** The row of the PancakeSwap V2 swap every figure is compared with. */
export const SWAP_ROW = 'Router buy NEX (fee)'

/** The gas one transaction may take of a BSC block (about 140,000,000) in a case at a bound. */
export const BLOCK_SHARE = 3_000_000
/**
 * The cases at a bound, each held to a ceiling instead of the action's target: the orders at the largest `algebra`
 * (their referral walk and credits grow with it) and Burn's dividend claim at its `handleGas` bound (50 orders
 * settled, each with dividends, after one forced out). Each ceiling is under `BLOCK_SHARE`, and a change may lower
 * it, never raise it.
 */
export const BOUND_CEILINGS: Readonly<Record<string, Partial<Record<GasCase, number>>>> = {
  'Burn.burn (USDT)': { worstMax: 1_946_240 },
  'Fomo.burn (USDT)': { worstMax: 1_001_407 },
  'Fomo.burn (NEX)': { worstMax: 1_123_477 },
  'SuperFomo.burn (USDT)': { worstMax: 911_845 },
  'SuperFomo.burn (NEX)': { worstMax: 1_123_477 },
  'Burn.claimReward (order dividends)': { worst: 1_248_194, worstMax: 1_248_194 },
}

/** An action's targets: Burn's order (also through Ido.burn) and the FOM orders have their own (their referral walk and team credits); a case at a bound has its ceiling. */
export function targetsOf(action: string): Record<GasCase, number> {
  return { ...baseTargetsOf(action), ...BOUND_CEILINGS[action] }
}

function baseTargetsOf(action: string): Record<GasCase, number> {
  // an order forwarded by Ido.burn is Burn's order (its walk and credits are Burn's)
  if (action.startsWith('Burn.burn') || action.startsWith('Ido.burn')) {
    return { usual: 700_000, worst: 900_000, worstMax: 900_000 }
  }
  if (/^(Super)?Fomo\.burn/.test(action)) return { usual: 500_000, worst: 800_000, worstMax: 800_000 }
  return GAS_TARGETS
}

/** Whether a row is a user action of the contracts (not the router's swaps, nor the Log's own entry measured alone). */
export function isUserAction(action: string) {
  return !action.startsWith('Router ') && !action.startsWith('Log.')
}

/** The median of the user actions' usual figures. */
export function medianUsual(snapshot: Snapshot): number {
  const usual = Object.values(snapshot)
    .flatMap((actions) => Object.entries(actions))
    .filter(([action, row]) => isUserAction(action) && row.usual !== undefined)
    .map(([, row]) => row.usual as number)
    .sort((a, b) => a - b)
  const mid = Math.floor(usual.length / 2)
  return usual.length % 2
    ? (usual[mid] as number)
    : Math.round(((usual[mid - 1] as number) + (usual[mid] as number)) / 2)
}

/** One action's row: gas per case, and what holds it back where a case is over its target. */
export type GasRow = Partial<Record<GasCase, number>> & { cause?: string }
type Snapshot = Record<string, Record<string, GasRow>>

/** The public client calls the table makes (a viem public client of the Hardhat network). */
type Client = Pick<PublicClient, 'getTransactionReceipt' | 'request'>

const format = (n: number) => n.toLocaleString('en-US')

/**
 * Splits the gas of transaction `hash` by where it went, from the EVM trace: each call the acting contract makes
 * (named through `labels`, by address; a proxy's delegatecall to its implementation, and the implementation's
 * delegatecalls to its linked libraries, are the acting contract itself),
 * the acting contract's storage writes (new slots and updates, cold surcharge included), and the rest (the 21,000
 * base, calldata, code, memory, events, reads; its cold slot reads are counted). Returns e.g. "calls: Log 69,861,
 * Main 9,000; storage: 6 new slots 132,600, 4 updates 11,600; rest 96,000 (of it 20 cold slot reads 42,000, the
 * 21,000 base)"; a storage refund, which the receipt's gasUsed is net of, is named last.
 */
export async function breakdown(client: Client, hash: Hash, labels: Record<string, string>): Promise<string> {
  const names = new Map(Object.entries(labels).map(([name, address]) => [getAddress(address), name]))
  const { steps: logs } = await traceSteps(client, hash)
  const receipt = await client.getTransactionReceipt({ hash })
  const calls = new Map<string, number>()
  let newSlots = 0
  let newSlotGas = 0
  let updates = 0
  let updateGas = 0
  let coldReads = 0
  // the acting contract's frame: depth 1, or 2 when depth 1 is a proxy that delegatecalls its implementation;
  // a delegatecall it makes (a linked library) runs on its storage, so frames acting..top are all its own
  let acting = 1
  let top = 1
  for (let i = 0; i < logs.length; i++) {
    const step = logs[i] as TraceStep
    if (step.depth === 1 && step.op === 'DELEGATECALL' && logs[i + 1]?.depth === 2) acting = top = 2
    if (step.depth >= acting && step.depth < top) top = step.depth
    if (step.depth < acting || step.depth > top) continue
    if (step.op === 'DELEGATECALL' && step.depth > 1 && logs[i + 1]?.depth === step.depth + 1) {
      top = step.depth + 1
      continue
    }
    if (step.op === 'SLOAD' && step.gasCost >= 2_100) coldReads++
    if (step.op === 'SSTORE') {
      if (step.gasCost >= 20_000) {
        newSlots++
        newSlotGas += step.gasCost
      } else {
        updates++
        updateGas += step.gasCost
      }
    } else if (CALL_OPS.has(step.op)) {
      const target = stackAddress(step, 1)
      const used = callTotalGas(logs, i)
      const name = names.get(target) ?? (Number(BigInt(target)) < 0x100 ? 'precompiles' : shortAddress(target))
      calls.set(name, (calls.get(name) ?? 0) + used)
    }
  }
  const callGas = [...calls.values()].reduce((a, b) => a + b, 0)
  // what ran (the gas limit less what was left) and the refund that the receipt's gasUsed is net of
  const tx = await client.request({ method: 'eth_getTransactionByHash', params: [hash] })
  if (!tx) throw new Error(`no transaction ${hash}`)
  const last = logs[logs.length - 1]
  const executed = Number(BigInt(tx.gas)) - (last ? last.gas - last.gasCost : 0)
  const refund = executed - Number(receipt.gasUsed)
  const rest = executed - callGas - newSlotGas - updateGas
  const parts = [...calls.entries()].sort((a, b) => b[1] - a[1]).map(([name, used]) => `${name} ${format(used)}`)
  return [
    parts.length > 0 ? `calls: ${parts.join(', ')}` : undefined,
    `storage: ${newSlots} new slots ${format(newSlotGas)}, ${updates} updates ${format(updateGas)}`,
    `rest ${format(rest)} (of it ${coldReads} cold slot reads ${format(coldReads * 2_100)}, the 21,000 base)`,
    refund > 0 ? `refund −${format(refund)}` : undefined,
  ]
    .filter((part) => part !== undefined)
    .join('; ')
}

function shortAddress(address: Address) {
  return `${address.slice(0, 6)}…${address.slice(-4)}`
}

/** Whether a row is over a target in some case. */
export function overTarget(action: string, row: GasRow): GasCase[] {
  const targets = targetsOf(action)
  return GAS_CASES.filter((c) => row[c] !== undefined && (row[c] as number) > targets[c])
}

/** The README table of the whole snapshot. */
export function renderTable(snapshot: Snapshot): string {
  const swap = Object.values(snapshot).find((actions) => actions[SWAP_ROW])?.[SWAP_ROW]?.usual
  const cell = (action: string, row: GasRow, c: GasCase) => {
    const used = row[c]
    if (used === undefined) return '–'
    return used > targetsOf(action)[c] ? `**${format(used)}**` : format(used)
  }
  const ratio = (row: GasRow) =>
    swap === undefined
      ? '–'
      : GAS_CASES.filter((c) => row[c] !== undefined)
          .slice(0, 2)
          .map((c) => ((row[c] as number) / swap).toFixed(2))
          .join(' / ')
  const targets = (action: string) => {
    const t = targetsOf(action)
    const bound = BOUND_CEILINGS[action]
    if (bound?.worst !== undefined) return `${format(t.usual)} / at its bound ≤ ${format(bound.worst)}`
    const max = bound?.worstMax === undefined ? '' : `; max algebra ≤ ${format(bound.worstMax)}`
    return `${format(t.usual)} / ${format(t.worst)}${max}`
  }
  const rows = Object.entries(snapshot).flatMap(([section, actions]) =>
    Object.entries(actions).map(
      ([action, row]) =>
        `| ${section} | ${action} | ${cell(action, row, 'usual')} | ${cell(action, row, 'worst')} | ${cell(action, row, 'worstMax')} | ${
          isUserAction(action) ? targets(action) : '–'
        } | ${ratio(row)} | ${overTarget(action, row).length > 0 ? (row.cause ?? 'not measured') : ''} |`,
    ),
  )
  const median = medianUsual(snapshot)
  return [
    START,
    // the table is written by this test and compared as written: prettier (the format check) leaves it alone
    '<!-- prettier-ignore-start -->',
    `| part | action | usual | worst, default algebra | worst, max algebra | targets (usual / worst) | × a PancakeSwap V2 swap (usual / worst; ${SWAP_ROW} usual = ${swap === undefined ? '–' : format(swap)}) | over a target: where the gas goes (measured) |`,
    '|---|---|---:|---:|---:|---:|---:|---|',
    ...rows,
    '<!-- prettier-ignore-end -->',
    '',
    `Median usual user action: ${median > MEDIAN_TARGET ? `**${format(median)}**` : format(median)} (target < ${format(MEDIAN_TARGET)}).`,
    END,
  ].join('\n')
}

function readSnapshot(): Snapshot {
  return existsSync(SNAPSHOT) ? (JSON.parse(readFileSync(SNAPSHOT, 'utf8')) as Snapshot) : {}
}

/** Runs `write` holding a lock file, so that test files running at once do not lose each other's sections. */
function withLock(write: () => void) {
  const deadline = Date.now() + 30_000
  for (;;) {
    try {
      closeSync(openSync(LOCK, 'wx'))
      break
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || Date.now() > deadline) throw error
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50)
    }
  }
  try {
    write()
  } finally {
    rmSync(LOCK, { force: true })
  }
}

/** One section of the gas table, filled by one test file. */
export class GasTable {
  readonly rows: Record<string, GasRow> = {}
  readonly section: string
  private client: Client
  private labels: () => Record<string, string>
  private log?: { address: Address; abi: Abi }
  /** Per action, the measured cause of each case over its target, in the order the cases were first measured. */
  private readonly causes: Record<string, Map<GasCase, string>> = {}

  constructor(
    section: string,
    client: Client,
    labels: () => Record<string, string>,
    log?: { address: Address; abi: Abi },
  ) {
    this.section = section
    this.client = client
    this.labels = labels
    this.log = log
  }

  /** Measures on another chain from now on (a part whose cases need different deployments). */
  use(client: Client, labels: () => Record<string, string>, log?: { address: Address; abi: Abi }) {
    this.client = client
    this.labels = labels
    this.log = log
  }

  /**
   * Measures `hash` as `action`'s `gasCase` (it must succeed); over the target, records its breakdown. With
   * `entries`, checks that the transaction wrote exactly that many action-log entries (`LogAdded` of the Log).
   * Measured again for the same case (several worst-case setups), the case keeps the dearest and its cause.
   */
  async measure(action: string, gasCase: GasCase, hash: Hash | Promise<Hash>, entries?: number): Promise<number> {
    const sent = await hash
    const receipt = await this.client.getTransactionReceipt({ hash: sent })
    assert.equal(receipt.status, 'success', `${action} (${gasCase})`)
    if (entries !== undefined) {
      assert.ok(this.log, 'GasTable needs the Log to count entries')
      const added = parseEventLogs({ abi: this.log.abi, logs: receipt.logs, eventName: 'LogAdded' }).filter(
        (event) => getAddress(event.address) === getAddress(this.log?.address as Address),
      )
      assert.equal(added.length, entries, `${action} (${gasCase}) writes ${entries} Log entries`)
    }
    const used = Number(receipt.gasUsed)
    // a case at a bound may not get dearer than its ceiling, which stays under the block share
    const ceiling = BOUND_CEILINGS[action]?.[gasCase]
    if (ceiling !== undefined) {
      assert.ok(ceiling < BLOCK_SHARE, `${action} (${gasCase}): ceiling ${ceiling} under ${BLOCK_SHARE}`)
      assert.ok(used <= ceiling, `${action} (${gasCase}) at its bound: ${used} gas, ceiling ${ceiling}`)
    }
    const row = (this.rows[action] ??= {})
    const before = row[gasCase]
    if (before !== undefined && before >= used) return used
    row[gasCase] = used
    const causes = (this.causes[action] ??= new Map())
    if (used > targetsOf(action)[gasCase])
      causes.set(gasCase, `${gasCase}: ${await breakdown(this.client, sent, this.labels())}`)
    const joined = [...causes.values()].join('. ')
    if (joined) row.cause = joined
    return used
  }

  /** Records the same figure for `to` as for `from` (e.g. worstMax of an action with a fixed walk). */
  same(action: string, from: GasCase, to: GasCase) {
    const row = this.rows[action]
    assert.ok(row?.[from] !== undefined, `${action} has no ${from}`)
    row[to] = row[from]
  }

  /** Compares this section with gas-snapshot.json (or writes it there with UPDATE_GAS_SNAPSHOT=1) and the README. */
  check() {
    // keep the keys in a stable order: usual, worst, worstMax, cause
    const section = Object.fromEntries(
      Object.entries(this.rows).map(([action, row]) => [
        action,
        Object.fromEntries(
          [...GAS_CASES, 'cause' as const].filter((k) => row[k] !== undefined).map((k) => [k, row[k]]),
        ) as GasRow,
      ]),
    )
    if (process.env.UPDATE_GAS_SNAPSHOT === '1') {
      withLock(() => {
        const snapshot = { ...readSnapshot(), [this.section]: section }
        writeFileSync(SNAPSHOT, JSON.stringify(snapshot, null, 2) + '\n')
        const readme = readFileSync(README, 'utf8')
        const start = readme.indexOf(START)
        const end = readme.indexOf(END)
        assert.ok(start >= 0 && end > start, 'README.md has no gas-table markers')
        writeFileSync(README, readme.slice(0, start) + renderTable(snapshot) + readme.slice(end + END.length))
      })
    }
    const snapshot = readSnapshot()
    assert.deepEqual(
      section,
      snapshot[this.section],
      `gas of "${this.section}" changed: review, then UPDATE_GAS_SNAPSHOT=1`,
    )
    assert.ok(
      readFileSync(README, 'utf8').includes(renderTable(snapshot)),
      'README gas table is stale: UPDATE_GAS_SNAPSHOT=1',
    )
  }
}

/**
 * Moves the chain to one second past the start of the next Log day. The local Log day is 600 s and the chain
 * starts at the wall clock, so without this whether two measured actions share a Log day (a reward's
 * today/yesterday words) depended on when the test ran, and figures changed from run to run by a slot write.
 */
export async function alignToLogDay(
  time: { latest(): Promise<number>; increaseTo(to: bigint): Promise<void> },
  log: { read: { dayTimes(): Promise<bigint> } },
) {
  const day = await log.read.dayTimes()
  const now = BigInt(await time.latest())
  await time.increaseTo((now / day + 1n) * day + 1n)
}
