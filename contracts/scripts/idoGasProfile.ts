// Where an Ido mint's, a BNB purchase's and an Nft transfer's gas goes: runs the cases of test/GasSnapshot.ts's
// "Ido, Nft" part in its order on a fresh local chain (the usual NEX and BNB purchases a full oracle window after
// the first ones), traces each with debug_traceTransaction and sums the gas by kind: storage writes and reads (by
// the contract whose storage it is, with their count), events, calls' access costs and the rest (computation,
// memory) by the contract whose code runs. With PROFILE_SLOTS=1 it also lists, in order, each cold slot read and
// each write by name (the variable of storage-layouts.json, a mapping's key by account or index, a struct's word)
// and each call with the gas it took in all.
// Run: `npx hardhat run scripts/idoGasProfile.ts` (prints a table; writes nothing); PROFILE_ONLY=BNB for one case.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { network } from 'hardhat'
import { encodeAbiParameters, getAddress, keccak256, parseEther, toHex, type Hex } from 'viem'
import { deployContractsIISystem } from '../test/helpers/contractsII.ts'
import { idoChain } from '../test/helpers/gasCases.ts'
import { localContractsII } from '../config/contractsII.ts'
import {
  CALL_OPS,
  callOwnGas,
  callTotalGas,
  stackAddress,
  stepGas,
  traceSteps,
  type TraceStep,
} from '../test/helpers/trace.ts'

const connection = await network.create()
const { networkHelpers } = connection
const s = await deployContractsIISystem(connection)
const names = new Map<string, string>()
for (const [name, c] of Object.entries(s)) {
  if (c && typeof c === 'object' && 'address' in c && typeof c.address === 'string')
    names.set(getAddress(c.address), name)
}
for (const [name, address] of Object.entries((s as { addresses?: Record<string, string> }).addresses ?? {}))
  names.set(getAddress(address), name)
const nameOf = (a: string) => names.get(getAddress(a)) ?? a.slice(0, 10)

// slot names: each contract's variables (storage-layouts.json), mappings keyed by a known account or a small index
// (one or two levels), a struct's words after its first (`+1`, ...), and the proxies' and OpenZeppelin's slots
type Layout = { label: string; slot: string; type: string }[]
const layouts = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'storage-layouts.json'), 'utf8')) as Record<
  string,
  Layout
>
const slotNames = new Map<string, string>()
const word = (n: bigint | string) => toHex(BigInt(n), { size: 32 })
const keyName = (k: string) => names.get(getAddress(k)) ?? k.slice(0, 10)
const at = (key: Hex | bigint, slot: bigint | Hex, type: 'address' | 'uint256') =>
  keccak256(encodeAbiParameters([{ type }, { type: 'uint256' }], [key as never, BigInt(slot)]))
const addressKeys = [...names.keys()]
const indexKeys = [0n, 1n, 2n, 3n, 4n, 5n]
function nameWords(base: bigint | Hex, label: string, words = 6) {
  for (let i = 0; i < words; i++) slotNames.set(word(BigInt(base) + BigInt(i)), i ? `${label}+${i}` : label)
}
function nameMapping(base: bigint | Hex, label: string, type: string) {
  const keyType = type.startsWith('t_mapping(t_address') ? 'address' : 'uint256'
  const keys = keyType === 'address' ? addressKeys : indexKeys
  const inner = type.slice(type.indexOf(',') + 1)
  for (const key of keys) {
    const slot = at(key as never, base, keyType)
    const sub = `${label}[${typeof key === 'bigint' ? key : keyName(key)}]`
    if (inner.startsWith('t_mapping(')) nameMapping(slot, sub, inner)
    else nameWords(slot, sub)
  }
}
for (const [contract, layout] of Object.entries(layouts)) {
  for (const v of layout) {
    const label = `${contract}.${v.label}`
    if (v.type.startsWith('t_mapping(')) nameMapping(BigInt(v.slot), label, v.type)
    else if (!slotNames.has(word(v.slot))) nameWords(BigInt(v.slot), label, v.type.startsWith('t_struct') ? 12 : 1)
  }
}
const known: Record<string, string> = {
  '0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc': 'proxy implementation (ERC-1967)',
  '0x9b779b17422d0df92223018b32b4d1fa46e071723d6817e2486d003becc55f00': 'ReentrancyGuard status',
  '0xcd5ed15c6e187e77e9aee88184c21f4f2182ab5827cb3b7e07fbedcd63f03300': 'Pausable paused',
  '0x9016d09d72d40fdae2fd8ceac6b6234c7706214fd39c1cd1e609a0528c199300': 'Ownable owner',
}
for (const [slot, label] of Object.entries(known)) slotNames.set(slot, label)
// ERC-1155 balances (OpenZeppelin upgradeable: the namespace's first slot) of each account, for ids 0..5
const erc1155 = BigInt('0x88be536d5240c274a3b1d3a1be54482fd9caa294f08c62a7cde569f49a3c4500')
for (const id of indexKeys)
  for (const account of addressKeys)
    slotNames.set(
      at(account as Hex, at(id, erc1155, 'uint256'), 'address'),
      `ERC1155 balance[${id}][${keyName(account)}]`,
    )
