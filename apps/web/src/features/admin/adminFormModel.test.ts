import { describe, expect, it } from 'vitest'
import { msg } from '@lingui/core/macro'
import type { FieldSpec, Values } from '../../components/blocks/settings/formModel.ts'
import {
  LOOKUP_PROBLEM,
  NOTHING_CHANGED,
  NOT_AN_ADDRESS,
  draftsKey,
  flagValues,
  initialDrafts,
  lookupKey,
  problemsByField,
  readOnly,
  reviewForm,
  valuesOf,
} from './adminFormModel.ts'

const FIELDS: FieldSpec[] = [
  { key: 'feeRate', label: 'feeRate', kind: 'uint', max: 1_000n },
  { key: 'amount', label: 'amount', kind: 'amount' },
  { key: 'open', label: 'open', kind: 'bool' },
]
const CURRENT = { feeRate: 100n, amount: 10n ** 18n, open: true }
const ACCOUNT = '0x52908400098527886E0F7030069857D2E4169EE7'

describe('readOnly', () => {
  it("refuses an owner form to a wallet without the owner's rights, keeping it while unknown", () => {
    expect(readOnly(undefined, true, 'none')).toBe(true)
    expect(readOnly('owner', true, 'proposer')).toBe(false)
    expect(readOnly('owner', true, 'owner')).toBe(false)
    expect(readOnly(undefined, undefined, undefined)).toBe(false)
  })

  it('refuses a manager form only to a wallet known not to be a manager on chain', () => {
    expect(readOnly('manager', false, 'owner')).toBe(true)
    expect(readOnly('manager', true, 'none')).toBe(false)
    expect(readOnly('manager', undefined, 'none')).toBe(false)
  })
})

describe('initialDrafts and draftsKey', () => {
  it('start from the values on chain, amounts in tokens, or empty for a form that creates', () => {
    expect(initialDrafts(FIELDS, CURRENT, false)).toEqual({ feeRate: '100', amount: '1', open: 'true' })
    expect(initialDrafts(FIELDS, CURRENT, true)).toEqual({ feeRate: '', amount: '', open: '' })
  })

  it('start empty (a flag unset) while the values load', () => {
    expect(initialDrafts(FIELDS, undefined, false)).toEqual({ feeRate: '', amount: '', open: 'false' })
  })

  it('change when the values on chain change, and only then', () => {
    expect(draftsKey(FIELDS, CURRENT, false)).toBe(draftsKey(FIELDS, { ...CURRENT }, false))
    expect(draftsKey(FIELDS, CURRENT, false)).not.toBe(draftsKey(FIELDS, { ...CURRENT, feeRate: 101n }, false))
    expect(draftsKey(FIELDS, undefined, false)).not.toBe(draftsKey(FIELDS, CURRENT, false))
    expect(draftsKey(FIELDS, CURRENT, false)).not.toBe(draftsKey(FIELDS, CURRENT, true))
  })
})

