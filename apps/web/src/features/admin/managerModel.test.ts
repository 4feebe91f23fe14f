import { describe, expect, it } from 'vitest'
import { parseForm } from '../../components/blocks/settings/formModel.ts'
import { NFT_LEVEL_MAX, NFT_MAX_SUPPLY } from '../../components/blocks/settings/specs.ts'
import { burnMultiValues, cardLabel, levelNameValues, nftModel } from './managerModel.ts'
import type { NftCard, NftConfig } from './managerModel.ts'

const config = {
  uri: 'ipfs://base/',
  sendMin: 5n * 10n ** 18n,
  maxPower: 500n,
  maxLevel: 4n,
  maxCards: 3n,
} as NftConfig
const card = (tokenId: bigint, more: Partial<NftCard> = {}) =>
  ({ tokenId, power: 100n, mints: 2n, supply: 2n, total: 10n, level: 1n, name: '', ...more }) as NftCard
const CARDS = [card(1n, { name: 'Gold' }), card(2n, { mints: 10n, total: 10n })]

describe('nftModel', () => {
  it('waits for the settings and cards: defaults for the bounds, no card to choose, nothing refused', () => {
    const model = nftModel(undefined, undefined)
    expect(model.uri).toBeUndefined()
    expect(model.sendMin).toBeUndefined()
    expect(model.chosen).toBeUndefined()
    expect(model.cardIds).toEqual([])
    expect(model.maxLevel).toBe(NFT_LEVEL_MAX)
    expect(model.createFields.find((field) => field.key === 'power')?.max).toBe(1_000_000n)
    expect(model.createProblems()).toEqual([])
  })

  it("bounds a new card's power by the settings and its supply by the contract", () => {
    const model = nftModel(config, CARDS)
    expect(model.uri).toEqual({ uri: 'ipfs://base/' })
    expect(model.sendMin).toEqual({ sendMin: 5n * 10n ** 18n })
    const power = model.createFields.find((field) => field.key === 'power')
    expect(power).toMatchObject({ min: 1n, max: 500n })
    expect(model.createFields.find((field) => field.key === 'maxSupply')?.max).toBe(NFT_MAX_SUPPLY)
    const fields = model.createFields
    expect(parseForm(fields, { power: '501', maxSupply: '1', cid: 'x', suffix: '' }).ok).toBe(false)
    expect(parseForm(fields, { power: '0', maxSupply: '1', cid: 'x', suffix: '' }).ok).toBe(false)
    expect(parseForm(fields, { power: '500', maxSupply: '0', cid: 'x', suffix: '' }).ok).toBe(true)
    expect(parseForm(fields, { power: '500', maxSupply: '0', cid: '', suffix: '' }).ok).toBe(false)
  })

  it('refuses a new card once the contract holds as many as it may', () => {
    expect(nftModel(config, CARDS).createProblems()).toEqual([])
    const full = nftModel(config, [...CARDS, card(3n)]).createProblems()
    expect(full).toHaveLength(1)
    expect(full[0]?.values).toEqual({ max: '3' })
  })

  it('chooses the first card unless another is chosen, and the first again for an id it does not know', () => {
    expect(nftModel(config, CARDS).chosen?.card.tokenId).toBe(1n)
    expect(nftModel(config, CARDS, 2n).chosen?.card.tokenId).toBe(2n)
    expect(nftModel(config, CARDS, 9n).chosen?.card.tokenId).toBe(1n)
    expect(nftModel(config, []).chosen).toBeUndefined()
  })

  it('names the cards by id and name', () => {
    const model = nftModel(config, CARDS)
    expect(model.cardIds).toEqual(['1', '2'])
    expect(model.labelOf('1')).toBe('#1 Gold')
    expect(model.labelOf('2')).toBe('#2')
    expect(model.labelOf('7')).toBe('#7')
    expect(cardLabel(3n, 'Silver')).toBe('#3 Silver')
    expect(model.chosen?.label).toBe('#1 Gold')
  })

  it("keeps a card's maximum supply at or above what was minted", () => {
    const fields = nftModel(config, CARDS).chosen?.maxSupplyFields ?? []
    expect(parseForm(fields, { maxSupply: '1' }).ok).toBe(false)
    expect(parseForm(fields, { maxSupply: '2' }).ok).toBe(true)
  })

  it('bounds the level by the settings', () => {
    const fields = nftModel(config, CARDS).chosen?.nameFields ?? []
    expect(parseForm(fields, { level: '4', name: 'Gold' }).ok).toBe(true)
    expect(parseForm(fields, { level: '5', name: 'Gold' }).ok).toBe(false)
    expect(parseForm(fields, { level: '0', name: 'Gold' }).ok).toBe(false)
    expect(nftModel(config, CARDS).levels).toEqual([1, 2, 3, 4])
  })

  it('refuses a mint beyond the maximum supply, up to it exactly', () => {
    const chosen = nftModel(config, CARDS).chosen
    expect(chosen?.mintProblems({ amount: 8n })).toEqual([])
    expect(chosen?.mintProblems({ amount: 9n })).toMatchObject([{ key: 'amount', values: { max: '10', minted: '2' } }])
    expect(nftModel(config, CARDS, 2n).chosen?.mintProblems({ amount: 1n })).toHaveLength(1)
    const fields = chosen?.mintFields ?? []
    expect(parseForm(fields, { to: '0x52908400098527886E0F7030069857D2E4169EE7', amount: '0' }).ok).toBe(false)
  })
})

describe('levelNameValues', () => {
  const names = [
    ['金', '銀'],
    ['Gold', 'Silver'],
  ] as const

  it("gives a level's names in both languages, empty where none is set", () => {
    expect(levelNameValues(names, 1)).toEqual({ nameZh: '金', nameEn: 'Gold' })
    expect(levelNameValues(names, 2)).toEqual({ nameZh: '銀', nameEn: 'Silver' })
    expect(levelNameValues(names, 3)).toEqual({ nameZh: '', nameEn: '' })
    expect(levelNameValues(undefined, 1)).toBeUndefined()
  })
})

describe('burnMultiValues', () => {
  it('spreads each array into one field per element', () => {
    const values = burnMultiValues({
      burnRates: [1n, 2n],
      teamAmounts: [3n],
      teamRates: [4n],
      slippage: 50n,
    } as unknown as Parameters<typeof burnMultiValues>[0])
    expect(values).toEqual({
      'burnRates.0': 1n,
      'burnRates.1': 2n,
      'teamAmounts.0': 3n,
      'teamRates.0': 4n,
      slippage: 50n,
    })
    expect(burnMultiValues(undefined)).toBeUndefined()
  })
})
