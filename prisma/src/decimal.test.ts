import { afterAll, beforeAll, expect, inject, test } from 'vitest'
import { createDatabase, type Database } from './createDatabase.ts'
import { createTestDatabase, type TestDatabase } from './testing/index.ts'

const maxUint256 = 2n ** 256n - 1n

let testDb: TestDatabase
let db: Database
beforeAll(async () => {
  testDb = await createTestDatabase(inject('databaseUrl'), 'decimal')
  db = await createDatabase({ url: testDb.url })
})
afterAll(async () => {
  await db?.close()
  await testDb?.drop()
})

const registration = (account: string, index: bigint | string) => ({
  chainId: 31337,
  account,
  referrer: '0x0000000000000000000000000000000000000000',
  index: index.toString(),
  depth: 0,
  blockNumber: 2n ** 63n - 1n,
  blockHash: `0x${'ab'.repeat(32)}`,
  logIndex: 0,
  blockTimestamp: 1_700_000_000n,
  transactionHash: `0x${'cd'.repeat(32)}`,
})

test('applies the migrations when it opens', () => {
  expect(db.kind).toBe('postgres')
  expect(db.appliedMigrations.length).toBeGreaterThan(0)
})

test('Decimal(78,0) round-trips 2^256-1 exactly through Prisma', async () => {
  const account = '0x00000000000000000000000000000000000000a1'
  await db.prisma.registration.create({ data: registration(account, maxUint256) })
  const row = await db.prisma.registration.findUniqueOrThrow({
    where: { chainId_account: { chainId: 31337, account } },
  })
  expect(row.index.toFixed()).toBe(maxUint256.toString())
  expect(BigInt(row.index.toFixed())).toBe(maxUint256)
  expect(row.blockNumber).toBe(2n ** 63n - 1n)
})

test('Decimal(78,0) round-trips 2^256-1 through the raw pool, and PostgreSQL rejects 2^256 * 10', async () => {
  const { rows } = await db.pool.query<{ index: string }>('SELECT index::text FROM registration WHERE account = $1', [
    '0x00000000000000000000000000000000000000a1',
  ])
  expect(rows[0]?.index).toBe('115792089237316195423570985008687907853269984665640564039457584007913129639935')
  await expect(
    db.prisma.registration.create({
      data: registration('0x00000000000000000000000000000000000000a2', (maxUint256 + 1n) * 10n),
    }),
  ).rejects.toThrow()
})

test('Decimal(78,0) holds no fractions: PostgreSQL rounds them to integers, no float anywhere', async () => {
  const account = '0x00000000000000000000000000000000000000a3'
  await db.prisma.registration.create({ data: registration(account, '12345678901234567890123456789.4') })
  const row = await db.prisma.registration.findUniqueOrThrow({
    where: { chainId_account: { chainId: 31337, account } },
  })
  expect(row.index.toFixed()).toBe('12345678901234567890123456789')
})
