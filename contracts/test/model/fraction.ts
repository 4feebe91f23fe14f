// Exact non-negative rationals over bigint, for the reference models' shares (an account's exact part of an emission
// shared by weight is `emission * weight / totalWeight`, which no fixed-point scale represents exactly).

function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b]
  return a
}

/** `n / d` in lowest terms, `d > 0`, `n >= 0`. */
export class Fraction {
  readonly n: bigint
  readonly d: bigint

  constructor(n: bigint, d = 1n) {
    if (d <= 0n || n < 0n) throw new RangeError(`Fraction ${n}/${d}: only non-negative values with d > 0`)
    const g = n === 0n ? d : gcd(n, d)
    this.n = n / g
    this.d = d / g
  }

  static readonly ZERO = new Fraction(0n)

  add(other: Fraction): Fraction {
    if (other.n === 0n) return this
    if (this.n === 0n) return other
    return new Fraction(this.n * other.d + other.n * this.d, this.d * other.d)
  }

  /** The whole part (rounded down). */
  floor(): bigint {
    return this.n / this.d
  }

  /** Rounded up. */
  ceil(): bigint {
    return (this.n + this.d - 1n) / this.d
  }

  toString(): string {
    return this.d === 1n ? `${this.n}` : `${this.n}/${this.d}`
  }
}
