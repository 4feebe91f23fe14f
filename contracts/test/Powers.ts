// The privileged-function table of README.md ("Who may call what", between the powers:start/end markers) against
// the contracts: every state-changing function of every deployed contract's ABI (artifacts) has a row, every row
// names a function and events that exist, and, on the deployment handed over to the Timelock (scripts/deploy.ts),
// no function whose row says it waits for the Timelock can be called at once with the admin's key.
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, it } from 'node:test'
import { network } from 'hardhat'
import {
  BaseError,
  ContractFunctionRevertedError,
  getAddress,
  type Abi,
  type AbiFunction,
  type AbiParameter,
  type Address,
} from 'viem'
import { readDeploymentSettings } from '../config/deployment.ts'
import { deploySystem } from '../scripts/deploy/system.ts'

const ROOT = join(import.meta.dirname, '..')
const EVERY_UPGRADEABLE = 'every upgradeable contract'

/** Every contract the deployment creates (by artifact), and the deployments-file names deployed from it. */
const CONTRACTS: Record<string, { artifact: string; deployed: string[] }> = {
  Main: { artifact: 'Main.sol/Main.json', deployed: ['Main'] },
  Log: { artifact: 'Log.sol/Log.json', deployed: ['Log'] },
  Token: { artifact: 'Token.sol/Token.json', deployed: ['Token'] },
  TokenDistributor: { artifact: 'TokenDistributor.sol/TokenDistributor.json', deployed: [] },
  PriceOracle: { artifact: 'PriceOracle.sol/PriceOracle.json', deployed: [] },
  Nft: { artifact: 'Nft.sol/Nft.json', deployed: ['Nft'] },
  Burn: { artifact: 'Burn.sol/Burn.json', deployed: ['Burn'] },
  Ido: { artifact: 'Ido.sol/Ido.json', deployed: ['Ido'] },
  Stake: { artifact: 'Stake.sol/Stake.json', deployed: ['Stake'] },
  Mining: { artifact: 'Mining.sol/Mining.json', deployed: ['Mining'] },
  Fomo: { artifact: 'Fomo.sol/Fomo.json', deployed: ['Fomo', 'SuperFomo'] },
  Double: { artifact: 'Double.sol/Double.json', deployed: ['Double'] },
  Info: { artifact: 'Info.sol/Info.json', deployed: ['Info'] },
  Timelock: { artifact: 'governance/pw_Timelock.sol/Timelock.json', deployed: ['Timelock'] },
  Payouts: { artifact: 'Payouts.sol/Payouts.json', deployed: ['Payouts'] },
}

const WHO = new Set([
  'anyone',
  'user',
  'manager',
  'guardian or owner',
  'owner',
  'admin',
  'pending owner',
  'box',
  'minter',
  'depositor',
  'writer',
  'token',
  'nobody',
  'payer',
])
const DELAYS = new Set(['Timelock', 'none'])
/** The errors that say "not you": an owner-only call from the admin's key must end in one of these. */
const UNAUTHORIZED =
  /^(OwnableUnauthorizedAccount|TimelockUnauthorizedCaller|AccessControlUnauthorizedAccount|NotAuthorized|PayoutsNotPayer)$/

type Path = { who: string; delay: string }
type Row = { contract: string; fn: string; paths: Path[]; events: string[] }

/** The rows of the table in README.md. */
function readPowersTable(readme = readFileSync(join(ROOT, 'README.md'), 'utf8')): Row[] {
  const start = readme.indexOf('<!-- powers:start -->')
  const end = readme.indexOf('<!-- powers:end -->')
  assert.ok(start >= 0 && end > start, 'README.md has the powers:start/end markers')
  const lines = readme
    .slice(start, end)
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .slice(2) // header and separator
  return lines.map((line) => {
    const cells = line
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim())
    assert.equal(cells.length, 5, `five cells: ${line}`)
    const [contract = '', fn = '', who = '', delay = '', events = ''] = cells
    const whos = who
      .replace(/\([^)]*\)/g, '')
      .split(';')
      .map((w) => w.trim())
    const delays = delay.split(';').map((d) => d.trim())
    assert.equal(whos.length, delays.length, `one delay per caller: ${line}`)
    return {
      contract,
      fn: fn.replaceAll('`', ''),
      paths: whos.map((w, i) => ({ who: w, delay: delays[i] ?? '' })),
      events: events === '—' ? [] : events.split(',').map((e) => e.trim().replaceAll('`', '')),
    }
  })
}

