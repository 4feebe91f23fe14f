// The manager routes of withdrawal payouts on a real PostgreSQL: only a manager (isManager, Main.isManager in
// production) may list, approve or reject; a rejection is `rejecting` until the keeper recorded its id cancelled on
// chain, then refunded once with its reason shown by walletList (or `paid`, never refunded, if the chain says it was
// paid); a withdrawal the keeper is paying (or has paid) can be neither approved nor rejected. A manager
// signs in (SIWE) and needs no account on this server; other wallets, registered or not, are refused.
import { zeroAddress } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { account, addRegistration, setupApp, type TestApp } from '../../../../_test/setup.ts'

const [root, alice, manager, stranger] = [account(1), account(2), account(3), account(4)]
let t: TestApp
let aliceId: number
let aliceToken: string
let managerToken: string
let strangerToken: string

beforeAll(async () => {
  t = await setupApp('legacy_withdraw_manage', {
    isManager: (address) => Promise.resolve(address.toLowerCase() === manager.address.toLowerCase()),
    withdrawPolicy: { approvalThreshold: 1000n * 10n ** 18n, dailyCap: 3000n * 10n ** 18n },
  })
  await addRegistration(t.db, root.address, zeroAddress, 1)
  await addRegistration(t.db, alice.address, root.address, 2)
  ;({ token: aliceToken, id: aliceId } = await t.signUp(alice, 'alice', root.address))
  // signed in only: neither the manager nor the stranger has an account here
  managerToken = await t.login(manager)
  strangerToken = await t.login(stranger)
})
afterAll(async () => {
  await t?.close()
})

const body = async (route: string, form: Record<string, string>, token: string, lang = 'en') =>
  (await t.post(route, form, { token, lang })).json()

/** A withdrawal as the withdraw route leaves it: the amount taken from the wallet, the request pending. */
async function requestWithdrawal(amount: string, n: number, userId = aliceId, createdAt?: Date) {
  const withdrawal = await t.db.prisma.legacyWithdrawal.create({
    data: {
      userId,
      creditType: 'USDT',
      amount,
      txHash: `0x${n.toString(16).padStart(64, '0')}`,
      ...(createdAt && { createdAt }),
    },
  })
  await t.db.prisma.legacyWalletLog.create({
    data: {
      userId,
      creditType: 'USDT',
      amount: `-${amount}`,
      balance: '0',
      kind: 'withdraw',
      refId: withdrawal.id,
    },
  })
  return withdrawal
}

