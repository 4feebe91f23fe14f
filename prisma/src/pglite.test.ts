import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, test } from 'vitest'
import { createDatabase } from './createDatabase.ts'
import { readMigrations } from './migrate.ts'

const dir = mkdtempSync(join(tmpdir(), 'nexus-pglite-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const committed = readMigrations().migrationDirectories.map((d) => d.path)

test('without a URL: starts embedded PGlite, applies the migrations, answers queries; reopening keeps the data', async () => {
  const first = await createDatabase({ pgliteDir: dir })
  try {
    expect(first.kind).toBe('pglite')
    expect(first.url).toMatch(/^postgresql:\/\/postgres@127\.0\.0\.1:\d+\/postgres$/)
    expect(first.appliedMigrations).toEqual(committed)
    await first.prisma.chainCheckpoint.create({ data: { chainId: 31337, blockNumber: 42n, blockHash: '0xabc' } })
    await first.prisma.$transaction([
      first.prisma.legacyUser.create({ data: { address: '0x01', username: 'alice' } }),
      first.prisma.legacyUser.create({ data: { address: '0x02', username: 'bob', recommender: '0x01' } }),
    ])
    const { rows } = await first.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM legacy_user')
    expect(rows[0]?.n).toBe(2)
  } finally {
    await first.close()
  }

  const second = await createDatabase({ pgliteDir: dir })
  try {
    expect(second.appliedMigrations).toEqual([])
    const checkpoint = await second.prisma.chainCheckpoint.findUniqueOrThrow({ where: { chainId: 31337 } })
    expect(checkpoint.blockNumber).toBe(42n)
    expect(await second.prisma.legacyUser.count()).toBe(2)
  } finally {
    await second.close()
  }
}, 60_000)
