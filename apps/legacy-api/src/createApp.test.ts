import { createDatabase, type Database } from '@nexus/db'
import { createTestDatabase, type TestDatabase } from '@nexus/db/testing'
import { startHardhatNode } from '@nexus/testing'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { createApp } from './createApp.ts'
import { offlineReceiver, offlineToken } from './_test/setup.ts'

const payments = { paymentToken: offlineToken, paymentReceiver: offlineReceiver }

let testDb: TestDatabase
let db: Database
let app: FastifyInstance

const registered = '0x00000000000000000000000000000000000000AA'
const stranger = '0x00000000000000000000000000000000000000bb'

beforeAll(async () => {
  testDb = await createTestDatabase(inject('databaseUrl'), 'legacy_api')
  db = await createDatabase({ url: testDb.url })
  await db.prisma.legacyUser.create({ data: { address: registered.toLowerCase(), username: 'alice' } })
  app = await createApp({ db, ...payments, corsOrigins: ['https://app.example'], rateLimitPerMinute: 1000 })
})
afterAll(async () => {
  await app?.close()
  await db?.close()
  await testDb?.drop()
})

/** Posts like the first version's client: form-encoded, with its `lang` (and `token`) headers. */
function post(route: string, form: Record<string, string> | string, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: `/api/api/invest/${route}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: typeof form === 'string' ? form : new URLSearchParams(form).toString(),
  })
}

test('/healthz answers while the process is up', async () => {
  const response = await app.inject({ method: 'GET', url: '/healthz' })
  expect(response.statusCode).toBe(200)
  expect(response.json()).toEqual({ status: 'ok' })
})

test('/metrics counts requests by route and envelope code (the HTTP status outside the envelope)', async () => {
  // (no chain node here: /readyz answers 503)
  expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(503)
  await post('isRegister', { address: registered })
  await post('isRegister', { address: 'nope' })
  await post('noSuchRoute', {})
  const metrics = (await app.inject({ method: 'GET', url: '/metrics' })).body
  const count = (labels: string) =>
    Number(new RegExp(`^legacy_api_request_duration_seconds_count\\{${labels}\\} (\\d+)$`, 'm').exec(metrics)?.[1])
  expect(count('route="isRegister",code="0"')).toBeGreaterThanOrEqual(1)
  expect(count('route="isRegister",code="4800"')).toBeGreaterThanOrEqual(1)
  expect(count('route="unknown",code="4800"')).toBeGreaterThanOrEqual(1)
  expect(count('route="readyz",code="503"')).toBe(1)
  expect(metrics).toMatch(/^legacy_api_replica_lag_seconds 0$/m)
})

describe('isRegister {address}', () => {
  test('true for an address with an account (any letter case), from the database', async () => {
    const response = await post('isRegister', { address: registered })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ code: 0, msg: 'OK', data: { isRegister: true } })
    expect((await post('isRegister', { address: registered.toLowerCase() })).json().data).toEqual({ isRegister: true })
  })

  test('false for an unknown address; a newly created account turns it true', async () => {
    expect((await post('isRegister', { address: stranger })).json()).toEqual({
      code: 0,
      msg: 'OK',
      data: { isRegister: false },
    })
    await db.prisma.legacyUser.create({
      data: { address: stranger, username: 'bob', recommender: registered.toLowerCase() },
    })
    expect((await post('isRegister', { address: stranger })).json().data).toEqual({ isRegister: true })
  })

  test('msg follows the lang header (zh-cn), defaulting to English', async () => {
    expect((await post('isRegister', { address: registered }, { lang: 'zh-cn' })).json().msg).toBe('成功')
    expect((await post('isRegister', { address: registered }, { lang: 'fr' })).json().msg).toBe('OK')
  })

  const bad: [string, string][] = [
    ['whitespace', 'address=%20%20'],
    ['too short', 'address=0x1234'],
    ['no 0x', `address=${'a'.repeat(40)}`],
    ['41 hex digits', `address=0x${'a'.repeat(41)}`],
    ['non-hex', `address=0x${'g'.repeat(40)}`],
    ['padded', `address=%20${registered}`],
    ['array', `address=${registered}&address=${registered}`],
    ['NUL byte', `address=${registered}%00`],
    ['SQL', `address=${encodeURIComponent("0x' OR 1=1 --")}`],
    ['HTML', `address=${encodeURIComponent('<script>alert(1)</script>')}`],
    ['10 KB', `address=0x${'a'.repeat(10_240)}`],
    ['number', 'address=123'],
  ]
  test.each(bad)('%s → 4800 with a message naming the field', async (_name, form) => {
    const response = await post('isRegister', form)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ code: 4800, msg: 'Invalid address', data: null })
  })

  test('missing or empty field → 4800 "address is required" (zh-cn: 缺少 address)', async () => {
    expect((await post('isRegister', {})).json()).toEqual({ code: 4800, msg: 'address is required', data: null })
    expect((await post('isRegister', 'address=')).json()).toEqual({
      code: 4800,
      msg: 'address is required',
      data: null,
    })
    expect((await post('isRegister', {}, { lang: 'zh-cn' })).json()).toEqual({
      code: 4800,
      msg: '缺少 address',
      data: null,
    })
  })
})

describe('errors are HTTP 200 {code, msg, data}, never a stack trace', () => {
  test('a body over the limit → 4800 "Request too large"', async () => {
    const response = await post('isRegister', `address=${'a'.repeat(70 * 1024)}`)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ code: 4800, msg: 'Request too large', data: null })
  })

  test('a malformed JSON body → 4800 "Malformed request"', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/api/invest/isRegister',
      headers: { 'content-type': 'application/json' },
      payload: '{"address": ',
    })
    expect(response.json()).toEqual({ code: 4800, msg: 'Malformed request', data: null })
  })

  test('an unknown route → 4800 "Unknown API"', async () => {
    expect((await post('nope', {})).json()).toEqual({ code: 4800, msg: 'Unknown API', data: null })
  })

  test('a database failure → generic 5000, no details', async () => {
    // A real failure: the table the route reads is gone.
    const brokenDb = await createTestDatabase(inject('databaseUrl'), 'legacy_api_broken')
    const database = await createDatabase({ url: brokenDb.url })
    await database.pool.query('DROP TABLE legacy_user CASCADE')
    const broken = await createApp({ db: database, ...payments })
    try {
      const response = await broken.inject({
        method: 'POST',
        url: '/api/api/invest/isRegister',
        headers: { 'content-type': 'application/x-www-form-urlencoded', lang: 'zh-cn' },
        payload: `address=${registered}`,
      })
      expect(response.statusCode).toBe(200)
      expect(response.json()).toEqual({ code: 5000, msg: '服务器繁忙，请稍后再试', data: null })
      expect(response.body).not.toMatch(/legacy_user|relation|prisma/i)
    } finally {
      await broken.close()
      await database.close()
      await brokenDb.drop()
    }
  })
})

describe('security', () => {
  test('security headers are set', async () => {
    const response = await post('isRegister', { address: registered })
    expect(response.headers['x-content-type-options']).toBe('nosniff')
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN')
    expect(response.headers['strict-transport-security']).toBeDefined()
  })

  test('CORS allows only the configured origins', async () => {
    const allowed = await post('isRegister', { address: registered }, { origin: 'https://app.example' })
    expect(allowed.headers['access-control-allow-origin']).toBe('https://app.example')
    const other = await post('isRegister', { address: registered }, { origin: 'https://evil.example' })
    expect(other.headers['access-control-allow-origin']).toBeUndefined()
  })

  test('the rate limit answers 4800 once exceeded, in the envelope', async () => {
    const limited = await createApp({ db, ...payments, rateLimitPerMinute: 3 })
    const send = () =>
      limited.inject({
        method: 'POST',
        url: '/api/api/invest/isRegister',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `address=${registered}`,
      })
    for (let i = 0; i < 3; i++) expect((await send()).json().code).toBe(0)
    const response = await send()
    await limited.close()
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ code: 4800, msg: 'Too many requests; try again later', data: null })
  })
})

describe('a dependency away: the database or the chain node', () => {
  test('routes answer the envelope with the retryable 5030, /readyz 503 naming it; both recover by themselves', async () => {
    // its own database and app: every backend of that database is ended, as a restart or a fail-over does
    const ownDb = await createTestDatabase(inject('databaseUrl'), 'legacy_outage')
    const own = await createDatabase({ url: ownDb.url, keepConnections: true, poolSize: 3 })
    // a node that does not exist: nothing listens on port 9 of this machine
    const ownApp = await createApp({ db: own, ...payments, rpcUrl: 'http://127.0.0.1:9', rateLimitPerMinute: 1000 })
    // another database's connection (the file's own) runs the administrator's statements
    const admin = db.pool
    try {
      const ask = (lang: string) =>
        ownApp.inject({
          method: 'POST',
          url: '/api/api/invest/isRegister',
          headers: { 'content-type': 'application/x-www-form-urlencoded', lang },
          payload: `address=${registered}`,
        })
      expect((await ask('en')).json()).toEqual({ code: 0, msg: 'OK', data: { isRegister: false } })
      const nodeAway = await ownApp.inject({ method: 'GET', url: '/readyz' })
      expect({ status: nodeAway.statusCode, body: nodeAway.json() }).toEqual({
        status: 503,
        body: { status: 'not_ready', reason: 'chain node unreachable' },
      })

      // the database ends every connection and refuses new ones for a while
      await admin.query(`ALTER DATABASE ${ownDb.name} ALLOW_CONNECTIONS false`)
      await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [ownDb.name])
      for (const lang of ['en', 'zh-cn']) {
        const response = await ask(lang)
        expect(response.statusCode).toBe(200)
        expect(response.json()).toEqual({
          code: 5030,
          msg:
            lang === 'en'
              ? 'The service is briefly unavailable; nothing was changed, please try again shortly'
              : '服务暂时不可用，未做任何更改，请稍后重试',
          data: null,
        })
      }
      const databaseAway = await ownApp.inject({ method: 'GET', url: '/readyz' })
      expect({ status: databaseAway.statusCode, body: databaseAway.json() }).toEqual({
        status: 503,
        body: { status: 'not_ready', reason: 'database unreachable' },
      })

      // back: the same app answers again, without a restart
      await admin.query(`ALTER DATABASE ${ownDb.name} ALLOW_CONNECTIONS true`)
      expect((await ask('en')).json()).toEqual({ code: 0, msg: 'OK', data: { isRegister: false } })
    } finally {
      await admin.query(`ALTER DATABASE ${ownDb.name} ALLOW_CONNECTIONS true`).catch(() => undefined)
      await ownApp.close()
      await own.close()
      await ownDb.drop()
    }
  })

  test('/readyz answers 200 while the database and the node answer', async () => {
    const node = await startHardhatNode()
    const ownApp = await createApp({ db, ...payments, rpcUrl: node.url })
    try {
      const response = await ownApp.inject({ method: 'GET', url: '/readyz' })
      expect({ status: response.statusCode, body: response.json() }).toEqual({ status: 200, body: { status: 'ready' } })
    } finally {
      await ownApp.close()
      await node.stop()
    }
  })
})
