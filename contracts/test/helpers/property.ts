// Shared parts of the property tests (BurnProperty.ts, FomoProperty.ts, issue 19): fast-check settings (run count,
// FC_SEED replay), random referral trees of impersonated accounts, and the custom-error name of a revert.
import fc from 'fast-check'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { decodeErrorResult, getAddress, zeroAddress, type Abi, type AbiItem, type Address, type Hex } from 'viem'

/** The most accounts of one tree (as deep as a chain of 40, as wide as a star of 40). */
export const MAX_NODES = 40

/**
 * fast-check parameters: a few runs by default (the suite stays fast), many with FUZZ_DEEP=1; FC_SEED (and FC_PATH)
 * replay the failing run that fast-check printed. Shrinking is off: one run costs a whole chain scenario, and the
 * seed already replays it exactly.
 */
export function fcParameters(defaultRuns: number, deepRuns: number): fc.Parameters<unknown> {
  const seed = process.env.FC_SEED
  return {
    numRuns: process.env.FUZZ_DEEP === '1' ? deepRuns : defaultRuns,
    ...(seed ? { seed: Number(seed) } : {}),
    ...(process.env.FC_PATH ? { path: process.env.FC_PATH } : {}),
    endOnFailure: true,
    verbose: fc.VerbosityLevel.Verbose,
  }
}

/** The account of tree node `i` (impersonated in the tests; far from precompiles and the default signers). */
export function nodeAddress(i: number): Address {
  return getAddress(`0x${(0xf0220000 + i).toString(16).padStart(40, '0')}`)
}

/**
 * A referral tree of 1..MAX_NODES accounts: each node's parent is the genesis (-1) or an earlier node; chains
 * (parent = the node before), stars (parent = the genesis) and mixtures. `joinsAtStart` false: the node does not
 * register in Main at the start (a later random action tries). Returns parent indexes.
 */
/**
 * Makes every node account (`MAX_NODES`) usable by the test: impersonated, given `gas` of the native coin, then
 * funded by `fund` (tokens and approvals of the contract under test).
 */
export async function prepareNodes(
  networkHelpers: {
    impersonateAccount: (address: string) => Promise<void>
    setBalance: (address: string, balance: bigint) => Promise<void>
  },
  gas: bigint,
  fund: (account: Address) => Promise<void>,
) {
  for (let i = 0; i < MAX_NODES; i++) {
    const account = nodeAddress(i)
    await networkHelpers.impersonateAccount(account)
    await networkHelpers.setBalance(account, gas)
    await fund(account)
  }
}

export const treeArbitrary = fc
  .array(
    fc.record({
      parent: fc.oneof(
        { arbitrary: fc.constant('chain' as const), weight: 3 },
        { arbitrary: fc.constant('star' as const), weight: 1 },
        { arbitrary: fc.nat(), weight: 3 },
      ),
      late: fc.nat(19),
    }),
    { minLength: 1, maxLength: MAX_NODES },
  )
  .map((nodes) =>
    nodes.map((node, i) => ({
      parent: node.parent === 'chain' ? i - 1 : node.parent === 'star' ? -1 : (node.parent % (i + 1)) - 1,
      // one node in twenty waits: its registration (and so its subtree's) comes later, as a random action
      joinsAtStart: node.late !== 0,
    })),
  )

export type Tree = { parent: number; joinsAtStart: boolean }[]

/** Every custom error of the package's contracts (their artifacts), read once: to name an error a callee raised. */
let everyError: Abi | undefined
function allErrors(): Abi {
  if (everyError) return everyError
  const found = new Map<string, AbiItem>()
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) walk(path)
      else if (entry.name.endsWith('.json') && !entry.name.endsWith('.dbg.json')) {
        const { abi } = JSON.parse(readFileSync(path, 'utf8')) as { abi?: AbiItem[] }
        for (const item of abi ?? []) if (item.type === 'error') found.set(JSON.stringify(item), item)
      }
    }
  }
  walk(join(import.meta.dirname, '..', '..', 'artifacts', 'contracts'))
  return (everyError = [...found.values()] as Abi)
}

