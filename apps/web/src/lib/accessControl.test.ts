import { timelockAbi } from '@nexus/abi'
import { formatAbiItem } from 'viem/utils'
import { getAbiItem } from 'viem'
import { describe, expect, it } from 'vitest'
import { hasRoleAbi } from './accessControl.ts'

describe('hasRoleAbi', () => {
  it('is exactly the Timelock ABI’s hasRole', () => {
    const fromTimelock = getAbiItem({ abi: timelockAbi, name: 'hasRole' })
    if (!fromTimelock) throw new Error('the Timelock ABI has no hasRole')
    expect(formatAbiItem(hasRoleAbi[0])).toBe(formatAbiItem(fromTimelock))
    expect(hasRoleAbi[0].outputs.map((o) => o.type)).toEqual(fromTimelock.outputs.map((o) => o.type))
    expect(hasRoleAbi[0].stateMutability).toBe(fromTimelock.stateMutability)
  })
})
