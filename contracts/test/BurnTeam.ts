// Issue 19 finding 1: ordinary burns in deep teams. Team figures of one account count the same orders (TeamLib),
// so no order, no `teams()` read and no manual level can underflow; the figures match an off-chain recount.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { network } from 'hardhat'
import { getAddress, parseEther } from 'viem'
import { deployContractsIISystem, fundWallet, register } from './helpers/contractsII.ts'
import { assertTeams } from './helpers/teams.ts'

const UNIT = parseEther('100') // burnEvery

describe('Burn team figures (TeamLib)', async () => {
  const connection = await network.create()
  const { viem, networkHelpers } = connection

  async function fixture() {
    const system = await deployContractsIISystem(connection)
    const [payer, victim] = system.users
    await fundWallet(system, payer, system.burn.address, parseEther('10000000'))
    await register(system, victim)
    await fundWallet(system, victim, system.burn.address)
    await fundWallet(system, victim, system.ido.address)
    const builder = await viem.deployContract('TeamBuilder', [system.main.address])
    return { ...system, payer, victim, builder }
  }
  type System = Awaited<ReturnType<typeof fixture>>

  /** Registers a chain of `depth` members (contracts that never act) under `top`; returns their addresses. */
  async function chain(s: System, top: `0x${string}`, depth: number) {
    const first = Number(await s.builder.read.count())
    await s.builder.write.chain([top, BigInt(depth)])
    const members: `0x${string}`[] = []
    for (let i = first; i < first + depth; i++) members.push(await s.builder.read.members([BigInt(i)]))
    return members
  }

  /** Every account's referrer, read from Main. */
  async function parents(s: System, accounts: `0x${string}`[]) {
    const map = new Map<string, string>()
    for (const account of accounts) {
      const [, referrer] = await s.main.read.users([account])
      map.set(getAddress(account), getAddress(referrer))
    }
    return map
  }

  async function check(s: System, accounts: `0x${string}`[], volume: Map<string, bigint>) {
    await assertTeams(accounts, await parents(s, accounts), volume, (a) => s.burn.read.teams([a]))
  }

  const add = (volume: Map<string, bigint>, account: string, value: bigint) =>
    volume.set(getAddress(account), (volume.get(getAddress(account)) ?? 0n) + value)

  it('a plain chain of 12: every member burns once, then every second order succeeds', async () => {
    const s = await networkHelpers.loadFixture(fixture)
    const members = await chain(s, s.deployer.account.address, 12)
    const volume = new Map<string, bigint>()
    for (const round of [1n, 2n]) {
      for (const member of members) {
        await s.burn.write.burn([member, round, round * UNIT, false], { account: s.payer.account })
        add(volume, member, round * UNIT)
      }
    }
    await check(s, [s.deployer.account.address, ...members], volume)
    // the first member counts the 8 generations below it (the 9th and later are beyond its team)
    const team = await s.burn.read.teams([members[0] as `0x${string}`])
    assert.equal(team.teamAmount, 8n * 3n * UNIT)
    assert.equal(team.teamMin, 0n)
  })

  it('8 free registrations and one order under a victim cannot block her, her downline, Ido.burn or teams()', async () => {
    const s = await networkHelpers.loadFixture(fixture)
    const { burn, ido, victim, payer, deployer } = s
    const volume = new Map<string, bigint>()
    await burn.write.burn([victim.account.address, 1n, UNIT, false], { account: victim.account })
    add(volume, victim.account.address, UNIT)
    const members = await chain(s, victim.account.address, 8)
    const bottom = members[7] as `0x${string}`
    await burn.write.burn([bottom, 1n, UNIT, false], { account: payer.account })
    add(volume, bottom, UNIT)
    // the victim's next orders, directly and through the IDO
    await burn.write.burn([victim.account.address, 1n, UNIT, false], { account: victim.account })
    await ido.write.burn([1n, false], { account: victim.account })
    add(volume, victim.account.address, 2n * UNIT)
    for (const member of members) {
      await burn.write.burn([member, 1n, UNIT, false], { account: payer.account })
      add(volume, member, UNIT)
    }
    const accounts = [deployer.account.address, victim.account.address, ...members]
    await check(s, accounts, volume)
    // the owner's manual level and its way back never break teams() nor the next orders
    for (const account of accounts) {
      await burn.write.setTeam([account, true, 5n])
      assert.equal((await burn.read.teams([account])).level, 5n)
      await burn.write.setTeam([account, false, 0n])
    }
    await burn.write.burn([bottom, 1n, UNIT, false], { account: payer.account })
    await burn.write.burn([victim.account.address, 1n, UNIT, false], { account: victim.account })
    add(volume, bottom, UNIT)
    add(volume, victim.account.address, UNIT)
    await check(s, accounts, volume)
  })

  it('a leg that overtakes the largest one becomes maxAccount; teamMin never decreases', async () => {
    const s = await networkHelpers.loadFixture(fixture)
    const { burn, payer, victim } = s
    const [left] = await chain(s, victim.account.address, 1)
    const [right] = await chain(s, victim.account.address, 1)
    const volume = new Map<string, bigint>()
    let previousMin = 0n
    for (const [account, times] of [
      [left, 3n],
      [right, 1n],
      [right, 3n],
      [left, 2n],
    ] as const) {
      await burn.write.burn([account as `0x${string}`, times, times * UNIT, false], { account: payer.account })
      add(volume, account as string, times * UNIT)
      const team = await burn.read.teams([victim.account.address])
      assert.ok(team.teamMin >= previousMin, 'teamMin never decreases')
      previousMin = team.teamMin
    }
    const team = await burn.read.teams([victim.account.address])
    assert.equal(team.teamMax, 5n * UNIT)
    assert.equal(team.maxAccount, getAddress(left as string))
    assert.equal(team.teamMin, 4n * UNIT)
    await check(s, [victim.account.address, left as `0x${string}`, right as `0x${string}`], volume)
  })
})
