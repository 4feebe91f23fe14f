import { burnAbi, fomoAbi, tokenAbi } from '@nexus/abi'
import { encodeEventTopics, encodeAbiParameters, type Hex, parseEther } from 'viem'
import { describe, expect, it } from 'vitest'
import { isNoWorkEvent } from './jobs.ts'

const log = (topics: Hex[], data: Hex = '0x') => ({ topics, data })

describe('isNoWorkEvent', () => {
  it("tells an upkeep's no-work events from its work", () => {
    const skipped = encodeEventTopics({ abi: burnAbi, eventName: 'SwapBurnSkipped' }) as Hex[]
    const burned = encodeEventTopics({ abi: burnAbi, eventName: 'TokensBurned' }) as Hex[]
    const amount = encodeAbiParameters([{ type: 'uint256' }], [parseEther('10')])
    expect(isNoWorkEvent(log(skipped, amount))).toBe(true)
    expect(isNoWorkEvent(log(burned, amount))).toBe(false)
    const marker = encodeEventTopics({ abi: tokenAbi, eventName: 'UpkeepPerformed' }) as Hex[]
    expect(isNoWorkEvent(log(marker))).toBe(true)
    const surplus = encodeEventTopics({ abi: fomoAbi, eventName: 'SurplusBurned' }) as Hex[]
    const surplusData = (success: boolean) =>
      encodeAbiParameters([{ type: 'uint256' }, { type: 'bool' }], [parseEther('3'), success])
    expect(isNoWorkEvent(log(surplus, surplusData(false)))).toBe(true)
    expect(isNoWorkEvent(log(surplus, surplusData(true)))).toBe(false)
  })
})
