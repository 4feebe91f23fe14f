// The local seed (scripts/seed/run.ts) on an in-process chain after the same deployment as scripts/deploy.ts
// (Ignition module Nexus, then the Contracts II and III deploy parts): the seeded state, read through the views.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { network } from 'hardhat'
import type { NetworkConnection } from 'hardhat/types/network'
import type { Address } from 'viem'
import { readDeploymentSettings } from '../config/deployment.ts'
import { deploySystem } from '../scripts/deploy/system.ts'
import { PAYOUTS_USDT, keeperAddress, seedAccounts } from '../scripts/seed/accounts.ts'
import { formatSummary, seed } from '../scripts/seed/run.ts'
import { readLogCodes } from '../scripts/lib/logCodes.ts'

/** The Log actions the seed's own user actions write. */
const SEEDED_ACTIONS = [
  'register',
  'ido_mint',
  'synthesize',
  'claim',
  'mining_deposit',
  'mining_release',
  'mining_reward',
  'stake_deposit',
  'stake_claim',
  'double_deposit',
  'double_claim',
  'burn',
  'fomo_burn',
  'fomo_prize',
]

type Connection = NetworkConnection<'generic'>

/** The deployment of scripts/deploy.ts (without the deployments file): the addresses by deployments-file name. */
async function deployAll(connection: Connection) {
  const { contracts, nexus, ii, iii, external } = await deploySystem(connection, readDeploymentSettings(31337))
  const base = { main: nexus.main.address, log: nexus.log.address, token: nexus.token.address, ...external }
  const addresses = Object.fromEntries(Object.entries(contracts).map(([name, c]) => [name, c.address])) as Record<
    string,
    Address
  >
  return { base, ii, iii, addresses }
}

