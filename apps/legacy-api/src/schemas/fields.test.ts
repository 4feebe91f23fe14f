// At least 25 bad inputs for every field of every route: each is answered HTTP 200 {code: 4800, msg, data: null}
// with a message in the lang header's language, and nothing is written (row counts of every legacy table).
import { zeroAddress } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { account, addRegistration, setupApp, type TestApp } from '../_test/setup.ts'

let t: TestApp
let token: string
let newcomerToken: string
let userId: number

beforeAll(async () => {
  // ARB paid out (as with WITHDRAW_TOKEN_ARB), so that withdraw's ARB requests reach the checks of every field
  t = await setupApp('legacy_fields', { payoutCreditTypes: ['USDT', 'ARB'] })
  await addRegistration(t.db, account(1).address, zeroAddress, 1)
  const signedUp = await t.signUp(account(2), 'alice', account(1).address)
  token = signedUp.token
  userId = signedUp.id
  // Signed in, not registered: for register's fields.
  newcomerToken = await t.login(account(3))
  // A balance, so that withdraw's checks get past "Balance Insufficient" for well-formed amounts.
  await t.db.prisma.legacyWallet.update({
    where: { userId_creditType: { userId, creditType: 'ARB' } },
    data: { balance: '100' },
  })
})
afterAll(async () => {
  await t?.close()
})

type Value = string | string[] | number | boolean | null | Record<string, unknown> | unknown[]
type Bad = [label: string, value: Value]

const twoTo256 = (2n ** 256n).toString()
/** Bad for every field. */
const common: Bad[] = [
  ['empty', ''],
  ['whitespace', '   '],
  ['tab and newline', '\t\n'],
  ['NUL byte', '1\u0000'],
  ['10 KB string', '9'.repeat(10 * 1024)],
  ['SQL payload', "1' OR '1'='1"],
  ['SQL statement', '1; DROP TABLE legacy_user; --'],
  ['HTML payload', '<script>alert(1)</script>'],
  ['HTML attribute', '"><img src=x onerror=alert(1)>'],
  ['array (repeated key)', ['1', '2']],
  ['object (JSON)', { $gt: '' }],
  ['array (JSON)', [1]],
  ['number (JSON)', 1],
  ['boolean (JSON)', true],
  ['null (JSON)', null],
  ['negative', '-1'],
  ['separators', '1,000'],
  ['19 decimals', '0.1234567890123456789'],
  ['2^256', twoTo256],
  ['full-width digits', '１２'],
  ['emoji', '💰💰'],
  ['right-to-left override', '\u202e12'],
]
/** Bad for numbers, addresses, hashes and codes (some are fine usernames). */
const numeric: Bad[] = [
  ['exponent', '1e3'],
  ['hex', '0x10'],
  ['NaN', 'NaN'],
  ['Infinity', 'Infinity'],
  ['plus sign', '+1'],
]
/** Whole numbers only. */
const integer: Bad[] = [...common, ...numeric, ['fraction', '1.5'], ['leading zero', '01'], ['zero', '0']]
const amount: Bad[] = [...common, ...numeric, ['zero', '0'], ['trailing point', '1.'], ['leading point', '.5']]
const address: Bad[] = [
  ...common,
  ...numeric,
  ['too short', '0x1234'],
  ['no 0x', 'a'.repeat(40)],
  ['41 hex digits', `0x${'a'.repeat(41)}`],
  ['non-hex', `0x${'g'.repeat(40)}`],
  ['padded', ` ${account(1).address}`],
]
const hash: Bad[] = [
  ...common,
  ...numeric,
  ['63 hex digits', `0x${'a'.repeat(63)}`],
  ['an address', account(1).address],
]
const creditType: Bad[] = [
  ...common,
  ...numeric,
  ['unknown symbol', 'BTC'],
  ['padded', ' USDT'],
  ['a long s (upper case S in Unicode)', 'uſdt'],
]
const username: Bad[] = [
  ...common.filter(([label]) => label !== 'negative' && label !== '19 decimals'),
  ['one letter', 'a'],
  ['21 characters', 'a'.repeat(21)],
  ['space inside', 'al ice'],
  ['quote', "o'neil"],
  ['hyphen', 'al-ice'],
  ['dot', 'al.ice'],
  ['zero-width space', 'al\u200bice'],
  ['negative', '-100'],
  ['decimal point', '0.123'],
]
const signature: Bad[] = [...common, ...numeric, ['64 bytes', `0x${'a'.repeat(128)}`], ['no 0x', 'a'.repeat(130)]]
const message: Bad[] = [...common, ...numeric]
const hash0 = `0x${'1'.repeat(64)}`

