import { describe, expect, it } from 'vitest'
import { isManager } from './isManager.ts'

const a = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const b = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

describe('isManager', () => {
  it('matches addresses case-insensitively', () => {
    expect(isManager(a, [b, a])).toBe(true)
    expect(isManager('0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266', [a])).toBe(true)
  })

  it('refuses others, unconnected accounts and unknown managers', () => {
    expect(isManager(b, [a])).toBe(false)
    expect(isManager(undefined, [a])).toBe(false)
    expect(isManager(a, [])).toBe(false)
    expect(isManager(a, [undefined])).toBe(false)
  })
})
