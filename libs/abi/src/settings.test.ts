import { describe, expect, it } from 'vitest'
import { addressSetting, booleanSetting, integerSetting, SettingsError } from './settings.ts'

describe('settings from the environment', () => {
  it('reads a whole number within its bounds, the fallback when unset or blank', () => {
    expect(integerSetting({ PORT: ' 4000 ' }, 'PORT', 8080, 0, 65535)).toBe(4000)
    expect(integerSetting({}, 'PORT', 8080, 0, 65535)).toBe(8080)
    expect(integerSetting({ PORT: '  ' }, 'PORT', 8080, 0, 65535)).toBe(8080)
    expect(integerSetting({ N: '9007199254740991' }, 'N', 1, 0)).toBe(Number.MAX_SAFE_INTEGER)
  })

  it.each([
    ['1e3', /^PORT must be a whole number between 0 and 65535 \(got "1e3"\)$/],
    ['-1', /^PORT must be a whole number/],
    ['4.5', /^PORT must be a whole number/],
    ['0x10', /^PORT must be a whole number/],
    ['70000', /^PORT must be between 0 and 65535 \(got 70000\)$/],
  ])('refuses PORT=%s, naming the variable and the value', (raw, message) => {
    expect(() => integerSetting({ PORT: raw }, 'PORT', 8080, 0, 65535)).toThrow(SettingsError)
    expect(() => integerSetting({ PORT: raw }, 'PORT', 8080, 0, 65535)).toThrow(message)
  })

  it('reads a switch in any of its spellings and refuses anything else', () => {
    for (const raw of ['1', 'true', 'YES', 'On']) expect(booleanSetting({ X: raw }, 'X', false)).toBe(true)
    for (const raw of ['0', 'false', 'No', 'OFF']) expect(booleanSetting({ X: raw }, 'X', true)).toBe(false)
    expect(booleanSetting({}, 'X', true)).toBe(true)
    expect(() => booleanSetting({ X: 'maybe' }, 'X', true)).toThrow('X must be true or false (got "maybe")')
  })

  it('reads an address in lower case and refuses a malformed one', () => {
    const mixed = '0xAbCdEf0123456789aBcDeF0123456789AbCdEf01'
    expect(addressSetting({ A: mixed }, 'A')).toBe(mixed.toLowerCase())
    expect(addressSetting({ A: '' }, 'A')).toBeUndefined()
    expect(() => addressSetting({ A: '0x1234' }, 'A')).toThrow(/^A must be an address/)
    expect(() => addressSetting({ A: `${mixed}0` }, 'A')).toThrow(SettingsError)
  })
})
