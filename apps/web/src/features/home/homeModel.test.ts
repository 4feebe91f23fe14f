import { describe, expect, it } from 'vitest'
import { bnbForUsdt, nexPaymentMax } from '@nexus/sdk'
import type { Address } from 'viem'
import {
  countdownCaption,
  countdownTarget,
  idoBurnModel,
  mintingModel,
  mintMaxUnits,
  secondsUntil,
} from './homeModel.ts'
import type { IdoBurnInput, IdoConfig, IdoRoundState, IdoSettings, MintingInput, MintingReads } from './homeModel.ts'

const E18 = 10n ** 18n
const ido = '0x00000000000000000000000000000000000000a1' as Address
const usdt = '0x00000000000000000000000000000000000000a2' as Address
const nex = '0x00000000000000000000000000000000000000a3' as Address
const burn = '0x00000000000000000000000000000000000000a4' as Address
const account = '0x00000000000000000000000000000000000000b1' as Address

const config = (over: Partial<IdoConfig> = {}): IdoConfig => ({
  addTime: 0n,
  dayTimes: 0n,
  directRate: 0n,
  indirectRate: 0n,
  idoAmount: 100n * E18,
  idoTokens: 1_000n * E18,
  userMax: 0n,
  idoHas: 40n,
  idoMax: 100n,
  round: 0n,
  roundCool: 3_600n,
  hecheng: 0n,
  burnAdd: burn,
  idoAdd: ido,
  ...over,
})

const state = (over: Partial<IdoRoundState> = {}): IdoRoundState => ({
  status: 2,
  round: 0n,
  startTime: 1_000n,
  endTime: 5_000n,
  coolEnd: 0n,
  hasNext: false,
  next: { index: 0n, idoMax: 0n, idoTotal: 0n, idoAmount: 0n, idoTokens: 0n, startTime: 0n },
  nextStartTime: 0n,
  ...over,
})

const settings = (slippage = 300n): IdoSettings => ({
  dayTimes: 0n,
  directRate: 0n,
  indirectRate: 0n,
  userMax: 0n,
  roundCool: 0n,
  hecheng: 0n,
  roundTime: 0n,
  claimStart: 0n,
  releaseDays: 0n,
  keysPerUnit: 0n,
  keyId: 0n,
  cardId: 0n,
  slippage,
  whiteOnly: false,
})

const reads = (over: MintingReads = {}): MintingReads => ({
  config: config(),
  state: state(),
  claimable: 5n * E18,
  usdtBalance: 1_000n * E18,
  nexBalance: 10_000n * E18,
  bnbBalance: 2n * E18,
  settings: settings(),
  boughtThisRound: 0n,
  usdtPerBnb: 600n * E18,
  nexPerUnit: 950n * E18,
  ...over,
})

const input = (over: Partial<MintingInput> = {}): MintingInput => ({
  account,
  ido,
  usdt,
  nex,
  reads: reads(),
  now: 2_000,
  times: '',
  payWith: 'USDT',
  ...over,
})

