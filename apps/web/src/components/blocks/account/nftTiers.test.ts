import { beforeEach, describe, expect, it } from 'vitest'
import { activateLocale, i18n, loadCatalogs } from '../../../lib/i18n.ts'
import { NFT_TIERS, tierOf } from './nftTiers.ts'

describe('NFT tier names', () => {
  beforeEach(async () => {
    await activateLocale('en')
    await loadCatalogs(['account'])
  })

  it('has the five names in English and Traditional Chinese', async () => {
    expect(NFT_TIERS.map((tier) => i18n._(tier))).toEqual(['Key', 'Bronze', 'Silver', 'Gold', 'Syndicate'])
    await activateLocale('zh-Hant')
    expect(NFT_TIERS.map((tier) => i18n._(tier))).toEqual(['鑰匙', '青銅', '白銀', '黃金', '財團'])
  })

  it('names levels 1..5 only', () => {
    expect(tierOf(1n)).toBe(NFT_TIERS[0])
    expect(tierOf(5)).toBe(NFT_TIERS[4])
    expect(tierOf(0)).toBeUndefined()
    expect(tierOf(6n)).toBeUndefined()
  })
})
