// What the expiry queue's packing (three entries to a word, `ExpiryQueue`) does to the usual orders of the gas table:
// a push writes a new word once in three, so consecutive orders of the table's usual Burn and FOM cases cost one of
// two figures. Runs the table's setups (test/helpers/gasCases.ts) as test/GasSnapshot.ts does, measures the table's
// usual order of each and the next two by the same account right after it (same day, same pool state but for the
// orders themselves), and prints their gas. Run: `npx hardhat run scripts/queueParityGas.ts` (prints; writes nothing).
import { network } from 'hardhat'
import type { Hash } from 'viem'
import { localContractsIII as local } from '../config/contractsIII.ts'
import {
  beforeUsualUsdtOrder,
  burnUnderActiveChain,
  fomoPools,
  GENERATIONS,
  steadyPools,
} from '../test/helpers/gasCases.ts'
import { alignToLogDay } from '../test/helpers/gasTable.ts'

const ORDERS = 3

async function gasOf(
  client: { waitForTransactionReceipt(args: { hash: Hash }): Promise<{ gasUsed: bigint }> },
  hash: Promise<Hash>,
) {
  return (await client.waitForTransactionReceipt({ hash: await hash })).gasUsed
}

async function nextDay(
  time: { increase(by: number): Promise<number>; latest(): Promise<number>; increaseTo(to: bigint): Promise<void> },
  log: { read: { dayTimes(): Promise<bigint> } },
) {
  await time.increase(Number(local.oracleWindow) + 1)
  await alignToLogDay(time, log)
}

const burnConnection = await network.create()
const chain = await burnUnderActiveChain(burnConnection, GENERATIONS)
const { burn, publicClient, log } = chain.s
const burnTime = burnConnection.networkHelpers.time
await nextDay(burnTime, log)
await burn.write.burn([chain.buyer, 1n, chain.unit, false], { account: chain.buyer }) // the table's worst
const burns: bigint[] = []
for (let i = 0; i < ORDERS; ++i) {
  burns.push(await gasOf(publicClient, burn.write.burn([chain.buyer, 1n, chain.unit, false], { account: chain.buyer })))
}
console.log(`Burn.burn (USDT), the table's usual order and the next ${ORDERS - 1}: ${burns.join(', ')}`)

const fomoConnection = await network.create()
const steady = await steadyPools(fomoConnection)
const f = steady.s
await nextDay(fomoConnection.networkHelpers.time, f.log)
const erin = steady.wallets[4]
if (!erin) throw new Error('steadyPools returned fewer than 5 wallets')
for (const [pool, name, min] of fomoPools(f)) {
  await beforeUsualUsdtOrder(pool, erin, min)
  const orders: bigint[] = []
  for (let i = 0; i < ORDERS; ++i) {
    orders.push(await gasOf(f.publicClient, pool.write.burn([1n, min, true], { account: erin.account })))
  }
  console.log(`${name}.burn (USDT), the table's usual order and the next ${ORDERS - 1}: ${orders.join(', ')}`)
}
