import { describe, expect, it } from 'vitest'
import { encodeAbiParameters, zeroAddress } from 'viem'
import type { Address, Hex } from 'viem'
import type { DeployedName } from '../../lib/deployment.ts'
import type { AdminActionNode } from '../../components/blocks/timelock/adminActions.ts'
import { KEEPER_JOBS } from './keeperJobs.ts'
import {
  HOLDERS,
  adminActionsModel,
  duration,
  holderRows,
  keeperModel,
  powersModel,
  scanFrom,
  solvencyModel,
} from './transparencyModel.ts'
import type { KeeperContract, SolvencyReads } from './transparencyModel.ts'

const address = (n: number): Address => `0x${n.toString(16).padStart(40, '0')}`
const MAIN = address(1)
const TIMELOCK = address(2)
const GUARDIAN = address(3)
/** Every contract of the table deployed at its own address (USDT 100, Token 101). */
const ADDRESSES: Partial<Record<DeployedName, Address>> = Object.fromEntries([
  ...HOLDERS.map(({ name }, index) => [name, address(10 + index)]),
  ['USDT', address(100)],
  ['Token', address(101)],
])
const everywhere = (name: DeployedName) => ADDRESSES[name]
const E18 = 10n ** 18n

describe('duration', () => {
  it('says the largest whole unit, and seconds otherwise', () => {
    expect(duration(7n * 86_400n)).toBe('7 d')
    expect(duration(2n * 3_600n)).toBe('2 h')
    expect(duration(90n * 60n)).toBe('90 min')
    expect(duration(90n)).toBe('90 s')
    expect(duration(0n)).toBe('0 s')
    expect(duration(undefined)).toBe('…')
  })
})

describe('powersModel', () => {
  const reads = {
    main: MAIN,
    timelock: TIMELOCK,
    owner: TIMELOCK,
    maxPause: 604_800n,
    guardian: GUARDIAN,
    minDelay: 172_800n,
  }

  it('is absent without Main and loading until the owner is read', () => {
    expect(powersModel({ ...reads, main: undefined })).toEqual({ state: 'absent' })
    expect(powersModel({ ...reads, owner: undefined })).toEqual({ state: 'loading' })
  })

  it('says the Timelock owns the contracts, whatever the case of its address, with its delay', () => {
    const model = powersModel({ ...reads, owner: TIMELOCK.toUpperCase().replace('0X', '0x') as Address })
    expect(model).toMatchObject({
      state: 'ready',
      ownedByTimelock: true,
      minDelay: '2 d',
      maxPause: '7 d',
      guardian: GUARDIAN,
    })
  })

  it('says an account owns them when the owner is not the Timelock, or no Timelock is deployed', () => {
    expect(powersModel({ ...reads, owner: address(9) })).toMatchObject({ ownedByTimelock: false })
    expect(powersModel({ ...reads, timelock: undefined, minDelay: undefined })).toMatchObject({
      ownedByTimelock: false,
      minDelay: '…',
    })
  })

  it('has no guardian when it is the zero address or not read', () => {
    expect(powersModel({ ...reads, guardian: zeroAddress })).toMatchObject({ guardian: undefined })
    expect(powersModel({ ...reads, guardian: undefined, maxPause: undefined })).toMatchObject({
      guardian: undefined,
      maxPause: '…',
    })
  })
})

describe('holderRows', () => {
  it('reads every holder in both tokens, owing the token it owes', () => {
    const rows = holderRows(everywhere)
    expect(rows).toHaveLength(HOLDERS.length * 2)
    expect(rows.filter((row) => row.owed).map((row) => `${row.name} ${row.symbol}`)).toEqual([
      'Burn USDT',
      'Fomo USDT',
      'SuperFomo USDT',
      'Double USDT',
      'Mining NEX',
      'Stake NEX',
      'Ido NEX',
      'Nft USDT',
      'Payouts USDT',
    ])
    expect(rows.filter((row) => row.fromLaterInflows).map((row) => `${row.name} ${row.symbol}`)).toEqual([
      'Double USDT',
    ])
  })

  it('leaves out what is not deployed, and everything without the tokens', () => {
    expect(
      holderRows((name) => (name === 'Stake' ? undefined : everywhere(name))).some((r) => r.name === 'Stake'),
    ).toBe(false)
    expect(
      holderRows((name) => (name === 'USDT' ? undefined : everywhere(name))).every((r) => r.symbol === 'NEX'),
    ).toBe(true)
    expect(holderRows(() => undefined)).toEqual([])
  })
})

