import { describe, expect, it } from 'vitest'
import { idoAbi, nftAbi } from '@nexus/abi'
import type { Address } from 'viem'
import { assetRows, CHART_DAYS, nftsModel, rewardsChartModel } from './mineModel.ts'
import type { IdoSettings, NftCard, NftsInput, NftUserInfo } from './mineModel.ts'

const contracts = {
  nft: '0x0000000000000000000000000000000000000001' as Address,
  ido: '0x0000000000000000000000000000000000000002' as Address,
}
const author = '0x00000000000000000000000000000000000000aA' as Address

function card(tokenId: bigint, level: bigint, power: bigint): NftCard {
  return {
    tokenId,
    level,
    total: 1_000n,
    debt: 0n,
    name: '',
    author,
    mints: 0n,
    supply: 10n,
    power,
    cid: '',
    suffix: '',
  }
}

const settings: IdoSettings = {
  dayTimes: 86_400n,
  directRate: 0n,
  indirectRate: 0n,
  userMax: 0n,
  roundCool: 0n,
  hecheng: 15n,
  roundTime: 0n,
  claimStart: 0n,
  releaseDays: 0n,
  keysPerUnit: 0n,
  keyId: 1n,
  cardId: 5n,
  slippage: 0n,
  whiteOnly: false,
}

function info(balances: bigint[], fields: Partial<NftUserInfo> = {}): NftUserInfo {
  return {
    user: { isExist: true, index: 1n, balance: 3n, total: 40n },
    power: 20n,
    pending: 7n,
    balances,
    ...fields,
  }
}

function input(fields: Partial<NftsInput> = {}): NftsInput {
  return {
    contracts,
    cards: [card(1n, 1n, 1n), card(5n, 5n, 20n)],
    info: info([16n, 0n, 0n, 0n, 1n]),
    names: [
      ['钥匙', '', '', '', ''],
      ['Key card', '', '', '', ''],
    ],
    totals: undefined,
    settings,
    english: true,
    ...fields,
  }
}

describe('the assets of Mine', () => {
  it('puts each symbol’s balance next to its rewards, in the Log’s order', () => {
    const rows = assetRows({ USDT: 1n, NEX: 2n, BNB: undefined }, [
      { total: 10n, yesterday: 11n, today: 12n },
      { total: 20n, yesterday: 21n, today: 22n },
      { total: 30n, yesterday: 31n, today: 32n },
    ])
    expect(rows).toEqual([
      { symbol: 'USDT', balance: 1n, total: 10n, today: 12n, yesterday: 11n },
      { symbol: 'NEX', balance: 2n, total: 20n, today: 22n, yesterday: 21n },
      { symbol: 'BNB', balance: undefined, total: 30n, today: 32n, yesterday: 31n },
    ])
    expect(assetRows({ USDT: undefined, NEX: undefined, BNB: undefined }, undefined)[1]).toEqual({
      symbol: 'NEX',
      balance: undefined,
      total: undefined,
      today: undefined,
      yesterday: undefined,
    })
  })
})

describe('the daily rewards chart of Mine', () => {
  const day = 86_400n
  const now = Number(100n * day + 5n)
  it('loads until the day length, the time and the index answered; a failed index is an error', () => {
    expect(rewardsChartModel({ dayTimes: undefined, now, error: false, rows: [] })).toEqual({ state: 'loading' })
    expect(rewardsChartModel({ dayTimes: day, now: undefined, error: false, rows: [] })).toEqual({ state: 'loading' })
    expect(rewardsChartModel({ dayTimes: day, now, error: false, rows: undefined })).toEqual({ state: 'loading' })
    expect(rewardsChartModel({ dayTimes: 0n, now, error: false, rows: [] })).toEqual({ state: 'loading' })
    expect(rewardsChartModel({ dayTimes: day, now, error: true, rows: undefined })).toEqual({ state: 'error' })
  })

  it('is empty without rewards in the last days and draws the days ending today', () => {
    const old = { symbol: 'USDT', day: String(100 - CHART_DAYS), startTime: '0', amount: '5' }
    expect(rewardsChartModel({ dayTimes: day, now, error: false, rows: [old] })).toEqual({ state: 'empty' })
    const today = { symbol: 'USDT', day: '100', startTime: '0', amount: '5' }
    const chart = rewardsChartModel({ dayTimes: day, now, error: false, rows: [old, today] })
    expect(chart).toMatchObject({ state: 'ready', firstDayStart: 71n * day, lastDayStart: 100n * day })
    if (chart.state !== 'ready') throw new Error(chart.state)
    expect(chart.bars[0]?.amounts.at(-1)).toBe(5n)
    expect(chart.bars[0]?.amounts).toHaveLength(CHART_DAYS)
  })
})

describe('the NFT part of Mine', () => {
  it('names each card from the contract in the page’s language, else by its tier', () => {
    const model = nftsModel(input())
    expect(model.cards?.map((entry) => [entry.tokenId, entry.name, entry.held])).toEqual([
      [1n, { text: 'Key card' }, 16n],
      [5n, { tier: expect.objectContaining({ message: 'Syndicate' }) }, 1n],
    ])
    expect(nftsModel(input({ english: false })).cards?.[0]?.name).toEqual({ text: '钥匙' })
    expect(nftsModel(input({ names: undefined, cards: [card(9n, 9n, 1n)] })).cards?.[0]?.name).toBeUndefined()
    expect(nftsModel(input({ cards: undefined })).cards).toBeUndefined()
  })

  it('adds the pending dividends to the account’s balance and claims them from Nft', () => {
    const model = nftsModel(input())
    expect(model).toMatchObject({ pending: 10n, received: 40n, power: 20n })
    expect(nftsModel(input({ info: undefined })).pending).toBeUndefined()
    expect(model.claim.request(undefined)).toEqual({ address: contracts.nft, abi: nftAbi, functionName: 'claimReward' })
  })

  it('previews a synthesis with enough keys: what is left, the syndicate and the change in power', () => {
    const { synthesis } = nftsModel(input())
    expect(synthesis).toMatchObject({ needed: 15n, keys: 16n, enough: true, insufficient: false })
    expect(synthesis.after).toMatchObject({ keys: 1n, keyName: { text: 'Key card' }, syndicates: 2n })
    // 15 keys of power 1 become one syndicate of power 20
    expect(synthesis.power).toEqual({ from: 20n, to: 25n, change: 5n })
    const plan = nftsModel(input()).synthesize
    expect(plan.check?.(undefined)).toBeUndefined()
    expect(plan.request(undefined)).toEqual({ address: contracts.ido, abi: idoAbi, functionName: 'hecheng' })
    expect(plan.success?.message).toBe('Synthesized')
  })

  it('refuses a synthesis with too few keys, and shows nothing while the keys are read', () => {
    const short = nftsModel(input({ info: info([14n, 0n, 0n, 0n, 0n]) }))
    expect(short.synthesis).toMatchObject({
      keys: 14n,
      enough: false,
      insufficient: true,
      after: undefined,
      power: undefined,
    })
    expect(short.synthesize.check?.(undefined)?.message).toBe('Insufficient NFTs')
    // exactly enough
    expect(nftsModel(input({ info: info([15n]) })).synthesis.after?.keys).toBe(0n)
    const unread = nftsModel(input({ settings: undefined }))
    expect(unread.synthesis).toMatchObject({ keys: undefined, needed: undefined, enough: false, insufficient: false })
    expect(unread.synthesize.check?.(undefined)?.message).toBe('Insufficient NFTs')
  })
})
