// config/deployment.ts: the one place that reads and checks a chain's parameter file. On BSC (56) and BSC testnet
// (97) it refuses the local chain's values with a message naming each field; the committed files of 56 and 97
// leave exactly what an operator must decide (the multisig, the start times, testnet USDT) and nothing else.
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { describe, it } from 'node:test'
import { zeroAddress } from 'viem'
import {
  contractSettings,
  DeploymentSettingsError,
  externalContracts,
  ignitionParameters,
  parameterFile,
  parseDeploymentSettings,
  readDeploymentSettings,
} from '../config/deployment.ts'

const file = (chainId: number) =>
  JSON.parse(readFileSync(parameterFile(chainId), 'utf8')).$global as Record<string, unknown>
const admin = '0x000000000000000000000000000000000000dEaD'
const guardian = '0x000000000000000000000000000000000000bEEF'
const start = 1_800_000_000
/** The committed file of a public chain with the operator's decisions filled in. */
const decided = (chainId: 56 | 97) => ({
  ...file(chainId),
  admin,
  guardian,
  openTime: start,
  roundStart: start,
  claimStart: start + 86_400,
  ...(chainId === 97 ? { usdt: '0x337610d27c682E347C9cD60BD4b3b107C9d34dDd' } : {}),
})
function problems(chainId: number, raw: unknown): readonly string[] {
  try {
    parseDeploymentSettings(chainId, raw)
  } catch (error) {
    assert.ok(error instanceof DeploymentSettingsError, String(error))
    return error.problems
  }
  return []
}

describe('deployment settings (config/deployment.ts)', () => {
  it('reads the local file: stand-ins deployed, 600-second days, the deployer as admin', () => {
    const settings = readDeploymentSettings(31337)
    assert.equal(settings.public, false)
    assert.equal(settings.router, undefined)
    assert.equal(settings.admin, undefined)
    assert.equal(settings.guardian, undefined)
    assert.equal(settings.dayLength, 600n)
    assert.equal(settings.timelockDelay, 60n)
    assert.equal(parameterFile(1337), parameterFile(31337))
  })

  for (const chainId of [56, 97] as const) {
    it(`refuses the committed ${chainId}.json until the operator sets what only they know`, () => {
      const expected = [
        'admin',
        'guardian',
        'openTime',
        'roundStart',
        'claimStart',
        ...(chainId === 97 ? ['usdt'] : []),
      ]
      const found = problems(chainId, file(chainId))
      assert.deepEqual(found.map((p) => p.split(':')[0]).sort(), expected.sort(), found.join('\n'))
      assert.match(found.find((p) => p.startsWith('claimStart')) ?? '', /minted NEX could never be claimed/)
      assert.throws(
        () => readDeploymentSettings(chainId),
        (e: Error) => e.message.includes(`${chainId}.json`),
      )
    })

    it(`accepts ${chainId}.json once decided: production settings, one-day days, no stand-ins`, () => {
      const settings = parseDeploymentSettings(chainId, decided(chainId))
      assert.equal(settings.public, true)
      assert.equal(settings.guardian, guardian)
      assert.equal(settings.dayLength, 86_400n)
      assert.equal(settings.claimStart, BigInt(start + 86_400))
      const c = contractSettings(settings)
      for (const days of [c.burn, c.ido, c.stake, c.mining, c.fomo, c.superFomo, c.double].map((x) => x.dayTimes)) {
        assert.equal(days, 86_400n)
      }
      assert.equal(c.ido.claimStart, BigInt(start + 86_400))
      assert.equal(c.ido.roundTime, 7n * 86_400n)
      assert.equal(c.tokenMulti.oracleWindow, 1_800n)
      const external = externalContracts(settings)
      assert.ok(external)
      const parameters = ignitionParameters(settings, external)
      assert.equal(parameters.$global.admin, admin)
      assert.equal(parameters.$global.dayLength, 86_400n)
    })

    it(`refuses local-only values on ${chainId}, each with its field and the reason`, () => {
      const local = {
        ...decided(chainId),
        dayLength: 600,
        openTime: 0,
        roundStart: 0,
        claimStart: 0,
        admin: zeroAddress,
        guardian: zeroAddress,
        timelockDelay: 60,
        oracleWindow: 300,
      }
      const found = problems(chainId, local)
      for (const field of [
        'dayLength',
        'openTime',
        'roundStart',
        'claimStart',
        'admin',
        'guardian',
        'timelockDelay',
        'oracleWindow',
      ]) {
        assert.ok(
          found.some((p) => p.startsWith(`${field}:`)),
          `${field} missing in:\n${found.join('\n')}`,
        )
      }
      assert.match(found.find((p) => p.startsWith('dayLength')) ?? '', /600 s is a local-chain value; .* needs 86400/)
      assert.match(found.find((p) => p.startsWith('admin')) ?? '', /zero address/)
      assert.match(found.find((p) => p.startsWith('guardian')) ?? '', /pause deposits and orders at once/)
    })
  }

  it('needs 48 hours of timelock delay on BSC, an hour on the testnet', () => {
    assert.deepEqual(problems(56, { ...decided(56), timelockDelay: 172_799 }).length, 1)
    assert.deepEqual(problems(56, { ...decided(56), timelockDelay: '172800n' }), [])
    assert.deepEqual(problems(97, { ...decided(97), timelockDelay: 3_600 }), [])
  })

  it('refuses malformed values, unknown fields and claims before the round, on any chain', () => {
    const found = problems(31337, {
      ...file(31337),
      router: '0x1234',
      dayLength: -1,
      openTime: 1.5,
      liquidityUsdt: 0,
      roundStart: 2_000,
      claimStart: 1_000,
      dayLenght: 86_400,
    })
    assert.deepEqual(found.map((p) => p.split(':')[0]).sort(), [
      'claimStart',
      'dayLenght',
      'dayLength',
      'liquidityUsdt',
      'openTime',
      'router',
    ])
    assert.deepEqual(problems(31337, null), ['has no "$global" object with the deployment settings'])
    assert.deepEqual(problems(31337, { ...file(31337), dayLength: 30 }).length, 1)
  })
})