describe('reviewForm', () => {
  const drafts = { feeRate: '150', amount: '1', open: 'true' }

  it('lists what changes, old → new', () => {
    const review = reviewForm({ fields: FIELDS, drafts, current: CURRENT })
    expect(review).toMatchObject({ ok: true, values: { feeRate: 150n, amount: 10n ** 18n, open: true } })
    expect(review.ok && review.changes.map(({ key, from, to }) => ({ key, from, to }))).toEqual([
      { key: 'feeRate', from: '100', to: '150' },
    ])
  })

  it("refuses a value out of the contract's bounds, by its field", () => {
    const review = reviewForm({ fields: FIELDS, drafts: { ...drafts, feeRate: '1001' }, current: CURRENT })
    expect(review.ok).toBe(false)
    expect(!review.ok && review.problems.map((problem) => problem.key)).toEqual(['feeRate'])
  })

  it('takes the maximum and zero', () => {
    expect(reviewForm({ fields: FIELDS, drafts: { ...drafts, feeRate: '1000' }, current: CURRENT }).ok).toBe(true)
    expect(reviewForm({ fields: FIELDS, drafts: { ...drafts, feeRate: '0' }, current: CURRENT }).ok).toBe(true)
  })

  it('refuses a setting with nothing changed, and sends an action as it is', () => {
    const same = { feeRate: '100', amount: '1', open: 'true' }
    expect(reviewForm({ fields: FIELDS, drafts: same, current: CURRENT })).toEqual({
      ok: false,
      problems: [{ message: NOTHING_CHANGED }],
    })
    expect(reviewForm({ fields: FIELDS, drafts: same, current: CURRENT, action: true })).toMatchObject({
      ok: true,
      changes: [],
    })
    expect(reviewForm({ fields: [], drafts: {}, current: undefined, action: true })).toMatchObject({ ok: true })
  })

  it('counts every field as new for a form that creates something', () => {
    const review = reviewForm({ fields: FIELDS, drafts, current: CURRENT, creates: true })
    expect(review.ok && review.changes.map((change) => change.key)).toEqual(['feeRate', 'amount', 'open'])
  })

  it('checks the rules between fields only once every field reads', () => {
    const rule = msg`feeRate above amount`
    const rules = (values: Values) => (values.feeRate === 150n ? [{ message: rule }] : [])
    expect(reviewForm({ fields: FIELDS, drafts, current: CURRENT, rules })).toEqual({
      ok: false,
      problems: [{ message: rule }],
    })
    const wrong = reviewForm({ fields: FIELDS, drafts: { ...drafts, amount: 'x' }, current: CURRENT, rules })
    expect(!wrong.ok && wrong.problems.map((problem) => problem.key)).toEqual(['amount'])
  })

  it('compares with nothing while the values on chain are still loading', () => {
    const review = reviewForm({ fields: FIELDS, drafts, current: undefined })
    expect(review.ok && review.changes.map((change) => change.from)).toEqual(['—', '—', '—'])
  })
})

describe('problemsByField', () => {
  it("splits a field's problem from the form's", () => {
    const problems = [{ key: 'feeRate', message: NOT_AN_ADDRESS }, { message: NOTHING_CHANGED }]
    const { of, form } = problemsByField(problems)
    expect(of('feeRate')).toBe(problems[0])
    expect(of('amount')).toBeUndefined()
    expect(form).toEqual([{ message: NOTHING_CHANGED }])
  })
})

describe('lookupKey', () => {
  it('reads an address typed in any case, trimmed, as its checksummed form', () => {
    expect(lookupKey('address', `  ${ACCOUNT.toLowerCase()} `)).toBe(ACCOUNT)
    expect(lookupKey('address', '0x1234')).toBeUndefined()
    expect(lookupKey('address', '')).toBeUndefined()
  })

  it('reads a whole number, and nothing else', () => {
    expect(lookupKey('uint', ' 0 ')).toBe(0n)
    expect(lookupKey('uint', '12')).toBe(12n)
    expect(lookupKey('uint', '1.5')).toBeUndefined()
    expect(lookupKey('uint', '-1')).toBeUndefined()
    expect(LOOKUP_PROBLEM.uint.message).not.toBe(LOOKUP_PROBLEM.address.message)
  })
})

describe('flagValues', () => {
  it('compares with nothing before an account is typed, and loads until its flag is read', () => {
    expect(flagValues(undefined, 'blacklisted', true)).toEqual({})
    expect(flagValues(ACCOUNT, 'blacklisted', undefined)).toBeUndefined()
    expect(flagValues(ACCOUNT, 'blacklisted', false)).toEqual({ blacklisted: false })
  })
})

describe('valuesOf', () => {
  it("takes a struct's members by the setter's names, or a single value as the only field", () => {
    expect(valuesOf({ feeRate: 5n, other: 1n }, FIELDS)).toEqual({ feeRate: 5n })
    expect(valuesOf(7n, FIELDS)).toEqual({ feeRate: 7n })
    expect(valuesOf(7n, [])).toEqual({})
    expect(valuesOf(undefined, FIELDS)).toBeUndefined()
  })
})
