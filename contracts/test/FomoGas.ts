// Gas snapshot of every Contracts III user action (Fomo, super FOM, Mining, Stake, Double), committed as
// gas/contractsIII.json so that a change in gas shows in review. A measured value more than TOLERANCE away from
// the snapshot fails the test; `UPDATE_GAS_SNAPSHOT=1 npx hardhat test test/FomoGas.ts` rewrites the file.
// Every user action must also stay under 1,000,000 gas.
import assert from 'node:assert/strict'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join as joinPath } from 'node:path'
import { describe, it } from 'node:test'
import { network } from 'hardhat'
import { parseEther, type Hash } from 'viem'
import { localContractsIII as local } from '../config/contractsIII.ts'
import type { ContractsIIISystem } from './InfoSystem.ts'
import { steadyPools } from './helpers/gasCases.ts'

type Wallet = ContractsIIISystem['deployer']

const SNAPSHOT = joinPath(import.meta.dirname, '..', 'gas', 'contractsIII.json')
const TOLERANCE = 0.05
const LIMIT = 1_000_000n

describe('Contracts III gas snapshot', async () => {
  const connection = await network.create()
  const { networkHelpers } = connection
  const { time } = networkHelpers

  it('matches gas/contractsIII.json for every user action, each under 1,000,000 gas', async () => {
    const { s, wallets } = await steadyPools(connection)
    const [alice, , carol, dave, erin] = wallets as [Wallet, Wallet, Wallet, Wallet, Wallet]
    const gas: Record<string, number> = {}
    const measure = async (name: string, hash: Promise<Hash>) => {
      const receipt = await s.publicClient.getTransactionReceipt({ hash: await hash })
      assert.equal(receipt.status, 'success', name)
      assert.ok(receipt.gasUsed < LIMIT, `${name}: ${receipt.gasUsed} >= ${LIMIT}`)
      gas[name] = Number(receipt.gasUsed)
    }
    const { fomo, superFomo, mining, stake, double } = s
    const min = local.fomo.roundMin
    await measure('Fomo.burn (USDT, first order)', fomo.write.burn([1n, min, true], { account: erin.account }))
    await measure('Fomo.burn (USDT, next order)', fomo.write.burn([1n, min, true], { account: erin.account }))
    await measure('Fomo.burn (NEX)', fomo.write.burn([0n, 1n, min, false, 1n], { account: dave.account }))
    await measure('Fomo.addBalance', fomo.write.addBalance([parseEther('100')], { account: alice.account }))
    await time.increase(Number(local.fomo.roundTime))
    await measure('Fomo.burn (settles the round)', fomo.write.burn([2n, 1n, min, true], { account: carol.account }))
    await measure('Fomo.claimReward (prize)', fomo.write.claimReward([1n], { account: erin.account }))
    await measure('Fomo.updateUser', fomo.write.updateUser([erin.account.address], { account: alice.account }))
    await measure('Fomo.claimReward (balance)', fomo.write.claimReward([0n], { account: erin.account }))
    await time.increase(Number(local.fomo.roundTime))
    await measure('Fomo.updatePool (settles the round)', fomo.write.updatePool({ account: alice.account }))
    await time.increase(Number(30n * local.fomo.dayTimes))
    const erinOrder = await fomo.read.userOrderIndex([erin.account.address, 0n])
    await measure('Fomo.release', fomo.write.release([erinOrder], { account: erin.account }))
    await measure(
      'SuperFomo.burn (USDT, first order)',
      superFomo.write.burn([1n, local.superFomo.roundMin, true], { account: erin.account }),
    )

    await measure('Mining.deposit (first)', mining.write.deposit([0n, parseEther('1000')], { account: erin.account }))
    await measure('Mining.deposit (next)', mining.write.deposit([0n, parseEther('1000')], { account: erin.account }))
    await time.increase(Number(local.mining.dayTimes))
    await measure('Mining.updatePool', mining.write.updatePool({ account: alice.account }))
    await measure('Mining.updateUser', mining.write.updateUser([erin.account.address], { account: alice.account }))
    await measure('Mining.claimReward', mining.write.claimReward({ account: erin.account }))
    await measure('Mining.addMint', mining.write.addMint([parseEther('1')], { account: alice.account }))
    await time.increase(Number(7n * local.mining.dayTimes))
    const [erinStakes] = await mining.read.getUserStakes([erin.account.address, 0n, 10n])
    await measure(
      'Mining.claimRelease',
      mining.write.claimRelease([erinStakes[erinStakes.length - 1].index], { account: erin.account }),
    )

    await measure('Stake.deposit (first)', stake.write.deposit([parseEther('500'), 0n], { account: erin.account }))
    await measure('Stake.deposit (next)', stake.write.deposit([parseEther('500'), 0n], { account: erin.account }))
    await measure('Stake.fund', stake.write.fund([parseEther('1')], { account: alice.account }))
    await time.increase(Number(local.stake.addTime + 5n * local.stake.dayTimes))
    await measure('Stake.claim', stake.write.claim({ account: erin.account }))

    await measure(
      'Double.deposit',
      double.write.deposit([alice.account.address, parseEther('100'), 0n], { account: alice.account }),
    )
    await time.increase(Number(local.double.dayTimes))
    await measure('Double.claim', double.write.claim({ account: erin.account }))

    if (process.env.UPDATE_GAS_SNAPSHOT === '1' || !existsSync(SNAPSHOT)) {
      writeFileSync(SNAPSHOT, JSON.stringify(gas, null, 2) + '\n')
    }
    const snapshot = JSON.parse(readFileSync(SNAPSHOT, 'utf8')) as Record<string, number>
    assert.deepEqual(Object.keys(gas).sort(), Object.keys(snapshot).sort(), 'the snapshot lists every action')
    for (const [name, used] of Object.entries(gas)) {
      const expected = snapshot[name]
      assert.ok(
        Math.abs(used - expected) <= expected * TOLERANCE,
        `${name}: ${used} gas, snapshot ${expected} (more than ${TOLERANCE * 100} % apart; rerun with UPDATE_GAS_SNAPSHOT=1)`,
      )
    }
  })
})
