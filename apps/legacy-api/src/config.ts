import { defaultCorsOrigins } from './createApp.ts'

/**
 * The legacy API's settings, read from the environment once at start.
 * @dev The README lists the same variables; docker-compose.yml and its test rely on that list.
 */
export type LegacyApiConfig = {
  /** JSON-RPC endpoint used to verify payments on chain (RPC_URL). */
  rpcUrl: string
  chainId: number
  /** PostgreSQL URL (DATABASE_URL); undefined selects the embedded PGlite database under .data/. */
  databaseUrl: string | undefined
  port: number
  host: string
  corsOrigins: string[]
  rateLimitPerMinute: number
  trustProxy: boolean
  logLevel: string
}

export class ConfigError extends Error {
  override name = 'ConfigError' as const
}

function integer(env: Record<string, string | undefined>, name: string, fallback: number, min: number, max: number) {
  const raw = env[name]?.trim()
  if (raw === undefined || raw === '') return fallback
  if (!/^\d+$/.test(raw))
    throw new ConfigError(`${name} must be a whole number between ${min} and ${max} (got "${raw}")`)
  const value = Number(raw)
  if (value < min || value > max) throw new ConfigError(`${name} must be between ${min} and ${max} (got ${value})`)
  return value
}

/** Reads and validates the environment; throws a {@link ConfigError} naming the variable at fault. */
export function readConfig(env: Record<string, string | undefined>): LegacyApiConfig {
  const rpcUrl = env.RPC_URL?.trim() || 'http://127.0.0.1:8545'
  if (!/^https?:\/\/./.test(rpcUrl)) throw new ConfigError(`RPC_URL must be an http(s) URL (got "${rpcUrl}")`)
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
  const trustProxy = env.TRUST_PROXY?.trim().toLowerCase()
  return {
    rpcUrl,
    chainId: integer(env, 'CHAIN_ID', 31337, 1, 2 ** 32),
    databaseUrl: env.DATABASE_URL?.trim() || undefined,
    port: integer(env, 'PORT', 4100, 0, 65535),
    host: env.HOST?.trim() || '127.0.0.1',
    corsOrigins,
    rateLimitPerMinute: integer(env, 'RATE_LIMIT_PER_MINUTE', 600, 1, 1_000_000),
    trustProxy: trustProxy === '1' || trustProxy === 'true',
    logLevel: env.LOG_LEVEL?.trim() || 'info',
  }
}