describe('local seed (scripts/seed.ts)', async () => {
  const connection = await network.create()
  const { viem } = connection
  const publicClient = await viem.getPublicClient()
  const { base, ii, iii, addresses } = await deployAll(connection)

  const started = Date.now()
  const summary = await seed(connection, addresses)
  const seconds = (Date.now() - started) / 1000
  const accounts = seedAccounts().map((a) => a.address)

  it('registers the 36 accounts in a tree under genesis and writes the log', async () => {
    assert.equal(summary.alreadySeeded, false)
    assert.equal(summary.accounts, 36)
    const main = await viem.getContractAt('Main', base.main)
    for (const [i, account] of accounts.entries()) {
      const [index, referrer] = await main.read.users([account])
      assert.ok(index > 0n)
      assert.equal(referrer, i === 0 ? await main.read.genesis() : accounts[Math.floor((i - 1) / 2)])
    }
    // the log holds only what the seeded actions wrote: every entry's writer is a contract, never the seed's account
    const log = await viem.getContractAt('Log', base.log)
    const added = await publicClient.getContractEvents({
      address: base.log,
      abi: log.abi,
      eventName: 'LogAdded',
      fromBlock: 0n,
    })
    assert.equal(BigInt(added.length), summary.logEntries)
    assert.ok(summary.logEntries > 0n)
    const writers = new Set(Object.values(addresses).map((address) => address.toLowerCase()))
    for (const { args } of added) assert.ok(writers.has(String(args.writer).toLowerCase()), `writer ${args.writer}`)
    // each kind of action the seed performs shows in the log
    const actions = new Set(added.map(({ args }) => readLogCodes().actions.find((a) => a.code === args.action)?.name))
    for (const action of SEEDED_ACTIONS)
      assert.ok(actions.has(action), `no ${action} entry in ${[...actions].join(', ')}`)
    assert.ok(summary.transactions > 500)
    console.log(`    seed: ${summary.transactions} transactions in ${seconds.toFixed(1)} s`)
    for (const line of formatSummary(summary)) console.log(`    ${line}`)
  })

  it("funds the Payouts contract with USDT for legacy withdrawals, paid by the keeper's local wallet, and gives it BNB for gas", async () => {
    const usdt = await viem.getContractAt('LocalUSDT', addresses.USDT as Address)
    assert.equal(await usdt.read.balanceOf([addresses.Payouts as Address]), PAYOUTS_USDT)
    const payouts = await viem.getContractAt('Payouts', addresses.Payouts as Address)
    assert.equal(await payouts.read.payer(), keeperAddress())
    assert.ok((await publicClient.getBalance({ address: keeperAddress() })) >= 10n ** 19n)
  })

  it('sells IDO units in two rounds, in USDT and NEX, synthesizes, and leaves round 1 live with round 2 previewed', async () => {
    const ido = ii.ido
    const state = await ido.read.getRoundState()
    assert.equal(state.round, 1n)
    assert.equal(state.status, 2) // InProgress
    assert.equal(state.hasNext, true)
    assert.ok(state.nextStartTime > state.endTime)
    const totals = await ido.read.totalInfo()
    assert.equal(totals.totalIDO, summary.idoUnits)
    assert.ok((await ido.read.idos([0n])).idoTotal > 0n)
    assert.ok((await ido.read.idos([1n])).idoTotal > 0n)
    assert.ok(totals.totalNexus > 0n, 'some units were paid in NEX')
    assert.equal(await ido.read.userRoundCounts([1n, accounts[32]]), 2n, 'two units were paid in BNB')
    assert.ok((await ido.read.totalClaimed()) > 0n)
    assert.equal(summary.syntheses, 2)
    assert.equal(await ii.nft.read.balanceOf([accounts[0], 2n]), 1n)
    assert.equal(await ii.nft.read.balanceOf([accounts[0], 1n]), 0n) // its 15 keys were burned
  })

  it('has Burn orders in USDT and BNB, one forced out, leaders above V0 and NFT dividends left to claim', async () => {
    const burn = ii.burn
    const totals = await burn.read.totalInfo()
    assert.equal(totals.totalOrder, summary.burnOrders)
    assert.ok(totals.totalOrder >= 30n)
    const orders = await Promise.all(
      Array.from({ length: Number(totals.totalOrder) }, (_, i) => burn.read.orders([BigInt(i + 1)])),
    )
    assert.ok(orders.some((o) => o.isBNB))
    assert.ok(orders.some((o) => !o.isBNB))
    // the first order (account 33) reached its 1.5x cap from community dividends and was forced out
    const cap = (await burn.read.getConfig()).rewardRate
    const early = await burn.read.orders([await burn.read.userOrderIndex([accounts[33], 0n])])
    assert.equal(early.isValid, false)
    assert.equal(early.reward, (early.amount * cap) / 10_000n)
    assert.equal(summary.forcedOut, orders.filter((o) => !o.isValid).length)
    assert.ok(totals.totalExtract > 0n, 'claims were paid')
    for (const leader of accounts.slice(0, 3)) assert.ok((await burn.read.teams([leader])).level >= 1n)
    assert.ok(summary.teamLeaders >= 3)
    const pending = await Promise.all(accounts.slice(6, 20).map((a) => ii.nft.read.getUserInfo([a])))
    assert.ok(
      pending.some((u) => u.pending > 0n),
      'NFT dividends wait to be claimed',
    )
    assert.ok((await ii.nft.read.totalInfo()).totalExtract > 0n, 'NFT dividends were claimed')
  })

  it('has Stake deposits in three rounds, some released and claimed', async () => {
    const totals = await iii.stake.read.getTotals()
    assert.ok(totals.totalStakes >= 36n)
    assert.equal(summary.stakeRounds, 3)
    assert.equal((await iii.stake.read.getConfig()).round, 2n)
    assert.ok(totals.totalExtract > 0n)
    const first = await iii.stake.read.stakes([1n])
    assert.ok(first.releaseTimes > 0n, 'the lock of the first stakes is over')
  })

  it('has Mining stakes in each of the 6 tiers, a release after the lock and reward claims', async () => {
    const totals = await iii.mining.read.getTotals()
    const stakes = await Promise.all(
      Array.from({ length: Number(totals.totalStakes) }, (_, i) => iii.mining.read.stakes([BigInt(i + 1)])),
    )
    assert.deepEqual([...new Set(stakes.map((s) => s.tier))].sort(), [0n, 1n, 2n, 3n, 4n, 5n])
    assert.ok(
      stakes.some((s) => s.status === 3n),
      'a stake was released',
    )
    assert.ok(
      stakes.some((s) => s.status === 1n),
      'stakes are still locked',
    )
    assert.ok(totals.totalExtract > 0n)
  })

  it('has a settled FOM round with winners and a live round in both pools', async () => {
    const timestamp = (await publicClient.getBlock()).timestamp
    for (const pool of [iii.fomo, iii.superFomo]) {
      const totals = await pool.read.getTotals()
      assert.equal(totals.roundEndIndex, 2n)
      assert.ok(totals.roundEndTime > timestamp, 'round 2 is running')
      const settled = await pool.read.getRound([1n])
      assert.equal(settled.settled, true)
      assert.ok(settled.count > 0n)
      assert.ok(settled.paid > 0n)
      assert.ok(settled.claimed.some(Boolean), 'a winner claimed')
    }
    assert.equal(summary.settledRounds.fomo, 1n)
    assert.equal(summary.settledRounds.superFomo, 1n)
  })

  it('has Double records from users and from FOM orders, with claims', async () => {
    const totals = await iii.double.read.getTotals()
    assert.ok(totals.totalStakes > 6n)
    assert.ok(totals.totalExtract > 0n)
  })

  it('keeps the chain time within two hours of the wall clock', () => {
    assert.ok(summary.chainAhead < 7_200n)
  })

  it('changes nothing on a second run', async () => {
    const block = await publicClient.getBlockNumber()
    const again = await seed(connection, addresses)
    assert.equal(again.alreadySeeded, true)
    assert.equal(again.transactions, 0)
    assert.equal(again.burnOrders, summary.burnOrders)
    assert.equal(await publicClient.getBlockNumber(), block)
  })
})

describe('local seed on a partly seeded chain', async () => {
  const connection = await network.create()
  const { addresses } = await deployAll(connection)

  it('refuses to go on when its first account is registered but the seed did not finish', async () => {
    const [account] = seedAccounts(1)
    const [deployer] = await connection.viem.getWalletClients()
    await deployer.sendTransaction({ to: account.address, value: 10n ** 18n })
    const main = await connection.viem.getContractAt('Main', addresses.Main)
    await main.write.register([deployer.account.address], { account })
    await assert.rejects(seed(connection, addresses), /partly seeded/)
  })

  it('refuses a chain that lacks a contract', async () => {
    const { Double: _double, ...withoutDouble } = addresses
    await assert.rejects(seed(connection, withoutDouble), /no Double in the deployments/)
  })
})
