// Where an order's gas goes (issue 20): runs Burn.burn on a fresh local chain, usual (an account in an 8-deep chain
// whose members have all ordered before) and worst (the first order at the bottom of a fresh 25-deep chain, 8
// ancestors walked), traces each with debug_traceTransaction and sums the gas by kind: storage writes and reads (by
// contract whose storage it is), Log events, external calls' access costs, and the rest (computation, memory).
// Run: `npx hardhat run scripts/burnGasProfile.ts` (prints a table; writes nothing).
import { network } from 'hardhat'
import { getAddress, parseEther, type Address, type Hex } from 'viem'
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

async function member(i: number, referrer: Address) {
  const account = getAddress(`0x${(0xb0e0000 + i).toString(16).padStart(40, '0')}`)
  await networkHelpers.impersonateAccount(account)
  await networkHelpers.setBalance(account, parseEther('10'))
  await s.usdt.write.mint([account, parseEther('100000')])
  await s.usdt.write.approve([s.burn.address, 2n ** 255n], { account })
  await s.main.write.register([referrer], { account })
  return account
}

async function profile(label: string, hash: Hex) {
  const receipt = await s.publicClient.waitForTransactionReceipt({ hash })
  const { steps } = await traceSteps(s.publicClient, hash)
  const rows = new Map<string, number>()
  const add = (key: string, gas: number) => rows.set(key, (rows.get(key) ?? 0) + gas)
  // storage context per depth (DELEGATECALL keeps the caller's), code per depth
  const storage: string[] = [s.burn.address]
  const code: string[] = [s.burn.address]
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i] as TraceStep
    const d = step.depth - 1
    if (step.op === 'SSTORE') add(`SSTORE ${nameOf(storage[d] as string)}`, step.gasCost)
    else if (step.op === 'SLOAD') add(`SLOAD ${nameOf(storage[d] as string)}`, step.gasCost)
    else if (step.op.startsWith('LOG')) add(`LOG (events) in ${nameOf(storage[d] as string)}`, step.gasCost)
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
