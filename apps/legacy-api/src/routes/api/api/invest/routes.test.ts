// Every route's success path, on a real PostgreSQL and a real Hardhat node (payments in the contracts' LocalUSDT).
import { parseEther, zeroAddress } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  account,
  addMachine,
  addRegistration,
  setupApp,
  setupChain,
  type TestApp,
  type TestChain,
} from '../../../../_test/setup.ts'

let chain: TestChain
let t: TestApp
const [root, alice, bob, carol] = [account(1), account(2), account(3), account(4)]
const receiver = account(9).address
let aliceToken: string
let bobToken: string
let aliceId: number
let bobId: number

beforeAll(async () => {
  chain = await setupChain()
  t = await setupApp('legacy_routes', {
    rpcUrl: chain.node.url,
    paymentToken: chain.usdt,
    paymentReceiver: receiver,
    payoutCreditTypes: ['USDT', 'ARB'],
  })
  // The indexer's referral tree: root → alice → (bob, carol); carol has no account here.
  await addRegistration(t.db, root.address, zeroAddress, 1)
  await addRegistration(t.db, alice.address, root.address, 2)
  await addRegistration(t.db, bob.address, alice.address, 3)
  await addRegistration(t.db, carol.address, alice.address, 4)
})
afterAll(async () => {
  await t?.close()
  await chain?.node.stop()
})

const data = async (route: string, form: Record<string, string> = {}, token?: string, lang?: string) => {
  const response = await t.post(route, form, { ...(token && { token }), ...(lang && { lang }) })
  expect(response.statusCode).toBe(200)
  const body = response.json()
  expect(body, `${route}: ${JSON.stringify(body)}`).toMatchObject({ code: 0 })
  return body.data
}

describe('accounts', () => {
  test('isRegister: false before register, true after; register answers the account', async () => {
    expect(await data('isRegister', { address: alice.address })).toEqual({ isRegister: false })
    aliceToken = await t.login(alice)
    const account = await data('register', { username: 'alice', recommend: root.address }, aliceToken)
    expect(account).toEqual({
      id: expect.any(Number),
      username: 'alice',
      address: alice.address.toLowerCase(),
      recommender: root.address.toLowerCase(),
    })
    aliceId = account.id
    expect(await data('isRegister', { address: alice.address })).toEqual({ isRegister: true })
    // bob is referred by alice, who is registered here and on chain.
    bobToken = await t.login(bob)
    bobId = (await data('register', { username: '鲍勃_2', recommend: alice.address }, bobToken)).id
  })

  test('home: the user, power, totals and wallets', async () => {
    expect(await data('home', {}, aliceToken)).toEqual({
      user: { id: aliceId, username: 'alice', address: alice.address.toLowerCase() },
      power: '0',
      totalPower: '0',
      userCount: 2,
      machineCount: 0,
      wallets: { USDT: '0', ARB: '0' },
    })
  })
})

describe('machines', () => {
  test('machineTypeList: the seeded types, names in the lang header language', async () => {
    const en = await data('machineTypeList')
    expect(en.list).toHaveLength(4)
    expect(en.list[0]).toEqual({
      id: 1,
      name: 'Starter miner',
      price: '100',
      power: '100',
      dailyOutput: '0.5',
      days: 180,
      stock: 10000,
      sold: 0,
      left: 10000,
      maxPerUser: 50,
    })
    const zh = await data('machineTypeList', {}, undefined, 'zh-cn')
    expect(zh.list[0].name).toBe('入门矿机')
  })

  test('machineDetail {type}', async () => {
    expect(await data('machineDetail', { type: '3' })).toMatchObject({ id: 3, name: 'Pro miner', price: '2000' })
  })

  test('buyMachineCheck {id, num}: what to pay, where', async () => {
    expect(await data('buyMachineCheck', { id: '1', num: '2' }, bobToken)).toEqual({
      id: 1,
      num: 2,
      price: '100',
      amount: '200',
      amountWei: parseEther('200').toString(),
      symbol: 'USDT',
      token: chain.usdt.toLowerCase(),
      to: receiver.toLowerCase(),
      chainId: 31337,
    })
  })

  test('buyMachine {id, num, hash}: verified on chain, recorded with power, log and referral reward', async () => {
    const hash = await chain.payUsdt(bob, receiver, '200')
    const purchase = await data('buyMachine', { id: '1', num: '2', hash }, bobToken)
    expect(purchase).toMatchObject({
      typeId: 1,
      num: 2,
      price: '100',
      amount: '200',
      power: '200',
      dailyOutput: '1',
      days: 180,
      settledDays: 0,
      hash,
      status: 'running',
    })
    const payment = await t.db.prisma.legacyPayment.findUniqueOrThrow({ where: { txHash: hash } })
    expect(payment).toMatchObject({ userId: bobId, kind: 'machine', payer: bob.address.toLowerCase() })
    expect(payment.amount.toFixed()).toBe(parseEther('200').toString())
    expect((await t.db.prisma.legacyMachineType.findUniqueOrThrow({ where: { id: 1 } })).sold).toBe(2)
    // alice, bob's recommender, got 10 % in USDT.
    expect((await data('my', {}, aliceToken)).wallets).toEqual({ USDT: '20', ARB: '0' })
  })

  test('buyMachineLog and powerLog', async () => {
    const log = await data('buyMachineLog', {}, bobToken)
    expect(log.list).toHaveLength(1)
    expect(log.list[0]).toMatchObject({ name: 'Starter miner', num: 2, amount: '200', status: 'running' })
    const zh = await data('buyMachineLog', {}, bobToken, 'zh-cn')
    expect(zh.list[0].name).toBe('入门矿机')
    const power = await data('powerLog', {}, bobToken)
    expect(power).toEqual({
      power: '200',
      list: [{ id: expect.any(Number), amount: '200', power: '200', kind: 'machine', createdAt: expect.any(String) }],
    })
  })
})

