import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import {
  addressSetting,
  amountSetting,
  awaitsApproval,
  booleanSetting,
  databaseSettings,
  readReplicaSettings,
  integerSetting,
  SettingsError,
  withdrawalPolicySetting,
} from './settings.ts'

describe('settings from the environment', () => {
  it('reads a whole number within its bounds, the fallback when unset or blank', () => {
    expect(integerSetting({ PORT: ' 4000 ' }, 'PORT', 8080, 0, 65535)).toBe(4000)
    expect(integerSetting({}, 'PORT', 8080, 0, 65535)).toBe(8080)
    expect(integerSetting({ PORT: '  ' }, 'PORT', 8080, 0, 65535)).toBe(8080)
    expect(integerSetting({ N: '9007199254740991' }, 'N', 1, 0)).toBe(Number.MAX_SAFE_INTEGER)
  })

  it.each([
    ['1e3', /^PORT must be a whole number between 0 and 65535 \(got "1e3"\)$/],
    ['-1', /^PORT must be a whole number/],
    ['4.5', /^PORT must be a whole number/],
    ['0x10', /^PORT must be a whole number/],
    ['70000', /^PORT must be between 0 and 65535 \(got 70000\)$/],
  ])('refuses PORT=%s, naming the variable and the value', (raw, message) => {
    expect(() => integerSetting({ PORT: raw }, 'PORT', 8080, 0, 65535)).toThrow(SettingsError)
    expect(() => integerSetting({ PORT: raw }, 'PORT', 8080, 0, 65535)).toThrow(message)
  })

  it('reads a switch in any of its spellings and refuses anything else', () => {
    for (const raw of ['1', 'true', 'YES', 'On']) expect(booleanSetting({ X: raw }, 'X', false)).toBe(true)
    for (const raw of ['0', 'false', 'No', 'OFF']) expect(booleanSetting({ X: raw }, 'X', true)).toBe(false)
    expect(booleanSetting({}, 'X', true)).toBe(true)
    expect(() => booleanSetting({ X: 'maybe' }, 'X', true)).toThrow('X must be true or false (got "maybe")')
  })

  it('reads the database settings: the URL (none: embedded PGlite) and whether to migrate or only verify', () => {
    expect(databaseSettings({})).toEqual({ databaseUrl: undefined, databaseMigrate: true })
    expect(databaseSettings({ DATABASE_URL: ' postgresql://a@h/db ', DATABASE_MIGRATE: 'false' })).toEqual({
      databaseUrl: 'postgresql://a@h/db',
      databaseMigrate: 'verify',
    })
    expect(databaseSettings({ DATABASE_MIGRATE: 'on' }).databaseMigrate).toBe(true)
    expect(() => databaseSettings({ DATABASE_MIGRATE: 'later' })).toThrow(
      'DATABASE_MIGRATE must be true or false (got "later")',
    )
  })

  it('reads the read replica settings: none by default, a replica only beside a primary, bounded waits', () => {
    expect(readReplicaSettings({})).toEqual({ readUrl: undefined, readWaitMs: 1000, readMaxLagSeconds: 30 })
    expect(
      readReplicaSettings({
        DATABASE_URL: 'postgresql://a@primary/db',
        DATABASE_READ_URL: ' postgresql://a@replica/db ',
        READ_REPLICA_WAIT_MS: '250',
        READ_REPLICA_MAX_LAG_SECONDS: '5',
      }),
    ).toEqual({ readUrl: 'postgresql://a@replica/db', readWaitMs: 250, readMaxLagSeconds: 5 })
    expect(() => readReplicaSettings({ DATABASE_READ_URL: 'postgresql://a@replica/db' })).toThrow(
      'DATABASE_READ_URL needs DATABASE_URL (the primary it replicates)',
    )
    expect(() =>
      readReplicaSettings({ DATABASE_URL: 'postgresql://p/db', DATABASE_READ_URL: 'mysql://u:secret@replica/db' }),
    ).toThrow('DATABASE_READ_URL must be a postgresql:// URL (got "mysql://u:***@replica/db")')
    expect(() => readReplicaSettings({ READ_REPLICA_WAIT_MS: '60001' })).toThrow(
      'READ_REPLICA_WAIT_MS must be between 0 and 60000 (got 60001)',
    )
    expect(() => readReplicaSettings({ READ_REPLICA_MAX_LAG_SECONDS: '0' })).toThrow(SettingsError)
  })

  it('reads an address in lower case and refuses a malformed one', () => {
    const mixed = '0xAbCdEf0123456789aBcDeF0123456789AbCdEf01'
    expect(addressSetting({ A: mixed }, 'A')).toBe(mixed.toLowerCase())
    expect(addressSetting({ A: '' }, 'A')).toBeUndefined()
    expect(() => addressSetting({ A: '0x1234' }, 'A')).toThrow(/^A must be an address/)
    expect(() => addressSetting({ A: `${mixed}0` }, 'A')).toThrow(SettingsError)
  })

  it('reads a token amount in base units and refuses what is not a plain amount', () => {
    expect(amountSetting({ CAP: '2.5' }, 'CAP', '20', 9)).toBe(2_500_000_000n)
    expect(amountSetting({}, 'CAP', '20', 9)).toBe(20_000_000_000n)
    expect(amountSetting({ CAP: '0.000000001' }, 'CAP', '20', 9)).toBe(1n)
    expect(amountSetting({ CAP: '0' }, 'CAP', '20', 9)).toBe(0n)
    for (const raw of ['-1', '1e3', '1,000', '.5', '5.', '0.0000000001', 'abc']) {
      expect(() => amountSetting({ CAP: raw }, 'CAP', '20', 9)).toThrow(
        `CAP must be an amount such as 1000 or 0.5, at most 9 decimals (got "${raw}")`,
      )
    }
  })

  it('reads the withdrawal policy, 1,000 and 10,000 tokens by default', () => {
    expect(withdrawalPolicySetting({})).toEqual({
      approvalThreshold: 1000n * 10n ** 18n,
      dailyCap: 10_000n * 10n ** 18n,
    })
    expect(withdrawalPolicySetting({ WITHDRAW_APPROVAL_THRESHOLD: '0.5', WITHDRAW_DAILY_CAP: '20' })).toEqual({
      approvalThreshold: 5n * 10n ** 17n,
      dailyCap: 20n * 10n ** 18n,
    })
    const policy = withdrawalPolicySetting({})
    expect(awaitsApproval(policy, 'pending', 1000n * 10n ** 18n)).toBe(false)
    expect(awaitsApproval(policy, 'pending', 1000n * 10n ** 18n + 1n)).toBe(true)
    expect(awaitsApproval(policy, 'approved', 5000n * 10n ** 18n)).toBe(false)
    expect(() => withdrawalPolicySetting({ WITHDRAW_DAILY_CAP: '-5' })).toThrow(/^WITHDRAW_DAILY_CAP must be an amount/)
  })
})

