// Where the Double share of a FOM order goes: runs the usual Fomo.burn (USDT) of the gas table (test/GasSnapshot.ts,
// "Burn, Fomo": an account of `steadyPools` whose third order is measured) and the worst (a fresh system's first FOM
// order: Double's first record ever and the buyer's first, as in the table's team cases, whose team does not change
// what Double does), traces each with debug_traceTransaction and lists, for the pool's payment to Double (the USDT
// call just before Double's) and Double's call: every storage access slot by slot (named from storage-layouts.json:
// plain fields, mapping records of the accounts involved, records by index), every call with the gas it used, every
// event; then the totals by kind.
// Run: `npx hardhat run scripts/doubleGasProfile.ts` (prints; writes nothing; `DOUBLE_USUAL_ONLY=1`: the usual case only).
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { network } from 'hardhat'
import { encodeAbiParameters, getAddress, keccak256, toHex, type Address, type Hex } from 'viem'
import { localContractsIII as local } from '../config/contractsIII.ts'
import { deployContractsIIISystem, join as joinPools } from '../test/InfoSystem.ts'
import { steadyPools } from '../test/helpers/gasCases.ts'
import {
  CALL_OPS,
  callEnd,
  callTotalGas,
  stackAddress,
  stepGas,
  traceSteps,
  type TraceStep,
} from '../test/helpers/trace.ts'

type Entry = { label: string; slot: string; type: string }
const layout = (
  JSON.parse(readFileSync(join(import.meta.dirname, '..', 'storage-layouts.json'), 'utf8')) as Record<string, Entry[]>
).Double as Entry[]

const word = (n: bigint) => toHex(n, { size: 32 })
const mapSlot = (key: Hex, base: bigint) =>
  BigInt(keccak256(encodeAbiParameters([{ type: 'bytes32' }, { type: 'uint256' }], [key, base])))

/** Names Double's slots: plain fields, records of `accounts` in its mappings, entries 0..255 of uint mappings and arrays. */
function slotNames(accounts: [string, Address][]) {
  const names = new Map<bigint, string>()
  const fields = (name: string, base: bigint, words = 4) => {
    for (let w = 0; w < words; w++) if (!names.has(base + BigInt(w))) names.set(base + BigInt(w), `${name}+${w}`)
  }
  layout.forEach(({ label, slot, type }, k) => {
    const base = BigInt(slot)
    // a plain field spans the slots up to the next one's
    const next = layout[k + 1]
    fields(label, base, next ? Number(BigInt(next.slot) - base) || 1 : type.startsWith('t_struct') ? 4 : 1)
    if (type.startsWith('t_mapping(t_address,t_mapping')) {
      for (const [who, address] of accounts) {
        const inner = mapSlot(word(BigInt(address)), base)
        for (let p = 0n; p < 16n; p++) names.set(mapSlot(word(p), inner), `${label}[${who}][${p}]`)
      }
    } else if (type.startsWith('t_mapping(t_address')) {
      for (const [who, address] of accounts) fields(`${label}[${who}]`, mapSlot(word(BigInt(address)), base))
    } else if (type.startsWith('t_mapping(t_uint')) {
      for (let i = 0n; i < 256n; i++) fields(`${label}[${i}]`, mapSlot(word(i), base))
    } else if (type.startsWith('t_array')) {
      names.set(base, `${label}.length`)
      const start = BigInt(keccak256(word(base)))
      const size = /RecordData/.test(type) ? 2n : 1n
      for (let i = 0n; i < 256n; i++) fields(`${label}[${i}]`, start + i * size, Number(size))
    }
  })
  return names
}

