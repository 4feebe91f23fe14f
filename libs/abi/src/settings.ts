// Reading the services' settings from the environment (indexer, legacy API, keeper): one home for how a variable
// is parsed and how a bad value is refused, so that every service names the variable and the value the same way.

/** A setting of a service that is missing or not valid; the message names the variable and the value. */
export class SettingsError extends Error {
  override name = 'SettingsError' as const
}

export type Env = Readonly<Record<string, string | undefined>>

/**
 * A service's settings from `read`, or, when a setting is refused ({@link SettingsError}), its message reported
 * and the process ended with exit code 2 (any other error is thrown on): how every service starts.
 *
 * @example
 * const config = settingsOrExit(() => readConfig(process.env), (message) => console.error(`indexer: ${message}`))
 */
export function settingsOrExit<T>(read: () => T, report: (message: string) => void): T {
  try {
    return read()
  } catch (error) {
    if (!(error instanceof SettingsError)) throw error
    report(error.message)
    return process.exit(2)
  }
}

/**
 * A whole number from `env[name]`, `fallback` when unset or blank; refuses anything else than digits, or a
 * value outside `[min, max]`.
 *
 * @example
 * integerSetting({ PORT: '4000' }, 'PORT', 8080, 0, 65535) // 4000
 * integerSetting({}, 'PORT', 8080, 0, 65535) // 8080
 */
export function integerSetting(env: Env, name: string, fallback: number, min: number, max = Number.MAX_SAFE_INTEGER) {
  const raw = env[name]?.trim()
  if (raw === undefined || raw === '') return fallback
  if (!/^\d+$/.test(raw))
    throw new SettingsError(`${name} must be a whole number between ${min} and ${max} (got "${raw}")`)
  const value = Number(raw)
  if (value < min || value > max) throw new SettingsError(`${name} must be between ${min} and ${max} (got ${value})`)
  return value
}

/**
 * A switch from `env[name]`: 1/true/yes/on or 0/false/no/off (any case), `fallback` when unset or blank.
 *
 * @example
 * booleanSetting({ GRAPHQL_INTROSPECTION: 'off' }, 'GRAPHQL_INTROSPECTION', true) // false
 */
export function booleanSetting(env: Env, name: string, fallback: boolean) {
  const raw = env[name]?.trim().toLowerCase()
  if (raw === undefined || raw === '') return fallback
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true
  if (['0', 'false', 'no', 'off'].includes(raw)) return false
  throw new SettingsError(`${name} must be true or false (got "${raw}")`)
}

/**
 * The database settings every service reads: DATABASE_URL (undefined: the embedded PGlite database) and
 * DATABASE_MIGRATE (default true: apply pending migrations at start; false: apply nothing and refuse to start on a
 * database that lacks one, for a service under its own per-app role: docs/database.md "Per-app roles").
 *
 * @example
 * databaseSettings({ DATABASE_URL: 'postgresql://nexus_indexer@db/nexus', DATABASE_MIGRATE: 'false' })
 * // { databaseUrl: 'postgresql://nexus_indexer@db/nexus', databaseMigrate: 'verify' }
 */
export function databaseSettings(env: Env): { databaseUrl: string | undefined; databaseMigrate: true | 'verify' } {
  return {
    databaseUrl: env.DATABASE_URL?.trim() || undefined,
    databaseMigrate: booleanSetting(env, 'DATABASE_MIGRATE', true) ? true : 'verify',
  }
}

/** Where a service reads from a streaming replica (`readReplicaSettings`). */
export type ReadReplicaSettings = {
  /** DATABASE_READ_URL: a streaming replica of DATABASE_URL for reads; undefined: every read goes to the primary. */
  readUrl: string | undefined
  /** READ_REPLICA_WAIT_MS: how long a read that needs what the replica has not replayed yet waits for it. */
  readWaitMs: number
  /** READ_REPLICA_MAX_LAG_SECONDS: replica lag above which `/readyz` answers 503. */
  readMaxLagSeconds: number
}

/**
 * The read-replica settings of the services that serve reads (indexer GraphQL, legacy API): DATABASE_READ_URL,
 * READ_REPLICA_WAIT_MS (default 1,000; a read that needs more than the replica has replayed waits this long for
 * it, then reads the primary) and READ_REPLICA_MAX_LAG_SECONDS (default 30: a replica further behind makes the
 * service not ready). A read URL needs DATABASE_URL (the primary: writes and the reads that cannot wait).
 *
 * @example
 * readReplicaSettings({ DATABASE_URL: 'postgresql://db/nexus', DATABASE_READ_URL: 'postgresql://replica/nexus' })
 * // { readUrl: 'postgresql://replica/nexus', readWaitMs: 1000, readMaxLagSeconds: 30 }
 */
