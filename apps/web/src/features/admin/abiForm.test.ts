import { describe, expect, it } from 'vitest'
import { doubleAbi, idoAbi, stakeAbi, tokenAbi } from '@nexus/abi'
import { abiArgs, abiFields } from './abiForm.ts'
import { parseField, parseForm } from '../../components/blocks/settings/formModel.ts'
import type { FieldSpec } from '../../components/blocks/settings/formModel.ts'
import {
  DOUBLE_SETTINGS,
  IDO_WHITELISTS,
  STAKE_ROUND,
  TOKEN_SETTINGS,
  stakeRoundProblems,
  tokenSettingsProblems,
} from '../../components/blocks/settings/specs.ts'

const field = (fields: readonly FieldSpec[], key: string) => {
  const found = fields.find((f) => f.key === key)
  if (!found) throw new Error(`no field ${key}`)
  return found
}

describe('abiFields / abiArgs', () => {
  it("takes a struct setter's members as fields with the contract's names, and builds the struct back", () => {
    const fields = abiFields(doubleAbi, 'setConfig', DOUBLE_SETTINGS)
    expect(fields.map((f) => [f.key, f.kind])).toEqual([
      ['dayTimes', 'uint'],
      ['feeRate', 'uint'],
      ['price', 'uint'],
      ['openClaim', 'bool'],
    ])
    expect(field(fields, 'price')).toMatchObject({ min: 10n, max: 10_000n, unit: 'bps' })
    const parsed = parseForm(fields, { dayTimes: '600', feeRate: '0', price: '5000', openClaim: 'true' })
    expect(parsed.ok && abiArgs(doubleAbi, 'setConfig', parsed.values)).toEqual([
      { dayTimes: 600n, feeRate: 0n, price: 5_000n, openClaim: true },
    ])
  })

  it('keeps plain parameters in order (setIdo(index, …) with the index from a lookup)', () => {
    const fields = abiFields(idoAbi, 'setIdo')
    expect(fields.map((f) => f.key)).toEqual(['index', 'idoMax', 'idoAmount', 'idoTokens', 'startTime'])
    expect(abiArgs(idoAbi, 'setIdo', { idoMax: 10n, idoAmount: 1n, idoTokens: 2n, startTime: 3n, index: 4n })).toEqual([
      4n,
      10n,
      1n,
      2n,
      3n,
    ])
    expect(() => abiArgs(idoAbi, 'setIdo', { idoMax: 10n })).toThrow('the form has no value for index')
  })

  it('refuses the bounds the contracts enforce', () => {
    const token = abiFields(tokenAbi, 'setConfig', TOKEN_SETTINGS)
    expect(parseField(field(token, 'burnTime'), '60').ok).toBe(false) // MIN_BURN_TIME 1 h
    expect(parseField(field(token, 'burnReward'), '1').ok).toBe(false) // MAX_BURN_REWARD 0
    expect(field(token, 'market').kind).toBe('address')
    expect(tokenSettingsProblems({ addPoolRate: 400n, feeUSDT: 400n, feeNex: 300n })).toHaveLength(1)
    expect(tokenSettingsProblems({ addPoolRate: 400n, feeUSDT: 300n, feeNex: 300n })).toEqual([])
    const stake = abiFields(stakeAbi, 'setIdo', STAKE_ROUND)
    expect(field(stake, 'idoMin').kind).toBe('amount')
    expect(stakeRoundProblems({ idoMin: 2n, idoMax: 1n })).toHaveLength(1)
  })

  it('reads a batch of addresses up to the contract bound', () => {
    const [accounts] = abiFields(idoAbi, 'setWhitelists', IDO_WHITELISTS)
    expect(accounts).toMatchObject({ key: 'accounts', kind: 'addresses', maxItems: 100 })
    const a = '0x' + '11'.repeat(20)
    const b = '0x' + '22'.repeat(20)
    const ok = parseField(accounts as FieldSpec, `${a},\n${b}`)
    expect(ok.ok && ok.value).toHaveLength(2)
    const bad = parseField(accounts as FieldSpec, `${a} 0x12`)
    expect(!bad.ok && bad.problem.values).toEqual({ wrong: '0x12' })
    expect(parseField(accounts as FieldSpec, Array(101).fill(a).join(',')).ok).toBe(false)
    expect(parseField(accounts as FieldSpec, ' ').ok).toBe(false)
  })

  it('reads call data as hexadecimal bytes', () => {
    const bytes: FieldSpec = { key: 'data', label: { id: 'x' }, kind: 'bytes' }
    expect(parseField(bytes, '0x')).toEqual({ ok: true, value: '0x' })
    expect(parseField(bytes, '0xABcd')).toEqual({ ok: true, value: '0xabcd' })
    expect(parseField(bytes, '0xabc').ok).toBe(false)
    expect(parseField(bytes, 'abcd').ok).toBe(false)
  })

  it('names a function the ABI lacks', () => {
    expect(() => abiFields(doubleAbi, 'setNothing')).toThrow('setNothing: 0 functions')
  })
})