describe('the minting round', () => {
  it('counts down to the start, then the end, then the cooldown (or the next start)', () => {
    expect(countdownTarget(undefined)).toBeUndefined()
    expect(countdownTarget(state({ status: 0 }))).toBeUndefined()
    expect(countdownTarget(state({ status: 1 }))).toBe(1_000n)
    expect(countdownTarget(state({ status: 2 }))).toBe(5_000n)
    expect(countdownTarget(state({ status: 3 }))).toBeUndefined()
    expect(countdownTarget(state({ status: 4, coolEnd: 7_000n, nextStartTime: 8_000n }))).toBe(7_000n)
    expect(countdownTarget(state({ status: 4, coolEnd: 0n, nextStartTime: 8_000n }))).toBe(8_000n)
  })

  it('shows no negative seconds, and none before the chain time is known or without a target', () => {
    expect(secondsUntil(5_000n, 2_000)).toBe(3_000)
    expect(secondsUntil(5_000n, 6_000)).toBe(0)
    expect(secondsUntil(5_000n, undefined)).toBe(0)
    expect(secondsUntil(0n, 2_000)).toBe(0)
    expect(secondsUntil(undefined, 2_000)).toBe(0)
  })

  it('captions each status; a round without an end sells until sold out', () => {
    expect(countdownCaption(undefined)).toEqual({ kind: 'notConfigured' })
    expect(countdownCaption(state({ status: 0 }))).toEqual({ kind: 'notConfigured' })
    expect(countdownCaption(state({ status: 1 }))).toEqual({ kind: 'startsAt', at: 1_000n })
    expect(countdownCaption(state({ status: 2 }))).toEqual({ kind: 'endsAt', at: 5_000n })
    expect(countdownCaption(state({ status: 2, endTime: 0n }))).toEqual({ kind: 'untilSoldOut' })
    expect(countdownCaption(state({ status: 3 }))).toEqual({ kind: 'allEnded' })
    expect(countdownCaption(state({ status: 4 }))).toEqual({ kind: 'afterCooldown' })
  })

  it('names the status, the round from 1, and the next round when there is one', () => {
    const model = mintingModel(
      input({
        reads: reads({
          config: config({ round: 2n }),
          state: state({
            status: 4,
            hasNext: true,
            nextStartTime: 0n,
            next: { index: 3n, idoMax: 50n, idoTotal: 0n, idoAmount: E18, idoTokens: E18, startTime: 9_000n },
          }),
        }),
      }),
    )
    expect(model.roundNumber).toBe(3n)
    expect(model.status).toBe('cooldown')
    expect(model.nextStart).toBe(9_000n)
    expect(mintingModel(input()).nextStart).toBeUndefined()
  })

  it('has no figures before the first reads', () => {
    const model = mintingModel(input({ reads: {}, now: undefined }))
    expect(model.roundNumber).toBeUndefined()
    expect(model.status).toBeUndefined()
    expect(model.secondsLeft).toBe(0)
    expect(model.caption).toEqual({ kind: 'notConfigured' })
    expect(model.limit).toBeUndefined()
    expect(model.maxUnits).toBeUndefined()
    expect(model.canMint).toBe(false)
  })
})

describe('the units one mint may have', () => {
  it('is what the round has left, within what the account may still buy', () => {
    expect(mintMaxUnits(undefined, 0n)).toBeUndefined()
    expect(mintMaxUnits(config(), undefined)).toBe(60n)
    expect(mintMaxUnits(config({ userMax: 10n }), 4n)).toBe(6n)
    expect(mintMaxUnits(config({ userMax: 100n }), 4n)).toBe(60n)
    expect(mintMaxUnits(config({ userMax: 10n }), undefined)).toBe(60n)
    expect(mintMaxUnits(config({ idoHas: 100n }), 0n)).toBe(0n)
  })

  it('shows the limit as bought of most, or none', () => {
    expect(mintingModel(input()).limit).toBe('none')
    expect(
      mintingModel(input({ reads: reads({ config: config({ userMax: 10n }), boughtThisRound: 4n }) })).limit,
    ).toEqual({ bought: 4n, max: 10n })
    expect(
      mintingModel(input({ account: undefined, reads: reads({ config: config({ userMax: 10n }) }) })).limit,
    ).toEqual({ bought: undefined, max: 10n })
  })
})

