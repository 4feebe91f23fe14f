import {
  addressSetting as address,
  booleanSetting,
  integerSetting as integer,
  parseRpcUrls,
  payoutCreditTypesSetting,
  publicChainIds,
  SettingsError as ConfigError,
  type WithdrawalPolicy,
  withdrawalPolicySetting,
  databaseSettings,
  type ReadReplicaSettings,
  readReplicaSettings,
} from '@nexus/abi/node'
import { parseAmount } from '@nexus/sdk'
import { defaultCorsOrigins } from './createApp.ts'

/**
 * The legacy API's settings, read from the environment once at start.
 * @dev The README lists the same variables; docker-compose.yml and its test rely on that list.
 */
export type LegacyApiConfig = ReadReplicaSettings & {
  /** JSON-RPC endpoints used to verify payments on chain (RPC_URL; several comma-separated, tried in order). */
  rpcUrls: readonly string[]
  chainId: number
  /** The chain's deployments file (DEPLOYMENTS_FILE), read and checked at start; unset: libs/abi's for the chain. */
  deploymentsFile: string | undefined
  /** PostgreSQL URL (DATABASE_URL); undefined selects the embedded PGlite database under .data/. */
  databaseUrl: string | undefined
  /** DATABASE_MIGRATE: true applies pending migrations at start; 'verify' (false) only checks they are applied. */
  databaseMigrate: true | 'verify'
  port: number
  host: string
  corsOrigins: string[]
  rateLimitPerMinute: number
  trustProxy: boolean
  logLevel: string
  /** Where purchases and withdrawal fees are paid (PAYMENT_RECEIVER); undefined: Main's owner, read on chain. */
  paymentReceiver: `0x${string}` | undefined
  /** The ERC-20 purchases are paid in (PAYMENT_TOKEN); undefined: the deployment's USDT. */
  paymentToken: `0x${string}` | undefined
  /** Blocks a payment needs, counting its own (CONFIRMATIONS). */
  confirmations: number
  /** Hosts a sign-in message may name (SIWE_DOMAINS; default the hosts of CORS_ORIGINS). */
  signInDomains: string[]
  sessionTtlSeconds: number
  /** Length of a mining day in seconds (DAY_SECONDS). */
  dayLength: number
  /** Withdrawal fee in native base units (WITHDRAW_FEE, given in coin units, e.g. 0.001). */
  withdrawFee: bigint
  /** The keeper's WITHDRAW_APPROVAL_THRESHOLD and WITHDRAW_DAILY_CAP (give both services the same), shown to managers. */
  withdrawPolicy: WithdrawalPolicy
  /**
   * The credit types the keeper pays out (USDT; ARB once WITHDRAW_TOKEN_ARB is set, as the keeper's): a withdrawal
   * in another type is refused when it is asked for.
   */
  payoutCreditTypes: ('USDT' | 'ARB')[]
  loginRateLimitPerMinute: number
  purchaseRateLimitPerMinute: number
}

/** A missing or bad setting; the message names the variable and the value. */
export { ConfigError }

/** Reads and validates the environment; throws a {@link ConfigError} naming the variable at fault. */
export function readConfig(env: Record<string, string | undefined>): LegacyApiConfig {
  const chainId = integer(env, 'CHAIN_ID', 31337, 1, 2 ** 32)
  const rpcUrls = parseRpcUrls(env.RPC_URL, chainId)
  if (publicChainIds.includes(chainId) && !env.CORS_ORIGINS?.trim()) {
    throw new ConfigError(`CORS_ORIGINS is required on chain ${chainId}: the default origins are the local web app's`)
  }
  const corsOrigins = env.CORS_ORIGINS?.trim()
    ? env.CORS_ORIGINS.split(',')
        .map((origin) => origin.trim())
        .filter(Boolean)
    : [...defaultCorsOrigins]
  for (const origin of corsOrigins) {
    let parsed: URL
    try {
      parsed = new URL(origin)
    } catch {
      throw new ConfigError(`CORS_ORIGINS must be a comma-separated list of origins (got "${origin}")`)
    }
    if (parsed.origin !== origin)
      throw new ConfigError(`CORS_ORIGINS entry "${origin}" must be an origin like ${parsed.origin}`)
  }
  const signInDomains = env.SIWE_DOMAINS?.trim()
    ? env.SIWE_DOMAINS.split(',')
        .map((domain) => domain.trim())
        .filter(Boolean)
    : corsOrigins.map((origin) => new URL(origin).host)
  for (const domain of signInDomains) {
    if (!/^[a-z0-9.-]+(?::\d{1,5})?$/i.test(domain)) {
      throw new ConfigError(`SIWE_DOMAINS entry "${domain}" must be a host such as app.example.com or 127.0.0.1:5173`)
    }
  }
  let withdrawFee: bigint
  try {
    withdrawFee = parseAmount(env.WITHDRAW_FEE?.trim() || '0.001')
  } catch {
    throw new ConfigError(`WITHDRAW_FEE must be an amount of the native coin such as 0.001 (got "${env.WITHDRAW_FEE}")`)
  }
  if (withdrawFee === 0n) throw new ConfigError('WITHDRAW_FEE must be more than 0')
  return {
    rpcUrls,
    chainId,
    deploymentsFile: env.DEPLOYMENTS_FILE?.trim() || undefined,
    ...databaseSettings(env),
    ...readReplicaSettings(env),
    port: integer(env, 'PORT', 4100, 0, 65535),
    host: env.HOST?.trim() || '127.0.0.1',
    corsOrigins,
    rateLimitPerMinute: integer(env, 'RATE_LIMIT_PER_MINUTE', 600, 1, 1_000_000),
    trustProxy: booleanSetting(env, 'TRUST_PROXY', false),
    logLevel: env.LOG_LEVEL?.trim() || 'info',
    paymentReceiver: address(env, 'PAYMENT_RECEIVER'),
    paymentToken: address(env, 'PAYMENT_TOKEN'),
    confirmations: integer(env, 'CONFIRMATIONS', 1, 1, 1_000),
    signInDomains,
    sessionTtlSeconds: integer(env, 'SESSION_TTL_SECONDS', 7 * 86_400, 60, 365 * 86_400),
    dayLength: integer(env, 'DAY_SECONDS', 86_400, 1, 86_400 * 30),
    withdrawFee,
    withdrawPolicy: withdrawalPolicySetting(env),
    payoutCreditTypes: payoutCreditTypesSetting(env),
    loginRateLimitPerMinute: integer(env, 'LOGIN_RATE_LIMIT_PER_MINUTE', 30, 1, 1_000_000),
    purchaseRateLimitPerMinute: integer(env, 'PURCHASE_RATE_LIMIT_PER_MINUTE', 60, 1, 1_000_000),
  }
}