/** Each route's fields with a valid form, the field under test replaced by each bad value. */
const cases: { route: string; field: string; valid: Record<string, string>; bad: Bad[]; auth?: 'user' | 'newcomer' }[] =
  [
    { route: 'isRegister', field: 'address', valid: { address: account(1).address }, bad: address },
    { route: 'nonce', field: 'address', valid: { address: account(1).address }, bad: address },
    { route: 'login', field: 'message', valid: { message: 'x', signature: `0x${'a'.repeat(130)}` }, bad: message },
    { route: 'login', field: 'signature', valid: { message: 'x', signature: `0x${'a'.repeat(130)}` }, bad: signature },
    {
      route: 'register',
      field: 'username',
      valid: { username: 'newcomer', recommend: account(1).address },
      bad: username,
      auth: 'newcomer',
    },
    {
      route: 'register',
      field: 'recommend',
      valid: { username: 'newcomer', recommend: account(1).address },
      bad: address,
      auth: 'newcomer',
    },
    { route: 'machineDetail', field: 'type', valid: { type: '1' }, bad: integer },
    { route: 'buyMachineCheck', field: 'id', valid: { id: '1', num: '1' }, bad: integer, auth: 'user' },
    { route: 'buyMachineCheck', field: 'num', valid: { id: '1', num: '1' }, bad: integer, auth: 'user' },
    { route: 'buyMachine', field: 'id', valid: { id: '1', num: '1', hash: hash0 }, bad: integer, auth: 'user' },
    { route: 'buyMachine', field: 'num', valid: { id: '1', num: '1', hash: hash0 }, bad: integer, auth: 'user' },
    { route: 'buyMachine', field: 'hash', valid: { id: '1', num: '1', hash: hash0 }, bad: hash, auth: 'user' },
    { route: 'buyNodeCheck', field: 'id', valid: { id: '1' }, bad: integer, auth: 'user' },
    { route: 'buyNode', field: 'id', valid: { id: '1', hash: hash0 }, bad: integer, auth: 'user' },
    { route: 'buyNode', field: 'hash', valid: { id: '1', hash: hash0 }, bad: hash, auth: 'user' },
    {
      route: 'recommendList',
      field: 'userId',
      valid: {},
      // Empty means "absent" for this optional field.
      bad: integer.filter(([label]) => label !== 'empty'),
      auth: 'user',
    },
    {
      route: 'walletList',
      field: 'credit_type',
      valid: { credit_type: 'USDT', page: '1' },
      bad: creditType,
      auth: 'user',
    },
    { route: 'walletList', field: 'page', valid: { credit_type: 'USDT', page: '1' }, bad: integer, auth: 'user' },
    {
      route: 'withdraw',
      field: 'num',
      valid: { num: '11', credit_type: 'ARB', hash: hash0 },
      bad: amount,
      auth: 'user',
    },
    {
      route: 'withdraw',
      field: 'credit_type',
      valid: { num: '11', credit_type: 'ARB', hash: hash0 },
      bad: creditType,
      auth: 'user',
    },
    {
      route: 'withdraw',
      field: 'hash',
      valid: { num: '11', credit_type: 'ARB', hash: hash0 },
      bad: hash,
      auth: 'user',
    },
  ]

const cjk = /[\u4e00-\u9fff]/