/**
 * The name of the custom error a contract call reverted with (viem decodes it from the called contract's ABI; an
 * error raised by a contract it calls, which that ABI lacks, from every contract's errors), or its revert string.
 */
export function revertName(error: unknown): string {
  type Revert = {
    cause?: unknown
    data?: { errorName?: string; args?: unknown[] }
    errorName?: string
    reason?: string
    raw?: Hex
  }
  let e = error as Revert | undefined
  while (e) {
    if (e.data?.errorName === 'Error') return String(e.data.args?.[0]) // a revert string (e.g. the DEX router's)
    if (e.data?.errorName) return e.data.errorName
    if (e.errorName) return e.errorName
    if (e.reason) return e.reason
    if (e.raw && e.raw !== '0x') {
      try {
        return decodeErrorResult({ abi: allErrors(), data: e.raw }).errorName
      } catch {
        // not an error of these contracts: keep looking, then report it whole
      }
    }
    e = e.cause as typeof e
  }
  return `not a custom error: ${(error as Error)?.message ?? String(error)}`
}

/**
 * Runs `call`; a revert passes only if its custom error (or revert string) is in `allowed` (the documented user errors
 * of that action). Returns null when the call succeeded, else the error's name.
 */
export async function outcome(label: string, allowed: readonly string[], call: () => Promise<unknown>) {
  try {
    await call()
    return null
  } catch (error) {
    const name = revertName(error)
    if (!allowed.includes(name)) {
      throw new Error(`${label} reverted with ${name}, which is not a user error (allowed: ${allowed.join(', ')})`, {
        cause: error,
      })
    }
    return name
  }
}

/** {outcome} as a boolean: whether the call succeeded. */
export async function attempt(label: string, allowed: readonly string[], call: () => Promise<unknown>) {
  return (await outcome(label, allowed, call)) === null
}

/** Main's tree as parent address per account (genesis -> zero), for {assertTeams}. */
export function parentMap(genesis: Address, tree: Tree, joined: Set<number>) {
  const map = new Map<string, string>([[getAddress(genesis), zeroAddress]])
  for (const i of joined) {
    const p = tree[i]?.parent ?? -1
    map.set(nodeAddress(i), p < 0 ? getAddress(genesis) : nodeAddress(p))
  }
  return map
}

/** The team level TeamLib gives `basis`: the highest L whose non-zero threshold `thresholds[L-1]` it reaches. */
export function levelOf(basis: bigint, thresholds: readonly bigint[]) {
  for (let level = thresholds.length; level > 0; level--) {
    const threshold = thresholds[level - 1] ?? 0n
    if (threshold !== 0n && basis >= threshold) return BigInt(level)
  }
  return 0n
}

/** The fixed shapes each property file also runs: a chain of MAX_NODES, each under the previous, and a star under genesis. */
export const FIXED_TREES: readonly Tree[] = [
  Array.from({ length: MAX_NODES }, (_, i) => ({ parent: i - 1, joinsAtStart: true })),
  Array.from({ length: MAX_NODES }, () => ({ parent: -1, joinsAtStart: true })),
]

/** Checks `check` on random trees with 5-40 random actions each (fast-check; FUZZ_DEEP=1 runs `deepRuns`). */
export async function assertOverRandomTrees<A>(options: {
  actions: fc.Arbitrary<A>
  defaultRuns: number
  deepRuns: number
  check: (tree: Tree, actions: A[]) => Promise<void>
}) {
  await fc.assert(
    fc.asyncProperty(treeArbitrary, fc.array(options.actions, { minLength: 5, maxLength: 40 }), options.check),
    fcParameters(options.defaultRuns, options.deepRuns),
  )
}
