// Where the gas of Stake.deposit, Stake.claim and Mining.deposit goes (issue 20): runs the gas table's cases
// (test/GasSnapshot.ts, "Stake, Mining, Double") on a fresh local chain, traces each with debug_traceTransaction and
// lists the acting contract's storage accesses slot by slot (named where the slot is a known field or record:
// reads cold/warm, writes with their cost), then the calls it makes with the gas each used.
// Run: `npx hardhat run scripts/miningGasProfile.ts` (prints; writes nothing; `MINING_ONLY=1`: the Mining cases only).
import { network } from 'hardhat'
import { encodeAbiParameters, getAddress, keccak256, parseEther, toHex, type Address, type Hex } from 'viem'
import { localContractsIII as local } from '../config/contractsIII.ts'
import { deployContractsIIISystem } from '../test/InfoSystem.ts'
import { stakeMiningChain } from '../test/helpers/gasCases.ts'
import { callTotalGas, stackAddress, stepGas, traceSteps, type TraceStep } from '../test/helpers/trace.ts'

const connection = await network.create()
const { time } = connection.networkHelpers
const s = await deployContractsIIISystem(connection)
const [a, b, c, d, e] = s.users as (typeof s.users)[number][]
if (!a || !b || !c || !d || !e) throw new Error('five users needed')
const names = new Map<string, string>()
for (const [name, value] of Object.entries(s)) {
  const address = (value as { address?: unknown } | null)?.address
  if (typeof address === 'string' && address.length === 42) names.set(getAddress(address), name)
}
const nameOf = (address: string) => names.get(getAddress(address)) ?? address.slice(0, 10)
const people: [string, Address][] = [
  ['deployer', s.deployer.account.address],
  ['a', a.account.address],
  ['b', b.account.address],
  ['c', c.account.address],
  ['d', d.account.address],
  ['e', e.account.address],
]

// slot names: plain slots, and mapping records of the five users (and stake indexes)
const slotNames = new Map<bigint, string>()
const mapSlot = (key: Hex, base: bigint) =>
  BigInt(keccak256(encodeAbiParameters([{ type: 'bytes32' }, { type: 'uint256' }], [key, base])))
const addrKey = (address: Address) => toHex(BigInt(address), { size: 32 })
const uintKey = (n: bigint) => toHex(n, { size: 32 })
function record(name: string, base: bigint, words: number) {
  for (let w = 0; w < words; w++) slotNames.set(base + BigInt(w), words > 1 ? `${name}+${w}` : name)
}
const stakeSlots = [
  '_usdt',
  '_nex',
  '_main',
  '_log',
  '_oracle',
  '_config',
  '_config+1',
  '_totals',
  '_totals+1',
  '_totals+2',
  '_idos.length',
]
const miningSlots = ['_nex', '_main', '_log', 'settingsA', 'settingsB', 'emission', 'hot', 'minted', 'paid', 'counts']
function nameSlots(contract: 'stake' | 'mining') {
  slotNames.clear()
  const plain = contract === 'stake' ? stakeSlots : miningSlots
  plain.forEach((n, i) => slotNames.set(BigInt(i), n))
  if (contract === 'mining') for (let t = 0; t < 6; t++) slotNames.set(BigInt(10 + t), `tiers[${t}]`)
  for (const [who, address] of people) {
    if (contract === 'stake') {
      record(`_users[${who}]`, mapSlot(addrKey(address), 12n), 4)
      const pages = mapSlot(addrKey(address), 13n)
      for (let p = 0n; p < 4n; p++) slotNames.set(mapSlot(uintKey(p), pages), `_userStakes[${who}][${p}]`)
      slotNames.set(mapSlot(addrKey(address), 14n), `_whitelist[${who}]`)
    } else {
      record(`_users[${who}]`, mapSlot(addrKey(address), 18n), 5)
      const bodies = mapSlot(addrKey(address), 17n)
      for (let k = 0n; k < 8n; k++) slotNames.set(mapSlot(uintKey(k), bodies), `_bodies[${who}][${k}]`)
      slotNames.set(mapSlot(addrKey(address), 19n), `_invites[${who}].length`)
      slotNames.set(mapSlot(addrKey(address), 20n), `_indirects[${who}].length`)
    }
  }
  for (let i = 0n; i < 64n; i++) {
    if (contract === 'stake') record(`_stakes[${i}]`, mapSlot(uintKey(i), 11n), 4)
    else slotNames.set(mapSlot(uintKey(i), 16n), `_heads[${i}]`)
  }
  const idos = BigInt(keccak256(uintKey(10n)))
  if (contract === 'stake') for (let r = 0n; r < 3n; r++) record(`_idos[${r}]`, idos + r * 3n, 3)
  slotNames.set(0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbcn, 'ERC1967 implementation')
}
const slotName = (slot: bigint) => slotNames.get(slot) ?? `0x${slot.toString(16).slice(0, 10)}…`

