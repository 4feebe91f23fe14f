// Contract test: the first product version's client, replayed byte for byte over HTTP (axios-style form bodies
// with `;charset=UTF-8`, its `token` and `lang` headers, the browser's CORS preflight), and the shapes of the
// answers it reads: HTTP 200 `{ code, msg, data }` for every route.
import { request } from 'node:http'
import type { AddressInfo } from 'node:net'
import { parseEther, zeroAddress } from 'viem'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { account, addRegistration, setupApp, setupChain, type TestApp, type TestChain } from './_test/setup.ts'

let chain: TestChain
let t: TestApp
let port: number
const origin = 'http://127.0.0.1:5173'
const user = account(2)
const receiver = account(9).address
let token = ''

beforeAll(async () => {
  chain = await setupChain()
  t = await setupApp('legacy_contract', {
    rpcUrl: chain.node.url,
    paymentToken: chain.usdt,
    paymentReceiver: receiver,
    payoutCreditTypes: ['USDT', 'ARB'],
  })
  await addRegistration(t.db, account(1).address, zeroAddress, 1)
  await addRegistration(t.db, user.address, account(1).address, 2)
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  port = (t.app.server.address() as AddressInfo).port
})
afterAll(async () => {
  await t?.close()
  await chain?.node.stop()
})

type Raw = { status: number; headers: Record<string, string | string[] | undefined>; body: string }

/** One HTTP request with exactly these headers and body (no client library in between). */
function send(method: string, path: string, headers: Record<string, string>, body = ''): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      },
      (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => (text += chunk))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }))
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}

/** What the first version's client sends: axios with a qs-encoded body and its two headers. */
async function client(route: string, body = '', lang = 'zh-cn') {
  const response = await send(
    'POST',
    `/api/api/invest/${route}`,
    {
      accept: 'application/json, text/plain, */*',
      'content-type': 'application/x-www-form-urlencoded;charset=UTF-8',
      token,
      lang,
      origin,
      'user-agent':
        'Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120 Mobile Safari/537.36',
    },
    body,
  )
  expect(response.status).toBe(200)
  expect(response.headers['content-type']).toMatch(/^application\/json/)
  expect(response.headers['access-control-allow-origin']).toBe(origin)
  return JSON.parse(response.body) as { code: number; msg: string; data: unknown }
}

/** The types of a value, recursively (arrays by their first element). */
function shapeOf(value: unknown): unknown {
  if (value === null) return 'null'
  if (Array.isArray(value)) return value.length ? [shapeOf(value[0])] : []
  if (typeof value === 'object') {
    return Object.fromEntries(Object.entries(value as object).map(([key, item]) => [key, shapeOf(item)]))
  }
  return typeof value
}

test('the browser preflight allows the client’s headers from its origin', async () => {
  const response = await send('OPTIONS', '/api/api/invest/home', {
    origin,
    'access-control-request-method': 'POST',
    'access-control-request-headers': 'content-type,lang,token',
  })
  expect(response.status).toBe(204)
  expect(response.headers['access-control-allow-origin']).toBe(origin)
  expect(String(response.headers['access-control-allow-headers'])).toMatch(
    /content-type.*token.*lang|content-type,token,lang/,
  )
})

test('a session without a token: logged out (4700) in the envelope, with the lang header’s text', async () => {
  expect(await client('home')).toEqual({ code: 4700, msg: '请重新登录', data: null })
  expect(await client('home', '', 'en')).toEqual({ code: 4700, msg: 'Please log in again', data: null })
})

