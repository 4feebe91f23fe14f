import { InvalidTimestampError } from '../errors/time.ts'

/** A point in time: Unix seconds (as a number or as the bigint a contract returns) or a `Date`. */
export type Timestamp = number | bigint | Date

/** @internal Converts a {@link Timestamp} to whole Unix seconds (a `Date` is floored to the second). */
export function toSeconds(argument: string, value: Timestamp): number {
  const seconds =
    value instanceof Date ? Math.floor(value.getTime() / 1000) : typeof value === 'bigint' ? Number(value) : value
  if (typeof seconds !== 'number' || !Number.isFinite(seconds)) throw new InvalidTimestampError(argument, value)
  return Math.floor(seconds)
}
