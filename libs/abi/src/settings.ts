// Reading the services' settings from the environment (indexer, legacy API, keeper): one home for how a variable
// is parsed and how a bad value is refused, so that every service names the variable and the value the same way.

/** A setting of a service that is missing or not valid; the message names the variable and the value. */
export class SettingsError extends Error {
  override name = 'SettingsError' as const
}

export type Env = Readonly<Record<string, string | undefined>>

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
