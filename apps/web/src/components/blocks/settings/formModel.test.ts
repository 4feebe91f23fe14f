import { describe, expect, it } from 'vitest'
import {
  arrayFields,
  arrayValues,
  diffValues,
  draftOf,
  nonDecreasing,
  parseField,
  parseForm,
  sumAtMost,
} from './formModel.ts'
import type { FieldSpec } from './formModel.ts'
import {
  BURN_MULTI,
  BURN_SETTINGS,
  burnMultiArgs,
  burnMultiProblems,
  FOMO_MULTI,
  FOMO_SETTINGS,
  MINING_MULTI,
  MINING_SETTINGS,
  burnSharesProblems,
  fomoMultiArgs,
  fomoMultiProblems,
  fomoSettingsProblems,
  miningMultiProblems,
  miningSettingsProblems,
} from './specs.ts'

const label = { id: 'x', message: 'x' }
const fee: FieldSpec = { key: 'feeRate', label, kind: 'uint', max: 1_000n }
const amount: FieldSpec = { key: 'roundMin', label, kind: 'amount', min: 1n, max: 10n ** 27n }

const field = (fields: readonly FieldSpec[], key: string) => {
  const found = fields.find((f) => f.key === key)
  if (!found) throw new Error(`no field ${key}`)
  return found
}

describe('parseField', () => {
  it('accepts a whole number within bounds and refuses one outside, naming the bounds', () => {
    expect(parseField(fee, ' 1000 ')).toEqual({ ok: true, value: 1000n })
    const refused = parseField(fee, '1001')
    expect(refused.ok).toBe(false)
    if (!refused.ok) {
      expect(refused.problem.key).toBe('feeRate')
      expect(refused.problem.message.message).toBe('Out of bounds: must be between {min} and {max}')
      expect(refused.problem.values).toEqual({ min: '0', max: '1000' })
    }
  })

  it('refuses text, decimals and negatives in a whole-number field', () => {
    for (const input of ['', 'abc', '1.5', '-1', '1e3']) expect(parseField(fee, input).ok).toBe(false)
  })

  it('reads amounts in tokens and checks the bounds in base units', () => {
    expect(parseField(amount, '1.5')).toEqual({ ok: true, value: 1_500_000_000_000_000_000n })
    expect(parseField(amount, '0').ok).toBe(false)
    expect(parseField(amount, '0.0000000000000000001').ok).toBe(false)
    expect(parseField(amount, '1000000001').ok).toBe(false)
    const tooBig = parseField(amount, '1000000001')
    if (!tooBig.ok) expect(tooBig.problem.values).toEqual({ min: '0.000000000000000001', max: '1000000000' })
  })

  it('reads full-width digits and dots (a Chinese input method) and tells a comma apart', () => {
    expect(parseField(fee, '１０００')).toEqual({ ok: true, value: 1000n })
    expect(parseField(amount, '１．５')).toEqual({ ok: true, value: 1_500_000_000_000_000_000n })
    const comma = parseField(amount, '1,5')
    expect(comma.ok).toBe(false)
    if (!comma.ok) {
      expect(comma.problem.message.message).toBe('Use a dot for decimals and no thousands separators, e.g. 1.5 or 1000')
    }
  })

  it('checksums addresses and refuses malformed ones', () => {
    const to: FieldSpec = { key: 'to', label, kind: 'address' }
    expect(parseField(to, '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266')).toEqual({
      ok: true,
      value: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    })
    expect(parseField(to, '0x1234').ok).toBe(false)
  })

  it('requires text where the contract needs it, and reads switches', () => {
    const cid: FieldSpec = { key: 'cid', label, kind: 'text', required: true }
    expect(parseField(cid, '  ').ok).toBe(false)
    expect(parseField(cid, 'bafy')).toEqual({ ok: true, value: 'bafy' })
    const flag: FieldSpec = { key: 'on', label, kind: 'bool' }
    expect(parseField(flag, 'true')).toEqual({ ok: true, value: true })
    expect(parseField(flag, 'false')).toEqual({ ok: true, value: false })
  })
})