describe('solvencyModel', () => {
  const rows = holderRows(everywhere)
  const nothingRead: SolvencyReads = { figures: undefined, burnReserves: undefined, doubleSolvency: undefined }
  /** Reads where each row named `Name symbol` has its figures, the others hold nothing and have no excess. */
  const readsWith = (
    figures: Record<string, { holds: bigint; excess: bigint }>,
    more: Partial<SolvencyReads> = {},
  ) => ({
    ...nothingRead,
    figures: rows.map((row) => figures[`${row.name} ${row.symbol}`] ?? { holds: 0n, excess: 0n }),
    ...more,
  })
  const rowOf = (model: ReturnType<typeof solvencyModel>, testId: string) =>
    model.rows.find((row) => row.testId === testId)

  it('says there is nothing deployed', () => {
    expect(solvencyModel([], nothingRead)).toEqual({
      deployed: false,
      rows: [],
      proceedsNote: false,
      deferredNote: false,
    })
  })

  it('shows the owed rows loading until read, and no other token', () => {
    const model = solvencyModel(rows, nothingRead)
    expect(model.deployed).toBe(true)
    expect(model.rows).toHaveLength(9)
    expect(model.rows.every((row) => row.status === 'loading' && row.figures === undefined)).toBe(true)
    expect(rowOf(model, 'solvency-Stake')?.coverage).toBeUndefined()
  })

  it('holds against owes: a surplus is covered, with its coverage', () => {
    const model = solvencyModel(rows, readsWith({ 'Fomo USDT': { holds: 1_000n * E18, excess: 200n * E18 } }))
    expect(rowOf(model, 'solvency-Fomo')).toMatchObject({
      status: 'covered',
      coverage: '125.00%',
      figures: { owed: 800n * E18, surplus: 200n * E18 },
    })
  })

  it('owes at least what it holds without an excess: fully committed, with no coverage figure', () => {
    const model = solvencyModel(rows, readsWith({ 'Mining NEX': { holds: 5n, excess: 0n } }))
    expect(rowOf(model, 'solvency-Mining')).toMatchObject({
      status: 'exact',
      coverage: undefined,
      figures: { owedAtLeast: true, owed: 5n },
    })
  })

  it('owes nothing and holds nothing: exact, no coverage', () => {
    expect(rowOf(solvencyModel(rows, readsWith({})), 'solvency-Nft')).toMatchObject({
      status: 'exact',
      coverage: undefined,
    })
  })

  it("takes Burn's own debt from its reserves: short when they exceed what it holds", () => {
    const model = solvencyModel(
      rows,
      readsWith(
        { 'Burn USDT': { holds: 100n, excess: 0n } },
        { burnReserves: { pool: 50n, orders: 40n, balances: 20n, swap: 10n } },
      ),
    )
    expect(rowOf(model, 'solvency-Burn')).toMatchObject({
      status: 'short',
      coverage: '83.33%',
      figures: { owed: 120n, shortfall: 20n },
    })
  })

  it("pays Double's difference from later deposits, with its note", () => {
    const model = solvencyModel(
      rows,
      readsWith({ 'Double USDT': { holds: 100n, excess: 0n } }, { doubleSolvency: [100n, 300n] }),
    )
    expect(rowOf(model, 'solvency-Double')).toMatchObject({ status: 'deferred', figures: { shortfall: 200n } })
    expect(model.deferredNote).toBe(true)
  })

  it("shows a token a contract owes nobody once it holds some, as the owner's proceeds", () => {
    const model = solvencyModel(
      rows,
      readsWith({ 'Stake USDT': { holds: 700n, excess: 700n }, 'Main NEX': { holds: 1n, excess: 1n } }),
    )
    expect(rowOf(model, 'solvency-Stake-USDT')).toMatchObject({ status: 'proceeds', proceeds: true })
    expect(rowOf(model, 'solvency-Main-NEX')).toMatchObject({ status: 'proceeds' })
    expect(rowOf(model, 'solvency-Ido-USDT')).toBeUndefined()
    expect(model.rows).toHaveLength(11)
    expect(model.proceedsNote).toBe(true)
  })

  it('keeps a held token the contract owes nobody but cannot take out as owed (not proceeds)', () => {
    const model = solvencyModel(rows, readsWith({ 'Ido USDT': { holds: 10n, excess: 0n } }))
    expect(rowOf(model, 'solvency-Ido-USDT')).toMatchObject({ status: 'exact', proceeds: false })
  })

  it('has no notes when no Stake, Ido or Double row is shown', () => {
    const few = rows.filter((row) => row.name === 'Burn')
    const model = solvencyModel(few, { ...nothingRead, figures: few.map(() => ({ holds: 1n, excess: 1n })) })
    expect(model).toMatchObject({ proceedsNote: false, deferredNote: false })
    expect(model.rows.map((row) => row.testId)).toEqual(['solvency-Burn', 'solvency-Burn-NEX'])
  })
})

