// Sign-in (nonce → signed EIP-4361 message → token) and the token checks, on a real PostgreSQL.
import { createSignInMessage } from '@nexus/sdk'
import { zeroAddress } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  account,
  addRegistration,
  offlineReceiver,
  offlineToken,
  setupApp,
  signInDomain,
  type TestApp,
} from '../../_test/setup.ts'
import { createDatabase } from '@nexus/db'
import { createApp } from '../../createApp.ts'

let t: TestApp
let clockOffset = 0
const now = () => new Date(Date.now() + clockOffset)
const alice = account(1)
const bob = account(2)
const mallory = account(3)
let aliceToken: string
let bobToken: string

beforeAll(async () => {
  t = await setupApp('legacy_auth', { now })
  // The indexer's tree has a root (account 11); alice registers under it, bob under alice.
  await addRegistration(t.db, account(11).address, zeroAddress, 1)
  aliceToken = (await t.signUp(alice, 'alice', account(11).address)).token
  bobToken = (await t.signUp(bob, 'bob', alice.address)).token
})
afterAll(async () => {
  await t?.close()
})

async function nonceFor(address: string) {
  const body = (await t.post('nonce', { address })).json()
  expect(body.code).toBe(0)
  return body.data as { nonce: string; chainId: number; domains: string[]; issuedAt: string; expirationTime: string }
}

const message = (overrides: Partial<Parameters<typeof createSignInMessage>[0]> & { nonce: string }) =>
  createSignInMessage({
    address: alice.address,
    chainId: 31337,
    domain: signInDomain,
    uri: `http://${signInDomain}`,
    issuedAt: now(),
    ...overrides,
  })

async function loginWith(text: string, signer = alice, lang?: string) {
  const signature = await signer.signMessage({ message: text })
  return (await t.post('login', { message: text, signature }, lang ? { lang } : {})).json()
}

const tokenRoutes = [
  'register',
  'home',
  'buyMachineCheck',
  'buyMachine',
  'buyNodeCheck',
  'buyNode',
  'teamInfo',
  'recommendList',
  'my',
  'walletList',
  'withdraw',
  'buyMachineLog',
  'powerLog',
  'logout',
]
const loggedOut = { code: 4700, msg: 'Please log in again', data: null }

