// Payments verified on a real Hardhat node (LocalUSDT from the contracts' artifacts): every rejected payment is a
// 4800 with the reason and records nothing; a hash counts once, also under concurrent requests.
import { encodeFunctionData, parseEther, parseUnits, zeroAddress } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { account, addRegistration, setupApp, setupChain, type TestApp, type TestChain } from '../_test/setup.ts'
import { createApp } from '../createApp.ts'

let chain: TestChain
let t: TestApp
const buyer = account(5)
const other = account(6)
const receiver = account(9).address
let token: string
let userId: number

beforeAll(async () => {
  chain = await setupChain()
  t = await setupApp('legacy_payments', { rpcUrl: chain.node.url, paymentToken: chain.usdt, paymentReceiver: receiver })
  await addRegistration(t.db, account(1).address, zeroAddress, 1)
  ;({ token, id: userId } = await t.signUp(buyer, 'buyer', account(1).address))
  await t.db.prisma.legacyWallet.update({
    where: { userId_creditType: { userId, creditType: 'USDT' } },
    data: { balance: '50' },
  })
})
afterAll(async () => {
  await t?.close()
  await chain?.node.stop()
})

const buyMachine = (hash: string, headers: Record<string, string> = {}) =>
  t.post('buyMachine', { id: '1', num: '1', hash }, { token, ...headers })

/** Asserts a 4800 with `msg` and that nothing was written. */
async function expectRejected(send: () => ReturnType<typeof buyMachine>, msg: string) {
  const before = await t.counts()
  const response = await send()
  expect(response.statusCode).toBe(200)
  expect(response.json()).toEqual({ code: 4800, msg, data: null })
  expect(await t.counts()).toEqual(before)
}

describe('buyMachine payments (USDT Transfer logs)', () => {
  test('a failed (reverted) transaction', async () => {
    // More than the buyer holds, with an explicit gas limit so that the node mines the failing transaction.
    const hash = await chain.sendFailing(buyer, {
      to: chain.usdt,
      data: encodeFunctionData({
        abi: chain.usdtAbi,
        functionName: 'transfer',
        args: [receiver, parseUnits('2000000', 18)],
      }),
      gas: 100_000n,
    })
    expect((await chain.publicClient.getTransactionReceipt({ hash })).status).toBe('reverted')
    await expectRejected(() => buyMachine(hash), 'The transaction failed on chain')
  })

  test('sent by another wallet', async () => {
    const hash = await chain.payUsdt(other, receiver, '100')
    await expectRejected(() => buyMachine(hash), 'The transaction was not sent by your wallet')
  })

  test('a wrong amount (less, more)', async () => {
    await expectRejected(
      async () => buyMachine(await chain.payUsdt(buyer, receiver, '99.999999999999999999')),
      'The payment must be exactly 100 USDT',
    )
    await expectRejected(
      async () => buyMachine(await chain.payUsdt(buyer, receiver, '200'), { lang: 'zh-cn' }),
      '付款金额必须为 100 USDT',
    )
  })

  test('a wrong recipient', async () => {
    const hash = await chain.payUsdt(buyer, account(7).address, '100')
    await expectRejected(() => buyMachine(hash), 'The payment went to the wrong address')
  })

  test('native coin instead of the token; another ERC-20 contract is not the token', async () => {
    const native = await chain.send(buyer, { to: receiver, value: parseEther('100') })
    await expectRejected(() => buyMachine(native), 'The payment must be exactly 100 USDT')
  })

  test('an unknown hash', async () => {
    await expectRejected(
      () => buyMachine(`0x${'ab'.repeat(32)}`),
      'Transaction not found; check the hash or wait until it is mined',
    )
  })

  test('too few confirmations: rejected and not recorded, accepted once confirmed', async () => {
    const strict = await createApp({
      db: t.db,
      rpcUrl: chain.node.url,
      paymentToken: chain.usdt,
      paymentReceiver: receiver,
      confirmations: 3,
    })
    try {
      const hash = await chain.payUsdt(buyer, receiver, '100')
      const send = () =>
        strict.inject({
          method: 'POST',
          url: '/api/api/invest/buyMachine',
          headers: { 'content-type': 'application/x-www-form-urlencoded', token },
          payload: new URLSearchParams({ id: '1', num: '1', hash }).toString(),
        })
      await expectRejected(send, 'The transaction has 1 of 3 confirmations; try again shortly')
      await chain.mine(2)
      expect((await send()).json()).toMatchObject({ code: 0, data: { hash } })
    } finally {
      await strict.close()
    }
  })

  test('the same hash twice, also for another kind of purchase', async () => {
    const hash = await chain.payUsdt(buyer, receiver, '100')
    expect((await buyMachine(hash)).json().code).toBe(0)
    await expectRejected(() => buyMachine(hash), 'This transaction hash was already used')
    await expectRejected(
      () => t.post('buyNode', { id: '1', hash }, { token }),
      'This transaction hash was already used',
    )
    // The hash as typed in upper case is the same hash.
    await expectRejected(() => buyMachine(`0x${hash.slice(2).toUpperCase()}`), 'This transaction hash was already used')
  })

  test('the same hash in concurrent requests: exactly one purchase', async () => {
    const hash = await chain.payUsdt(buyer, receiver, '100')
    const before = await t.counts()
    const responses = await Promise.all(Array.from({ length: 4 }, () => buyMachine(hash)))
    const bodies = responses.map((response) => response.json())
    expect(bodies.filter((body) => body.code === 0)).toHaveLength(1)
    expect(bodies.filter((body) => body.code !== 0)).toEqual(
      Array(3).fill({ code: 4800, msg: 'This transaction hash was already used', data: null }),
    )
    const after = await t.counts()
    expect(after.legacy_machine).toBe((before.legacy_machine ?? 0) + 1)
    expect(after.legacy_payment).toBe((before.legacy_payment ?? 0) + 1)
    expect(await t.db.prisma.legacyPayment.count({ where: { txHash: hash } })).toBe(1)
  })
})

