// Where a FOM order's gas goes: runs the gas table's Fomo orders (test/helpers/gasCases.ts, as test/GasSnapshot.ts
// measures them: the usual orders in USDT and NEX of accounts that have all ordered before, and the worst cases of a
// 10,000-member team: a fresh pool's first order at `userMax`, the NEX order that is the pair's first swap, the NEX
// order that settles the round, 8 active generations' first team rewards V1..V4), traces each with
// debug_traceTransaction and lists every SSTORE and SLOAD by slot (named from the compiler's storage layout where the
// key is one of the run's accounts or a small index), each external call with its gas, and the events.
// Run: `npx hardhat run scripts/fomoGasProfile.ts` (prints; writes nothing). `PROFILE_WORST=0` skips the worst cases
// (the 10,000-member team takes a few minutes to build).
import { readdirSync, readFileSync } from 'node:fs'
import { join as joinPath } from 'node:path'
import { network } from 'hardhat'
import {
  decodeEventLog,
  encodeAbiParameters,
  getAddress,
  keccak256,
  parseEther,
  type Abi,
  type Address,
  type Hash,
} from 'viem'
import { localContractsIII as local } from '../config/contractsIII.ts'
import {
  activateTeamLevels,
  beforeUsualUsdtOrder,
  deployTeam,
  fomoPools,
  steadyPools,
} from '../test/helpers/gasCases.ts'
import { CALL_OPS, callTotalGas, stackAddress, traceSteps, type TraceStep } from '../test/helpers/trace.ts'

// --- slot names from the compiler's storage layouts ---------------------------------------------------------------

type LayoutType = {
  encoding: string
  label: string
  numberOfBytes: string
  key?: string
  value?: string
  base?: string
  members?: { label: string; slot: string; offset: number; type: string }[]
}
type Layout = {
  storage: { label: string; slot: string; offset: number; type: string }[]
  types: Record<string, LayoutType>
}

const artifacts = joinPath(import.meta.dirname, '..', 'artifacts')
function layoutOf(source: string, name: string): Layout | undefined {
  const dir = joinPath(artifacts, 'build-info')
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.output.json'))) {
    const { output } = JSON.parse(readFileSync(joinPath(dir, file), 'utf8')) as {
      output: { contracts?: Record<string, Record<string, { storageLayout?: Layout }>> }
    }
    const layout = output.contracts?.[`project/contracts/${source}`]?.[name]?.storageLayout
    if (layout) return layout
  }
  return undefined
}

const hex = (n: bigint) => `0x${n.toString(16).padStart(64, '0')}`
const mappingSlot = (keyType: string, key: bigint | Address, slot: bigint) =>
  BigInt(
    keccak256(
      encodeAbiParameters(
        [
          { type: keyType.startsWith('t_address') || keyType.startsWith('t_contract') ? 'address' : 'uint256' },
          { type: 'uint256' },
        ],
        [key as never, slot],
      ),
    ),
  )

/** slot -> field names sharing it, for `layout` with mapping keys taken from `addresses` and 0..`indexes`. */
function nameSlots(layout: Layout, addresses: Address[], indexes: number, into = new Map<string, string[]>()) {
  const add = (slot: bigint, name: string) => {
    const key = hex(slot)
    into.set(key, [...(into.get(key) ?? []), name])
  }
  const short = (a: Address) => `${a.slice(0, 6)}…${a.slice(-4)}`
  const walk = (typeName: string, slot: bigint, path: string, depth: number) => {
    const type = layout.types[typeName]
    if (!type || depth > 3) return add(slot, path)
    if (type.members) {
      for (const m of type.members) walk(m.type, slot + BigInt(m.slot), `${path}.${m.label}`, depth)
      return
    }
    if (type.encoding === 'mapping' && type.key && type.value) {
      const keys: (bigint | Address)[] =
        type.key.startsWith('t_address') || type.key.startsWith('t_contract')
          ? addresses
          : Array.from({ length: indexes + 1 }, (_, i) => BigInt(i))
      for (const k of keys) {
        const label = typeof k === 'bigint' ? String(k) : short(k)
        walk(type.value, mappingSlot(type.key, k, slot), `${path}[${label}]`, depth + 1)
      }
      return
    }
    if (type.encoding === 'inplace' && type.base && typeName.startsWith('t_array')) {
      const base = layout.types[type.base]
      const words = Math.ceil(Number(type.numberOfBytes) / 32)
      const per = base ? Math.max(1, Math.floor(32 / Number(base.numberOfBytes))) : 1
      for (let w = 0; w < words; w++) add(slot + BigInt(w), `${path}[${w * per}..]`)
      return
    }
    add(slot, path)
  }
  for (const v of layout.storage) walk(v.type, BigInt(v.slot), v.label.replace(/^_s$/, ''), 0)
  // the same word named several times (packed fields): keep each name once
  for (const [k, v] of into) into.set(k, [...new Set(v)])
  return into
}