describe('sign-in', () => {
  test('nonce {address}: a fresh nonce with the chain, the accepted domains and its expiry', async () => {
    const first = await nonceFor(alice.address)
    const second = await nonceFor(alice.address)
    expect(first.nonce).toMatch(/^[a-zA-Z0-9]{8,}$/)
    expect(second.nonce).not.toBe(first.nonce)
    expect(first).toMatchObject({ chainId: 31337, domains: expect.arrayContaining([signInDomain]) })
    expect(new Date(first.expirationTime).getTime() - new Date(first.issuedAt).getTime()).toBe(600_000)
  })

  test('login answers a token that the token routes accept, and says whether the wallet is registered', async () => {
    const { nonce } = await nonceFor(alice.address)
    const body = await loginWith(message({ nonce }))
    expect(body).toEqual({
      code: 0,
      msg: 'OK',
      data: {
        token: expect.stringMatching(/^[0-9a-f]{64}$/),
        address: alice.address.toLowerCase(),
        expiresAt: expect.any(String),
        isRegister: true,
      },
    })
    // Only the token's SHA-256 is stored.
    const stored = await t.db.prisma.legacySession.findMany({ select: { tokenHash: true } })
    expect(stored.map((row) => row.tokenHash)).not.toContain(body.data.token)
    expect((await t.post('home', {}, { token: body.data.token })).json().data.user.username).toBe('alice')
  })

  test('a nonce works once: the second login with it is rejected and opens no session', async () => {
    const { nonce } = await nonceFor(alice.address)
    const text = message({ nonce })
    expect((await loginWith(text)).code).toBe(0)
    const before = await t.counts()
    expect(await loginWith(text)).toEqual({
      code: 4800,
      msg: 'The sign-in request is unknown, used or expired; please sign in again',
      data: null,
    })
    expect(await t.counts()).toEqual(before)
  })

  test('two concurrent logins with one nonce: exactly one token', async () => {
    const { nonce } = await nonceFor(alice.address)
    const text = message({ nonce })
    const results = await Promise.all([loginWith(text), loginWith(text), loginWith(text)])
    expect(results.filter((result) => result.code === 0)).toHaveLength(1)
    expect(results.filter((result) => result.code === 4800)).toHaveLength(2)
  })

  const rejections: [string, (nonce: string) => string, string, typeof alice?][] = [
    [
      'a wrong domain',
      (nonce) => message({ nonce, domain: 'evil.example' }),
      'The sign-in message is for another site',
    ],
    ['a wrong chain id', (nonce) => message({ nonce, chainId: 56 }), 'The sign-in message is for another network'],
    [
      'an expired message',
      (nonce) =>
        message({
          nonce,
          issuedAt: new Date(now().getTime() - 1_200_000),
          expirationTime: new Date(now().getTime() - 300_000),
        }),
      'The sign-in message has expired; please sign in again',
    ],
    [
      'an expiry later than the nonce allows',
      (nonce) => message({ nonce, expirationTime: new Date(now().getTime() + 86_400_000) }),
      'The sign-in message is malformed',
    ],
    [
      'a message issued in the future',
      (nonce) =>
        message({
          nonce,
          issuedAt: new Date(now().getTime() + 300_000),
          expirationTime: new Date(now().getTime() + 500_000),
        }),
      'The sign-in message is not valid yet; check your clock',
    ],
    ['a signature by another key', (nonce) => message({ nonce }), 'The signature does not match the wallet', mallory],
    [
      'an unknown nonce',
      () => message({ nonce: 'abcdefgh12345678' }),
      'The sign-in request is unknown, used or expired; please sign in again',
    ],
    [
      "another wallet's nonce",
      (nonce) => message({ nonce, address: mallory.address }),
      'The sign-in request is unknown, used or expired; please sign in again',
      mallory,
    ],
    ['not an EIP-4361 message', () => 'please log me in', 'The sign-in message is malformed'],
  ]
  test.each(rejections)('%s → 4800 with the reason, no session', async (_name, build, msg, signer) => {
    const { nonce } = await nonceFor(alice.address)
    const before = await t.counts()
    expect(await loginWith(build(nonce), signer ?? alice)).toEqual({ code: 4800, msg, data: null })
    expect(await t.counts()).toEqual(before)
  })

  test('the reason follows the lang header', async () => {
    const { nonce } = await nonceFor(alice.address)
    expect((await loginWith(message({ nonce, chainId: 1 }), alice, 'zh-cn')).msg).toBe('登录消息的网络不正确')
  })

  test('an expired nonce is rejected', async () => {
    const { nonce } = await nonceFor(alice.address)
    clockOffset = 11 * 60_000
    try {
      expect((await loginWith(message({ nonce, issuedAt: new Date(Date.now()) }))).code).toBe(4800)
    } finally {
      clockOffset = 0
    }
  })
})

describe('token → 4700', () => {
  test.each(tokenRoutes)('%s without a token', async (route) => {
    expect((await t.post(route, {})).json()).toEqual(loggedOut)
  })

  test.each([
    ['malformed', 'abc'],
    ['upper-case hex', 'A'.repeat(64)],
    ['65 characters', 'a'.repeat(65)],
    ['unknown', 'f'.repeat(64)],
    ['SQL', "' OR '1'='1"],
  ])('%s token', async (_name, token) => {
    for (const route of ['home', 'teamInfo', 'my']) {
      expect((await t.post(route, {}, { token })).json()).toEqual(loggedOut)
    }
  })

  test('the stored hash of a token is not a token', async () => {
    const { tokenHash } = await t.db.prisma.legacySession.findFirstOrThrow()
    expect((await t.post('home', {}, { token: tokenHash })).json()).toEqual(loggedOut)
  })

  test('a token answers for its own wallet only; a token of another deployment is unknown here', async () => {
    expect((await t.post('my', {}, { token: bobToken })).json().data.username).toBe('bob')
    expect((await t.post('my', {}, { token: aliceToken })).json().data.username).toBe('alice')
    const other = await setupApp('legacy_auth_other')
    try {
      await addRegistration(other.db, bob.address, zeroAddress, 1)
      const foreign = await other.login(bob)
      expect((await other.post('teamInfo', {}, { token: foreign })).json().code).toBe(0)
      expect((await t.post('teamInfo', {}, { token: foreign })).json()).toEqual(loggedOut)
    } finally {
      await other.close()
    }
  })

  test('an expired token (7 days by default)', async () => {
    const token = await t.login(bob)
    expect((await t.post('home', {}, { token })).json().code).toBe(0)
    clockOffset = 7 * 86_400_000 + 1_000
    try {
      expect((await t.post('home', {}, { token })).json()).toEqual(loggedOut)
    } finally {
      clockOffset = 0
    }
  })

  test('a revoked token (logout); a second logout is 4700 too', async () => {
    const token = await t.login(bob)
    expect((await t.post('logout', {}, { token })).json()).toEqual({ code: 0, msg: 'OK', data: null })
    expect((await t.post('my', {}, { token })).json()).toEqual(loggedOut)
    expect((await t.post('logout', {}, { token })).json()).toEqual(loggedOut)
    expect((await t.post('my', {}, { token: bobToken })).json().code).toBe(0)
  })

  test('a logged-in wallet without an account: 4800 "Please register first" (zh-cn: 请先注册)', async () => {
    const token = await t.login(mallory)
    expect((await t.post('my', {}, { token })).json()).toEqual({ code: 4800, msg: 'Please register first', data: null })
    expect((await t.post('home', {}, { token, lang: 'zh-cn' })).json()).toEqual({
      code: 4800,
      msg: '请先注册',
      data: null,
    })
  })
})