// settingsOrExit in a real child process: a refused setting is reported and ends the process with code 2; a
// readable one is returned; any other error is thrown on (exit 1, its stack printed).
describe('settingsOrExit', () => {
  const helper = fileURLToPath(new URL('./settings.ts', import.meta.url))
  const run = async (read: string) => {
    const script = `
      import { settingsOrExit, SettingsError, integerSetting } from ${JSON.stringify(helper)}
      const value = settingsOrExit(() => ${read}, (message) => console.log('refused: ' + message))
      console.log('value: ' + value)
    `
    const child = spawn(process.execPath, ['--experimental-strip-types', '--input-type=module', '-e', script], {
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve))
    return { code, output }
  }

  it('returns the settings, or reports a refused one and exits 2; other errors are not swallowed', async () => {
    expect(await run(`integerSetting({ PORT: '4000' }, 'PORT', 1, 0, 65535)`)).toEqual({
      code: 0,
      output: 'value: 4000\n',
    })
    const refused = await run(`integerSetting({ PORT: 'abc' }, 'PORT', 1, 0, 65535)`)
    expect(refused.code).toBe(2)
    expect(refused.output).toMatch(/^refused: .*PORT.*abc/)
    expect(refused.output).not.toContain('value:')
    const other = await run(`{ throw new TypeError('not a setting') }`)
    expect(other.code).toBe(1)
    expect(other.output).toContain('TypeError: not a setting')
    expect(other.output).not.toMatch(/^refused:/m)
  })
})
