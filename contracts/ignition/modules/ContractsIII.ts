// Deploys Contracts III on top of an existing Contracts I system and wires them:
//   FomoLib, FomoViews, ExpiryQueue -> Double (proxy) -> Stake (proxy, rounds, NEX pool) -> MiningLib -> Mining (proxy, emission budget)
//   -> Fomo (FOM pool) and SuperFomo (super FOM pool), two proxies of one implementation with their own config
//   -> Info (proxy) -> Log writer rights for every contract that logs -> fee exemption of the pools on the token.
// Parameters ({ "ContractsIII": { ... } }): main, log, token, usdt, router, oracle (addresses), and optionally
// stakeFund, miningFund (NEX the deployer puts into the Stake pool and the Mining budget, > 0).
// The deployer must own Log and Token (true for the local deployment). Values: config/contractsIII.ts (local chain)
// by default; config/deployment.ts gives a public chain's (stake, mining, fomo, superFomo, double, ...).
import { buildModule } from '@nomicfoundation/hardhat-ignition/modules'
import { localDefaults } from '../../config/defaults.ts'
import { localContractsIII as local } from '../../config/contractsIII.ts'
import { plain } from '../../config/deployment.ts'
import TeamLibModule from './TeamLib.ts'

/** A PriceOracle (TWAP) over `pair`, for deployments that have none yet. */
export const ContractsIIIOracleModule = buildModule('ContractsIIIOracle', (m) => {
  const pair = m.getParameter<string>('pair')
  const window = m.getParameter('window', local.oracleWindow)
  const oracle = m.contract('PriceOracle', [pair, window], { id: 'PriceOracle' })
  return { oracle }
})

