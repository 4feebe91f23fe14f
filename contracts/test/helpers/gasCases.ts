// The setups of Burn's and Fomo's gas cases, shared by the worst-case tests (test/FomoWorstCase.ts,
// test/MaxAlgebraWorstCase.ts), the older snapshots (test/IdoBurnNftGas.ts, test/FomoGas.ts) and the gas table
// (test/GasSnapshot.ts "Burn, Fomo"), so that the table measures the very cases those tests hold to their limits.
//   - registerChain: a chain of fresh impersonated accounts (registered in Main only) and a buyer at its bottom;
//   - burnUnderActiveChain / fomoUnderActiveChain: the buyer under `depth` active generations (each with a live
//     order, so each is credited) with rising team levels at the top of the walk, `algebra` = `depth` when larger
//     than the default;
//   - deployTeam: a 10,000-member team under one leader, the buyers under an 8-deep chain of never-active members;
//     deepenMarket and activateTeamLevels prepare two of its cases;
//   - steadyPools: the usual case, five accounts in a chain that have all used the pools before.
import assert from 'node:assert/strict'
import type { NetworkConnection } from 'hardhat/types/network'
import { parseEther, type Address, type Hash } from 'viem'
import { localContractsII } from '../../config/contractsII.ts'
import { localContractsIII as local } from '../../config/contractsIII.ts'
import { deployContractsIIISystem, join, type ContractsIIISystem } from '../InfoSystem.ts'
import { deployContractsIISystem, fundWallet, register, type ContractsIISystem } from './contractsII.ts'
import { alignToLogDay } from './gasTable.ts'

type Clock = Parameters<typeof alignToLogDay>[0]

/**
 * The "Stake, Mining, Double" part's setup (test/GasSnapshot.ts and scripts/miningGasProfile.ts): a fresh chain
 * users[0] <- users[1] <- ... <- users[4] under the deployer, nobody in a pool yet, aligned to the Log's day.
 */
export async function stakeMiningChain(s: ContractsIIISystem, time: Clock) {
  let referrer: Address = s.deployer.account.address
  for (const wallet of s.users.slice(0, 5)) {
    await join(s, wallet, referrer)
    referrer = wallet.account.address
  }
  await alignToLogDay(time, s.log)
}

/**
 * The "Ido, Nft" part's setup (test/GasSnapshot.ts and scripts/idoGasProfile.ts): users[0] <- users[1] <-
 * users[2] under the deployer, each funded for Ido and approving Burn, aligned to the Log's day.
 */
export async function idoChain(s: ContractsIISystem, time: Clock) {
  let referrer: Address = s.deployer.account.address
  for (const wallet of s.users.slice(0, 3)) {
    await register(s, wallet, referrer)
    referrer = wallet.account.address
  }
  for (const wallet of s.users.slice(0, 3)) {
    await fundWallet(s, wallet, s.ido.address)
    await s.usdt.write.approve([s.burn.address, 2n ** 255n], { account: wallet.account })
  }
  await alignToLogDay(time, s.log)
}

type Connection = NetworkConnection<'generic'>

/** The largest `algebra` Burn and Fomo accept (BurnLib.MAX_ALGEBRA, FomoLib.MAX_ALGEBRA). */
export const MAX_ALGEBRA = 20
/** The team of Fomo's worst cases: members under one leader, and the generations of the chain above the buyers. */
export const TEAM = 10_000
export const GENERATIONS = 8
const BATCH = 80

type Registrar = { write: { register: (args: [Address], options: { account: Address }) => Promise<Hash> } }

/**
 * Registers a chain of `depth` impersonated accounts under `top` (nearest to the top first, addresses `seed`,
 * `seed + 1`, ...) and one more below them: the buyer. Each holds 10 BNB for gas.
 */
export async function registerChain(
  connection: Connection,
  main: Registrar,
  top: Address,
  depth: number,
  seed = 0xa1ce0000,
) {
  const { networkHelpers } = connection
  const accounts: Address[] = []
  let previous = top
  for (let i = 0; i <= depth; ++i) {
    const account = `0x${(seed + i).toString(16).padStart(40, '0')}` as Address
    await networkHelpers.impersonateAccount(account)
    await networkHelpers.setBalance(account, parseEther('10'))
    await main.write.register([previous], { account })
    accounts.push(account)
    previous = account
  }
  const buyer = accounts.pop() as Address
  return { members: accounts, buyer }
}

