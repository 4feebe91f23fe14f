// Where an Ido mint's, a BNB purchase's and an Nft transfer's gas goes (issue 20): runs the cases of
// test/GasSnapshot.ts's "Ido and Nft" part on a fresh local chain, traces each with debug_traceTransaction and sums
// the gas by kind: storage writes and reads (by the contract whose storage it is, with their count), events, calls'
// access costs and the rest (computation, memory) by the contract whose code runs.
// Run: `npx hardhat run scripts/idoGasProfile.ts` (prints a table; writes nothing).
import { network } from 'hardhat'
import { getAddress, parseEther, type Hex } from 'viem'
import { deployContractsIISystem } from '../test/helpers/contractsII.ts'
import { idoChain } from '../test/helpers/gasCases.ts'
import { CALL_OPS, callOwnGas, stackAddress, stepGas, traceSteps, type TraceStep } from '../test/helpers/trace.ts'

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
    if (process.env.PROFILE_SLOTS && (step.op === 'SLOAD' || step.op === 'SSTORE') && step.gasCost >= 2_100)
      console.log(`    ${step.op} ${step.gasCost} ${where} ${stack[stack.length - 1]}`)
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