describe('adminActionsModel', () => {
  const node = (eventName: string, newValue: string | null, hash = '0xaa', more: Partial<AdminActionNode> = {}) =>
    ({
      contract: 'Timelock',
      eventName,
      target: null,
      oldValue: null,
      newValue,
      previousValue: null,
      args: null,
      blockNumber: '1',
      timestamp: '1700000000',
      transactionHash: hash,
      ...more,
    }) as AdminActionNode
  const page = (nodes: AdminActionNode[], hasNextPage = false) => ({
    nodes,
    pageInfo: { hasNextPage, endCursor: null },
  })

  it('loads, then is unavailable on an error, or empty', () => {
    expect(adminActionsModel({ first: undefined, more: [], fetching: true, error: false }).state).toBe('loading')
    expect(adminActionsModel({ first: undefined, more: [], fetching: false, error: true }).state).toBe('unavailable')
    expect(adminActionsModel({ first: page([]), more: [], fetching: false, error: false }).state).toBe('empty')
  })

  it('keeps a list shown while the next one loads or fails', () => {
    const first = page([node('GuardianUpdated', '"0x01"')])
    expect(adminActionsModel({ first, more: [], fetching: true, error: true }).state).toBe('list')
  })

  it('lists the first page and the pages after it, with their changes, a salt folded into its scheduling', () => {
    const first = page([
      node('CallScheduled', JSON.stringify({ id: '0x01', target: '0x02' })),
      node('CallSalt', JSON.stringify({ id: '0x01', salt: '0x99' })),
    ])
    const model = adminActionsModel({
      first,
      more: [node('ConfigUpdated', '{"feeRate":"150"}', '0xbb', { previousValue: '{"feeRate":"100"}' })],
      fetching: false,
      error: false,
    })
    expect(model.state).toBe('list')
    expect(model.nodes.map((n) => n.eventName)).toEqual(['CallScheduled', 'ConfigUpdated'])
    expect(model.changes[0]).toContainEqual({ name: 'salt', to: '0x99' })
    expect(model.changes[1]).toEqual([{ name: 'feeRate', from: '100', to: '150' }])
  })
})

