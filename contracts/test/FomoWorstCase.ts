// The worst cases a 10,000-member team and 8 generations can produce, measured on real transactions (receipts, so
// that every storage slot is as cold as on a chain): every user action stays under 1,000,000 gas. The team is
// 10,000 registered members under one leader; the buyer sits under an 8-deep chain (`algebra` = 8 generations).
// Never-active generations (registered, no order) are the most expensive: each of their records is written for the
// first time. The first order of a fresh pool also initialises the pool's totals (and the Double pool's).
import assert from 'node:assert/strict'
import { after, describe, it } from 'node:test'
import { network } from 'hardhat'
import { parseEther, type Hash } from 'viem'
import { localContractsIII as local, stakeIdos } from '../config/contractsIII.ts'
import { join } from './InfoSystem.ts'
import { logCode } from '../scripts/lib/logCodes.ts'
import { gasBreakdown } from './helpers/gasBreakdown.ts'
import { activateTeamLevels, deepenMarket, deployTeam, GENERATIONS } from './helpers/gasCases.ts'

const NEX = logCode('symbol', 'NEX')
const MINING_RELEASE = logCode('action', 'mining_release')

// Every case is held to 1,000,000 (contracts/README.md "Fomo's packed records"). The dearest, a fresh pool's first
// order paid in NEX that is also the DEX pair's first swap and the order that credits the most in 8 generations (6
// referral and team credits, 6 Log entries), were over it until issue 19's gas step (the account records packed, one
// Main call for the ancestors and their indexes).
const LIMIT = 1_000_000n

