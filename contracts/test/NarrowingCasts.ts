// Every explicit narrowing integer conversion of the contracts is checked (SafeCast, MiningLib.fit), safe by
// construction, or a bounded field listed in contracts/README.md's table "Bounds of narrowed fields".
//
// The test reads the compiler's syntax tree of the sources (the build-info of `hardhat build`, which `hardhat test`
// runs first), so that it sees every conversion with the types of both sides, whatever the formatting, and no
// comment or string is mistaken for one. What it accepts without a row, and why (test/helpers/narrowingCasts.ts):
// - not a narrowing: a literal (the compiler refuses one that does not fit), `bytesN(...)`, `uint160(address)`,
//   an enum, a conversion to a type at least as wide with a sign that holds every value;
// - a value that provably fits: a constant (`uint8(CODE)` with CODE ≤ 255), a mask (`uint8(word & 0x3f)`,
//   `uint32(x & type(uint32).max)`), a value of a narrower type, `Math.min(x, type(uintN).max)` (a clamp), and
//   a call of MiningLib's checked-cast helper `fit` on (x, N), which reverts when `x >> N != 0`;
// - a packed field decoded from its word, `uintN(word >> SHIFT)` with a constant SHIFT: the bits above the field
//   belong to other fields (the write side of each field is what the table bounds);
// - `uint40(block.timestamp)` and wider: 2**40 seconds is year 36,812. `uint32(block.timestamp)` (2106) needs a row.
// A conversion inside `unchecked` is the same conversion (`unchecked` changes arithmetic, not conversions), and a
// decode of a word's lowest field (`uint88(word)`) cannot be told from a cut by its form: it needs a row.
// A row matches by its file (under contracts/contracts/) and its casts as written, whitespace removed, so it
// survives reformatting; a row that matches no cast fails too (no stale bounds).
import assert from 'node:assert/strict'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join, relative } from 'node:path'
import { describe, it } from 'node:test'
import { type AstNode, type Cast, boundRows, declarations, narrowingCasts } from './helpers/narrowingCasts.ts'

const contractsDir = join(import.meta.dirname, '..')
const sourcesDir = join(contractsDir, 'contracts')
const artifactsDir = join(contractsDir, 'artifacts')
const readme = readFileSync(join(contractsDir, 'README.md'), 'utf8')

/** The production sources: contracts/contracts/**\/*.sol but the test-only and local-chain ones. */
function productionSources(dir = sourcesDir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory())
      return ['test', 'local'].includes(entry.name) && dir === sourcesDir ? [] : productionSources(path)
    return entry.name.endsWith('.sol') ? [relative(sourcesDir, path)] : []
  })
}

type Output = { sources: Record<string, { ast: AstNode }> }

type Compiled = { file: string; ast: AstNode; decls: Map<number, AstNode> }
let compiled: Compiled[] | undefined

/** Each production source's syntax tree, from the build-info its artifacts name, with that build's declarations
 * (read once: the build-info files are large). */
function compiledSources(): Compiled[] {
  compiled ??= readCompiledSources()
  return compiled
}

function readCompiledSources(): Compiled[] {
  const outputs = new Map<string, { output: Output; decls: Map<number, AstNode> }>()
  const load = (buildInfoId: string) => {
    let build = outputs.get(buildInfoId)
    if (!build) {
      const { output } = JSON.parse(
        readFileSync(join(artifactsDir, 'build-info', `${buildInfoId}.output.json`), 'utf8'),
      ) as { output: Output }
      build = { output, decls: declarations(Object.values(output.sources).map((s) => s.ast)) }
      outputs.set(buildInfoId, build)
    }
    return build
  }
  /** The build-info an artifact of `file` names (a file that declares no contract has none). */
  const buildInfoOf = (file: string) => {
    const dir = join(artifactsDir, 'contracts', file)
    const artifact = existsSync(dir)
      ? readdirSync(dir).find((f) => f.endsWith('.json') && !f.endsWith('.dbg.json'))
      : undefined
    return artifact
      ? (JSON.parse(readFileSync(join(dir, artifact), 'utf8')) as { buildInfoId: string }).buildInfoId
      : undefined
  }
  const files = productionSources()
  const ids = files.map(buildInfoOf)
  assert.ok(ids.some(Boolean), 'no artifacts: run `npx hardhat build`')
  return files.map((file, i) => {
    // its own build, else the build of the files compiled with it
    for (const id of [ids[i], ...new Set(ids)].filter((x): x is string => Boolean(x))) {
      const build = load(id)
      const source = build.output.sources[`project/contracts/${file}`]
      if (source) return { file, ast: source.ast, decls: build.decls }
    }
    throw new Error(`${file} is in no build-info: run \`npx hardhat build\``)
  })
}

const describeCast = (c: Cast) => `  ${c.file}:${c.line}  ${c.text}  (${c.from} -> ${c.to})`

/** Compiles `body` (a contract's members) with solc-js and returns its narrowing conversions. */
function castsOf(body: string): Cast[] {
  const require = createRequire(import.meta.url)
  const solc = require('solc') as { compile: (input: string, options?: object) => string }
  const source = `// SPDX-License-Identifier: MIT\npragma solidity ^0.8.28;\nimport {Math} from "@openzeppelin/contracts/utils/math/Math.sol";\ncontract C {\n${body}\n}\n`
  const input = {
    language: 'Solidity',
    sources: { 'C.sol': { content: source } },
    settings: { outputSelection: { '*': { '': ['ast'] } } },
  }
  const findImports = (path: string) => {
    try {
      return { contents: readFileSync(require.resolve(path), 'utf8') }
    } catch {
      return { error: `not found: ${path}` }
    }
  }
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImports })) as Output & {
    errors?: { severity: string; formattedMessage: string }[]
  }
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error')
  assert.equal(errors.length, 0, errors.map((e) => e.formattedMessage).join('\n'))
  const decls = declarations(Object.values(output.sources).map((s) => s.ast))
  return narrowingCasts('C.sol', (output.sources['C.sol'] as { ast: AstNode }).ast, Buffer.from(source), decls)
}