describe('keeperModel', () => {
  const contracts: KeeperContract[] = (['Token', 'Burn', 'Fomo', 'SuperFomo', 'Mining'] as const).map((name, i) => ({
    name,
    address: address(50 + i),
    blockNumber: 10,
  }))
  const task = (n: number): Hex => encodeAbiParameters([{ type: 'uint8' }], [n])
  const idle = contracts.map(() => [false, '0x'] as const)
  const dueOf = (rows: ReturnType<typeof keeperModel>) => Object.fromEntries(rows.map((row) => [row.job.id, row.due]))

  it('lists every job of the deployed contracts only', () => {
    expect(keeperModel({ contracts, checks: idle, burnOutsWaiting: false, runs: {} })).toHaveLength(KEEPER_JOBS.length)
    const tokenOnly = keeperModel({
      contracts: contracts.slice(0, 1),
      checks: idle.slice(0, 1),
      burnOutsWaiting: undefined,
      runs: {},
    })
    expect(tokenOnly.map((row) => row.job.id)).toEqual(['feeConversion', 'liquidity', 'pairBurn'])
    expect(keeperModel({ contracts: [], checks: [], burnOutsWaiting: undefined, runs: undefined })).toEqual([])
  })

  it('knows nothing due until the views are read, nor last runs until they are looked for', () => {
    const rows = keeperModel({ contracts, checks: undefined, burnOutsWaiting: undefined, runs: undefined })
    expect(rows.every((row) => row.due === undefined && row.lastRun === undefined)).toBe(true)
  })

  it("names Token's one due task from its performData, and a whole contract's jobs from its view", () => {
    const checks = contracts.map(({ name }) =>
      name === 'Token'
        ? ([true, task(2)] as const)
        : name === 'Fomo'
          ? ([true, '0x'] as const)
          : ([false, '0x'] as const),
    )
    const due = dueOf(keeperModel({ contracts, checks, burnOutsWaiting: false, runs: {} }))
    expect(due).toMatchObject({ liquidity: true, pairBurn: false, feeConversion: false })
    expect(due).toMatchObject({
      fomoPool: true,
      fomoRound: true,
      fomoOuts: true,
      superFomoPool: false,
      miningPool: false,
    })
  })

  it("takes Burn's forced outs from its expiry queue only, not from its view", () => {
    const burnDue = contracts.map(({ name }) => [name === 'Burn', '0x'] as const)
    expect(dueOf(keeperModel({ contracts, checks: burnDue, burnOutsWaiting: false, runs: {} }))).toMatchObject({
      burnPool: true,
      burnOuts: false,
    })
    expect(dueOf(keeperModel({ contracts, checks: idle, burnOutsWaiting: true, runs: {} }))).toMatchObject({
      burnPool: false,
      burnOuts: true,
    })
    expect(
      dueOf(keeperModel({ contracts, checks: idle, burnOutsWaiting: undefined, runs: {} })).burnOuts,
    ).toBeUndefined()
  })

  it('counts a failed view as nothing due, and an unknown Token task as none', () => {
    const checks = contracts.map(({ name }) => (name === 'Token' ? ([true, task(9)] as const) : undefined))
    const due = dueOf(keeperModel({ contracts, checks, burnOutsWaiting: false, runs: {} }))
    expect(Object.values(due).every((value) => value === false)).toBe(true)
  })

  it('shows the last run found, and none when the window holds none', () => {
    const run = { blockNumber: 12n, timestamp: 1_700_000_000n, transactionHash: `0x${'ab'.repeat(32)}` as Hex }
    const rows = keeperModel({ contracts, checks: idle, burnOutsWaiting: false, runs: { miningPool: run } })
    expect(rows.find((row) => row.job.id === 'miningPool')?.lastRun).toEqual(run)
    expect(rows.find((row) => row.job.id === 'fomoPool')?.lastRun).toBeNull()
  })
})

describe('scanFrom', () => {
  it('starts at the deployment or the lookback, whichever is later, then after the last block scanned', () => {
    expect(scanFrom(1_000n, 200n, 10, undefined)).toBe(800n)
    expect(scanFrom(1_000n, 200n, 900, undefined)).toBe(900n)
    expect(scanFrom(100n, 200n, 0, undefined)).toBe(0n)
    expect(scanFrom(1_000n, 200n, 10, 990n)).toBe(991n)
  })
})
