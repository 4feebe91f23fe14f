// The test command's summary names each failed test: reports read from a real Vitest JSON report (a run made here)
// and from the Hardhat runners' logs.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { failedTests, failureReports } from '../lib/failures.mjs'

const root = join(import.meta.dirname, '..', '..')

const hardhatLog = `
Running node:test tests

  tmp group
    ✔ passes
    1) fails on purpose
    2) fails again


  1 passing (251ms)
  2 failing

  1) tmp group
       fails on purpose:

   AssertionError: Expected values to be strictly equal
   - 2
   + 1
       at TestContext.<anonymous> (test/TmpFail.ts:5:39)

  2) tmp group
       fails again:

   Error: boom
       at TestContext.<anonymous> (test/TmpFail.ts:6:39)


Running Solidity tests

  test/TmpFail.t.sol:TmpFailTest
    ✔ test_ok()
    1) test_bad()


  1 passing
  1 failing

  1) TmpFailTest#test_bad()
    Error: nope
      at TmpFailTest.test_bad (test/TmpFail.t.sol:5)
`

describe('failed tests in the summary', () => {
  it('reads each numbered report after every "N failing" line of the Hardhat runners', () => {
    const reports = failureReports(hardhatLog)
    expect(reports).toHaveLength(3)
    expect(reports[0]).toMatch(/^1\) tmp group\s+fails on purpose:/)
    expect(reports[0]).toContain('test/TmpFail.ts:5:39')
    expect(reports[0]).not.toContain('fails again')
    expect(reports[1]).toMatch(/^2\) tmp group\s+fails again:[\s\S]*Error: boom/)
    expect(reports[2]).toMatch(/^1\) TmpFailTest#test_bad\(\)\s+Error: nope/)
    expect(failureReports('  3 passing\n')).toEqual([])
  })

  it('names the failed tests of a real Vitest JSON report, and a file that failed to load', () => {
    const dir = mkdtempSync(join(tmpdir(), 'failures-'))
    try {
      writeFileSync(
        join(dir, 'a.test.ts'),
        "import { it, expect } from 'vitest'\nit('adds', () => expect(1 + 1).toBe(2))\n" +
          "it('subtracts wrongly', () => expect(2 - 1).toBe(3))\n",
      )
      writeFileSync(join(dir, 'b.test.ts'), "throw new Error('cannot load this file')\n")
      const out = join(dir, 'out.json')
      const run = spawnSync(
        process.execPath,
        [
          join(root, 'node_modules', 'vitest', 'vitest.mjs'),
          'run',
          '--root',
          dir,
          '--reporter=json',
          `--outputFile=${out}`,
        ],
        { cwd: dir, encoding: 'utf8' },
      )
      expect(run.status).toBe(1)
      const reports = failedTests(JSON.parse(readFileSync(out, 'utf8')))
      expect(reports).toHaveLength(2)
      const subtract = reports.find((r) => r.includes('subtracts wrongly'))
      expect(subtract).toMatch(/a\.test\.ts\nsubtracts wrongly\n.*expected 1 to be 3/)
      expect(reports.find((r) => r.includes('b.test.ts'))).toContain('cannot load this file')
      expect(reports.join('\n')).not.toContain('adds')
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('reads the contracts runner list, clipped to a few lines each', () => {
    const long = [
      '1) group',
      '    at async file://node_modules/vitest/dist/chunks/run.js:2864:20',
      ...Array.from({ length: 20 }, (_, i) => `line ${i}`),
    ].join('\n')
    const [report = ''] = failedTests({ failures: [long] })
    expect(report.split('\n')).toHaveLength(9)
    expect(report).not.toContain('node_modules')
    expect(report.split('\n')[1]).toBe('line 0')
    expect(report.endsWith('…')).toBe(true)
    expect(failedTests({ numPassedTests: 3, numFailedTests: 0 })).toEqual([])
  })
})
