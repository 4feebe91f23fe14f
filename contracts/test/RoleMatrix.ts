// Every state-changing function of Main, Log and Token called by the owner, the manager (Main's config), a
// registered user and a stranger, each from a fresh fixture, with the expected result. None of these
// contracts has a blacklist (SPEC §6: FOMO, mining and burn have one; the IDO a whitelist).
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { network } from 'hardhat'
import { parseEther, zeroAddress, type Hash } from 'viem'
import { localDefaults } from '../config/defaults.ts'
import { deploySystem } from './helpers/system.ts'
import { fund } from './helpers/trade.ts'
import { logCode } from '../scripts/lib/logCodes.ts'

type Role = 'owner' | 'manager' | 'user' | 'stranger'
const roles: Role[] = ['owner', 'manager', 'user', 'stranger']
const OWNER_ONLY = {
  owner: 'ok',
  manager: 'OwnableUnauthorizedAccount',
  user: 'OwnableUnauthorizedAccount',
  stranger: 'OwnableUnauthorizedAccount',
} as const
// the Log's entries: only its authorized writers (the deployer, the Log admin, is one in the fixture)
const WRITER_ONLY = {
  owner: 'ok',
  manager: 'LogUnauthorizedWriter',
  user: 'LogUnauthorizedWriter',
  stranger: 'LogUnauthorizedWriter',
} as const
// no guardian is set in the fixture: only the owner may pause
const GUARDIAN_OR_OWNER = {
  owner: 'ok',
  manager: 'NexusNotGuardian',
  user: 'NexusNotGuardian',
  stranger: 'NexusNotGuardian',
} as const