describe('nodes', () => {
  test('nodeList', async () => {
    const { list } = await data('nodeList')
    expect(list.map((node: { id: number }) => node.id)).toEqual([1, 2, 3])
    expect(list[0]).toEqual({
      id: 1,
      name: 'Community node',
      price: '1000',
      power: '1000',
      stock: 500,
      sold: 0,
      left: 500,
    })
  })

  test('buyNodeCheck {id} and buyNode {id, hash}; one node per user', async () => {
    expect(await data('buyNodeCheck', { id: '1' }, bobToken)).toMatchObject({
      id: 1,
      amount: '1000',
      amountWei: parseEther('1000').toString(),
      to: receiver.toLowerCase(),
    })
    const hash = await chain.payUsdt(bob, receiver, '1000')
    expect(await data('buyNode', { id: '1', hash }, bobToken)).toMatchObject({ nodeId: 1, amount: '1000', hash })
    expect((await data('powerLog', {}, bobToken)).power).toBe('1200')
    const again = (await t.post('buyNodeCheck', { id: '2' }, { token: bobToken })).json()
    expect(again).toEqual({ code: 4800, msg: 'You already own a node', data: null })
  })
})

describe('team (from the indexer tables)', () => {
  test('teamInfo: direct and whole team, with the team members’ power and purchases', async () => {
    expect(await data('teamInfo', {}, aliceToken)).toEqual({
      address: alice.address.toLowerCase(),
      registered: true,
      referrer: root.address.toLowerCase(),
      directCount: 2,
      teamCount: 2,
      teamPower: '200',
      teamAmount: '200',
    })
    const rootToken = await t.login(root)
    expect(await data('teamInfo', {}, rootToken)).toMatchObject({ directCount: 1, teamCount: 3, teamPower: '200' })
  })

  test('recommendList: own directs, and a team member’s by userId', async () => {
    const own = await data('recommendList', {}, aliceToken)
    expect(own).toEqual({
      address: alice.address.toLowerCase(),
      total: 2,
      list: [
        {
          address: bob.address.toLowerCase(),
          userId: bobId,
          username: '鲍勃_2',
          teamCount: 0,
          power: '200',
          registeredAt: new Date((1_700_000_000 + 3) * 1000).toISOString(),
        },
        {
          address: carol.address.toLowerCase(),
          userId: null,
          username: null,
          teamCount: 0,
          power: '0',
          registeredAt: new Date((1_700_000_000 + 4) * 1000).toISOString(),
        },
      ],
    })
    const rootToken = await t.login(root)
    const ofAlice = await data('recommendList', { userId: String(aliceId) }, rootToken)
    expect(ofAlice.address).toBe(alice.address.toLowerCase())
    expect(ofAlice.list).toHaveLength(2)
    // bob's team does not contain alice.
    expect((await t.post('recommendList', { userId: String(aliceId) }, { token: bobToken })).json()).toEqual({
      code: 4800,
      msg: 'This user is not in your team',
      data: null,
    })
  })
})