export default buildModule('ContractsIII', (m) => {
  const deployer = m.getAccount(0)
  const delay = m.getParameter('upgradeDelay', localDefaults.main.upgradeDelay)
  const setting = <T extends Record<string, unknown>>(name: string, value: T) =>
    m.getParameter(name, plain(value) as never)
  const main = m.getParameter<string>('main')
  const logAddress = m.getParameter<string>('log')
  const tokenAddress = m.getParameter<string>('token')
  const usdt = m.getParameter<string>('usdt')
  const router = m.getParameter<string>('router')
  const oracle = m.getParameter<string>('oracle')
  const stakeFund = m.getParameter('stakeFund', local.stakeFund)
  const miningFund = m.getParameter('miningFund', local.miningFund)
  const log = m.contractAt('Log', logAddress, { id: 'LogAt' })
  const token = m.contractAt('Token', tokenAddress, { id: 'TokenAt' })

  const doubleImplementation = m.contract('Double', [], { id: 'DoubleImplementation' })
  const doubleProxy = m.contract(
    'NexusProxy',
    [
      doubleImplementation,
      m.encodeFunctionCall(doubleImplementation, 'initialize', [
        deployer,
        delay,
        usdt,
        logAddress,
        setting('double', local.double),
      ]),
    ],
    { id: 'DoubleProxy' },
  )
  const double = m.contractAt('Double', doubleProxy, { id: 'Double' })

  // Stake's owner setters and rounds' view in a linked library (outside its 24 KB)
  const stakeLib = m.library('StakeLib', { id: 'StakeLib' })
  const stakeImplementation = m.contract('Stake', [], { id: 'StakeImplementation', libraries: { StakeLib: stakeLib } })
  const stakeProxy = m.contract(
    'NexusProxy',
    [
      stakeImplementation,
      m.encodeFunctionCall(stakeImplementation, 'initialize', [
        deployer,
        delay,
        usdt,
        tokenAddress,
        main,
        logAddress,
        oracle,
        setting('stake', local.stake),
      ]),
    ],
    { id: 'StakeProxy' },
  )
  const stake = m.contractAt('Stake', stakeProxy, { id: 'Stake' })
  local.stakeIdos.forEach((ido, i) => m.call(stake, 'setIdo', [BigInt(i), ido], { id: `StakeIdo${i}` }))

  const miningLib = m.library('MiningLib', { id: 'MiningLib' })
  const miningImplementation = m.contract('Mining', [], {
    id: 'MiningImplementation',
    libraries: { MiningLib: miningLib },
  })
  const miningProxy = m.contract(
    'NexusProxy',
    [
      miningImplementation,
      m.encodeFunctionCall(miningImplementation, 'initialize', [
        deployer,
        delay,
        tokenAddress,
        main,
        logAddress,
        setting('mining', local.mining),
        setting('miningMulti', local.miningMulti),
      ]),
    ],
    { id: 'MiningProxy' },
  )
  const mining = m.contractAt('Mining', miningProxy, { id: 'Mining' })

  const { teamLib } = m.useModule(TeamLibModule)
  // Fomo's linked libraries: its flows (FomoLib), its views (FomoViews) and the expiry queue of its orders
  // (ExpiryQueue, the same library as Burn's, a copy of this module's own), outside its 24 KB
  const expiryQueue = m.library('ExpiryQueue', { id: 'ExpiryQueue' })
  const fomoLib = m.library('FomoLib', { id: 'FomoLib', libraries: { TeamLib: teamLib, ExpiryQueue: expiryQueue } })
  const fomoViews = m.library('FomoViews', { id: 'FomoViews', libraries: { TeamLib: teamLib } })
  const fomoImplementation = m.contract('Fomo', [], {
    id: 'FomoImplementation',
    libraries: { FomoLib: fomoLib, FomoViews: fomoViews, TeamLib: teamLib },
  })
  const contracts = [main, logAddress, oracle, router, double]
  const fomoProxy = m.contract(
    'NexusProxy',
    [
      fomoImplementation,
      m.encodeFunctionCall(fomoImplementation, 'initialize', [
        deployer,
        delay,
        usdt,
        tokenAddress,
        contracts,
        setting('fomo', local.fomo),
        setting('fomoMulti', local.fomoMulti),
      ]),
    ],
    { id: 'FomoProxy' },
  )
  const fomo = m.contractAt('Fomo', fomoProxy, { id: 'Fomo' })
  const superFomoProxy = m.contract(
    'NexusProxy',
    [
      fomoImplementation,
      m.encodeFunctionCall(
        fomoImplementation,
        'initialize',
        [
          deployer,
          delay,
          usdt,
          tokenAddress,
          contracts,
          setting('superFomo', local.superFomo),
          setting('superFomoMulti', local.superFomoMulti),
        ],
        { id: 'SuperFomoInitialize' },
      ),
    ],
    { id: 'SuperFomoProxy' },
  )
  const superFomo = m.contractAt('Fomo', superFomoProxy, { id: 'SuperFomo' })

  const infoImplementation = m.contract('Info', [], { id: 'InfoImplementation' })
  const infoProxy = m.contract(
    'NexusProxy',
    [
      infoImplementation,
      m.encodeFunctionCall(infoImplementation, 'initialize', [
        deployer,
        delay,
        {
          main,
          token: tokenAddress,
          usdt,
          oracle,
          fomo,
          superFomo,
          mining,
          stake,
          double,
        },
      ]),
    ],
    { id: 'InfoProxy' },
  )
  const info = m.contractAt('Info', infoProxy, { id: 'Info' })

  // writer rights on the Log and fee exemption of the pools (NEX payments are sold without the sell fee)
  for (const [id, writer] of [
    ['Stake', stake],
    ['Mining', mining],
    ['Fomo', fomo],
    ['SuperFomo', superFomo],
    ['Double', double],
  ] as const) {
    m.call(log, 'setWriter', [writer, true], { id: `LogWriter${id}` })
  }
  // the Fomo pools open Double records for their buyers (anyone else deposits only for itself)
  m.call(double, 'setDepositor', [fomo, true], { id: 'DoubleDepositorFomo' })
  m.call(double, 'setDepositor', [superFomo, true], { id: 'DoubleDepositorSuperFomo' })
  m.call(token, 'setIsFeeExempt', [fomo, true], { id: 'FeeExemptFomo' })
  m.call(token, 'setIsFeeExempt', [superFomo, true], { id: 'FeeExemptSuperFomo' })

  // the Stake reward pool and the Mining emission budget, from the deployer's NEX
  const approveStake = m.call(token, 'approve', [stake, stakeFund], { id: 'ApproveStakeFund' })
  m.call(stake, 'fund', [stakeFund], { id: 'StakeFund', after: [approveStake] })
  const approveMining = m.call(token, 'approve', [mining, miningFund], { id: 'ApproveMiningFund' })
  m.call(mining, 'addMint', [miningFund], { id: 'MiningFund', after: [approveMining] })

  return {
    stake,
    stakeImplementation,
    stakeLib,
    mining,
    miningImplementation,
    miningLib,
    fomo,
    superFomo,
    fomoImplementation,
    fomoLib,
    fomoViews,
    expiryQueue,
    teamLib,
    double,
    doubleImplementation,
    info,
    infoImplementation,
  }
})