describe('Role matrix', async () => {
  const connection = await network.create()
  const { viem, networkHelpers } = connection

  async function fixture() {
    const system = await deploySystem(connection)
    const { main, deployer } = system
    const [user, stranger, manager] = system.users
    await main.write.setManager([manager.account.address])
    await main.write.register([deployer.account.address], { account: user.account })
    await fund(system, user)
    await fund(system, stranger)
    const v2 = await viem.deployContract('MainV2')
    return { ...system, user, stranger, manager, v2, wallets: { owner: deployer, manager, user, stranger } }
  }
  type Fixture = Awaited<ReturnType<typeof fixture>>
  type Row = {
    name: string
    contract: (f: Fixture) => Fixture['main'] | Fixture['log'] | Fixture['token']
    call: (f: Fixture, account: Fixture['user']['account']) => Promise<Hash>
    expect: Record<Role, string>
  }

  const settings = async (f: Fixture) => {
    const c = await f.token.read.getConfig()
    return { ...c }
  }

  const rows: Row[] = [
    // Main
    {
      name: 'Main.register',
      contract: (f) => f.main,
      call: (f, account) => f.main.write.register([f.deployer.account.address], { account }),
      expect: { owner: 'MainSelfReferral', manager: 'ok', user: 'MainAlreadyRegistered', stranger: 'ok' },
    },
    {
      name: 'Main.setConfig',
      contract: (f) => f.main,
      call: (f, account) => f.main.write.setConfig([{ manager: zeroAddress, generations: 5n }], { account }),
      expect: OWNER_ONLY,
    },
    {
      name: 'Main.setManager',
      contract: (f) => f.main,
      call: (f, account) => f.main.write.setManager([zeroAddress], { account }),
      expect: OWNER_ONLY,
    },
    {
      name: 'Main.scheduleUpgrade',
      contract: (f) => f.main,
      call: (f, account) => f.main.write.scheduleUpgrade([f.v2.address], { account }),
      expect: OWNER_ONLY,
    },
    {
      name: 'Main.cancelUpgrade',
      contract: (f) => f.main,
      call: (f, account) => f.main.write.cancelUpgrade({ account }),
      expect: { ...OWNER_ONLY, owner: 'NexusNoPendingUpgrade' },
    },
    {
      name: 'Main.upgradeToAndCall',
      contract: (f) => f.main,
      call: (f, account) => f.main.write.upgradeToAndCall([f.v2.address, '0x'], { account }),
      expect: { ...OWNER_ONLY, owner: 'NexusUpgradeNotReady' },
    },
    {
      name: 'Main.setUpgradeDelay',
      contract: (f) => f.main,
      call: (f, account) => f.main.write.setUpgradeDelay([7200n], { account }),
      expect: OWNER_ONLY,
    },
    {
      name: 'Main.pause',
      contract: (f) => f.main,
      call: (f, account) => f.main.write.pause({ account }),
      expect: GUARDIAN_OR_OWNER,
    },
    {
      name: 'Main.unpause',
      contract: (f) => f.main,
      call: (f, account) => f.main.write.unpause({ account }),
      expect: { owner: 'ExpectedPause', manager: 'ExpectedPause', user: 'ExpectedPause', stranger: 'ExpectedPause' },
    },
    {
      name: 'Main.renewPause',
      contract: (f) => f.main,
      call: (f, account) => f.main.write.renewPause([3600n], { account }),
      expect: OWNER_ONLY,
    },
    {
      name: 'Main.setGuardian',
      contract: (f) => f.main,
      call: (f, account) => f.main.write.setGuardian([f.stranger.account.address], { account }),
      expect: OWNER_ONLY,
    },
    {
      name: 'Main.withdrawExcess',
      contract: (f) => f.main,
      call: (f, account) => f.main.write.withdrawExcess([zeroAddress, f.deployer.account.address, 0n], { account }),
      expect: OWNER_ONLY,
    },
    {
      name: 'Main.transferOwnership',
      contract: (f) => f.main,
      call: (f, account) => f.main.write.transferOwnership([f.user.account.address], { account }),
      expect: OWNER_ONLY,
    },
    {
      name: 'Main.acceptOwnership',
      contract: (f) => f.main,
      call: (f, account) => f.main.write.acceptOwnership({ account }),
      expect: {
        owner: 'OwnableUnauthorizedAccount',
        manager: 'OwnableUnauthorizedAccount',
        user: 'OwnableUnauthorizedAccount',
        stranger: 'OwnableUnauthorizedAccount',
      },
    },
    {
      name: 'Main.renounceOwnership',
      contract: (f) => f.main,
      call: (f, account) => f.main.write.renounceOwnership({ account }),
      expect: OWNER_ONLY,
    },
    // Log (the deployer is the Log admin, an authorized writer)
    {
      name: 'Log.addLog',
      contract: (f) => f.log,
      call: (f, account) =>
        f.log.write.addLog(
          [f.user.account.address, zeroAddress, logCode('symbol', 'NEX'), logCode('action', 'claim'), 1n, 1n],
          { account },
        ),
      expect: WRITER_ONLY,
    },
    {
      name: 'Log.addLogAndCredits',
      contract: (f) => f.log,
      call: (f, account) =>
        f.log.write.addLogAndCredits(
          [
            f.user.account.address,
            logCode('symbol', 'NEX'),
            logCode('action', 'claim'),
            1n,
            1n,
            logCode('symbol', 'USDT'),
            [],
          ],
          { account },
        ),
      expect: WRITER_ONLY,
    },
    {
      name: 'Log.setWriter',
      contract: (f) => f.log,
      call: (f, account) => f.log.write.setWriter([f.user.account.address, true], { account }),
      expect: OWNER_ONLY,
    },
    {
      name: 'Log.setDayTimes',
      contract: (f) => f.log,
      call: (f, account) => f.log.write.setDayTimes([3600n], { account }),
      expect: OWNER_ONLY,
    },
    {
      name: 'Log.pause',
      contract: (f) => f.log,
      call: (f, account) => f.log.write.pause({ account }),
      expect: GUARDIAN_OR_OWNER,
    },
    // Token
    {
      name: 'Token.setConfig',
      contract: (f) => f.token,
      call: async (f, account) => f.token.write.setConfig([await settings(f)], { account }),
      expect: OWNER_ONLY,
    },
    {
      name: 'Token.setConfigMulti',
      contract: (f) => f.token,
      call: (f, account) => f.token.write.setConfigMulti([localDefaults.tokenMulti], { account }),
      expect: OWNER_ONLY,
    },
    {
      name: 'Token.setIsFeeExempt',
      contract: (f) => f.token,
      call: (f, account) => f.token.write.setIsFeeExempt([f.user.account.address, true], { account }),
      expect: OWNER_ONLY,
    },
    {
      name: 'Token.setWhitelist',
      contract: (f) => f.token,
      call: (f, account) => f.token.write.setWhitelist([f.user.account.address, true], { account }),
      expect: OWNER_ONLY,
    },
    {
      name: 'Token.withdrawExcess',
      contract: (f) => f.token,
      call: (f, account) => f.token.write.withdrawExcess([f.usdt.address, f.deployer.account.address, 0n], { account }),
      expect: OWNER_ONLY,
    },
    {
      name: 'Token.transferOwnership',
      contract: (f) => f.token,
      call: (f, account) => f.token.write.transferOwnership([f.user.account.address], { account }),
      expect: OWNER_ONLY,
    },
    {
      name: 'Token.renounceOwnership',
      contract: (f) => f.token,
      call: (f, account) => f.token.write.renounceOwnership({ account }),
      expect: OWNER_ONLY,
    },
    {
      name: 'Token.burnPool (anyone)',
      contract: (f) => f.token,
      call: (f, account) => f.token.write.burnPool({ account }),
      expect: { owner: 'ok', manager: 'ok', user: 'ok', stranger: 'ok' },
    },
    {
      name: 'Token.updatePrice (anyone)',
      contract: (f) => f.token,
      call: (f, account) => f.token.write.updatePrice({ account }),
      expect: { owner: 'ok', manager: 'ok', user: 'ok', stranger: 'ok' },
    },
    {
      name: 'Token.swapAndTrans (anyone; nothing kept yet)',
      contract: (f) => f.token,
      call: (f, account) => f.token.write.swapAndTrans({ account }),
      expect: {
        owner: 'TokenBelowAutoSwapMin',
        manager: 'TokenBelowAutoSwapMin',
        user: 'TokenBelowAutoSwapMin',
        stranger: 'TokenBelowAutoSwapMin',
      },
    },
    {
      name: 'Token.swapAndLiquify (anyone; nothing kept yet)',
      contract: (f) => f.token,
      call: (f, account) => f.token.write.swapAndLiquify({ account }),
      expect: {
        owner: 'TokenBelowAutoSwapMin',
        manager: 'TokenBelowAutoSwapMin',
        user: 'TokenBelowAutoSwapMin',
        stranger: 'TokenBelowAutoSwapMin',
      },
    },
    {
      name: 'Token.swapBurn (anyone; TWAP window not passed yet)',
      contract: (f) => f.token,
      call: (f, account) => f.token.write.swapBurn([parseEther('1')], { account }),
      expect: {
        owner: 'TwapOracleNotReady',
        manager: 'TwapOracleNotReady',
        user: 'TwapOracleNotReady',
        stranger: 'TwapOracleNotReady',
      },
    },
    {
      name: 'Token.transfer (anyone with a balance)',
      contract: (f) => f.token,
      call: (f, account) => f.token.write.transfer([f.user.account.address, 0n], { account }),
      expect: { owner: 'ok', manager: 'ok', user: 'ok', stranger: 'ok' },
    },
  ]

  for (const row of rows) {
    it(row.name, async () => {
      for (const role of roles) {
        const f = await networkHelpers.loadFixture(fixture)
        const wallet = f.wallets[role]
        const expected = row.expect[role]
        const contract = row.contract(f)
        if (expected === 'ok') {
          const receipt = await f.publicClient.waitForTransactionReceipt({ hash: await row.call(f, wallet.account) })
          assert.equal(receipt.status, 'success', `${row.name} as ${role}`)
        } else {
          await viem.assertions.revertWithCustomError(row.call(f, wallet.account), contract, expected as never)
        }
      }
    })
  }
})
