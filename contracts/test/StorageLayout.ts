// Upgrade safety for every contract that lives behind a proxy: its storage layout may only grow at the end.
// storage-layouts.json holds the layouts of the deployed versions; a change that moves, retypes or removes a
// committed variable fails here. After an append-only change, record the new layout with
// `UPDATE_STORAGE_LAYOUTS=1 npx hardhat test test/StorageLayout.ts` (a non-append change is refused even then).
import assert from 'node:assert/strict'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, it } from 'node:test'
import { type StorageEntry, storageLayout } from './helpers/storageLayout.ts'

const snapshotFile = join(import.meta.dirname, '..', 'storage-layouts.json')
const proxied = ['Main', 'Log', 'Nft', 'Burn', 'Ido', 'Stake', 'Mining', 'Fomo', 'Double', 'Info', 'Payouts'] as const
const update = process.env.UPDATE_STORAGE_LAYOUTS === '1'

type Snapshot = Record<string, StorageEntry[]>
const committed: Snapshot = existsSync(snapshotFile) ? JSON.parse(readFileSync(snapshotFile, 'utf8')) : {}

/** The first index where `next` differs from `previous`, or -1 when `next` keeps all of `previous` in place. */
export function firstIncompatible(previous: StorageEntry[], next: StorageEntry[]): number {
  for (let i = 0; i < previous.length; i++) {
    const a = previous[i] as StorageEntry
    const b = next[i]
    if (!b || a.label !== b.label || a.slot !== b.slot || a.offset !== b.offset || a.type !== b.type) return i
  }
  return -1
}

describe('storage layouts of the upgradeable contracts', () => {
  const current: Snapshot = {}

  for (const name of proxied) {
    it(`${name} keeps every committed variable in its slot, with its type (only appends)`, () => {
      const layout = storageLayout(`contracts/${name}.sol`, name)
      current[name] = layout
      const previous = committed[name]
      assert.ok(previous || update, `${name} has no committed layout: run with UPDATE_STORAGE_LAYOUTS=1`)
      if (!previous) return
      const at = firstIncompatible(previous, layout)
      assert.equal(
        at,
        -1,
        `${name}: storage entry ${at} changed: ${JSON.stringify(previous[at])} -> ${JSON.stringify(layout[at])}`,
      )
    })
  }

  it('detects a moved, retyped or removed variable and accepts an appended one', () => {
    const base: StorageEntry[] = [
      { label: '_a', slot: '0', offset: 0, type: 't_uint256' },
      { label: '_b', slot: '1', offset: 0, type: 't_address' },
    ]
    const appended = [...base, { label: '_c', slot: '2', offset: 0, type: 't_bool' }]
    assert.equal(firstIncompatible(base, appended), -1)
    assert.equal(firstIncompatible(base, [base[1] as StorageEntry, base[0] as StorageEntry]), 0)
    assert.equal(
      firstIncompatible(base, [base[0] as StorageEntry, { ...(base[1] as StorageEntry), type: 't_uint160' }]),
      1,
    )
    assert.equal(firstIncompatible(base, [base[0] as StorageEntry]), 1)
  })

  it('records the layouts when asked to', () => {
    if (!update) return
    writeFileSync(snapshotFile, JSON.stringify({ ...committed, ...current }, null, 2) + '\n')
  })
})
