// Exact non-negative rational numbers over bigint, for the reference models (test/model/*Model.ts): a share of a
// distribution is `weight * amount / totalWeight`, kept exactly, so a model never rounds and the contracts' rounding
// is measured against the exact figure.

function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b]
  return a < 0n ? -a : a
}

/** An exact fraction `num / den` (den > 0), always reduced. */
export class Ratio {
  readonly num: bigint
  readonly den: bigint

  constructor(num: bigint, den = 1n) {
    if (den === 0n) throw new Error('Ratio: zero denominator')
    if (den < 0n) [num, den] = [-num, -den]
    const g = gcd(num, den)
    this.num = g > 1n ? num / g : num
    this.den = g > 1n ? den / g : den
  }

  static readonly ZERO = new Ratio(0n)

  static of(num: bigint, den = 1n) {
    return new Ratio(num, den)
  }

  add(other: Ratio | bigint): Ratio {
    const o = typeof other === 'bigint' ? new Ratio(other) : other
    if (o.den === this.den) return new Ratio(this.num + o.num, this.den)
    return new Ratio(this.num * o.den + o.num * this.den, this.den * o.den)
  }

  sub(other: Ratio | bigint): Ratio {
    const o = typeof other === 'bigint' ? new Ratio(other) : other
    return this.add(new Ratio(-o.num, o.den))
  }

  mul(other: Ratio | bigint): Ratio {
    const o = typeof other === 'bigint' ? new Ratio(other) : other
    return new Ratio(this.num * o.num, this.den * o.den)
  }

  div(other: Ratio | bigint): Ratio {
    const o = typeof other === 'bigint' ? new Ratio(other) : other
    return new Ratio(this.num * o.den, this.den * o.num)
  }

  /** The largest integer not above this value. */
  floor(): bigint {
    const q = this.num / this.den
    return this.num < 0n && q * this.den !== this.num ? q - 1n : q
  }

  /** The smallest integer not below this value. */
  ceil(): bigint {
    const q = this.num / this.den
    return this.num > 0n && q * this.den !== this.num ? q + 1n : q
  }

  cmp(other: Ratio | bigint): number {
    const o = typeof other === 'bigint' ? new Ratio(other) : other
    const d = this.num * o.den - o.num * this.den
    return d < 0n ? -1 : d > 0n ? 1 : 0
  }

  isZero() {
    return this.num === 0n
  }

  toString() {
    return this.den === 1n ? `${this.num}` : `${this.num}/${this.den} (~${this.floor()})`
  }
}
