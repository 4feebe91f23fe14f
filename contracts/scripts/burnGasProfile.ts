// Where an order's gas goes (issue 20): runs Burn.burn on a fresh local chain, usual (an account in an 8-deep chain
// whose members have all ordered before) and worst (the first order at the bottom of a fresh 25-deep chain, 8
// ancestors walked), traces each with debug_traceTransaction and sums the gas by kind: storage writes and reads (by
// contract whose storage it is), Log events, external calls' access costs, and the rest (computation, memory).
// Each of Burn's storage slots read or written is named from storage-layouts.json (a variable, a struct's word, or a
// mapping's entry for an account of the chain or an order index), with new / update / cold / warm.
// Run: `npx hardhat run scripts/burnGasProfile.ts` (prints a table; writes nothing).
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { network } from 'hardhat'
import { concat, getAddress, keccak256, pad, parseEther, toHex, type Address, type Hex } from 'viem'
import { deployContractsIISystem } from '../test/helpers/contractsII.ts'
import { CALL_OPS, callOwnGas, stackAddress, stepGas, traceSteps, type TraceStep } from '../test/helpers/trace.ts'

const connection = await network.create()
const { networkHelpers } = connection
const s = await deployContractsIISystem(connection)
const { burnEvery } = await s.burn.read.getConfig()
const names = new Map<string, string>()
for (const [name, c] of Object.entries(s)) {
  if (c && typeof c === 'object' && 'address' in c && typeof c.address === 'string')
    names.set(getAddress(c.address), name)
}
for (const [name, address] of Object.entries(s.addresses)) names.set(getAddress(address), name)
const nameOf = (a: string) => names.get(getAddress(a)) ?? a.slice(0, 10)

// Burn's slots by name: the variables of storage-layouts.json, the words of its structs, and the entries of its
// mappings for the accounts below and order indexes up to 300 (a struct entry's words as `+k`)
type Entry = { label: string; slot: string; type: string }
const layout = (
  JSON.parse(readFileSync(join(import.meta.dirname, '..', 'storage-layouts.json'), 'utf8')) as Record<string, Entry[]>
).Burn as Entry[]
const WORDS: Record<string, number> = { _settings: 2, _multi: 4, _addresses: 9, _sums: 7, _team: 2, _expiries: 2 }
const slotNames = new Map<string, string>()
const word = (slot: bigint) => pad(toHex(slot), { size: 32 })
for (const e of layout) {
  const base = BigInt(e.slot)
  if (e.type.startsWith('t_mapping')) continue
  for (let k = 0; k < (WORDS[e.label] ?? 1); k++) slotNames.set(word(base + BigInt(k)), k ? `${e.label}+${k}` : e.label)
}
// mapping bases: by account (with the words of its struct), by order index, nested by account then position
const byAccount: [string, bigint, number][] = [
  ['_users', 17n, 5],
  ['_active', 31n, 1],
  ['_team.members', 27n, 1],
]
const entry = (key: Hex, base: bigint) => BigInt(keccak256(concat([pad(key, { size: 32 }), word(base)])))
function nameAccount(account: Address, label: string) {
  for (const [name, base, words] of byAccount)
    for (let k = 0; k < words; k++) slotNames.set(word(entry(account, base) + BigInt(k)), `${name}[${label}]+${k}`)
  for (const [name, base] of [
    ['_invites', 18n],
    ['_userOrders', 19n],
  ] as const) {
    const inner = entry(account, base)
    for (let i = 0n; i < 4n; i++) slotNames.set(word(entry(toHex(i), inner)), `${name}[${label}][${i}]`)
  }
}
for (let i = 1n; i <= 300n; i++) {
  for (let k = 0n; k < 4n; k++) slotNames.set(word(entry(toHex(i), 16n) + k), `_orders[${i}]+${k}`)
  slotNames.set(word(entry(toHex(i), 30n)), `_expiries.nodes[${i}]`)
}
slotNames.set('0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc', 'ERC-1967 implementation (proxy)')
const slotName = (key: string) => slotNames.get(pad(key as Hex, { size: 32 })) ?? `slot ${key.slice(0, 12)}`