describe('wallets', () => {
  test('my: account, power, node and wallets', async () => {
    expect(await data('my', {}, bobToken)).toEqual({
      id: bobId,
      username: '鲍勃_2',
      address: bob.address.toLowerCase(),
      recommender: alice.address.toLowerCase(),
      createdAt: expect.any(String),
      power: '1200',
      machineCount: 1,
      node: { id: 1, name: 'Community node', amount: '1000' },
      wallets: { USDT: '0', ARB: '0' },
    })
  })

  test('mining output is credited per whole day, once', async () => {
    // Move bob's purchase 30.5 days into the past: 30 days × 1 ARB.
    const machine = await t.db.prisma.legacyMachine.findFirstOrThrow({ where: { userId: bobId } })
    const shift = 30.5 * 86_400_000
    await t.db.prisma.legacyMachine.update({
      where: { id: machine.id },
      data: { startAt: new Date(machine.startAt.getTime() - shift), endAt: new Date(machine.endAt.getTime() - shift) },
    })
    const [first, second] = await Promise.all([data('my', {}, bobToken), data('my', {}, bobToken)])
    expect(first.wallets.ARB).toBe('30')
    expect(second.wallets.ARB).toBe('30')
    const arb = await data('walletList', { credit_type: 'ARB', page: '1' }, bobToken)
    expect(arb).toMatchObject({ credit_type: 'ARB', balance: '30', page: 1, pageSize: 20, total: 1 })
    expect(arb.list[0]).toMatchObject({ amount: '30', balance: '30', kind: 'mining' })
  })

  test('walletList {credit_type, page}', async () => {
    const usdt = await data('walletList', { credit_type: 'USDT', page: '1' }, aliceToken)
    expect(usdt).toEqual({
      credit_type: 'USDT',
      balance: '20',
      page: 1,
      pageSize: 20,
      total: 1,
      list: [{ id: expect.any(Number), amount: '20', balance: '20', kind: 'referral', createdAt: expect.any(String) }],
    })
    expect((await data('walletList', { credit_type: 'usdt', page: '2' }, aliceToken)).list).toEqual([])
  })

  test('withdraw {num, credit_type, hash}: fee paid on chain, balance taken, withdrawal pending', async () => {
    const fee = await chain.send(alice, { to: receiver, value: parseEther('0.001') })
    expect(await data('withdraw', { num: '5.5', credit_type: 'USDT', hash: fee }, aliceToken)).toEqual({
      id: expect.any(Number),
      credit_type: 'USDT',
      amount: '5.5',
      balance: '14.5',
      status: 'pending',
      hash: fee,
    })
    const arbFee = await chain.send(bob, { to: receiver, value: parseEther('0.001') })
    expect(
      (await t.post('withdraw', { num: '10', credit_type: 'ARB', hash: arbFee }, { token: bobToken })).json(),
    ).toEqual({ code: 4800, msg: 'ARB withdrawal requires more than 10', data: null })
    expect(
      await data('withdraw', { num: '10.000000000000000001', credit_type: 'ARB', hash: arbFee }, bobToken),
    ).toMatchObject({
      amount: '10.000000000000000001',
      balance: '19.999999999999999999',
    })
    expect((await data('walletList', { credit_type: 'ARB', page: '1' }, bobToken)).list[0]).toMatchObject({
      amount: '-10.000000000000000001',
      kind: 'withdraw',
    })
  })
})

test('logout revokes the token (4700 afterwards)', async () => {
  const token = await t.login(alice)
  expect(await data('logout', {}, token)).toBeNull()
  expect((await t.post('home', {}, { token })).json()).toEqual({ code: 4700, msg: 'Please log in again', data: null })
  // Other tokens of the same wallet stay valid.
  expect((await t.post('home', {}, { token: aliceToken })).json().code).toBe(0)
})

describe('team totals (kept by the database as members join and machines are bought)', () => {
  test('teamInfo counts a machine bought before its owner joined the tree, and its power only while it runs', async () => {
    const dave = account(5)
    const daveToken = await t.login(dave)
    await data('register', { username: 'dave', recommend: alice.address }, daveToken)
    const before = await data('teamInfo', {}, aliceToken)
    const { id: userId } = await t.db.prisma.legacyUser.findUniqueOrThrow({
      where: { address: dave.address.toLowerCase() },
    })
    const endAt = new Date(Date.now() + 1_500)
    await addMachine(t.db, userId, { amount: '50.5', power: '70.25', endAt, txHash: `0x${'d'.repeat(64)}` })
    // Not in the indexer's tree yet: not alice's team.
    expect(await data('teamInfo', {}, aliceToken)).toEqual(before)
    await addRegistration(t.db, dave.address, alice.address, 5)
    const joined = await data('teamInfo', {}, aliceToken)
    expect(joined).toEqual({
      ...before,
      directCount: before.directCount + 1,
      teamCount: before.teamCount + 1,
      teamPower: String(Number(before.teamPower) + 70.25),
      teamAmount: String(Number(before.teamAmount) + 50.5),
    })
    // Once the machine has ended its power leaves the team (before and after the periodic fold), its amount stays.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, endAt.getTime() - Date.now() + 50)))
    const ended = { ...joined, teamPower: before.teamPower }
    expect(await data('teamInfo', {}, aliceToken)).toEqual(ended)
    await t.db.pool.query('SELECT legacy_team_fold(now())')
    expect(await data('teamInfo', {}, aliceToken)).toEqual(ended)
  })
})