// --- the profile ---------------------------------------------------------------------------------------------------

const connection = await network.create()
const { networkHelpers } = connection
const { time } = networkHelpers

type System = Awaited<ReturnType<typeof steadyPools>>['s']

/** Contract names by address, ABIs for the events, slot names per storage address. */
function context(s: System, extra: Address[]) {
  const names = new Map<string, string>()
  for (const [name, c] of Object.entries(s)) {
    if (c && typeof c === 'object' && 'address' in c && typeof c.address === 'string')
      names.set(getAddress(c.address), name)
  }
  for (const [name, address] of Object.entries(s.addresses ?? {}))
    if (!names.has(getAddress(address as string))) names.set(getAddress(address as string), name)
  names.set(getAddress(s.fomoLib), 'FomoLib')
  const abis: Abi[] = []
  for (const c of [s.fomo, s.double, s.log, s.main, s.token, s.usdt, s.pair, s.oracle]) abis.push(c.abi as Abi)
  const accounts = [
    ...s.users.map((u) => u.account.address),
    s.deployer.account.address,
    ...extra,
    ...[...names.keys()].map((a) => a as Address),
  ]
  const slots = new Map<string, Map<string, string[]>>()
  const sources: [string, string, string][] = [
    ['fomo', 'Fomo.sol', 'Fomo'],
    ['superFomo', 'Fomo.sol', 'Fomo'],
    ['double', 'Double.sol', 'Double'],
    ['log', 'Log.sol', 'Log'],
    ['main', 'Main.sol', 'Main'],
  ]
  for (const [key, source, name] of sources) {
    const layout = layoutOf(source, name)
    const address = (s as unknown as Record<string, { address: Address }>)[key]?.address
    if (layout && address) slots.set(getAddress(address), nameSlots(layout, accounts, 64))
  }
  return { names, abis, slots }
}

async function profile(s: System, label: string, hash: Hash, extra: Address[] = []) {
  const { names, abis, slots } = context(s, extra)
  const nameOf = (a: string) => names.get(getAddress(a)) ?? a.slice(0, 10)
  const receipt = await s.publicClient.waitForTransactionReceipt({ hash })
  const { steps } = await traceSteps(s.publicClient, hash)
  const storage: string[] = [receipt.to as string]
  const lines: string[] = []
  const totals = { sstore: 0, sload: 0, news: 0, updates: 0, cold: 0, warm: 0, sstoreGas: 0, sloadGas: 0 }
  const seen = new Set<string>()
  const slotName = (address: string, word: string) => {
    const known = slots.get(getAddress(address))?.get(hex(BigInt(word)))
    return known ? known.join(' + ') : `slot ${word.length > 12 ? `${word.slice(0, 10)}…` : word}`
  }
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i] as TraceStep
    const d = step.depth - 1
    const indent = '  '.repeat(step.depth)
    if (step.op === 'SSTORE' || step.op === 'SLOAD') {
      const stack = step.stack ?? []
      const word = stack[stack.length - 1] ?? '0x0'
      const where = storage[d] as string
      const key = `${where}:${BigInt(word)}`
      const cost = step.gasCost
      if (step.op === 'SSTORE') {
        totals.sstore++
        totals.sstoreGas += cost
        if (cost >= 20_000) totals.news++
        else if (cost >= 2_900) totals.updates++
      } else {
        totals.sload++
        totals.sloadGas += cost
        if (cost >= 2_100) totals.cold++
        else totals.warm++
      }
      // warm reads (100) are listed once per slot, the rest each time
      if (step.op === 'SLOAD' && cost < 2_100 && seen.has(key)) continue
      seen.add(key)
      lines.push(`${indent}${step.op.padEnd(6)} ${String(cost).padStart(6)}  ${nameOf(where)} ${slotName(where, word)}`)
    } else if (CALL_OPS.has(step.op) && step.op !== 'CALLCODE') {
      const target = stackAddress(step, 1)
      storage[d + 1] = step.op === 'DELEGATECALL' ? (storage[d] as string) : target
      lines.push(`${indent}${step.op} ${nameOf(target)}: ${callTotalGas(steps, i)} gas`)
    }
  }
  console.log(`\n=== ${label}: ${receipt.gasUsed} gas ===`)
  console.log(
    `SSTORE ${totals.sstore} (${totals.news} new, ${totals.updates} updates, ${totals.sstoreGas} gas); ` +
      `SLOAD ${totals.sload} (${totals.cold} cold, ${totals.warm} warm, ${totals.sloadGas} gas)`,
  )
  for (const line of lines) console.log(line)
  console.log('events:')
  for (const log of receipt.logs) {
    let decoded = `${nameOf(log.address)} topic ${log.topics[0]?.slice(0, 10)}`
    for (const abi of abis) {
      try {
        const e = decodeEventLog({ abi, data: log.data, topics: log.topics })
        decoded = `${nameOf(log.address)} ${e.eventName}`
        break
      } catch {
        // another ABI
      }
    }
    console.log(`  ${decoded} (${log.topics.length} topics, ${(log.data.length - 2) / 2} bytes)`)
  }
}

