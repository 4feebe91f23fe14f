// Gas of every user action, compared with the committed snapshot (gas-snapshot.json) and with the table in
// README.md, so that any change in gas shows in review. Refresh both with: UPDATE_GAS_SNAPSHOT=1 npx hardhat test
import assert from 'node:assert/strict'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, it } from 'node:test'
import { network } from 'hardhat'
import { parseEther, type Hash } from 'viem'
import { localDefaults } from '../config/defaults.ts'
import { deploySystem } from './helpers/system.ts'
import { buy, fund, sell } from './helpers/trade.ts'
import { logCode } from '../scripts/lib/logCodes.ts'

const NEX = logCode('symbol', 'NEX')

const root = join(import.meta.dirname, '..')
const snapshotFile = join(root, 'gas-snapshot.json')
const readmeFile = join(root, 'README.md')
const START = '<!-- gas-table:start -->'
const END = '<!-- gas-table:end -->'

function renderTable(gas: Record<string, number>) {
  const rows = Object.entries(gas).map(([action, used]) => `| ${action} | ${used.toLocaleString('en-US')} |`)
  return [START, '| action | gas used |', '|---|---:|', ...rows, END].join('\n')
}

describe('Gas snapshot', async () => {
  const connection = await network.create()
  const { networkHelpers } = connection

  it('matches gas-snapshot.json and the README table', async () => {
    const system = await deploySystem(connection)
    const { main, log, token, usdt, publicClient, deployer } = system
    const [alice, bob] = system.users
    await fund(system, alice)
    await fund(system, bob)
    const gas: Record<string, number> = {}
    const measure = async (action: string, hash: Promise<Hash>) => {
      const receipt = await publicClient.waitForTransactionReceipt({ hash: await hash })
      gas[action] = Number(receipt.gasUsed)
    }

    await measure('Main.register', main.write.register([deployer.account.address], { account: alice.account }))
    await main.write.register([alice.account.address], { account: bob.account })
    await measure('Token.approve', token.write.approve([bob.account.address, 1n], { account: alice.account }))
    await measure('Router buy NEX (fee, first buy)', buy(system, alice, parseEther('5000')))
    await measure('Router buy NEX (fee)', buy(system, bob, parseEther('100')))
    await measure(
      'Token.transfer',
      token.write.transfer([bob.account.address, parseEther('10')], { account: alice.account }),
    )
    await measure('Router sell NEX (fee)', sell(system, alice, parseEther('1000')))
    await networkHelpers.time.increase(Number(localDefaults.tokenMulti.oracleWindow))
    await measure('Token.updatePrice (new average)', token.write.updatePrice())
    await measure('Token.swapAndTrans', token.write.swapAndTrans())
    await buy(system, bob, parseEther('20000'))
    await sell(system, bob, await token.read.balanceOf([bob.account.address]))
    await measure('Token.swapAndLiquify', token.write.swapAndLiquify())
    // let the TWAP follow the trades above before buying at it
    await networkHelpers.time.increase(Number(localDefaults.tokenMulti.oracleWindow))
    await usdt.write.approve([token.address, parseEther('100')], { account: alice.account })
    await measure('Token.swapBurn', token.write.swapBurn([parseEther('100')], { account: alice.account }))
    await networkHelpers.mine(1)
    await measure('Token.burnPool', token.write.burnPool({ account: bob.account }))
    await measure(
      'Log.addLog (first entry of a user)',
      log.write.addLog([alice.account.address, bob.account.address, NEX, logCode('action', 'mining_release'), 1n, 2n]),
    )
    await measure(
      'Log.addLog (a reward)',
      log.write.addLog([alice.account.address, bob.account.address, NEX, logCode('action', 'claim'), 1n, 2n]),
    )

    const table = renderTable(gas)
    if (process.env.UPDATE_GAS_SNAPSHOT === '1') {
      writeFileSync(snapshotFile, JSON.stringify(gas, null, 2) + '\n')
      const readme = readFileSync(readmeFile, 'utf8')
      const start = readme.indexOf(START)
      const end = readme.indexOf(END)
      writeFileSync(
        readmeFile,
        start >= 0 && end > start
          ? readme.slice(0, start) + table + readme.slice(end + END.length)
          : `${readme.trimEnd()}\n\n## Gas\n\n${table}\n`,
      )
    }
    assert.ok(existsSync(snapshotFile), 'gas-snapshot.json is missing: run with UPDATE_GAS_SNAPSHOT=1')
    assert.deepEqual(
      gas,
      JSON.parse(readFileSync(snapshotFile, 'utf8')),
      'gas changed: review, then UPDATE_GAS_SNAPSHOT=1',
    )
    assert.ok(readFileSync(readmeFile, 'utf8').includes(table), 'README gas table is stale: UPDATE_GAS_SNAPSHOT=1')
    for (const [action, used] of Object.entries(gas)) assert.ok(used < 1_000_000, `${action} under 1,000,000 gas`)
  })
})
