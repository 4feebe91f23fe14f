import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { logActionName, logActions, logCodeOf, logSymbolName, logSymbols } from './logActions.ts'

const logCodesSol = readFileSync(
  join(import.meta.dirname, '../../../../contracts/contracts/libraries/LogCodes.sol'),
  'utf8',
)

describe('logActions', () => {
  it('names each action and symbol pair once, with the code LogCodes.sol gives the action', () => {
    const keys = logActions.map(({ action, symbol }) => `${action}:${symbol}`)
    expect(new Set(keys).size).toBe(keys.length)
    for (const { action, code } of logActions)
      expect(logCodesSol).toContain(`uint8 internal constant ACTION_${action.toUpperCase()} = ${code};`)
  })

  it('lists the claims of Burn (USDT) and Ido (NEX), and a Stake deposit as money paid', () => {
    expect(logActions.filter((entry) => entry.action === 'claim').map((e) => `${e.contract}:${e.symbol}`)).toEqual([
      'Burn:USDT',
      'Ido:NEX',
    ])
    expect(logActions.find((entry) => entry.action === 'stake_deposit')?.flow).toBe('out')
  })

  it('turns codes into names and back; an unknown code shows as its number', () => {
    for (const { code, name } of logSymbols) {
      expect(logSymbolName(code)).toBe(name)
      expect(logCodeOf('symbol', name)).toBe(code)
    }
    for (const { action, code } of logActions) {
      expect(logActionName(code)).toBe(action)
      expect(logCodeOf('action', action)).toBe(code)
    }
    expect(logActionName(250)).toBe('250')
    expect(logCodeOf('action', 'register_never_written')).toBeUndefined()
  })
})