describe('drafts and diff summary', () => {
  it('starts each input at the current value, in the unit typed', () => {
    expect(draftOf(amount, 2_500_000_000_000_000_000n)).toBe('2.5')
    expect(draftOf(fee, 300n)).toBe('300')
    expect(draftOf(fee, undefined)).toBe('')
  })

  it('lists only the fields that change, old → new', () => {
    const changes = diffValues(
      [fee, amount],
      { feeRate: 100n, roundMin: 10n ** 18n },
      {
        feeRate: 150n,
        roundMin: 10n ** 18n,
      },
    )
    expect(changes.map(({ key, from, to }) => ({ key, from, to }))).toEqual([
      { key: 'feeRate', from: '100', to: '150' },
    ])
    expect(diffValues([fee], { feeRate: 100n }, { feeRate: 100n })).toEqual([])
  })

  it('shows a field without a current value as new, and compares addresses without case', () => {
    expect(diffValues([fee], {}, { feeRate: 5n })[0]).toMatchObject({ from: '—', to: '5' })
    const to: FieldSpec = { key: 'to', label, kind: 'address' }
    expect(diffValues([to], { to: '0xabc' }, { to: '0xABC' })).toEqual([])
  })

  it('runs the rules between fields only once every field is valid', () => {
    const rules = () => [{ message: label }]
    expect(parseForm([fee], { feeRate: 'x' }, rules)).toMatchObject({ ok: false, problems: [{ key: 'feeRate' }] })
    expect(parseForm([fee], { feeRate: '1' }, rules)).toMatchObject({ ok: false, problems: [{ message: label }] })
    expect(parseForm([fee], { feeRate: '1' })).toEqual({ ok: true, values: { feeRate: 1n } })
  })

  it('maps array settings to fields and back', () => {
    const fields = arrayFields('rates', 3, () => label, { kind: 'uint' })
    expect(fields.map((f) => f.key)).toEqual(['rates.0', 'rates.1', 'rates.2'])
    expect(arrayValues('rates', [1n, 2n, 3n])).toEqual({ 'rates.0': 1n, 'rates.1': 2n, 'rates.2': 3n })
    expect(nonDecreasing(arrayValues('rates', [1n, 3n, 2n]), 'rates', 3)).toMatchObject([{ key: 'rates.2' }])
    expect(nonDecreasing(arrayValues('rates', [1n, 1n, 2n]), 'rates', 3)).toEqual([])
    expect(
      sumAtMost(arrayValues('rates', [5000n, 5000n, 1n]), ['rates.0', 'rates.1', 'rates.2'], 10_000n),
    ).toMatchObject([{ values: { sum: '10001', max: '10000' } }])
  })
})