export function readReplicaSettings(env: Env): ReadReplicaSettings {
  const readUrl = env.DATABASE_READ_URL?.trim() || undefined
  if (readUrl && !env.DATABASE_URL?.trim()) {
    throw new SettingsError('DATABASE_READ_URL needs DATABASE_URL (the primary it replicates)')
  }
  if (readUrl && !/^postgres(ql)?:\/\//.test(readUrl)) {
    throw new SettingsError(
      `DATABASE_READ_URL must be a postgresql:// URL (got "${readUrl.replace(/:[^:@/]*@/, ':***@')}")`,
    )
  }
  return {
    readUrl,
    readWaitMs: integerSetting(env, 'READ_REPLICA_WAIT_MS', 1_000, 0, 60_000),
    readMaxLagSeconds: integerSetting(env, 'READ_REPLICA_MAX_LAG_SECONDS', 30, 1, 86_400),
  }
}

/**
 * An account address from `env[name]` in lower case, undefined when unset or blank; refuses anything else than
 * 0x and 40 hexadecimal digits.
 *
 * @example
 * addressSetting({ PAYMENT_TOKEN: '0xAbC…' }, 'PAYMENT_TOKEN') // '0xabc…'
 */
export function addressSetting(env: Env, name: string): `0x${string}` | undefined {
  const raw = env[name]?.trim()
  if (!raw) return undefined
  if (!/^0x[0-9a-fA-F]{40}$/.test(raw))
    throw new SettingsError(`${name} must be an address (0x and 40 hex digits; got "${raw}")`)
  return raw.toLowerCase() as `0x${string}`
}

/**
 * A token amount from `env[name]` in whole units (`1000`, `0.5`) as base units of `decimals` decimals; `fallback`
 * (same form) when unset or blank. Refuses signs, exponents, separators and more decimals than `decimals`.
 *
 * @example
 * amountSetting({ GAS_PRICE_CAP: '2.5' }, 'GAS_PRICE_CAP', '20', 9) // 2_500_000_000n
 */
export function amountSetting(env: Env, name: string, fallback: string, decimals: number): bigint {
  const raw = env[name]?.trim() || fallback
  const match = /^(\d+)(?:\.(\d+))?$/.exec(raw)
  if (!match || (match[2]?.length ?? 0) > decimals) {
    throw new SettingsError(
      `${name} must be an amount such as 1000 or 0.5, at most ${decimals} decimals (got "${raw}")`,
    )
  }
  return BigInt(match[1] ?? '0') * 10n ** BigInt(decimals) + BigInt((match[2] ?? '').padEnd(decimals, '0') || '0')
}

/**
 * How the keeper pays the legacy API's withdrawals (issue 21), in base units of the credit tokens (18 decimals):
 * what an account asks for above `approvalThreshold` in a UTC day waits for a manager's approval; at most `dailyCap` per credit type is paid a UTC
 * day. The keeper enforces it, the legacy API shows it to managers (withdrawQueue): both read it here.
 */
export type WithdrawalPolicy = { approvalThreshold: bigint; dailyCap: bigint }

/**
 * The withdrawal policy from WITHDRAW_APPROVAL_THRESHOLD (default 1000) and WITHDRAW_DAILY_CAP (default 10000),
 * in token units.
 *
 * @example
 * withdrawalPolicySetting({ WITHDRAW_DAILY_CAP: '5000' }).dailyCap // 5000n * 10n ** 18n
 */
export function withdrawalPolicySetting(env: Env): WithdrawalPolicy {
  return {
    approvalThreshold: amountSetting(env, 'WITHDRAW_APPROVAL_THRESHOLD', '1000', 18),
    dailyCap: amountSetting(env, 'WITHDRAW_DAILY_CAP', '10000', 18),
  }
}

/**
 * The credit types the keeper pays out: USDT (WITHDRAW_TOKEN_USDT, else the deployment's USDT) and ARB only when
 * WITHDRAW_TOKEN_ARB names its token. The legacy API refuses a withdrawal in any other type when it is asked for.
 *
 * @example
 * payoutCreditTypesSetting({}) // ['USDT']
 */
export function payoutCreditTypesSetting(env: Env): ('USDT' | 'ARB')[] {
  return addressSetting(env, 'WITHDRAW_TOKEN_ARB') ? ['USDT', 'ARB'] : ['USDT']
}

/**
 * Whether a withdrawal waits for a manager's approval: still `pending`, and `dayTotal` above the policy's threshold.
 * `dayTotal` is what its account asked for in its credit type on its UTC day up to and including it, without a
 * manager's decision (`accountDayTotal` of `@nexus/db`), not its own amount: the threshold holds per account and
 * day, so 5,000 taken as 5 × 1,000 waits for a manager from the second request on.
 */
export function awaitsApproval(policy: WithdrawalPolicy, status: string, dayTotal: bigint): boolean {
  return status === 'pending' && dayTotal > policy.approvalThreshold
}
