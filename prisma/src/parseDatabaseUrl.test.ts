import { expect, test } from 'vitest'
import { parseDatabaseUrl } from './parseDatabaseUrl.ts'

test('splits a URL into discrete connection fields', () => {
  expect(parseDatabaseUrl('postgresql://nexus:p%40ss@db.internal:6543/app')).toEqual({
    host: 'db.internal',
    port: 6543,
    user: 'nexus',
    password: 'p@ss',
    database: 'app',
  })
})

test('defaults: port 5432, user and database postgres; ?host= selects a Unix socket folder', () => {
  expect(parseDatabaseUrl('postgres://localhost')).toEqual({
    host: 'localhost',
    port: 5432,
    user: 'postgres',
    database: 'postgres',
  })
  expect(parseDatabaseUrl('postgresql://u@x/db?host=/var/run/postgresql')).toMatchObject({
    host: '/var/run/postgresql',
  })
})

test('sslmode require turns TLS on', () => {
  expect(parseDatabaseUrl('postgresql://u@h/db?sslmode=require').ssl).toEqual({ rejectUnauthorized: false })
})

test('rejects what is not a PostgreSQL URL, without echoing the URL (it may hold a password)', () => {
  expect(() => parseDatabaseUrl('mysql://root:secret@h/db')).toThrow(/postgresql:\/\//)
  expect(() => parseDatabaseUrl('not a url with secret')).toThrow(/not a valid URL/)
  expect(() => parseDatabaseUrl('not a url with secret')).not.toThrow(/secret/)
})
