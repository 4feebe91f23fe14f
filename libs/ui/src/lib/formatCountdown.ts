/** The parts of a countdown, each zero-padded to at least two digits. */
export type CountdownParts = {
  days: string
  hours: string
  minutes: string
  seconds: string
}

/**
 * Splits a number of remaining seconds into zero-padded days, hours, minutes and seconds (SPEC.md §2).
 * Fractions are floored; a countdown that has passed (negative, NaN) shows zeros.
 *
 * @example
 * formatCountdown(90061) // { days: '01', hours: '01', minutes: '01', seconds: '01' }
 * formatCountdown(-5) // { days: '00', hours: '00', minutes: '00', seconds: '00' }
 */
export function formatCountdown(remainingSeconds: number | bigint): CountdownParts {
  let total = typeof remainingSeconds === 'bigint' ? remainingSeconds : safeBigInt(remainingSeconds)
  if (total < 0n) total = 0n
  const pad = (value: bigint) => value.toString().padStart(2, '0')
  return {
    days: pad(total / 86_400n),
    hours: pad((total % 86_400n) / 3_600n),
    minutes: pad((total % 3_600n) / 60n),
    seconds: pad(total % 60n),
  }
}

function safeBigInt(value: number): bigint {
  if (!Number.isFinite(value)) return value === Infinity ? BigInt(Number.MAX_SAFE_INTEGER) : 0n
  return BigInt(Math.floor(value))
}