describe('the cost of a mint', () => {
  it('is a dash until the field holds a count of units', () => {
    for (const times of ['', '0', '1.5', 'abc']) {
      expect(mintingModel(input({ times })).cost).toEqual({ payWith: 'USDT', cost: undefined, balance: 1_000n * E18 })
      const nexCost = mintingModel(input({ times, payWith: 'NEX' })).cost
      expect(nexCost).toMatchObject({ about: undefined, atMost: undefined })
    }
  })

  it('in USDT is the round price times the units, full-width digits included', () => {
    expect(mintingModel(input({ times: '3' })).cost).toEqual({
      payWith: 'USDT',
      cost: 300n * E18,
      balance: 1_000n * E18,
    })
    expect(mintingModel(input({ times: '３' })).cost).toMatchObject({ cost: 300n * E18 })
  })

  it('in NEX is the quote and the most the mint may charge', () => {
    const cost = mintingModel(input({ times: '2', payWith: 'NEX' })).cost
    expect(cost).toEqual({
      payWith: 'NEX',
      about: 1_900n * E18,
      atMost: nexPaymentMax({ quote: 1_900n * E18, units: 2n }),
      balance: 10_000n * E18,
    })
    if (cost.payWith === 'NEX' && cost.about !== undefined && cost.atMost !== undefined) {
      expect(cost.atMost).toBeGreaterThan(cost.about)
    }
    expect(
      mintingModel(input({ times: '2', payWith: 'NEX', reads: reads({ nexPerUnit: undefined }) })).cost,
    ).toMatchObject({
      about: undefined,
      atMost: undefined,
    })
  })

  it('in BNB is what is sent for the USDT price at the oracle less the slippage', () => {
    expect(mintingModel(input({ times: '3', payWith: 'BNB' })).cost).toEqual({
      payWith: 'BNB',
      send: bnbForUsdt(300n * E18, 600n * E18, 300n),
      balance: 2n * E18,
      slippagePercent: '3',
    })
    const noOracle = mintingModel(
      input({ times: '3', payWith: 'BNB', reads: reads({ usdtPerBnb: undefined, settings: undefined }) }),
    )
    expect(noOracle.cost).toMatchObject({ send: undefined, slippagePercent: undefined })
  })

  it('shows no balances of a wallet that is not connected', () => {
    const model = mintingModel(input({ account: undefined, times: '1' }))
    expect(model.cost).toMatchObject({ balance: undefined })
    expect(model.user).toBeUndefined()
    expect(model.claimable).toBeUndefined()
  })
})

describe('the mint', () => {
  it('is enabled only for a connected wallet while the round is in progress', () => {
    expect(mintingModel(input()).canMint).toBe(true)
    expect(mintingModel(input({ account: undefined })).canMint).toBe(false)
    for (const status of [0, 1, 3, 4]) {
      expect(mintingModel(input({ reads: reads({ state: state({ status }) }) })).canMint).toBe(false)
    }
  })

  it('checks the units from 1 to the most one mint may have', () => {
    const plan = mintingModel(
      input({ times: '7', reads: reads({ config: config({ userMax: 10n }), boughtThisRound: 4n }) }),
    ).mint
    expect(plan.amount).toEqual({ input: '7', units: true, rules: { min: 1n, max: 6n } })
  })

  it('pays USDT with a USDT approval to Ido, bounded by the round price', () => {
    const plan = mintingModel(input({ times: '3' })).mint
    expect(plan.spend).toEqual({ token: usdt, spender: ido })
    expect(plan.check?.(3n)).toBeUndefined()
    expect(plan.check?.(11n)?.message).toBe('Balance Insufficient')
    expect(plan.request(3n)).toEqual({
      address: ido,
      abi: expect.any(Array),
      functionName: 'mint',
      args: [3n, true, 300n * E18],
    })
    expect(plan.success?.message).toBe('Minted')
  })

  it('pays NEX with a NEX approval, passing the shown bound; refused without a NEX price', () => {
    const plan = mintingModel(input({ times: '2', payWith: 'NEX' })).mint
    expect(plan.spend).toEqual({ token: nex, spender: ido })
    expect(plan.request(2n)).toMatchObject({
      functionName: 'mint',
      args: [2n, false, nexPaymentMax({ quote: 1_900n * E18, units: 2n })],
    })
    expect(plan.check?.(2n)).toBeUndefined()
    expect(plan.check?.(11n)?.message).toBe('Balance Insufficient')
    const noPrice = mintingModel(input({ times: '2', payWith: 'NEX', reads: reads({ nexPerUnit: undefined }) })).mint
    expect(noPrice.check?.(2n)?.message).toBe('No NEX price yet: pay with USDT or try again later')
  })

  it('pays BNB as the value of ido(units), with no approval; refused without a BNB price', () => {
    const plan = mintingModel(input({ times: '3', payWith: 'BNB' })).mint
    expect(plan.spend).toBeUndefined()
    expect(plan.request(3n)).toMatchObject({
      functionName: 'ido',
      args: [3n],
      value: bnbForUsdt(300n * E18, 600n * E18, 300n),
    })
    expect(plan.check?.(3n)).toBeUndefined()
    // 2 BNB buys about 1,164 USDT at 600 less 3%: 12 units (1,200 USDT) are more than the balance
    expect(plan.check?.(12n)?.message).toBe('Balance Insufficient')
    for (const missing of [{ usdtPerBnb: undefined }, { settings: undefined }, { usdtPerBnb: 0n }]) {
      const refused = mintingModel(input({ times: '3', payWith: 'BNB', reads: reads(missing) })).mint
      expect(refused.check?.(3n)?.message).toBe('No BNB price yet: pay with USDT or try again later')
    }
  })

  it('leaves the balance to the wallet while it is not read', () => {
    const plan = mintingModel(input({ times: '3', reads: reads({ usdtBalance: undefined }) })).mint
    expect(plan.check?.(1_000n)).toBeUndefined()
  })
})