function abiOf(name: string): Abi {
  const entry = CONTRACTS[name]
  assert.ok(entry, `${name} is listed`)
  const artifact = JSON.parse(readFileSync(join(ROOT, 'artifacts', 'contracts', entry.artifact), 'utf8')) as {
    abi: Abi
  }
  return artifact.abi
}

const stateChanging = (abi: Abi) =>
  abi.filter(
    (item): item is AbiFunction =>
      item.type === 'function' && item.stateMutability !== 'view' && item.stateMutability !== 'pure',
  )
const isUpgradeable = (abi: Abi) => stateChanging(abi).some((f) => f.name === 'scheduleUpgrade')

/** The rows that cover `contract`'s function `fn`. */
function rowsFor(rows: Row[], contract: string, fn: string, upgradeable: boolean) {
  const own = rows.filter((r) => r.contract === contract && r.fn === fn)
  if (own.length > 0) return own
  return upgradeable ? rows.filter((r) => r.contract === EVERY_UPGRADEABLE && r.fn === fn) : []
}

/** A well-formed argument of `type` for a call whose only purpose is to be refused. */
function sample(param: AbiParameter, me: Address): unknown {
  const { type } = param
  const fixed = /^(.*)\[(\d+)\]$/.exec(type)
  if (fixed) {
    const inner = { ...param, type: fixed[1] ?? '' } as AbiParameter
    return Array.from({ length: Number(fixed[2]) }, () => sample(inner, me))
  }
  if (type.endsWith('[]')) return []
  if (type === 'tuple') {
    const components = (param as { components: readonly AbiParameter[] }).components
    return Object.fromEntries(components.map((c) => [c.name, sample(c, me)]))
  }
  if (type === 'address') return me
  if (type === 'bool') return false
  if (type === 'string') return ''
  if (type === 'bytes') return '0x'
  if (type.startsWith('bytes')) return `0x${'00'.repeat(Number(type.slice(5)))}`
  return 0n
}