test('every route answers the shape the client reads', async () => {
  const address = user.address
  expect(shapeOf(await client('isRegister', `address=${address}`))).toEqual({
    code: 'number',
    msg: 'string',
    data: { isRegister: 'boolean' },
  })
  token = await t.login(user)
  const register = await client('register', `username=${encodeURIComponent('小明')}&recommend=${account(1).address}`)
  expect(register).toMatchObject({ code: 0, msg: '成功', data: { username: '小明' } })
  expect(shapeOf(register.data)).toEqual({ id: 'number', username: 'string', address: 'string', recommender: 'string' })

  const wallets = { USDT: 'string', ARB: 'string' }
  expect(shapeOf((await client('home')).data)).toEqual({
    user: { id: 'number', username: 'string', address: 'string' },
    power: 'string',
    totalPower: 'string',
    userCount: 'number',
    machineCount: 'number',
    wallets,
  })
  const machineType = {
    id: 'number',
    name: 'string',
    price: 'string',
    power: 'string',
    dailyOutput: 'string',
    days: 'number',
    stock: 'number',
    sold: 'number',
    left: 'number',
    maxPerUser: 'number',
  }
  expect(shapeOf((await client('machineTypeList')).data)).toEqual({ list: [machineType] })
  expect(shapeOf((await client('machineDetail', 'type=2')).data)).toEqual(machineType)
  const payInfo = {
    price: 'string',
    amount: 'string',
    amountWei: 'string',
    symbol: 'string',
    token: 'string',
    to: 'string',
    chainId: 'number',
  }
  const check = await client('buyMachineCheck', 'id=2&num=1')
  expect(shapeOf(check.data)).toEqual({ id: 'number', num: 'number', ...payInfo })
  const machineHash = await chain.payUsdt(user, receiver, (check.data as { amount: string }).amount)
  const purchase = {
    id: 'number',
    typeId: 'number',
    num: 'number',
    price: 'string',
    amount: 'string',
    power: 'string',
    dailyOutput: 'string',
    days: 'number',
    settledDays: 'number',
    hash: 'string',
    status: 'string',
    startAt: 'string',
    endAt: 'string',
  }
  expect(shapeOf(await client('buyMachine', `id=2&num=1&hash=${machineHash}`))).toEqual({
    code: 'number',
    msg: 'string',
    data: purchase,
  })
  const node = {
    id: 'number',
    name: 'string',
    price: 'string',
    power: 'string',
    stock: 'number',
    sold: 'number',
    left: 'number',
  }
  expect(shapeOf((await client('nodeList')).data)).toEqual({ list: [node] })
  expect(shapeOf((await client('buyNodeCheck', 'id=1')).data)).toEqual({ id: 'number', ...payInfo })
  const nodeHash = await chain.payUsdt(user, receiver, '1000')
  expect(shapeOf((await client('buyNode', `id=1&hash=${nodeHash}`)).data)).toEqual({
    id: 'number',
    nodeId: 'number',
    amount: 'string',
    hash: 'string',
    createdAt: 'string',
  })
  expect(shapeOf((await client('teamInfo')).data)).toEqual({
    address: 'string',
    registered: 'boolean',
    referrer: 'string',
    directCount: 'number',
    teamCount: 'number',
    teamPower: 'string',
    teamAmount: 'string',
  })
  expect(shapeOf((await client('recommendList')).data)).toEqual({ address: 'string', total: 'number', list: [] })
  expect(shapeOf((await client('recommendList', 'userId=')).data)).toEqual({
    address: 'string',
    total: 'number',
    list: [],
  })
  expect(shapeOf((await client('my')).data)).toEqual({
    id: 'number',
    username: 'string',
    address: 'string',
    recommender: 'string',
    createdAt: 'string',
    power: 'string',
    machineCount: 'number',
    node: { id: 'number', name: 'string', amount: 'string' },
    wallets,
  })
  await t.db.prisma.legacyWallet.updateMany({ where: { creditType: 'ARB' }, data: { balance: '20' } })
  const fee = await chain.send(user, { to: receiver, value: parseEther('0.001') })
  expect(shapeOf((await client('withdraw', `num=10.5&credit_type=ARB&hash=${fee}`)).data)).toEqual({
    id: 'number',
    credit_type: 'string',
    amount: 'string',
    balance: 'string',
    status: 'string',
    hash: 'string',
  })
  expect(shapeOf((await client('walletList', 'credit_type=ARB&page=1')).data)).toEqual({
    credit_type: 'string',
    balance: 'string',
    page: 'number',
    pageSize: 'number',
    total: 'number',
    // the newest entry is the withdrawal: it carries the withdrawal's state (reason and payout hash once known)
    list: [
      {
        id: 'number',
        amount: 'string',
        balance: 'string',
        kind: 'string',
        createdAt: 'string',
        withdrawal: { id: 'number', status: 'string', reason: 'null', payoutHash: 'null' },
      },
    ],
  })
  expect(shapeOf((await client('buyMachineLog')).data)).toEqual({ list: [{ ...purchase, name: 'string' }] })
  expect(shapeOf((await client('powerLog')).data)).toEqual({
    power: 'string',
    list: [{ id: 'number', amount: 'string', power: 'string', kind: 'string', createdAt: 'string' }],
  })
})

test('a rejection is 4800 with the server’s message, which the client shows as is', async () => {
  expect(await client('buyMachineCheck', 'id=1&num=0')).toEqual({ code: 4800, msg: 'num 必须大于 0', data: null })
  expect(await client('withdraw', 'num=5&credit_type=ARB&hash=0x' + '0'.repeat(64))).toEqual({
    code: 4800,
    msg: 'ARB 提现数量必须大于 10',
    data: null,
  })
})