describe('rate limits', () => {
  test('nonce and login: a stricter limit per client', async () => {
    const limited = await createApp({
      db: t.db,
      paymentToken: offlineToken,
      paymentReceiver: offlineReceiver,
      loginRateLimitPerMinute: 2,
    })
    try {
      const send = () =>
        limited.inject({
          method: 'POST',
          url: '/api/api/invest/nonce',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: `address=${alice.address}`,
        })
      expect((await send()).json().code).toBe(0)
      expect((await send()).json().code).toBe(0)
      expect((await send()).json()).toEqual({ code: 4800, msg: 'Too many requests; try again later', data: null })
      // Other routes keep the general limit.
      const other = await limited.inject({
        method: 'POST',
        url: '/api/api/invest/machineTypeList',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: '',
      })
      expect(other.json().code).toBe(0)
    } finally {
      await limited.close()
    }
  })

  test('purchase and withdrawal routes: a stricter limit per client', async () => {
    const limited = await createApp({
      db: t.db,
      paymentToken: offlineToken,
      paymentReceiver: offlineReceiver,
      purchaseRateLimitPerMinute: 1,
    })
    try {
      const send = (route: string) =>
        limited.inject({
          method: 'POST',
          url: `/api/api/invest/${route}`,
          headers: { 'content-type': 'application/x-www-form-urlencoded', token: bobToken },
          payload: 'id=1&num=1',
        })
      expect((await send('buyMachineCheck')).json().code).toBe(0)
      expect((await send('buyMachineCheck')).json()).toEqual({
        code: 4800,
        msg: 'Too many requests; try again later',
        data: null,
      })
      // The limit is per route; reads keep the general limit.
      expect((await send('buyNodeCheck')).json().code).toBe(0)
      expect((await send('my')).json().code).toBe(0)
      expect((await send('my')).json().code).toBe(0)
    } finally {
      await limited.close()
    }
  })
})

describe('prepared statements', () => {
  test("once ready, every open pooled connection has the polled routes' statements prepared; answers are unchanged", async () => {
    const db = await createDatabase({ url: t.db.url, poolSize: 3, keepConnections: true, migrate: false })
    const app = await createApp({ db, paymentToken: offlineToken, paymentReceiver: offlineReceiver, now })
    const prepared = async () => {
      const clients = await Promise.all([db.pool.connect(), db.pool.connect(), db.pool.connect()])
      try {
        return await Promise.all(
          clients.map(async (client) =>
            (await client.query<{ name: string }>(`SELECT name FROM pg_prepared_statements ORDER BY name`)).rows
              .map((row) => row.name)
              .filter((name) => name.startsWith('legacy_auth_')),
          ),
        )
      } finally {
        for (const client of clients) client.release()
      }
    }
    try {
      expect(await prepared()).toEqual([[], [], []])
      await app.ready()
      const byConnection = await prepared()
      // The session check alone, home's and teamInfo's: the same three on each connection.
      expect(byConnection[0]).toHaveLength(3)
      expect(byConnection).toEqual([byConnection[0], byConnection[0], byConnection[0]])
      for (const route of ['home', 'teamInfo', 'my']) {
        const answer = await app.inject({
          method: 'POST',
          url: `/api/api/invest/${route}`,
          headers: { 'content-type': 'application/x-www-form-urlencoded', token: aliceToken },
          payload: '',
        })
        expect(answer.json()).toMatchObject({ code: 0 })
        expect(answer.json()).toEqual((await t.post(route, {}, { token: aliceToken })).json())
      }
    } finally {
      await app.close()
      await db.close()
    }
  })
})