async function member(i: number, referrer: Address) {
  const account = getAddress(`0x${(0xb0e0000 + i).toString(16).padStart(40, '0')}`)
  await networkHelpers.impersonateAccount(account)
  await networkHelpers.setBalance(account, parseEther('10'))
  await s.usdt.write.mint([account, parseEther('100000')])
  await s.usdt.write.approve([s.burn.address, 2n ** 255n], { account })
  await s.main.write.register([referrer], { account })
  nameAccount(account, `member ${i}`)
  return account
}

async function profile(label: string, hash: Hex) {
  const receipt = await s.publicClient.waitForTransactionReceipt({ hash })
  const { steps } = await traceSteps(s.publicClient, hash)
  const rows = new Map<string, number>()
  const add = (key: string, gas: number) => rows.set(key, (rows.get(key) ?? 0) + gas)
  const slots = new Map<string, number>()
  const addSlot = (key: string, gas: number) => slots.set(key, (slots.get(key) ?? 0) + gas)
  // storage context per depth (DELEGATECALL keeps the caller's), code per depth
  const storage: string[] = [s.burn.address]
  const code: string[] = [s.burn.address]
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i] as TraceStep
    const d = step.depth - 1
    const inBurn = getAddress(storage[d] as string) === getAddress(s.burn.address)
    const key = step.stack?.at(-1) ?? '0x0'
    if (step.op === 'SSTORE') {
      add(`SSTORE ${nameOf(storage[d] as string)}`, step.gasCost)
      const kind = step.gasCost >= 20_000 ? 'new' : step.gasCost >= 2_900 ? 'update' : 'warm'
      if (inBurn) addSlot(`SSTORE ${kind} ${slotName(key)}`, step.gasCost)
    } else if (step.op === 'SLOAD') {
      add(`SLOAD ${nameOf(storage[d] as string)}`, step.gasCost)
      if (inBurn && step.gasCost >= 2_100) addSlot(`SLOAD cold ${slotName(key)}`, step.gasCost)
    } else if (step.op.startsWith('LOG')) add(`LOG (events) in ${nameOf(storage[d] as string)}`, step.gasCost)
    else if (CALL_OPS.has(step.op) && step.op !== 'CALLCODE') {
      const target = stackAddress(step, 1).toLowerCase()
      storage[d + 1] = step.op === 'DELEGATECALL' ? (storage[d] as string) : target
      code[d + 1] = target
      // the call's own cost (access, value, memory expansion): the gas it took less what the callee used
      add(`${step.op} (access, value) to ${nameOf(target)}`, Math.max(callOwnGas(steps, i), 0))
    } else add(`compute in ${nameOf(code[d] as string)}`, Math.max(stepGas(steps, i), 0))
  }
  const intrinsic =
    Number(receipt.gasUsed) - (steps[0]?.gas ?? 0) + ((steps.at(-1)?.gas ?? 0) - (steps.at(-1)?.gasCost ?? 0))
  console.log(`\n${label}: ${receipt.gasUsed} gas (21,000 + calldata + refund: ${intrinsic})`)
  for (const [key, gas] of [...rows].sort((a, b) => b[1] - a[1])) {
    if (gas >= 1_000) console.log(`  ${String(gas).padStart(8)}  ${key}`)
  }
  console.log("  Burn's slots (writes: new, update, warm; cold reads):")
  for (const [key, gas] of [...slots].sort((a, b) => b[1] - a[1])) console.log(`  ${String(gas).padStart(8)}  ${key}`)
}

// usual: a chain of 9; everyone orders once, then the bottom one orders again (every record exists)
let previous: Address = s.deployer.account.address
const chain: Address[] = []
for (let i = 0; i < 9; i++) chain.push((previous = await member(i, previous)))
for (const account of chain) await s.burn.write.burn([account, 1n, burnEvery, false], { account })
const bottom = chain.at(-1) as Address
await profile(
  'usual (8 ancestors with orders, second order)',
  await s.burn.write.burn([bottom, 1n, burnEvery, false], { account: bottom }),
)
// worst: first order at the bottom of a fresh 25-deep chain
previous = s.deployer.account.address
for (let i = 100; i < 125; i++) previous = await member(i, previous)
await profile(
  'worst (fresh 25-deep chain, first order)',
  await s.burn.write.burn([previous, 1n, burnEvery, false], { account: previous }),
)
