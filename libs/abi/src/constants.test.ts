import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { declaredConstants, evaluate, evaluateConstants, readContractConstants } from '../scripts/constants.ts'
import { constantsModule } from '../scripts/generate.ts'
import * as abi from './index.ts'

const contractsDir = join(import.meta.dirname, '..', '..', '..', 'contracts', 'contracts')
const none = (reference: string): bigint => {
  throw new Error(`unexpected reference ${reference}`)
}

describe('constant expressions', () => {
  it('evaluates literals as Solidity does: underscores, exponents, units', () => {
    expect(evaluate('1_000_000', none)).toBe(1_000_000n)
    expect(evaluate('1e24', none)).toBe(10n ** 24n)
    expect(evaluate('7 days', none)).toBe(604_800n)
    expect(evaluate('10 minutes', none)).toBe(600n)
    expect(evaluate('0.01 ether', none)).toBe(10n ** 16n)
    expect(evaluate('1_000_000 ether', none)).toBe(10n ** 24n)
  })

  it('follows precedence, parentheses, conversions and references', () => {
    expect(evaluate('2 + 3 * 4 ** 2', none)).toBe(50n)
    expect(evaluate('(2 + 3) * 4', none)).toBe(20n)
    expect(evaluate('1 << 3 | 1 << 1', none)).toBe(10n)
    expect(evaluate('uint32(1 days) - 1', none)).toBe(86_399n)
    expect(evaluate('FeeMath.BPS / 2', (name) => (name === 'FeeMath.BPS' ? 10_000n : none(name)))).toBe(5_000n)
    expect(() => evaluate('2 +', none)).toThrow(/ends early/)
  })

  it('attributes each constant to its contract or library and skips what is not arithmetic', () => {
    const sources = declaredConstants(`
      library L { uint256 internal constant A = 2 hours; /* uint256 constant HIDDEN = 1; */ }
      abstract contract B { uint256 public constant C = L.A * 2; address public constant D = address(0); }
      contract E is B { uint256 private constant F = C + 1; uint256 public constant G = type(uint256).max; }
    `)
    const { values, skipped } = evaluateConstants(sources)
    expect(values).toEqual({ L: { A: 7_200n }, B: { C: 14_400n }, E: { C: 14_400n, F: 14_401n } })
    expect(skipped).toEqual([expect.stringMatching(/^E\.G: /)])
  })
})

describe('contractConstants', () => {
  it('holds the contracts’ constants as compiled now (the generated module is up to date)', () => {
    expect(abi.contractConstants).toEqual(readContractConstants(contractsDir).values)
    expect(abi.contractConstants.Double.MAX_PRICE).toBe(10_000n) // FeeMath.BPS
    expect(abi.contractConstants.Fomo.MAX_ALGEBRA).toBe(abi.contractConstants.FomoLib.MAX_ALGEBRA)
    expect(abi.contractConstants.Mining.MAX_HANDLE_GAS).toBe(10n ** 16n)
    expect(abi.contractConstants.TwapOracle.MAX_WINDOW).toBe(86_400n)
  })

  it('has every public constant that a contract’s ABI exposes', () => {
    const missing: string[] = []
    for (const name of abi.contractNames) {
      const items = (abi as unknown as Record<string, readonly { type: string; name?: string; inputs?: unknown[] }[]>)[
        `${name.charAt(0).toLowerCase()}${name.slice(1)}Abi`
      ]
      const constants = (abi.contractConstants as Record<string, Record<string, bigint>>)[name] ?? {}
      for (const item of items ?? []) {
        if (item.type !== 'function' || !item.name || !/^[A-Z][A-Z0-9_]*$/.test(item.name) || item.inputs?.length)
          continue
        const output = (item as { outputs?: { type: string }[] }).outputs?.[0]?.type ?? ''
        if (/^uint\d*$/.test(output) && !(item.name in constants)) missing.push(`${name}.${item.name}`)
      }
    }
    expect(missing).toEqual([])
  })

  it('follows a change of a contract’s constant', () => {
    const copy = mkdtempSync(join(tmpdir(), 'abi-constants-'))
    try {
      cpSync(contractsDir, copy, { recursive: true })
      const file = join(copy, 'libraries', 'BurnLib.sol')
      const source = readFileSync(file, 'utf8')
      expect(source).toMatch(/uint256 internal constant MAX_FEE_RATE = [^;]+;/)
      writeFileSync(file, source.replace(/(uint256 internal constant MAX_FEE_RATE = )[^;]+;/, '$1 1_234;'))
      expect(constantsModule(copy)).toContain('MAX_FEE_RATE: 1234n,')
      expect(readContractConstants(copy).values.BurnLib?.MAX_FEE_RATE).toBe(1_234n)
    } finally {
      rmSync(copy, { recursive: true, force: true })
    }
  })
})
