import { describe, expect, it } from 'vitest'
import { shortenAddress } from './shortenAddress.ts'

const address = '0x5FbDB2315678afecb367f032d93F642f64180aa3'

describe('shortenAddress', () => {
  it.each([
    [5, 4, '0x5Fb..0aa3'],
    [10, 8, '0x5FbDB231..64180aa3'],
    [6, 5, '0x5FbD..80aa3'],
    [5, 0, '0x5Fb..'],
  ])('keeps %i head and %i tail characters', (head, tail, expected) => {
    expect(shortenAddress(address, head, tail)).toBe(expected)
  })

  it('uses 5 and 4 by default', () => {
    expect(shortenAddress(address)).toBe('0x5Fb..0aa3')
  })

  it('leaves strings that are too short unchanged', () => {
    expect(shortenAddress('0x1234')).toBe('0x1234')
    expect(shortenAddress('')).toBe('')
  })

  it('rejects negative or fractional lengths', () => {
    expect(() => shortenAddress(address, -1, 4)).toThrowError(RangeError)
    expect(() => shortenAddress(address, 1.5, 4)).toThrowError(RangeError)
  })
})