describe.each(cases)('$route {$field}', ({ route, field, valid, bad, auth }) => {
  test(`has at least 25 bad inputs (${bad.length})`, () => {
    expect(bad.length).toBeGreaterThanOrEqual(25)
  })

  test.each(bad)('%s → 4800 with a message (en and zh-cn), nothing written', async (_label, value) => {
    const headers: Record<string, string> = auth ? { token: auth === 'user' ? token : newcomerToken } : {}
    const before = await t.counts()
    for (const lang of ['en', 'zh-cn']) {
      const isForm = typeof value === 'string' || (Array.isArray(value) && value.every((v) => typeof v === 'string'))
      const response = isForm
        ? await t.post(route, { ...valid, [field]: value as string | string[] }, { ...headers, lang })
        : await t.postJson(route, { ...valid, [field]: value }, { ...headers, lang })
      expect(response.statusCode).toBe(200)
      const body = response.json()
      expect(body, JSON.stringify(body)).toEqual({ code: 4800, msg: expect.any(String), data: null })
      expect(body.msg).not.toBe('OK')
      if (lang === 'zh-cn') expect(body.msg).toMatch(cjk)
      else expect(body.msg).not.toMatch(cjk)
      expect(response.body).not.toMatch(/prisma|stack|at \w+ \(/i)
    }
    expect(await t.counts()).toEqual(before)
  })
})

test('a missing field names it; a malformed one too', async () => {
  expect((await t.post('buyMachineCheck', { id: '1' }, { token })).json()).toEqual({
    code: 4800,
    msg: 'num is required',
    data: null,
  })
  expect((await t.post('buyMachineCheck', { id: '1', num: '1e3' }, { token, lang: 'zh-cn' })).json()).toEqual({
    code: 4800,
    msg: 'num 格式错误',
    data: null,
  })
  expect((await t.post('buyMachineCheck', { id: '1', num: '0' }, { token })).json().msg).toBe(
    'num must be greater than 0',
  )
  expect(
    (await t.post('withdraw', { num: '0.1234567890123456789', credit_type: 'ARB', hash: hash0 }, { token })).json().msg,
  ).toBe('num has more than 18 decimal places')
  expect((await t.post('withdraw', { num: '10', credit_type: 'ARB', hash: hash0 }, { token })).json().msg).toBe(
    'ARB withdrawal requires more than 10',
  )
  expect((await t.post('withdraw', { num: '101', credit_type: 'ARB', hash: hash0 }, { token })).json().msg).toBe(
    'Balance Insufficient',
  )
})

test('business rules of register → 4800, nothing written', async () => {
  const before = await t.counts()
  const cases: [Record<string, string>, string, string][] = [
    [{ username: 'alice', recommend: account(1).address }, newcomerToken, 'This username is taken'],
    [
      { username: 'newcomer', recommend: account(9).address },
      newcomerToken,
      'The referral address is not registered; please enter a valid one',
    ],
    [{ username: 'newcomer', recommend: account(3).address }, newcomerToken, 'You cannot refer yourself'],
    [{ username: 'other', recommend: account(1).address }, token, 'This wallet is already registered'],
  ]
  for (const [form, as, msg] of cases) {
    expect((await t.post('register', form, { token: as })).json()).toEqual({ code: 4800, msg, data: null })
  }
  expect(await t.counts()).toEqual(before)
})

test('a referral address cannot be your own direct referral', async () => {
  // account 4 is referred by account 3 in the indexer's tree; account 3 then tries to register under account 4.
  await addRegistration(t.db, account(3).address, account(1).address, 2)
  await addRegistration(t.db, account(4).address, account(3).address, 3)
  const before = await t.counts()
  expect(
    (
      await t.post('register', { username: 'newcomer', recommend: account(4).address }, { token: newcomerToken })
    ).json(),
  ).toEqual({
    code: 4800,
    msg: 'The referral address cannot be your own direct referral',
    data: null,
  })
  expect(await t.counts()).toEqual(before)
})

test('unknown products and the per-user limit → 4800', async () => {
  const send = (route: string, form: Record<string, string>) => t.post(route, form, { token })
  expect((await send('machineDetail', { type: '99' })).json().msg).toBe('This machine is not for sale')
  expect((await send('buyMachineCheck', { id: '99', num: '1' })).json().msg).toBe('This machine is not for sale')
  expect((await send('buyMachineCheck', { id: '4', num: '6' })).json().msg).toBe('Exceeds the maximum of 5 per user')
  expect((await send('buyMachineCheck', { id: '1', num: '1000' })).json().msg).toBe(
    'Exceeds the maximum of 50 per user',
  )
  expect((await send('buyNodeCheck', { id: '99' })).json().msg).toBe('This node is not for sale')
  await t.db.prisma.legacyNode.update({ where: { id: 3 }, data: { sold: 21 } })
  expect((await send('buyNodeCheck', { id: '3' })).json().msg).toBe('Not enough left: 0 remaining')
  expect((await send('recommendList', { userId: '999999' })).json().msg).toBe('This user is not in your team')
})