describe('claims', () => {
  it('are enabled for a connected wallet with something to claim', () => {
    expect(mintingModel(input()).canClaim).toBe(true)
    expect(mintingModel(input({ reads: reads({ claimable: 0n }) })).canClaim).toBe(false)
    expect(mintingModel(input({ account: undefined })).canClaim).toBe(false)
    expect(mintingModel(input()).claim(undefined)).toMatchObject({ address: ido, functionName: 'claim' })
  })
})

describe('a burn order placed from Home', () => {
  const burnInput = (over: Partial<IdoBurnInput> = {}): IdoBurnInput => ({
    account,
    ido,
    usdt,
    burn,
    burnEvery: 10n * E18,
    burnSurplus: 50n,
    usdtBalance: 100n * E18,
    bnbBalance: E18,
    usdtPerBnb: 600n * E18,
    slippage: 500n,
    times: '',
    payWith: 'USDT',
    ...over,
  })

  it('values the typed units at Burn’s price per unit, a dash until it holds a count', () => {
    expect(idoBurnModel(burnInput()).value).toBeUndefined()
    expect(idoBurnModel(burnInput({ times: '4' })).value).toBe(40n * E18)
    expect(idoBurnModel(burnInput({ times: '4', burnEvery: undefined })).value).toBeUndefined()
    expect(idoBurnModel(burnInput({ times: '4', payWith: 'BNB' })).bnb).toBe(bnbForUsdt(40n * E18, 600n * E18, 500n))
  })

  it('is enabled for a connected wallet once Burn is known', () => {
    expect(idoBurnModel(burnInput()).canPlace).toBe(true)
    expect(idoBurnModel(burnInput({ account: undefined })).canPlace).toBe(false)
    expect(idoBurnModel(burnInput({ burn: undefined })).canPlace).toBe(false)
    expect(idoBurnModel(burnInput({ account: undefined })).usdtBalance).toBeUndefined()
  })

  it('takes at most what Burn still takes, paid in USDT approved to Ido', () => {
    const plan = idoBurnModel(burnInput({ times: '4' })).place
    expect(plan.amount).toEqual({ input: '4', units: true, rules: { min: 1n, max: 50n } })
    expect(plan.spend).toEqual({ token: usdt, spender: ido })
    expect(plan.request(4n)).toMatchObject({ address: ido, functionName: 'burn', args: [4n, false], value: undefined })
    expect(plan.check?.(10n)).toBeUndefined()
    expect(plan.check?.(11n)?.message).toBe('Balance Insufficient')
    expect(plan.success?.message).toBe('Burn order placed')
  })

  it('in BNB sends the swap’s value and no approval; refused without a BNB quote', () => {
    const plan = idoBurnModel(burnInput({ times: '4', payWith: 'BNB' })).place
    expect(plan.spend).toBeUndefined()
    expect(plan.request(4n)).toMatchObject({ args: [4n, true], value: bnbForUsdt(40n * E18, 600n * E18, 500n) })
    expect(plan.check?.(4n)).toBeUndefined()
    // 1 BNB is about 570 USDT: 60 units (600 USDT) are more
    expect(plan.check?.(60n)?.message).toBe('Balance Insufficient')
    const noQuote = idoBurnModel(burnInput({ times: '4', payWith: 'BNB', slippage: undefined })).place
    expect(noQuote.check?.(4n)?.message).toBe('No BNB price yet: pay with USDT or try again later')
  })
})