// usual: as test/GasSnapshot.ts (after `updateUser`, the pool's first drip), erin's third USDT order and dave's third NEX order in each pool
{
  const { s, wallets } = await steadyPools(connection)
  const [, , , dave, erin] = wallets as [
    (typeof wallets)[0],
    (typeof wallets)[0],
    (typeof wallets)[0],
    (typeof wallets)[0],
    (typeof wallets)[0],
  ]
  await time.increase(Number(local.oracleWindow) + 1)
  for (const [pool, name, min] of fomoPools(s)) {
    await beforeUsualUsdtOrder(pool, erin, min)
    await profile(s, `${name}.burn (USDT), usual`, await pool.write.burn([1n, min, true], { account: erin.account }))
    await pool.write.burn([0n, 1n, min / 5n, false, 1n], { account: dave.account })
    await pool.write.burn([0n, 1n, min, false, 1n], { account: dave.account })
    await profile(
      s,
      `${name}.burn (NEX), usual`,
      await pool.write.burn([0n, 1n, min, false, 1n], { account: dave.account }),
    )
  }
}

if (process.env.PROFILE_WORST !== '0') {
  const team = await deployTeam(connection)
  const snapshot = await networkHelpers.takeSnapshot()
  const [buyer0, one, two] = team.buyers as [(typeof team.buyers)[0], (typeof team.buyers)[0], (typeof team.buyers)[0]]
  const extra = team.chain.map((w) => w.account.address)
  const cases: [string, (() => Promise<unknown>) | undefined, () => Promise<Hash>][] = [
    [
      "Fomo.burn (USDT), worst: a fresh pool's first order at userMax",
      undefined,
      () => team.s.fomo.write.burn([0n, 1n, local.fomo.userMax, true], { account: buyer0.account }),
    ],
    [
      "Fomo.burn (NEX), worst: a fresh pool's first order, the pair's first swap",
      undefined,
      () => team.s.fomo.write.burn([4n, 1n, parseEther('2000'), false, 1n], { account: buyer0.account }),
    ],
    [
      'Fomo.burn (USDT), worst: 8 active generations, first team rewards V1..V4',
      () => activateTeamLevels(team.s, team.chain),
      () => team.s.fomo.write.burn([0n, 1n, local.fomo.userMax, true], { account: buyer0.account }),
    ],
    [
      'Fomo.burn (NEX), worst: a new member settles the round',
      async () => {
        await team.s.fomo.write.burn([1n, 1n, parseEther('1000'), true], { account: one.account })
        await time.increase(Number(local.fomo.roundTime))
      },
      () => team.s.fomo.write.burn([4n, 1n, parseEther('2000'), false, 1n], { account: two.account }),
    ],
  ]
  for (const [label, prepare, send] of cases) {
    await snapshot.restore()
    await prepare?.()
    await time.increase(Number(local.oracleWindow) + 1)
    await profile(team.s, label, await send(), extra)
  }
}