/**
 * Burn: a buyer (fresh, funded for 10 units, approved) under `depth` active members, each with one live order, and
 * team levels V1..V5 rising towards the top of the chain (members[0] is `depth` generations up). With `depth` above
 * the default `algebra`, `algebra` = `depth` and the indirect share halves (50 bps) so that 19 of them fit.
 */
export async function burnUnderActiveChain(connection: Connection, depth: number) {
  const s = await deployContractsIISystem(connection)
  const { burn, usdt } = s
  const { members, buyer } = await registerChain(connection, s.main, s.deployer.account.address, depth)
  const unit = localContractsII.burn.burnEvery
  for (const account of [...members, buyer]) {
    await usdt.write.mint([account, unit * 10n])
    await usdt.write.approve([burn.address, 2n ** 255n], { account })
  }
  if (BigInt(depth) > localContractsII.burn.algebra) {
    const multi = await burn.read.getConfigMulti()
    await burn.write.setConfigMulti([
      { ...multi, burnRates: [multi.burnRates[0], multi.burnRates[1], 50n, multi.burnRates[3], multi.burnRates[4]] },
    ])
    const { addTime: _, ...settings } = await burn.read.getConfig()
    await burn.write.setConfig([{ ...settings, algebra: BigInt(depth) }])
  }
  for (const account of members) await burn.write.burn([account, 1n, unit, false], { account })
  for (let level = 1; level <= 5; ++level)
    await burn.write.setTeam([members[5 - level] as Address, true, BigInt(level)])
  return { s, members, buyer, unit }
}

/**
 * Fomo (`pool`: the FOM pool or the super FOM pool): a buyer (fresh, funded with twice `userMax` in USDT, approved) under `depth` active members, each with one order of `roundMin`, and manual team levels V1..V4
 * rising towards the top of the chain. With `depth` above the default `algebra`, `algebra` = `depth`.
 */
export async function fomoUnderActiveChain(connection: Connection, depth: number, pool: 'fomo' | 'superFomo' = 'fomo') {
  const s = await deployContractsIIISystem(connection)
  const contract = s[pool]
  const { members, buyer } = await registerChain(connection, s.main, s.deployer.account.address, depth)
  for (const account of [...members, buyer]) {
    await s.usdt.write.mint([account, local[pool].userMax * 2n])
    await s.usdt.write.approve([contract.address, 2n ** 255n], { account })
  }
  if (BigInt(depth) > local[pool].algebra) {
    const { lastIndex: _l, totalRewardFOM: _t, totalExtract: _e, ...settings } = await contract.read.getConfig()
    await contract.write.setConfig([{ ...settings, algebra: BigInt(depth) }])
  }
  for (const account of members) await contract.write.burn([0n, 1n, local[pool].roundMin, true], { account })
  for (let level = 1; level <= 4; ++level)
    await contract.write.setTeamLevel([members[4 - level] as Address, BigInt(level), true])
  return { s, members, buyer, contract }
}

/**
 * Fomo's worst-case team: `TEAM` registered members under one leader; `chain` (the leader first, each under the
 * previous one, `GENERATIONS` deep) never acts, and three `buyers` (funded, approved) sit under its last member.
 * The members outside the chain are registered by a test-only contract (TeamBuilder) and never act.
 */
export async function deployTeam(connection: Connection) {
  const s = await deployContractsIIISystem(connection)
  const chain = s.users.slice(0, GENERATIONS)
  const buyers = s.users.slice(GENERATIONS, GENERATIONS + 3)
  let referrer = s.deployer.account.address
  for (const wallet of chain) {
    await s.main.write.register([referrer], { account: wallet.account })
    referrer = wallet.account.address
  }
  for (const wallet of buyers) {
    await join(s, wallet, referrer, { usdt: parseEther('3000000'), nex: parseEther('200000') })
  }
  const builder = await connection.viem.deployContract('TeamBuilder', [s.main.address])
  const rest = TEAM - (GENERATIONS - 1) - buyers.length
  const under = chain.map((wallet) => wallet.account.address)
  for (let grown = 0; grown < rest; grown += BATCH) {
    await builder.write.grow([under, BigInt(Math.min(BATCH, rest - grown))])
  }
  assert.equal(await builder.read.count(), BigInt(rest))
  return { s, chain, buyers }
}