async function profile(label: string, contract: 'stake' | 'mining', hash: Hex) {
  nameSlots(contract)
  const receipt = await s.publicClient.waitForTransactionReceipt({ hash })
  const { steps } = await traceSteps(s.publicClient, hash)
  const proxy = getAddress((contract === 'stake' ? s.stake : s.mining).address)
  const storage: string[] = [proxy]
  const rows = new Map<string, { reads: number; cold: number; writes: number; writeGas: number; readGas: number }>()
  const calls = new Map<string, number>()
  const order: string[] = []
  const ops = new Map<string, number>()
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i] as TraceStep
    const depth = step.depth - 1
    const stack = step.stack ?? []
    const at = (k: number) => BigInt(stack[stack.length - 1 - k] ?? '0')
    const mine = storage[depth] === proxy
    if (mine && (step.op === 'SLOAD' || step.op === 'SSTORE')) {
      const name = slotName(at(0))
      const row = rows.get(name) ?? { reads: 0, cold: 0, writes: 0, writeGas: 0, readGas: 0 }
      if (step.op === 'SLOAD') {
        row.reads++
        row.readGas += step.gasCost
        if (step.gasCost >= 2_100) row.cold++
      } else {
        row.writes++
        row.writeGas += step.gasCost
      }
      if (!rows.has(name)) order.push(name)
      rows.set(name, row)
    }
    if (mine && !['CALL', 'STATICCALL', 'DELEGATECALL', 'SLOAD', 'SSTORE'].includes(step.op)) {
      const cost = stepGas(steps, i)
      const key = step.op.startsWith('LOG')
        ? 'LOG*'
        : step.op.startsWith('PUSH') || step.op.startsWith('DUP') || step.op.startsWith('SWAP') || step.op === 'POP'
          ? 'stack'
          : step.op
      ops.set(key, (ops.get(key) ?? 0) + cost)
    }
    if (['CALL', 'STATICCALL', 'DELEGATECALL'].includes(step.op)) {
      const target = stackAddress(step, 1)
      storage[depth + 1] = step.op === 'DELEGATECALL' ? (storage[depth] as string) : target
      if (mine && step.op !== 'DELEGATECALL') {
        const used = callTotalGas(steps, i)
        calls.set(nameOf(target), (calls.get(nameOf(target)) ?? 0) + used)
      }
    }
  }
  console.log(`\n${label}: ${receipt.gasUsed} gas`)
  let reads = 0
  let writes = 0
  for (const name of order) {
    const r = rows.get(name)
    if (!r) continue
    reads += r.readGas
    writes += r.writeGas
    console.log(
      `  ${name.padEnd(34)} reads ${r.reads} (cold ${r.cold}) ${String(r.readGas).padStart(6)}  writes ${r.writes} ${String(r.writeGas).padStart(6)}`,
    )
  }
  console.log(`  storage: reads ${reads}, writes ${writes}`)
  const opTotal = [...ops.values()].reduce((x, y) => x + y, 0)
  console.log(
    `  code (not storage, not calls): ${opTotal}: ` +
      [...ops]
        .sort((x, y) => y[1] - x[1])
        .slice(0, 12)
        .map(([k, v]) => `${k} ${v}`)
        .join(', '),
  )
  for (const [name, gas] of [...calls].sort((x, y) => y[1] - x[1])) console.log(`  call ${name}: ${gas}`)
}

await stakeMiningChain(s, time)
const stakeAmount = local.stakeIdos[0]?.idoMin ?? parseEther('100')
if (!process.env.MINING_ONLY)
  await profile('Stake.deposit worst', 'stake', await s.stake.write.deposit([stakeAmount, 0n], { account: c.account }))
if (!process.env.MINING_ONLY)
  await profile('Stake.deposit usual', 'stake', await s.stake.write.deposit([stakeAmount, 0n], { account: c.account }))
const maxClaim = Number(await s.stake.read.MAX_CLAIM())
for (let i = 0; i < maxClaim; ++i) await s.stake.write.deposit([stakeAmount, 0n], { account: d.account })
await time.increase(Number(local.stake.addTime + local.stake.dayTimes))
if (!process.env.MINING_ONLY)
  await profile('Stake.claim usual', 'stake', await s.stake.write.claim({ account: c.account }))
if (!process.env.MINING_ONLY)
  await profile(`Stake.claim (${maxClaim} due)`, 'stake', await s.stake.write.claim({ account: d.account }))
const miningAmount = local.mining.userMin
await profile(
  'Mining.deposit worst',
  'mining',
  await s.mining.write.deposit([0n, miningAmount], { account: e.account }),
)
await time.increase(Number(local.mining.dayTimes))
await s.mining.write.deposit([0n, miningAmount], { account: e.account })
await time.increase(Number(local.mining.dayTimes))
await profile(
  'Mining.deposit usual',
  'mining',
  await s.mining.write.deposit([0n, miningAmount], { account: e.account }),
)