// contracts deployed without a layout in the file (stand-ins, oracles): their first slots by number
const slotName = (where: string, slot: string) => {
  const named = slotNames.get(word(slot))
  if (named && (named.startsWith(`${where}.`) || !/^[A-Z]/.test(named) || named.includes(' '))) return named
  if (named && layouts[where] === undefined) return `${where} ${named.replace(/^\w+\./, '')}?`
  return BigInt(slot) < 64n ? `${where} slot ${BigInt(slot)}` : `${where} ${slot.slice(0, 12)}`
}

async function profile(label: string, hash: Hex) {
  const receipt = await s.publicClient.waitForTransactionReceipt({ hash })
  const tx = await s.publicClient.getTransaction({ hash })
  const { steps } = await traceSteps(s.publicClient, hash)
  const rows = new Map<string, [number, number]>()
  const add = (key: string, gas: number) => {
    const row = rows.get(key) ?? [0, 0]
    rows.set(key, [row[0] + gas, row[1] + 1])
  }
  const to = tx.to as string
  const storage: string[] = [to]
  const code: string[] = [to]
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i] as TraceStep
    const d = step.depth - 1
    const stack = step.stack ?? []
    const where = nameOf(storage[d] as string)
    if (process.env.PROFILE_SLOTS && (step.op === 'SSTORE' || (step.op === 'SLOAD' && step.gasCost >= 2_100)))
      console.log(
        `    ${step.op.padEnd(6)} ${String(step.gasCost).padStart(6)}  ${where}: ${slotName(where, stack[stack.length - 1] ?? '0')}`,
      )
    if (process.env.PROFILE_SLOTS && CALL_OPS.has(step.op))
      console.log(
        `  ${step.op} ${nameOf(code[d] as string)} -> ${nameOf(stackAddress(step, 1))} ${callTotalGas(steps, i)} gas in all`,
      )
    if (step.op === 'SSTORE') {
      const kind =
        step.gasCost >= 20_000
          ? 'new'
          : step.gasCost >= 5_000
            ? 'cold update'
            : step.gasCost >= 2_900
              ? 'update'
              : 'dirty'
      add(`SSTORE ${kind} ${where}`, step.gasCost)
    } else if (step.op === 'SLOAD') add(`SLOAD ${step.gasCost >= 2_100 ? 'cold' : 'warm'} ${where}`, step.gasCost)
    else if (step.op.startsWith('LOG')) add(`LOG in ${where}`, step.gasCost)
    else if (CALL_OPS.has(step.op) && step.op !== 'CALLCODE') {
      const target = stackAddress(step, 1).toLowerCase()
      storage[d + 1] = step.op === 'DELEGATECALL' ? (storage[d] as string) : target
      code[d + 1] = target
      add(`${step.op} to ${nameOf(target)} from ${nameOf(code[d] as string)}`, Math.max(callOwnGas(steps, i), 0))
    } else add(`compute in ${nameOf(code[d] as string)}`, Math.max(stepGas(steps, i), 0))
  }
  console.log(`\n${label}: ${receipt.gasUsed} gas (limit-left ${steps[0]?.gas})`)
  for (const [key, [gas, n]] of [...rows].sort((a, b) => b[1][0] - a[1][0])) {
    if (gas >= 500) console.log(`  ${String(gas).padStart(8)} ${String(n).padStart(5)}x  ${key}`)
  }
}

const { ido, nft, usdt } = s
const [a, b, c] = s.users as [(typeof s.users)[number], (typeof s.users)[number], (typeof s.users)[number]]
await idoChain(s, networkHelpers.time)
const only = process.env.PROFILE_ONLY
const run = async (label: string, hash: Promise<Hex>) => {
  const sent = await hash
  if (!only || label.includes(only)) await profile(label, sent)
}
await run('Ido.mint (USDT) worst', ido.write.mint([1n, true], { account: c.account }))
await run('Ido.mint (USDT) usual', ido.write.mint([1n, true], { account: c.account }))
await run('Ido.mint (NEX) worst', ido.write.mint([1n, false], { account: c.account }))
await run('Ido.ido (BNB) worst', ido.write.ido([1n], { account: c.account, value: parseEther('0.2') }))
// the table's usual NEX and BNB purchases: a full oracle window later, in the same Log day (the TWAP updated)
await networkHelpers.time.increase(Number(localContractsII.oracleWindow))
await run('Ido.mint (NEX) usual', ido.write.mint([1n, false], { account: c.account }))
await run('Ido.ido (BNB) usual', ido.write.ido([1n], { account: c.account, value: parseEther('0.2') }))
if (process.env.PROFILE_WINDOW) {
  // a NEX purchase inside the oracle window (the TWAP is read, not updated), then one a window later (updated)
  await run('Ido.mint (NEX) inside the window', ido.write.mint([1n, false], { account: c.account }))
  await networkHelpers.time.increase(300)
  await run('Ido.mint (NEX) a window later', ido.write.mint([1n, false], { account: c.account }))
}
await nft.write.mint([c.account.address, 1n, 11n])
await ido.write.hecheng({ account: c.account })
await networkHelpers.time.increase(Number(3600))
await ido.write.claim({ account: c.account })
await run('Ido.burn (USDT)', ido.write.burn([1n, false], { account: a.account }))
await nft.write.mint([a.account.address, 1n, 5n])
await usdt.write.mint([nft.address, parseEther('10')])
await run(
  'Nft.safeTransferFrom',
  nft.write.safeTransferFrom([a.account.address, b.account.address, 1n, 2n, '0x'], { account: a.account }),
)