/**
 * Deepens the DEX market at the same price (adds 70 % of the deployer's NEX and the matching USDT) and waits one
 * oracle window, so that a 100,000 USDT order paid in NEX sells within `swapRate` (as on BSC). Returns the buyer's
 * NEX for a `value` order of `pool` (10 % above the quote), sent to `buyer`.
 */
export async function deepenMarket(
  connection: Connection,
  s: ContractsIIISystem,
  pool: 'fomo' | 'superFomo',
  buyer: Address,
  value: bigint,
) {
  const { time } = connection.networkHelpers
  const nex = ((await s.token.read.balanceOf([s.deployer.account.address])) * 7n) / 10n
  const usdt = nex / 10n // 0.1 USDT per NEX, the pool's price
  await s.usdt.write.mint([s.deployer.account.address, usdt])
  await s.token.write.approve([s.router.address, nex])
  await s.usdt.write.approve([s.router.address, usdt])
  const deadline = BigInt(await time.latest()) + 3600n
  await s.router.write.addLiquidity([
    s.token.address,
    s.usdt.address,
    nex,
    usdt,
    0n,
    0n,
    s.deployer.account.address,
    deadline,
  ])
  await time.increase(Number(local.oracleWindow) + 1)
  await s.token.write.transfer([buyer, ((await s[pool].read.getSwapIn([value])) * 11n) / 10n])
}

/**
 * Makes the chain of `deployTeam` active in the FOM pool (each member joins and orders 100 USDT) and sets manual
 * levels V1..V4 on its four nearest members to the buyers (nearest first: V1), so that an order's walk pays four
 * first team differentials.
 */
export async function activateTeamLevels(s: ContractsIIISystem, chain: ContractsIIISystem['users']) {
  for (const wallet of chain) await join(s, wallet, s.deployer.account.address)
  for (const wallet of chain) await s.fomo.write.burn([0n, 1n, parseEther('100'), true], { account: wallet.account })
  for (let level = 1; level <= 4; level++) {
    const wallet = chain[GENERATIONS - level] as ContractsIIISystem['deployer']
    await s.fomo.write.setTeamLevel([wallet.account.address, BigInt(level), true])
  }
}

/**
 * The usual case of Contracts III: five accounts in a chain under the deployer (funded, approved), the first four of
 * which have ordered in both FOM pools and deposited in Mining, Stake and Double (the pools and the upper tree
 * have been used before; the very first order of a fresh pool initialises its totals and costs more, once).
 */
export async function steadyPools(connection: Connection) {
  const s = await deployContractsIIISystem(connection)
  const wallets = s.users.slice(0, 5) as ContractsIIISystem['users']
  let referrer = s.deployer.account.address
  for (const wallet of wallets) {
    await join(s, wallet, referrer)
    referrer = wallet.account.address
  }
  for (const wallet of wallets.slice(0, 4)) {
    await s.fomo.write.burn([1n, local.fomo.orderMin, true], { account: wallet.account })
    await s.superFomo.write.burn([1n, local.superFomo.orderMin, true], { account: wallet.account })
    await s.mining.write.deposit([0n, local.mining.userMin], { account: wallet.account })
    await s.stake.write.deposit([parseEther('100'), 0n], { account: wallet.account })
    await s.double.write.deposit([wallet.account.address, 1n, 0n], { account: wallet.account })
  }
  return { s, wallets }
}

/** The two FOM pools of `steadyPools` with their names in the gas table and their `roundMin`. */
export function fomoPools(s: ContractsIIISystem) {
  return [
    [s.fomo, 'Fomo', local.fomo.roundMin],
    [s.superFomo, 'SuperFomo', local.superFomo.roundMin],
  ] as const
}

/**
 * The setup of the gas table's usual USDT order of `account` in `pool` (of `steadyPools`): an order below `min` (it
 * plays no round), one at `min`, and `updateUser` for the pool's first drip and the account's first accrual, so that
 * the next order at `min` updates the records an account that has acted before already has.
 */
export async function beforeUsualUsdtOrder(
  pool: ContractsIIISystem['fomo'] | ContractsIIISystem['superFomo'],
  account: ContractsIIISystem['users'][number],
  min: bigint,
) {
  await pool.write.burn([1n, min / 10n, true], { account: account.account })
  await pool.write.burn([1n, min, true], { account: account.account })
  await pool.write.updateUser([account.account.address], { account: account.account })
}