describe('contract bounds (contracts/contracts/*.sol)', () => {
  it('Burn: fee rate ≤ 1000, reward multiple 10000..20000, generations 1..8, shares ≤ 100 %', () => {
    expect(parseField(field(BURN_SETTINGS, 'feeRate'), '1001').ok).toBe(false)
    expect(parseField(field(BURN_SETTINGS, 'rewardRate'), '9999').ok).toBe(false)
    expect(parseField(field(BURN_SETTINGS, 'rewardRate'), '20000').ok).toBe(true)
    expect(parseField(field(BURN_SETTINGS, 'algebra'), '0').ok).toBe(false)
    expect(parseField(field(BURN_SETTINGS, 'dayTimes'), '59').ok).toBe(false)
    const rates = [3000n, 1000n, 500n, 1000n, 500n]
    expect(burnSharesProblems({ algebra: 3n, swapRate: 3500n }, rates)).toEqual([])
    expect(burnSharesProblems({ algebra: 3n, swapRate: 3501n }, rates)).toMatchObject([{ values: { total: '10001' } }])
  })

  it('Burn multi: team rates never decrease, V5 within the team share, shares with the current settings', () => {
    const multi = {
      ...arrayValues('burnRates', [3000n, 1000n, 500n, 1000n, 500n]),
      ...arrayValues('teamAmounts', [1n, 2n, 3n, 4n, 5n]),
      ...arrayValues('teamRates', [100n, 200n, 300n, 400n, 1000n]),
      slippage: 100n,
    }
    const settings = { algebra: 3n, swapRate: 3500n }
    expect(burnMultiProblems(multi, settings)).toEqual([])
    expect(burnMultiProblems({ ...multi, 'teamRates.4': 1001n }, settings)).toMatchObject([
      { key: 'teamRates.4', values: { max: '1000' } },
    ])
    expect(burnMultiProblems({ ...multi, 'teamRates.2': 50n }, settings)).toMatchObject([{ key: 'teamRates.2' }])
    expect(burnMultiProblems({ ...multi, 'burnRates.4': 501n }, settings)).toMatchObject([{ key: 'burnRates.4' }])
    expect(parseField(field(BURN_MULTI, 'slippage'), '1001').ok).toBe(false)
    expect(burnMultiArgs(multi).teamRates).toEqual([100n, 200n, 300n, 400n, 1000n])
  })

  it('Fomo: 7 + 4 + 4 + 5 × 3 multi fields, shares ≤ 100 %, team levels never decrease, add time ≤ round', () => {
    expect(FOMO_MULTI).toHaveLength(30)
    expect(parseField(field(FOMO_SETTINGS, 'rewardRate'), '1001').ok).toBe(false)
    expect(parseField(field(FOMO_SETTINGS, 'handleGas'), '0.01').ok).toBe(true)
    expect(parseField(field(FOMO_SETTINGS, 'handleGas'), '0.0100001').ok).toBe(false)
    expect(parseField(field(FOMO_MULTI, 'stakeRates.0'), '0').ok).toBe(false)
    expect(fomoSettingsProblems({ addTime: 61n, roundTime: 60n })).toMatchObject([{ key: 'addTime' }])
    const multi = {
      ...arrayValues('burnRates', [2000n, 2000n, 2000n, 1000n, 1000n, 1000n, 1000n]),
      ...arrayValues('teamRates', [100n, 200n, 300n, 400n]),
      ...arrayValues('teamAmounts', [1n, 2n, 3n, 3n]),
      ...arrayValues('stakeDays', [1n, 7n, 30n, 90n, 180n]),
      ...arrayValues('stakeRates', [1n, 2n, 3n, 4n, 5n]),
      ...arrayValues('stakeSurplus', [0n, 0n, 0n, 0n, 0n]),
    }
    expect(fomoMultiProblems(multi)).toEqual([])
    expect(fomoMultiArgs(multi).teamAmounts).toEqual([1n, 2n, 3n, 3n])
    expect(fomoMultiProblems({ ...multi, 'burnRates.6': 1001n })).toMatchObject([{ key: 'burnRates.6' }])
    expect(fomoMultiProblems({ ...multi, 'teamRates.3': 299n })).toMatchObject([{ key: 'teamRates.3' }])
  })

  it('Mining: 3 invite rates (each ≤ 5000, together ≤ 10000), 6 tiers, maximum stake ≥ minimum', () => {
    expect(MINING_MULTI).toHaveLength(3 + 6 * 3)
    expect(parseField(field(MINING_MULTI, 'inviteRates.0'), '5001').ok).toBe(false)
    expect(parseField(field(MINING_MULTI, 'stakeForces.5'), '100001').ok).toBe(false)
    expect(parseField(field(MINING_SETTINGS, 'feeRate'), '2001').ok).toBe(false)
    expect(miningMultiProblems(arrayValues('inviteRates', [5000n, 5000n, 1n]))).toHaveLength(1)
    expect(miningSettingsProblems({ userMin: 2n, userMax: 1n })).toMatchObject([{ key: 'userMax' }])
    expect(miningSettingsProblems({ userMin: 2n, userMax: 2n })).toEqual([])
  })
})

describe('structOf', () => {
  it('builds a settings struct from every field of the form, by key, and refuses a missing value', async () => {
    const { BURN_SETTINGS, structOf } = await import('./specs.ts')
    const values = Object.fromEntries(BURN_SETTINGS.map(({ key }, index) => [key, BigInt(index + 1)]))
    const struct = structOf(BURN_SETTINGS, { ...values, extra: 99n })
    expect(Object.keys(struct)).toEqual(BURN_SETTINGS.map(({ key }) => key))
    expect(struct.algebra).toBe(values.algebra)
    expect(() => structOf(BURN_SETTINGS, { dayTimes: 600n })).toThrow(/no value for algebra/)
  })
})