describe('buyNode payments', () => {
  test('wrong amount, then the right one', async () => {
    await expectRejected(
      async () => t.post('buyNode', { id: '1', hash: await chain.payUsdt(buyer, receiver, '100') }, { token }),
      'The payment must be exactly 1000 USDT',
    )
    const hash = await chain.payUsdt(buyer, receiver, '1000')
    expect((await t.post('buyNode', { id: '1', hash }, { token })).json()).toMatchObject({ code: 0 })
  })
})

describe('withdraw fee (native coin)', () => {
  const withdraw = (hash: string) => t.post('withdraw', { num: '1', credit_type: 'USDT', hash }, { token })

  test('wrong fee, wrong recipient, another payer, a token transfer → rejected; the right fee → accepted once', async () => {
    await expectRejected(
      async () => withdraw(await chain.send(buyer, { to: receiver, value: parseEther('0.0005') })),
      'The payment must be exactly 0.001 BNB',
    )
    await expectRejected(
      async () => withdraw(await chain.send(buyer, { to: account(7).address, value: parseEther('0.001') })),
      'The payment went to the wrong address',
    )
    await expectRejected(
      async () => withdraw(await chain.send(other, { to: receiver, value: parseEther('0.001') })),
      'The transaction was not sent by your wallet',
    )
    await expectRejected(
      async () => withdraw(await chain.payUsdt(buyer, receiver, '0.001')),
      'The payment went to the wrong address',
    )
    const fee = await chain.send(buyer, { to: receiver, value: parseEther('0.001') })
    expect((await withdraw(fee)).json()).toMatchObject({ code: 0, data: { balance: '49' } })
    await expectRejected(() => withdraw(fee), 'This transaction hash was already used')
  })

  test('more than the balance → rejected before the chain is asked', async () => {
    await expectRejected(
      () => t.post('withdraw', { num: '49.5', credit_type: 'USDT', hash: `0x${'cd'.repeat(32)}` }, { token }),
      'Balance Insufficient',
    )
  })
})

test('the chain unreachable → retryable 5030, nothing written, no details', async () => {
  const offline = await createApp({
    db: t.db,
    rpcUrl: 'http://127.0.0.1:9',
    paymentToken: chain.usdt,
    paymentReceiver: receiver,
  })
  try {
    const before = await t.counts()
    const response = await offline.inject({
      method: 'POST',
      url: '/api/api/invest/buyMachine',
      headers: { 'content-type': 'application/x-www-form-urlencoded', token, lang: 'zh-cn' },
      payload: new URLSearchParams({ id: '1', num: '1', hash: `0x${'ef'.repeat(32)}` }).toString(),
    })
    expect(response.json()).toEqual({ code: 5030, msg: '服务暂时不可用，未做任何更改，请稍后重试', data: null })
    expect(response.body).not.toMatch(/127\.0\.0\.1|fetch|http/i)
    expect(await t.counts()).toEqual(before)
  } finally {
    await offline.close()
  }
})