describe('withdrawal management', () => {
  test('only managers: others get 4800 in their language, registered or not; no session gets 4700', async () => {
    const refused = { code: 4800, msg: 'Only a manager may do this', data: null }
    for (const route of ['withdrawQueue', 'withdrawApprove', 'withdrawReject']) {
      expect(await body(route, { id: '1', reason: 'x' }, aliceToken)).toEqual(refused)
      expect(await body(route, { id: '1', reason: 'x' }, strangerToken)).toEqual(refused)
      expect(await body(route, { id: '1', reason: 'x' }, strangerToken, 'zh-cn')).toEqual({
        ...refused,
        msg: '仅管理员可以操作',
      })
    }
    expect((await t.post('withdrawQueue', {}, {})).json()).toMatchObject({ code: 4700 })
    expect((await t.post('withdrawQueue', {}, { token: 'ab'.repeat(32) })).json()).toMatchObject({ code: 4700 })
    // a revoked session of a manager no longer passes
    const revoked = await t.login(manager)
    expect((await t.post('logout', {}, { token: revoked })).json()).toMatchObject({ code: 0 })
    expect((await t.post('withdrawQueue', {}, { token: revoked })).json()).toMatchObject({ code: 4700 })
  })

  test('a manager without an account on this server lists the queue', async () => {
    expect(await t.db.prisma.legacyUser.count({ where: { address: manager.address.toLowerCase() } })).toBe(0)
    expect(await body('withdrawQueue', {}, managerToken)).toMatchObject({ code: 0, data: { status: 'open' } })
  })

  test('queue, approve, reject with a reason shown by walletList; refunded once the id is cancelled on chain', async () => {
    const big = await requestWithdrawal('5000', 1)
    const other = await requestWithdrawal('20', 2)
    const queue = await body('withdrawQueue', {}, managerToken)
    expect(queue.data).toMatchObject({ page: 1, pageSize: 20, total: 2 })
    expect(queue.data.list.map((w: { id: number }) => w.id)).toEqual([big.id, other.id])
    expect(queue.data.list[0]).toMatchObject({
      address: alice.address.toLowerCase(),
      amount: '5000',
      status: 'pending',
      needsApproval: true, // above the 1,000 threshold: the keeper waits for a manager
    })
    // 20 more the same day: 5,020 asked for by the account today, above the threshold too
    expect(queue.data.list[1]).toMatchObject({ amount: '20', needsApproval: true })

    expect((await body('withdrawApprove', { id: String(big.id) }, managerToken)).data).toMatchObject({
      id: big.id,
      status: 'approved',
      needsApproval: false,
    })
    const row = await t.db.prisma.legacyWithdrawal.findUniqueOrThrow({ where: { id: big.id } })
    expect(row.decidedBy).toBe(manager.address.toLowerCase())

    const rejected = await body(
      'withdrawReject',
      { id: String(other.id), reason: 'address on a sanctions list' },
      managerToken,
    )
    // not refunded yet: the keeper cancels its id on chain first
    expect(rejected.data).toMatchObject({ id: other.id, status: 'rejecting', reason: 'address on a sanctions list' })
    const waiting = await body('walletList', { credit_type: 'USDT', page: '1' }, aliceToken)
    expect(waiting.data.balance).toBe('0')
    expect(
      waiting.data.list.find((e: { withdrawal?: { id: number } }) => e.withdrawal?.id === other.id).withdrawal,
    ).toEqual({ id: other.id, status: 'rejecting', reason: 'address on a sanctions list', payoutHash: null })
    const open = await body('withdrawQueue', {}, managerToken)
    expect(open.data.list.find((w: { id: number }) => w.id === other.id)).toMatchObject({ status: 'rejecting' })
    // the keeper recorded its id cancelled at a final block (its own table; this test stands in for the keeper)
    await t.db.prisma.keeperPayout.create({ data: { withdrawalId: other.id, status: 'cancelled' } })
    const wallet = await body('walletList', { credit_type: 'USDT', page: '1' }, aliceToken)
    expect(wallet.data.balance).toBe('20')
    expect(wallet.data.list[0]).toMatchObject({ amount: '20', kind: 'withdraw_refund' })
    const entry = wallet.data.list.find((e: { withdrawal?: { id: number } }) => e.withdrawal?.id === other.id)
    expect(entry.withdrawal).toEqual({
      id: other.id,
      status: 'rejected',
      reason: 'address on a sanctions list',
      payoutHash: null,
    })

    // decided once: a second rejection changes nothing
    expect((await body('withdrawReject', { id: String(other.id), reason: 'again' }, managerToken)).msg).toBe(
      'This withdrawal is already being paid, paid or rejected',
    )
    expect((await body('walletList', { credit_type: 'USDT', page: '1' }, aliceToken)).data.balance).toBe('20')
    expect(await t.db.prisma.legacyWalletLog.count({ where: { kind: 'withdraw_refund', refId: other.id } })).toBe(1)
  })

  test('a withdrawal the keeper is paying or has paid cannot be rejected', async () => {
    const w = await requestWithdrawal('7', 3)
    // the keeper's claim (its own table, keeper_payout; this test stands in for the keeper)
    await t.db.prisma.keeperPayout.create({ data: { withdrawalId: w.id } })
    expect((await body('withdrawReject', { id: String(w.id), reason: 'late' }, managerToken)).code).toBe(4800)
    expect((await body('withdrawApprove', { id: String(w.id) }, managerToken)).code).toBe(4800)
    await t.db.prisma.keeperPayout.update({
      where: { withdrawalId: w.id },
      data: { status: 'paid', payoutTxHash: `0x${'ab'.repeat(32)}`, paidAt: new Date(Date.UTC(2020, 0, 1)) },
    })
    expect((await body('withdrawApprove', { id: String(w.id) }, managerToken)).code).toBe(4800)
    expect((await body('withdrawReject', { id: String(w.id), reason: 'late' }, managerToken)).code).toBe(4800)
    // this API's own row still holds its decision only
    expect((await t.db.prisma.legacyWithdrawal.findUniqueOrThrow({ where: { id: w.id } })).status).toBe('pending')
    const wallet = await body('walletList', { credit_type: 'USDT', page: '1' }, aliceToken)
    const entry = wallet.data.list.find((e: { withdrawal?: { id: number } }) => e.withdrawal?.id === w.id)
    expect(entry.withdrawal).toMatchObject({ status: 'paid', payoutHash: `0x${'ab'.repeat(32)}` })
    // the manager's list of paid ones shows it with the keeper's payout hash; the open list no longer does
    const paid = await body('withdrawQueue', { status: 'paid' }, managerToken)
    expect(paid.data).toMatchObject({ status: 'paid', total: 1 })
    expect(paid.data.list[0]).toMatchObject({ id: w.id, status: 'paid', payoutHash: `0x${'ab'.repeat(32)}` })
    const open = await body('withdrawQueue', {}, managerToken)
    expect(open.data.status).toBe('open')
    expect(open.data.list.map((row: { id: number }) => row.id)).not.toContain(w.id)
    const rejectedList = await body('withdrawQueue', { status: 'rejected' }, managerToken)
    expect(rejectedList.data.list.map((row: { status: string }) => row.status)).toEqual(['rejected'])
    expect((await body('withdrawQueue', { status: 'everything' }, managerToken)).msg).toBe('Invalid status')
  })

  test('the queue shows the keeper’s threshold and daily cap, and what counts against today’s cap', async () => {
    const paying = await requestWithdrawal('1000', 10)
    const paidNow = await requestWithdrawal('250.5', 11)
    const paidYesterday = await requestWithdrawal('900', 12)
    await t.db.prisma.keeperPayout.create({ data: { withdrawalId: paying.id } })
    await t.db.prisma.keeperPayout.create({ data: { withdrawalId: paidNow.id, status: 'paid', paidAt: new Date() } })
    const yesterday = new Date()
    yesterday.setUTCHours(0, 0, 0, 0)
    await t.db.prisma.keeperPayout.create({
      data: { withdrawalId: paidYesterday.id, status: 'paid', paidAt: new Date(yesterday.getTime() - 1) },
    })
    for (const status of ['open', 'paid', 'rejected']) {
      expect((await body('withdrawQueue', { status }, managerToken)).data.policy).toEqual({
        approvalThreshold: '1000',
        dailyCap: '3000',
        paidToday: { USDT: '1250.5', ARB: '0' },
      })
    }
  })

  test('a failed payout is refunded only once its cancel is final on chain; never approved again', async () => {
    const w = await requestWithdrawal('4', 20)
    await t.db.prisma.keeperPayout.create({
      data: { withdrawalId: w.id, status: 'failed', reason: 'payout failed: reverted' },
    })
    const open = await body('withdrawQueue', {}, managerToken)
    expect(open.data.list.find((row: { id: number }) => row.id === w.id)).toMatchObject({
      status: 'failed',
      reason: 'payout failed: reverted',
    })
    expect((await body('withdrawApprove', { id: String(w.id) }, managerToken)).code).toBe(4800)
    const before = (await body('walletList', { credit_type: 'USDT', page: '1' }, aliceToken)).data.balance
    // the keeper has not cancelled the id on chain yet: refused, nothing refunded
    const early = await body('withdrawReject', { id: String(w.id), reason: 'paid by hand' }, managerToken)
    expect(early.code).toBe(4800)
    expect(early.msg).toMatch(/cancelled on chain/)
    expect((await body('walletList', { credit_type: 'USDT', page: '1' }, aliceToken)).data.balance).toBe(before)
    // the keeper recorded the id cancelled at a final block: now it is rejected and refunded, once
    await t.db.prisma.keeperPayout.update({ where: { withdrawalId: w.id }, data: { status: 'cancelled' } })
    expect(
      (await body('withdrawQueue', {}, managerToken)).data.list.find((row: { id: number }) => row.id === w.id),
    ).toMatchObject({ status: 'cancelled' })
    expect(
      (await body('withdrawReject', { id: String(w.id), reason: 'paid by hand' }, managerToken)).data,
    ).toMatchObject({ id: w.id, status: 'rejected', reason: 'paid by hand' })
    const after = (await body('walletList', { credit_type: 'USDT', page: '1' }, aliceToken)).data.balance
    expect(Number(after) - Number(before)).toBe(4)
    expect((await body('withdrawReject', { id: String(w.id), reason: 'again' }, managerToken)).code).toBe(4800)
    expect((await body('walletList', { credit_type: 'USDT', page: '1' }, aliceToken)).data.balance).toBe(after)
  })

  test('the approval threshold holds per account and UTC day: 5,000 taken as 5 × 1,000 waits for a manager', async () => {
    const carol = await t.db.prisma.legacyUser.create({
      data: { address: account(7).address.toLowerCase(), username: 'carol' },
    })
    const dave = await t.db.prisma.legacyUser.create({
      data: { address: account(8).address.toLowerCase(), username: 'dave' },
    })
    const today = new Date()
    const yesterday = new Date(today.getTime() - 86_400_000)
    // yesterday's requests count for yesterday only
    await requestWithdrawal('1000', 100, carol.id, yesterday)
    const parts = []
    for (let i = 0; i < 5; i++) parts.push(await requestWithdrawal('1000', 101 + i, carol.id))
    // another account's request of the same day counts for its own account only
    const other = await requestWithdrawal('1000', 110, dave.id)
    const needs = async () => {
      const list = (await body('withdrawQueue', {}, managerToken)).data.list as { id: number; needsApproval: boolean }[]
      return new Map(list.map((w) => [w.id, w.needsApproval]))
    }
    let queue = await needs()
    expect(parts.map((w) => queue.get(w.id))).toEqual([false, true, true, true, true])
    expect(queue.get(other.id)).toBe(false)
    // a rejected request no longer counts: the second part fits again, the third still does not
    expect(
      (await body('withdrawReject', { id: String(parts[0]?.id), reason: 'split' }, managerToken)).data.status,
    ).toBe('rejecting')
    queue = await needs()
    expect(parts.slice(1).map((w) => queue.get(w.id))).toEqual([false, true, true, true])
    // an approved one no longer waits, and what a manager approved no longer counts: the next part fits again
    expect((await body('withdrawApprove', { id: String(parts[2]?.id) }, managerToken)).data).toMatchObject({
      status: 'approved',
      needsApproval: false,
    })
    queue = await needs()
    expect(parts.slice(3).map((w) => queue.get(w.id))).toEqual([true, true])
    expect((await body('withdrawApprove', { id: String(parts[1]?.id) }, managerToken)).data.status).toBe('approved')
    queue = await needs()
    expect(parts.slice(3).map((w) => queue.get(w.id))).toEqual([false, true])
  })

  test('a rejection the chain answers with a payment (the database lost the claim) shows paid and is never refunded', async () => {
    const w = await requestWithdrawal('6', 4)
    const before = (await body('walletList', { credit_type: 'USDT', page: '1' }, aliceToken)).data.balance
    expect((await body('withdrawReject', { id: String(w.id), reason: 'duplicate' }, managerToken)).data).toMatchObject({
      id: w.id,
      status: 'rejecting',
    })
    // the keeper found the id Paid at a final block: it records the payment with its transaction
    await t.db.prisma.keeperPayout.create({
      data: {
        withdrawalId: w.id,
        status: 'paid',
        payoutTxHash: `0x${'cd'.repeat(32)}`,
        paidAt: new Date(Date.UTC(2020, 0, 2)),
      },
    })
    const wallet = await body('walletList', { credit_type: 'USDT', page: '1' }, aliceToken)
    expect(wallet.data.balance).toBe(before)
    expect(
      wallet.data.list.find((e: { withdrawal?: { id: number } }) => e.withdrawal?.id === w.id).withdrawal,
    ).toMatchObject({ status: 'paid', payoutHash: `0x${'cd'.repeat(32)}` })
    const paid = await body('withdrawQueue', { status: 'paid' }, managerToken)
    expect(paid.data.list.find((row: { id: number }) => row.id === w.id)).toMatchObject({ status: 'paid' })
    expect((await body('withdrawReject', { id: String(w.id), reason: 'again' }, managerToken)).code).toBe(4800)
    expect(await t.db.prisma.legacyWalletLog.count({ where: { kind: 'withdraw_refund', refId: w.id } })).toBe(0)
    expect((await t.db.prisma.legacyWithdrawal.findUniqueOrThrow({ where: { id: w.id } })).status).toBe('rejecting')
  })

  test('approving or rejecting an id no withdrawal has says so', async () => {
    for (const route of ['withdrawApprove', 'withdrawReject']) {
      expect(await body(route, { id: '999999', reason: 'x' }, managerToken)).toEqual({
        code: 4800,
        msg: 'No withdrawal has this id',
        data: null,
      })
      expect((await body(route, { id: '999999', reason: 'x' }, managerToken, 'zh-cn')).msg).toBe('该提现不存在')
    }
  })

  test('a withdrawal in a credit type the keeper pays no token for is refused when it is asked for', async () => {
    // this app pays USDT only (no WITHDRAW_TOKEN_ARB): an ARB withdrawal would wait for ever, so it is refused now
    await t.db.prisma.legacyWallet.update({
      where: { userId_creditType: { userId: aliceId, creditType: 'ARB' } },
      data: { balance: '100' },
    })
    const before = await t.counts()
    const form = { num: '50', credit_type: 'ARB', hash: `0x${'ee'.repeat(32)}` }
    expect(await body('withdraw', form, aliceToken)).toEqual({
      code: 4800,
      msg: 'ARB withdrawals are not paid out: no payout token is configured for ARB',
      data: null,
    })
    expect((await body('withdraw', { ...form, credit_type: 'arb' }, aliceToken, 'zh-cn')).msg).toBe(
      'ARB 暂不支持提现：未配置 ARB 的出款代币',
    )
    expect(await t.counts()).toEqual(before)
  })

  test('a rejection racing the keeper’s claim waits for it, then refuses: never rejected and paid', async () => {
    const w = await requestWithdrawal('6', 21)
    const before = (await body('walletList', { credit_type: 'USDT', page: '1' }, aliceToken)).data.balance
    // the keeper's claim, as apps/keeper makes it: the request locked through the legacy API's view, then the claim
    const keeper = await t.db.pool.connect()
    try {
      await keeper.query('BEGIN')
      await keeper.query('SELECT status FROM legacy_withdrawal_request WHERE id = $1 FOR SHARE', [w.id])
      await keeper.query('INSERT INTO keeper_payout (withdrawal_id) VALUES ($1)', [w.id])
      const rejection = body('withdrawReject', { id: String(w.id), reason: 'too late' }, managerToken)
      let answered = false
      void rejection.then(() => (answered = true))
      await new Promise((resolve) => setTimeout(resolve, 300))
      expect(answered).toBe(false) // waiting for the keeper's lock
      await keeper.query('COMMIT')
      expect((await rejection).code).toBe(4800)
    } finally {
      await keeper.query('ROLLBACK').catch(() => undefined)
      keeper.release()
    }
    expect((await t.db.prisma.legacyWithdrawal.findUniqueOrThrow({ where: { id: w.id } })).status).toBe('pending')
    expect((await body('walletList', { credit_type: 'USDT', page: '1' }, aliceToken)).data.balance).toBe(before)
  })
})