describe('narrowing conversions', () => {
  const rows = boundRows(readme)

  it('every explicit narrowing conversion is checked, safe by construction or a bounded field of the table', () => {
    const unlisted: Cast[] = []
    for (const { file, ast, decls } of compiledSources()) {
      const source = readFileSync(join(sourcesDir, file))
      for (const cast of narrowingCasts(file, ast, source, decls)) {
        if (cast.safe) continue
        if (!rows.some((row) => row.file === cast.file && row.casts.includes(cast.text))) unlisted.push(cast)
      }
    }
    assert.deepEqual(
      unlisted.map(describeCast),
      [],
      `${unlisted.length} narrowing conversions are neither checked (SafeCast) nor bounded in contracts/README.md's ` +
        `"Bounds of narrowed fields":\n${unlisted.map(describeCast).join('\n')}`,
    )
  })

  it('every row of the table names a file and casts that are in the sources (no stale bounds)', () => {
    assert.ok(rows.length > 0, 'the table has no rows')
    const castsByFile = new Map<string, Set<string>>()
    for (const { file, ast, decls } of compiledSources()) {
      const source = readFileSync(join(sourcesDir, file))
      castsByFile.set(file, new Set(narrowingCasts(file, ast, source, decls).map((c) => c.text)))
    }
    const stale = rows.flatMap((row) => {
      const casts = castsByFile.get(row.file)
      if (!casts) return [`README.md:${row.line}: no source contracts/contracts/${row.file}`]
      if (row.casts.length === 0) return [`README.md:${row.line}: the row lists no cast`]
      return row.casts.filter((c) => !casts.has(c)).map((c) => `README.md:${row.line}: ${row.file} has no ${c}`)
    })
    assert.deepEqual(stale, [])
  })

  it('flags cuts and sign changes, and accepts only what is safe by construction', () => {
    const casts = castsOf(`
      uint256 constant SHIFT = 88;
      uint256 constant SMALL = 200;
      uint256 constant LARGE = 300;
      function f(uint256 weight, uint256 perWeight, uint256 word, uint256 s, int256 i, uint64 u64, int64 i64, address a)
        external view returns (uint256 r)
      {
        r = uint128(weight * perWeight / 1e18);            // FomoLib's debt before issue 32: a cut
        r += uint96(word);                                 // a lowest-field decode looks like a cut: a row
        r += uint32(block.timestamp);                      // year 2106: a row
        unchecked { r += uint64(word + 1); }               // unchecked changes nothing
        r += uint88(word >> s);                            // a shift by a variable is not a field decode
        r += uint8(word & 0x1ff);                          // a mask wider than the type
        r += uint8(LARGE);                                 // a constant that does not fit
        r += uint24(Math.min(word, type(uint32).max));     // a clamp to a wider bound
        r += uint256(int256(int128(i)));                   // int256 -> int128
        r += uint64(i64);                                  // a negative value has no unsigned image
        r += uint256(int256(int64(u64)));                  // uint64 -> int64
        r += uint88(word >> SHIFT);                        // safe: a packed field
        r += uint8((word >> 240) & 0xf);                   // safe: a mask
        r += uint32(word & type(uint32).max);              // safe: a mask
        r += uint8(SMALL);                                 // safe: a constant that fits
        r += uint8(word >> 248);                           // safe: 8 bits are left
        r += uint40(block.timestamp);                      // safe: year 36,812
        r += uint24(Math.min(word, type(uint24).max));     // safe: a clamp
        r += uint160(a) + uint160(bytes20(a)) + uint32(bytes4(bytes32(word))) + uint8(7); // not narrowings
        r += uint256(int256(int128(i64))) + uint128(u64);  // widening
      }`)
    const flagged = casts.filter((c) => !c.safe).map((c) => c.text)
    assert.deepEqual(flagged, [
      'uint128(weight*perWeight/1e18)',
      'uint96(word)',
      'uint32(block.timestamp)',
      'uint64(word+1)',
      'uint88(word>>s)',
      'uint8(word&0x1ff)',
      'uint8(LARGE)',
      'uint24(Math.min(word,type(uint32).max))',
      'int128(i)',
      'uint64(i64)',
      'int64(u64)',
    ])
    assert.deepEqual(
      casts.filter((c) => c.safe).map((c) => c.text),
      [
        'uint88(word>>SHIFT)',
        'uint8((word>>240)&0xf)',
        'uint32(word&type(uint32).max)',
        'uint8(SMALL)',
        'uint8(word>>248)',
        'uint40(block.timestamp)',
        'uint24(Math.min(word,type(uint24).max))',
      ],
    )
  })

  it('reads the table by file and casts, whitespace and escaped pipes aside', () => {
    const rowsOf = boundRows(
      [
        '## Bounds of narrowed fields',
        '| file | cast | field |',
        '| --- | --- | --- |',
        '| `Log.sol` | `uint32( block.timestamp )`, `uint8(a \\| b)` | x |',
        '| libraries/TeamLib.sol | `uint96(a)` | y |',
        '## Next',
        '| file | cast |',
        '| Other.sol | `uint8(x)` |',
      ].join('\n'),
    )
    assert.deepEqual(
      rowsOf.map((r) => [r.file, r.casts]),
      [
        ['Log.sol', ['uint32(block.timestamp)', 'uint8(a|b)']],
        ['libraries/TeamLib.sol', ['uint96(a)']],
      ],
    )
  })
})
