// Gas of every user action of Contracts II (Ido, Nft, Burn), compared with the committed snapshot
// (gas/contractsII.json) and with the table in docs/contractsII.md, so that any change in gas shows in review.
// Refresh both with: UPDATE_GAS_SNAPSHOT=1 npx hardhat test test/IdoBurnNftGas.ts
import assert from 'node:assert/strict'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { describe, it } from 'node:test'
import { network } from 'hardhat'
import { parseEther, type Hash } from 'viem'
import { localContractsII } from '../config/contractsII.ts'
import { deployContractsIISystem, fundWallet, register } from './helpers/contractsII.ts'
import { registerChain } from './helpers/gasCases.ts'
import { alignToLogDay } from './helpers/gasTable.ts'

const root = join(import.meta.dirname, '..')
const snapshotFile = join(root, 'gas', 'contractsII.json')
const docFile = join(root, 'docs', 'contractsII.md')
const START = '<!-- gas-table:start -->'
const END = '<!-- gas-table:end -->'
const UNIT = localContractsII.burn.burnEvery

function renderTable(gas: Record<string, number>) {
  const rows = Object.entries(gas).map(([action, used]) => `| ${action} | ${used.toLocaleString('en-US')} |`)
  return [START, '| action | gas used |', '|---|---:|', ...rows, END].join('\n')
}

describe('Gas snapshot of Contracts II', async () => {
  const connection = await network.create()
  const { networkHelpers } = connection

  it('matches gas/contractsII.json and the table in docs/contractsII.md; every action stays under 1,000,000', async () => {
    const system = await deployContractsIISystem(connection)
    const { ido, nft, burn, usdt, publicClient, deployer } = system
    const [alice, bob, carol] = system.users
    const gas: Record<string, number> = {}
    const measure = async (action: string, hash: Promise<Hash>) => {
      const receipt = await publicClient.waitForTransactionReceipt({ hash: await hash })
      gas[action] = Number(receipt.gasUsed)
    }
    await register(system, alice, deployer.account.address)
    await register(system, bob, alice.account.address)
    await register(system, carol, bob.account.address)
    for (const wallet of [alice, bob, carol]) {
      await fundWallet(system, wallet, ido.address)
      await usdt.write.approve([burn.address, 2n ** 255n], { account: wallet.account })
    }

    // every run at the same point of the Log day: whether two entries share a day changes what they write
    await alignToLogDay(networkHelpers.time, system.log)

    // Ido
    await measure('Ido.mint (USDT, first mint, 2 referrers)', ido.write.mint([1n, true], { account: carol.account }))
    await measure('Ido.mint (USDT)', ido.write.mint([1n, true], { account: carol.account }))
    await measure('Ido.mint (NEX at the TWAP)', ido.write.mint([1n, false], { account: carol.account }))
    await measure('Ido.ido (BNB)', ido.write.ido([1n], { account: carol.account, value: parseEther('0.2') }))
    await nft.write.mint([carol.account.address, 1n, 11n])
    await measure('Ido.hecheng (15 keys -> 1 card)', ido.write.hecheng({ account: carol.account }))
    await networkHelpers.time.increase(Number(localContractsII.ido.dayTimes))
    await measure('Ido.claim', ido.write.claim({ account: carol.account }))
    await measure('Ido.burn (USDT, into Burn)', ido.write.burn([1n, false], { account: alice.account }))

    // Burn
    await measure('Burn.register', burn.write.register([alice.account.address], { account: bob.account }))
    await measure(
      'Burn.burn (USDT, 1 referrer with an order)',
      burn.write.burn([bob.account.address, 1n, UNIT, false], { account: bob.account }),
    )
    await measure(
      'Burn.burn (USDT, 2 generations)',
      burn.write.burn([carol.account.address, 1n, UNIT, false], { account: carol.account }),
    )
    await measure(
      'Burn.burn (BNB)',
      burn.write.burn([carol.account.address, 1n, parseEther('0.2'), true], {
        account: carol.account,
        value: parseEther('0.2'),
      }),
    )
    await measure('Burn.updatePool (buy and burn NEX)', burn.write.updatePool())
    await measure('Burn.updateUser', burn.write.updateUser([bob.account.address]))
    await measure('Burn.claimReward', burn.write.claimReward({ account: bob.account }))

    // a 25-deep chain of fresh accounts: the walk up the tree stops at Burn's TEAM_DEPTH (8)
    const { buyer: previous } = await registerChain(connection, system.main, carol.account.address, 24, 0xc0de0001)
    await usdt.write.mint([previous, UNIT])
    await usdt.write.approve([burn.address, UNIT], { account: previous })
    await measure(
      'Burn.burn (USDT, 25-deep fresh chain, 8 ancestors walked)',
      burn.write.burn([previous, 1n, UNIT, false], { account: previous }),
    )

    // Nft
    await measure('Nft.mint (owner)', nft.write.mint([alice.account.address, 1n, 5n]))
    await usdt.write.mint([nft.address, parseEther('10')])
    await measure(
      'Nft.safeTransferFrom (settles both sides)',
      nft.write.safeTransferFrom([alice.account.address, bob.account.address, 1n, 2n, '0x'], {
        account: alice.account,
      }),
    )
    await measure('Nft.claimReward', nft.write.claimReward({ account: alice.account }))

    for (const [action, used] of Object.entries(gas)) assert.ok(used < 1_000_000, `${action}: ${used}`)
    if (process.env.UPDATE_GAS_SNAPSHOT === '1') {
      mkdirSync(dirname(snapshotFile), { recursive: true })
      writeFileSync(snapshotFile, JSON.stringify(gas, null, 2) + '\n')
      if (existsSync(docFile)) {
        const doc = readFileSync(docFile, 'utf8')
        const next = doc.replace(new RegExp(`${START}[\\s\\S]*?${END}`), renderTable(gas))
        writeFileSync(docFile, next)
      }
    }
    assert.ok(existsSync(snapshotFile), 'no snapshot: run with UPDATE_GAS_SNAPSHOT=1')
    assert.deepEqual(gas, JSON.parse(readFileSync(snapshotFile, 'utf8')))
    assert.ok(readFileSync(docFile, 'utf8').includes(renderTable(gas)), 'docs/contractsII.md gas table is stale')
  })
})