describe('Powers: the table of who may call what', async () => {
  const rows = readPowersTable()

  it('lists every state-changing function of every contract; each row is well formed', () => {
    const missing: string[] = []
    for (const [name] of Object.entries(CONTRACTS)) {
      const abi = abiOf(name)
      const upgradeable = isUpgradeable(abi)
      const eventNames = new Set(abi.filter((i) => i.type === 'event').map((i) => i.name))
      for (const fn of new Set(stateChanging(abi).map((f) => f.name))) {
        const found = rowsFor(rows, name, fn, upgradeable)
        if (found.length === 0) missing.push(`${name}.${fn}`)
        for (const row of found) {
          for (const event of row.events) {
            assert.ok(eventNames.has(event), `${name}.${fn}: ${name} has no event ${event}`)
          }
        }
      }
      // a row of this contract names a function it has
      const names = new Set(stateChanging(abi).map((f) => f.name))
      for (const row of rows.filter((r) => r.contract === name)) {
        assert.ok(names.has(row.fn), `the table lists ${name}.${row.fn}, which is not a state-changing function`)
      }
    }
    assert.deepEqual(missing, [], 'state-changing functions missing from the table in README.md')
    for (const row of rows) {
      assert.ok(row.contract === EVERY_UPGRADEABLE || CONTRACTS[row.contract], `known contract: ${row.contract}`)
      for (const { who, delay } of row.paths) {
        assert.ok(WHO.has(who), `${row.contract}.${row.fn}: unknown caller "${who}"`)
        assert.ok(DELAYS.has(delay), `${row.contract}.${row.fn}: delay is Timelock or none, not "${delay}"`)
        if (who === 'owner') assert.equal(delay, 'Timelock', `${row.contract}.${row.fn}: the owner is the Timelock`)
        else assert.equal(delay, 'none', `${row.contract}.${row.fn}: only the owner waits for the Timelock`)
      }
    }
    const keys = rows.map((r) => `${r.contract}.${r.fn}`)
    assert.deepEqual(
      keys.filter((k, i) => keys.indexOf(k) !== i),
      [],
      'one row per function',
    )
  })

  it('after the hand-over, the admin key cannot make any call that waits for the Timelock', async () => {
    const connection = await network.create()
    const { viem } = connection
    const publicClient = await viem.getPublicClient()
    const [admin] = await viem.getWalletClients()
    assert.ok(admin)
    const me = admin.account.address
    const { contracts } = await deploySystem(connection, readDeploymentSettings(31337))
    let checked = 0
    for (const [name, { deployed }] of Object.entries(CONTRACTS)) {
      const abi = abiOf(name)
      const upgradeable = isUpgradeable(abi)
      const errors = abi.filter((i) => i.type === 'error')
      for (const item of stateChanging(abi)) {
        const delayed = rowsFor(rows, name, item.name, upgradeable).some((r) =>
          r.paths.some((p) => p.delay === 'Timelock'),
        )
        if (!delayed) continue
        for (const deployment of deployed) {
          const address = contracts[deployment]?.address as Address | undefined
          assert.ok(address, `${deployment} is deployed`)
          const args = item.inputs.map((input) => sample(input, me))
          const error = await publicClient
            .simulateContract({ address, abi: [item, ...errors], functionName: item.name, args, account: me })
            .then(
              () => undefined,
              (e: unknown) => e,
            )
          const label = `${deployment}.${item.name}(${item.inputs.map((i) => i.type).join(',')})`
          assert.ok(error instanceof BaseError, `${label} runs at once from the admin key, but the table says Timelock`)
          const reverted = error.walk((e) => e instanceof ContractFunctionRevertedError)
          const errorName = reverted instanceof ContractFunctionRevertedError ? reverted.data?.errorName : undefined
          assert.match(String(errorName), UNAUTHORIZED, `${label} from the admin key: ${error.shortMessage}`)
          checked++
        }
      }
    }
    assert.ok(checked > 100, `checked ${checked} owner calls`)
  })
  // A grant makes a standing power that then acts at once (README, "What only the delay protects"): the deployment
  // gives these only to its own contracts, so that every later grant is an owner call, public for the Timelock's delay.
  it('the deployment grants standing powers only to its own contracts: Nft boxes, Ido minters, Log writers, Double depositors', async () => {
    const connection = await network.create()
    const publicClient = await connection.viem.getPublicClient()
    const { contracts } = await deploySystem(connection, readDeploymentSettings(31337))
    const at = (name: string) => {
      const address = contracts[name]?.address
      assert.ok(address, `${name} is deployed`)
      return getAddress(address)
    }
    /** The accounts that hold `event`'s grant on `name` at the end (granted and not revoked). */
    const holders = async (name: string, artifact: string, eventName: string) => {
      const logs = await publicClient.getContractEvents({
        address: at(name),
        abi: abiOf(artifact),
        eventName,
        fromBlock: 0n,
      })
      const held = new Map<string, boolean>()
      for (const { args } of logs as unknown as { args: Record<string, unknown> }[]) {
        const account = Object.values(args).find((v) => typeof v === 'string') as string
        held.set(getAddress(account), args.allowed === true)
      }
      return [...held].filter(([, allowed]) => allowed).map(([account]) => account)
    }
    const ours = new Set(Object.values(CONTRACTS).flatMap(({ deployed }) => deployed.map(at)))
    assert.deepEqual(await holders('Nft', 'Nft', 'BoxUpdated'), [at('Ido')], 'the only box is the Ido')
    assert.deepEqual(await holders('Ido', 'Ido', 'MinterUpdated'), [], 'no minter')
    assert.deepEqual(
      (await holders('Double', 'Double', 'DepositorUpdated')).sort(),
      [at('Fomo'), at('SuperFomo')].sort(),
      'the depositors are the two Fomo pools',
    )
    const writers = await holders('Log', 'Log', 'WriterUpdated')
    assert.ok(writers.length > 0)
    for (const writer of writers)
      assert.ok(ours.has(getAddress(writer)), `the Log writer ${writer} is one of the contracts`)
  })
})