describe('Contracts III worst cases in a 10,000-member team (8 generations)', async () => {
  const connection = await network.create()
  const { networkHelpers } = connection
  const { time } = networkHelpers
  const measured: Record<string, number> = {}
  const teamFixture = () => deployTeam(connection)

  type Receipts = { getTransactionReceipt: (args: { hash: Hash }) => Promise<{ status: string; gasUsed: bigint }> }

  /** Labels for the breakdown: the system's contracts, their ERC-1967 implementations. */
  async function labels(s: Record<string, unknown>) {
    const names: Record<string, string> = {}
    const slot = '0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc'
    for (const [name, value] of Object.entries(s)) {
      const address = (value as { address?: unknown } | null)?.address
      if (typeof address !== 'string' || !(value as { read?: unknown }).read) continue
      names[address.toLowerCase()] = name
      const implementation = (await connection.provider.request({
        method: 'eth_getStorageAt',
        params: [address, slot, 'latest'],
      })) as string
      if (BigInt(implementation) !== 0n)
        names['0x' + implementation.slice(-40).toLowerCase()] = `${name} (implementation)`
    }
    return names
  }

  async function measure(name: string, hash: Promise<Hash>, publicClient: Receipts, system?: Record<string, unknown>) {
    const receipt = await publicClient.getTransactionReceipt({ hash: await hash })
    assert.equal(receipt.status, 'success', name)
    measured[name] = Number(receipt.gasUsed)
    if (process.env.GAS_BREAKDOWN && system) {
      const breakdown = await gasBreakdown(connection.provider, await hash, await labels(system))
      console.log(name, receipt.gasUsed, JSON.stringify(breakdown, null, 1))
    }
    assert.ok(receipt.gasUsed < LIMIT, `${name}: ${receipt.gasUsed} gas >= ${LIMIT}`)
  }

  it("Fomo: a fresh pool's first order, userMax in USDT, under 8 never-active generations", async () => {
    const { s, buyers } = await networkHelpers.loadFixture(teamFixture)
    const [buyer] = buyers
    await measure(
      'Fomo.burn (first order of the pool, USDT, 8 never-active generations)',
      s.fomo.write.burn([0n, 1n, local.fomo.userMax, true], { account: buyer.account }),
      s.publicClient,
      s,
    )
    const team = await s.fomo.read.teams([s.users[0].account.address])
    assert.equal(team.teamAmount, local.fomo.userMax, 'the leader counts the order 8 generations below')
    assert.equal(team.teamUser, 1n)
  })

  it("Fomo: a fresh pool's first order paid in NEX, the DEX pair's first swap too", async () => {
    const { s, buyers } = await networkHelpers.loadFixture(teamFixture)
    await measure(
      'Fomo.burn (first order of the pool and first swap of the pair, NEX, 8 never-active generations)',
      s.fomo.write.burn([4n, 1n, parseEther('2000'), false, 1n], { account: buyers[0].account }),
      s.publicClient,
      s,
    )
  })

  for (const [name, pool] of [
    ['Fomo', 'fomo'],
    ['SuperFomo', 'superFomo'],
  ] as const) {
    it(`${name}: a fresh pool's first order paid in NEX, 100,000 USDT, under 8 never-active generations`, async () => {
      const { s, buyers } = await networkHelpers.loadFixture(teamFixture)
      // a deeper market at the same price, so that 100,000 USDT of NEX sells within swapRate (as on BSC)
      const value = parseEther('100000') // Fomo's userMax
      await deepenMarket(connection, s, pool, buyers[0].account.address, value)
      await measure(
        `${name}.burn (first order of the pool, NEX, 100,000 USDT, 8 never-active generations)`,
        s[pool].write.burn([4n, 1n, value, false, 1n], { account: buyers[0].account }),
        s.publicClient,
        s,
      )
      const level = (await s[pool].read.teams([s.users[0].account.address])).level
      assert.equal(level, 2n, 'every generation crossed V1 and V2')
    })
  }

  it("SuperFomo: a fresh pool's first order, userMax in USDT, under 8 never-active generations", async () => {
    const { s, buyers } = await networkHelpers.loadFixture(teamFixture)
    await measure(
      'SuperFomo.burn (first order of the pool, USDT, 8 never-active generations)',
      s.superFomo.write.burn([4n, 1n, local.superFomo.userMax, true], { account: buyers[0].account }),
      s.publicClient,
      s,
    )
    const team = await s.superFomo.read.teams([s.users[0].account.address])
    assert.equal(team.level, 4n, 'a 1,000,000 USDT team amount is V4')
  })

  it('Fomo and SuperFomo: a first order that settles the round, paid in NEX, under 8 never-active generations', async () => {
    const { s, buyers } = await networkHelpers.loadFixture(teamFixture)
    const [first, second] = buyers
    for (const pool of [s.fomo, s.superFomo]) {
      await pool.write.burn([1n, 1n, parseEther('1000'), true], { account: first.account })
    }
    await time.increase(Number(local.fomo.roundTime))
    await measure(
      'Fomo.burn (settles the round, NEX, new member, 8 never-active generations)',
      s.fomo.write.burn([4n, 1n, parseEther('2000'), false, 1n], { account: second.account }),
      s.publicClient,
      s,
    )
    assert.equal((await s.fomo.read.getRound([1n])).settled, true)
    await measure(
      'SuperFomo.burn (settles the round, NEX, new member, 8 never-active generations)',
      s.superFomo.write.burn([4n, 1n, parseEther('2000'), false, 1n], { account: second.account }),
      s.publicClient,
      s,
    )
  })

  it("Fomo: 8 active generations' first team rewards at levels V1..V4", async () => {
    const { s, chain, buyers } = await networkHelpers.loadFixture(teamFixture)
    // nearest first: V1, V2, V3, V4, so that four generations earn a team differential for the first time
    await activateTeamLevels(s, chain)
    await measure(
      'Fomo.burn (first team rewards of V1..V4, 8 active generations)',
      s.fomo.write.burn([0n, 1n, local.fomo.userMax, true], { account: buyers[0].account }),
      s.publicClient,
      s,
    )
  })

  it("Mining, Stake and Double: a fresh pool's first deposit under never-active generations", async () => {
    const { s, buyers } = await networkHelpers.loadFixture(teamFixture)
    const [first, second, third] = buyers
    // Stake's Log entry is the account's first (the dearest: four new per-account lists)
    await measure(
      'Mining.deposit (first of the pool, 3 never-active generations)',
      s.mining.write.deposit([5n, parseEther('100000')], { account: first.account }),
      s.publicClient,
      s,
    )
    await measure(
      'Stake.deposit (first of the pool, 2 never-active generations, with its Log entry)',
      s.stake.write.deposit([local.stake.userMax, 0n], { account: second.account }),
      s.publicClient,
      s,
    )
    await measure(
      'Double.deposit (first of the pool)',
      s.double.write.deposit([third.account.address, parseEther('1000'), 0n], { account: third.account }),
      s.publicClient,
      s,
    )
  })

  it("Stake: a fresh pool's first deposit after another account's Log entry, under never-active generations", async () => {
    const { s, buyers } = await networkHelpers.loadFixture(teamFixture)
    const [first, second] = buyers
    await s.log.write.addLog([first.account.address, s.deployer.account.address, NEX, MINING_RELEASE, 1n, 1n])
    await measure(
      "Stake.deposit (first of the pool, after another account's Log entry, with its Log entry)",
      s.stake.write.deposit([local.stake.userMax, 0n], { account: second.account }),
      s.publicClient,
      s,
    )
  })

  it("Stake: a fresh pool's first deposit that fills the round, after another account's Log entry", async () => {
    const { s, buyers } = await networkHelpers.loadFixture(teamFixture)
    const [first, second] = buyers
    await s.log.write.addLog([first.account.address, s.deployer.account.address, NEX, MINING_RELEASE, 1n, 1n])
    await s.stake.write.setIdo([0n, { ...stakeIdos[0], idoMax: local.stake.userMax }])
    await measure(
      "Stake.deposit (first of the pool, fills the round, after another account's Log entry, with its Log entry)",
      s.stake.write.deposit([local.stake.userMax, 0n], { account: second.account }),
      s.publicClient,
      s,
    )
    assert.equal((await s.stake.read.getConfig()).round, 1n, 'the round filled')
  })

  it('Mining: a first deposit whose referrers earn by invite force only, accruing for the first time', async () => {
    const { s, buyers } = await networkHelpers.loadFixture(teamFixture)
    const [first, , sibling] = buyers
    // the sibling's stake gives the 3 generations invite force only (they never deposit themselves)
    await s.mining.write.deposit([5n, parseEther('100000')], { account: sibling.account })
    await time.increase(Number(local.mining.dayTimes))
    await measure(
      'Mining.deposit (first, 3 generations with invite force only accrue)',
      s.mining.write.deposit([5n, parseEther('100000')], { account: first.account }),
      s.publicClient,
      s,
    )
  })

  it('Mining and Stake: a first deposit whose referrers all earn (active, rewards accrued)', async () => {
    const { s, chain, buyers } = await networkHelpers.loadFixture(teamFixture)
    const [first, second] = buyers
    const referrers = chain.slice(GENERATIONS - 3) // the buyers' 3 nearest generations
    for (const wallet of referrers) {
      await join(s, wallet, s.deployer.account.address)
      await s.mining.write.deposit([5n, parseEther('1000')], { account: wallet.account })
      await s.stake.write.deposit([parseEther('100'), 0n], { account: wallet.account })
    }
    await time.increase(Number(local.mining.dayTimes))
    await measure(
      'Mining.deposit (first, 3 active generations accrue)',
      s.mining.write.deposit([5n, parseEther('100000')], { account: first.account }),
      s.publicClient,
      s,
    )
    await measure(
      'Stake.deposit (first, 2 active generations, with its Log entry)',
      s.stake.write.deposit([local.stake.userMax, 0n], { account: second.account }),
      s.publicClient,
      s,
    )
  })

  it('Double.claim: releases from the most records one claim walks, each from a FOM order', async () => {
    const { s, buyers } = await networkHelpers.loadFixture(teamFixture)
    const [buyer] = buyers
    const most = await s.double.read.MAX_CLAIM()
    for (let i = 0n; i <= most; i++) {
      await s.fomo.write.burn([0n, 1n, parseEther('100'), true], { account: buyer.account })
    }
    await time.increase(Number(local.double.dayTimes) * 2)
    const hash = s.double.write.claim({ account: buyer.account })
    await measure('Double.claim (MAX_CLAIM records, with its Log entry)', hash, s.publicClient)
    const receipt = await s.publicClient.getTransactionReceipt({ hash: await hash })
    const released = await s.double.getEvents.Released({}, { blockHash: receipt.blockHash })
    assert.equal(BigInt(released.length), most, 'one claim walks at most MAX_CLAIM records')
  })

  after(() => {
    console.log(JSON.stringify(measured, null, 2))
  })
})
