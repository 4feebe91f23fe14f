// What a long run of usual orders costs, order by order: the gas table measures one usual order per row, but an
// account's next orders do not all cost the same. Some write a new storage word (about 17,100 gas more than an
// update) that the others only update:
// - the expiry queue: three entries to a word, so one push in three starts a word (`ExpiryQueue`);
// - an account's FOM order list: the first order in its record, then eight to a page (`FomoLib._pushOrder`);
// - an account's Double records: the same paging (`Double`), and every FOM order opens a Double record;
// - Burn's order list and queue likewise.
// And an order that lifts an ancestor to a team level pays one more credit from then on.
// Runs the table's setups (test/helpers/gasCases.ts) as test/GasSnapshot.ts does, measures the table's usual order of
// each row and the next ones by the same account in the same day (ORDERS in all, 24 by default: three pages of eight,
// eight queue words), counts the new words each wrote (any contract: an SSTORE of 20,000 gas or more in its trace),
// and prints each order, the least and the dearest, and how many are over the row's usual target.
// Run: `npx hardhat run scripts/steadyOrdersGas.ts` (prints; writes nothing).
import { network } from 'hardhat'
import type { Hash } from 'viem'
import { localContractsIII as local } from '../config/contractsIII.ts'
import {
  beforeUsualUsdtOrder,
  burnUnderActiveChain,
  deepenMarket,
  fomoPools,
  GENERATIONS,
  steadyPools,
} from '../test/helpers/gasCases.ts'
import { alignToLogDay, targetsOf } from '../test/helpers/gasTable.ts'
import { traceSteps } from '../test/helpers/trace.ts'

const ORDERS = Number(process.env.ORDERS ?? 24)
if (!Number.isInteger(ORDERS) || ORDERS < 1) throw new Error(`ORDERS must be a positive integer, not ${ORDERS}`)

type Client = Parameters<typeof traceSteps>[0] & {
  waitForTransactionReceipt(args: { hash: Hash }): Promise<{ gasUsed: bigint; status: string }>
}

/** The gas of `hash` and the new storage words it wrote, in every contract it touched. */
async function measure(client: Client, hash: Promise<Hash>) {
  const sent = await hash
  const receipt = await client.waitForTransactionReceipt({ hash: sent })
  if (receipt.status !== 'success') throw new Error(`order ${sent} reverted`)
  const { steps } = await traceSteps(client, sent)
  const words = steps.filter((step) => step.op === 'SSTORE' && step.gasCost >= 20_000).length
  return { gas: Number(receipt.gasUsed), words }
}

/** Measures `count` orders sent by `send` and prints them (gas, and "+n" for n new words) with a summary. */
async function run(action: string, client: Client, send: () => Promise<Hash>, count = ORDERS) {
  const orders: { gas: number; words: number }[] = []
  for (let i = 0; i < count; ++i) orders.push(await measure(client, send()))
  const gas = orders.map((order) => order.gas)
  const least = Math.min(...gas)
  const dearest = Math.max(...gas)
  const target = targetsOf(action).usual
  const over = gas.filter((g) => g >= target).length
  const fmt = (n: number) => n.toLocaleString('en-US')
  console.log(`\n${action}: the table's usual order and the next ${count - 1}`)
  console.log(`  ${orders.map((o) => `${fmt(o.gas)}${o.words ? ` (+${o.words})` : ''}`).join(', ')}`)
  console.log(
    `  least ${fmt(least)}, dearest ${fmt(dearest)} (+${fmt(dearest - least)}), ` +
      `${over} of ${count} at or over the usual target ${fmt(target)}`,
  )
}

async function nextDay(
  time: { increase(by: number): Promise<number>; latest(): Promise<number>; increaseTo(to: bigint): Promise<void> },
  log: { read: { dayTimes(): Promise<bigint> } },
) {
  await time.increase(Number(local.oracleWindow) + 1)
  await alignToLogDay(time, log)
}

// Burn: the buyer under `algebra` active generations; its first order (the table's worst), then its usual ones
{
  const connection = await network.create()
  const chain = await burnUnderActiveChain(connection, GENERATIONS)
  const { burn, publicClient, log, usdt } = chain.s
  await usdt.write.mint([chain.buyer, chain.unit * BigInt(ORDERS + 1)])
  await nextDay(connection.networkHelpers.time, log)
  await burn.write.burn([chain.buyer, 1n, chain.unit, false], { account: chain.buyer }) // the table's worst
  await run('Burn.burn (USDT)', publicClient, () =>
    burn.write.burn([chain.buyer, 1n, chain.unit, false], { account: chain.buyer }),
  )
}

// Fomo and SuperFomo: erin's USDT orders and dave's NEX orders, after the table's setup of each
{
  const connection = await network.create()
  const steady = await steadyPools(connection)
  const f = steady.s
  const [, , , dave, erin] = steady.wallets
  if (!dave || !erin) throw new Error('steadyPools returned fewer than 5 wallets')
  // a market deep enough for the run's NEX orders to sell within `swapRate` one after another (as on BSC)
  await deepenMarket(
    connection,
    f,
    'fomo',
    dave.account.address,
    (local.fomo.roundMin + local.superFomo.roundMin) * BigInt(2 * (ORDERS + 2)),
  )
  await nextDay(connection.networkHelpers.time, f.log)
  for (const [pool, name, min] of fomoPools(f)) {
    await f.usdt.write.mint([erin.account.address, min * BigInt(ORDERS)])
    await beforeUsualUsdtOrder(pool, erin, min)
    await run(`${name}.burn (USDT)`, f.publicClient, () => pool.write.burn([1n, min, true], { account: erin.account }))
    await pool.write.burn([0n, 1n, min / 5n, false, 1n], { account: dave.account })
    await pool.write.burn([0n, 1n, min, false, 1n], { account: dave.account })
    await run(`${name}.burn (NEX)`, f.publicClient, () =>
      pool.write.burn([0n, 1n, min, false, 1n], { account: dave.account }),
    )
  }
}