async function profile(
  s: Awaited<ReturnType<typeof deployContractsIIISystem>>,
  label: string,
  hash: Hex,
  accounts: [string, Address][],
) {
  const names = new Map<string, string>()
  for (const [name, value] of Object.entries(s)) {
    const address = (value as { address?: unknown } | null)?.address
    if (typeof address === 'string' && address.length === 42) names.set(getAddress(address), name)
  }
  const nameOf = (address: string) => names.get(getAddress(address)) ?? address.slice(0, 10)
  const slots = slotNames(accounts)
  const receipt = await s.publicClient.waitForTransactionReceipt({ hash })
  const { steps } = await traceSteps(s.publicClient, hash)
  // the storage context of each depth (a DELEGATECALL keeps its caller's)
  const storage: string[] = []
  const double = getAddress(s.double.address)
  let payment = -1
  let lastUsdtCall = -1
  let doubleCall = -1
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i] as TraceStep
    if (!CALL_OPS.has(step.op)) continue
    const target = stackAddress(step, 1)
    if (target === getAddress(s.usdt.address) && step.op === 'CALL' && doubleCall < 0) lastUsdtCall = i
    if (target === double && step.op === 'CALL') {
      doubleCall = i
      payment = lastUsdtCall
      break
    }
  }
  if (doubleCall < 0) throw new Error('no call to Double')
  console.log(`\n${label}: the order ${receipt.gasUsed} gas`)
  const totals = new Map<string, number>()
  const add = (key: string, gas: number) => totals.set(key, (totals.get(key) ?? 0) + gas)
  for (const [title, at] of [
    ['the pool pays Double (the USDT call before Double is called)', payment],
    ['Double', doubleCall],
  ] as const) {
    if (at < 0) continue
    const first = steps[at] as TraceStep
    const total = callTotalGas(steps, at)
    console.log(`  ${title}: ${total} gas`)
    add(`call ${title}`, total)
    storage.length = 0
    storage[first.depth] = stackAddress(first, 1)
    const end = callEnd(steps, at)
    for (let i = at + 1; i < end; i++) {
      const step = steps[i] as TraceStep
      const where = nameOf(storage[step.depth - 1] ?? '0x0000000000000000000000000000000000000000')
      if (CALL_OPS.has(step.op)) {
        const target = stackAddress(step, 1)
        storage[step.depth] = step.op === 'DELEGATECALL' ? (storage[step.depth - 1] as string) : target
        const used = callTotalGas(steps, i)
        console.log(`    ${step.op.padEnd(12)} ${String(used).padStart(6)}  ${where} -> ${nameOf(target)}`)
      } else if (step.op === 'SLOAD' || step.op === 'SSTORE') {
        const stack = step.stack ?? []
        const key = BigInt(stack[stack.length - 1] ?? '0')
        const value = step.op === 'SSTORE' ? ` = ${BigInt(stack[stack.length - 2] ?? '0').toString(16)}` : ''
        const slot = where === 'double' ? (slots.get(key) ?? `0x${key.toString(16).slice(0, 12)}…`) : '(token)'
        if (step.gasCost >= 2_000 || step.op === 'SSTORE')
          console.log(`    ${step.op.padEnd(12)} ${String(step.gasCost).padStart(6)}  ${where} ${slot}${value}`)
        add(`${step.op} ${where}${step.gasCost >= 2_100 && step.op === 'SLOAD' ? ' (cold)' : ''}`, step.gasCost)
      } else if (step.op.startsWith('LOG')) {
        console.log(`    ${step.op.padEnd(12)} ${String(step.gasCost).padStart(6)}  event of ${where}`)
        add(`events of ${where}`, step.gasCost)
      } else add(`code of ${where}`, Math.max(stepGas(steps, i), 0))
    }
  }
  console.log('  by kind:')
  for (const [key, gas] of [...totals].sort((a, b) => b[1] - a[1]))
    console.log(`    ${String(gas).padStart(8)}  ${key}`)
}

// usual: the gas table's case (test/GasSnapshot.ts): erin's third FOM order in USDT, after an order below roundMin
{
  const connection = await network.create()
  const steady = await steadyPools(connection)
  const { s } = steady
  const erin = steady.wallets[4] as (typeof steady.wallets)[number]
  const min = local.fomo.roundMin
  await s.fomo.write.burn([1n, min / 10n, true], { account: erin.account })
  await s.fomo.write.burn([1n, min, true], { account: erin.account })
  const accounts: [string, Address][] = [
    ['erin', erin.account.address],
    ['fomo', s.fomo.address],
  ]
  await profile(
    s,
    'usual Fomo.burn (USDT): an account that has ordered before',
    await s.fomo.write.burn([1n, min, true], { account: erin.account }),
    accounts,
  )
}
// worst: the first FOM order of a fresh system (Double's first record ever, the buyer's first)
if (process.env.DOUBLE_USUAL_ONLY !== '1') {
  const connection = await network.create()
  const s = await deployContractsIIISystem(connection)
  const buyer = s.users[0] as (typeof s.users)[number]
  await joinPools(s, buyer, s.deployer.account.address, { usdt: local.fomo.userMax * 2n })
  await profile(
    s,
    "worst Fomo.burn (USDT): a fresh pool's first order at userMax",
    await s.fomo.write.burn([0n, 1n, local.fomo.userMax, true], { account: buyer.account }),
    [
      ['buyer', buyer.account.address],
      ['fomo', s.fomo.address],
    ],
  )
}
