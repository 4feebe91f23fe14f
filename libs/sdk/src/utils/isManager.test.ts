import { zeroAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import { isManager } from './isManager.ts'

const owner = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const manager = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const extra = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const stranger = '0x90F79bf6EB2c4f870365E785982E1f101E93b906'

describe('isManager', () => {
  const roles = { owner, manager, extraManagers: [extra] }
  it.each([
    [owner, true],
    [owner.toLowerCase(), true],
    [owner.toUpperCase().replace('0X', '0x'), true],
    [manager, true],
    [extra.toLowerCase(), true],
    [stranger, false],
    [zeroAddress, false],
    [undefined, false],
    [null, false],
    ['', false],
    ['not an address', false],
  ])('%s → %s', (account, expected) => {
    expect(isManager(account, roles)).toBe(expected)
  })

  it('never treats the zero address as a manager, even when a role is unset', () => {
    expect(isManager(zeroAddress, { owner: zeroAddress, manager: zeroAddress })).toBe(false)
  })

  it('is false when no roles are known yet', () => {
    expect(isManager(owner, {})).toBe(false)
    expect(isManager(owner, { owner: undefined, manager: null, extraManagers: [undefined] })).toBe(false)
  })
})
