import { invalidField } from '../errors.ts'

type Body = unknown

/** The value of a form field, or undefined when absent. Form bodies give strings; repeated keys give arrays. */
function fieldOf(body: Body, name: string): unknown {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return undefined
  return Object.hasOwn(body, name) ? (body as Record<string, unknown>)[name] : undefined
}

/**
 * A required EVM address (0x and 40 hex digits, any case), returned lowercase.
 * @throws LegacyError 4800 naming the field when missing or malformed.
 */
export function addressField(body: Body, name: string): `0x${string}` {
  const value = fieldOf(body, name)
  if (value === undefined || value === '') throw invalidField(name, true)
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(value)) throw invalidField(name)
  return value.toLowerCase() as `0x${string}`
}
