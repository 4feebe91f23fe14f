// Deploys the whole Contracts I system in dependency order and wires it:
//   Main (proxy) -> Log (proxy) -> Token (creates the NEX/USDT pair on the DEX) -> Token config -> Log writers (the
//   admin, Main) and Main's Log -> NEX/USDT liquidity -> TWAP anchor.
// The DEX (PancakeSwap V2 router and factory, WBNB) and USDT are parameters: on BSC they exist; on a local chain
// ignition/modules/LocalStandIns.ts deploys them first. Chain settings come from ignition/parameters/<chain>.json
// through config/deployment.ts (`$global`: router, factory, wbnb, usdt, dayLength, openTime, oracleWindow, ...);
// the defaults here are the local chain's (config/defaults.ts).
import { buildModule } from '@nomicfoundation/hardhat-ignition/modules'
import { zeroAddress } from 'viem'
import { localDefaults } from '../../config/defaults.ts'
import { factoryArtifact, routerArtifact, wbnbArtifact } from '../../scripts/lib/dex.ts'

/** The local PancakeSwap-V2-compatible DEX (deployed by LocalStandIns only: on BSC the real one is used). */
export const DexModule = buildModule('Dex', (m) => {
  const deployer = m.getAccount(0)
  const wbnb = m.contract('WBNB', wbnbArtifact, [], { id: 'WBNB' })
  const factory = m.contract('UniswapV2Factory', factoryArtifact, [deployer], { id: 'Factory' })
  const router = m.contract('UniswapV2Router02', routerArtifact, [factory, wbnb], { id: 'Router' })
  return { wbnb, factory, router }
})

/** Main behind its proxy. */
export const MainModule = buildModule('Main', (m) => {
  const deployer = m.getAccount(0)
  // the deployer is also the genesis account on the local chain
  const genesis = deployer
  const implementation = m.contract('Main', [], { id: 'MainImplementation' })
  const data = m.encodeFunctionCall(implementation, 'initialize', [
    deployer,
    m.getParameter('upgradeDelay', localDefaults.main.upgradeDelay),
    genesis,
    { manager: zeroAddress, generations: localDefaults.main.generations },
  ])
  const proxy = m.contract('NexusProxy', [implementation, data], { id: 'MainProxy' })
  const main = m.contractAt('Main', proxy, { id: 'Main' })
  return { main, mainImplementation: implementation }
})

/** Log behind its proxy. */
export const LogModule = buildModule('Log', (m) => {
  const deployer = m.getAccount(0)
  const implementation = m.contract('Log', [], { id: 'LogImplementation' })
  const data = m.encodeFunctionCall(implementation, 'initialize', [
    deployer,
    m.getParameter('upgradeDelay', localDefaults.main.upgradeDelay),
    m.getParameter('dayLength', localDefaults.log.dayTimes),
  ])
  const proxy = m.contract('NexusProxy', [implementation, data], { id: 'LogProxy' })
  const log = m.contractAt('Log', proxy, { id: 'Log' })
  return { log, logImplementation: implementation }
})

export default buildModule('Nexus', (m) => {
  const deployer = m.getAccount(0)
  const openTime = m.getParameter('openTime', 1n)
  const liquidityNex = m.getParameter('liquidityNex', localDefaults.liquidityNex)
  const liquidityUsdt = m.getParameter('liquidityUsdt', localDefaults.liquidityUsdt)
  const router = m.contractAt('UniswapV2Router02', routerArtifact, m.getParameter<string>('router'), { id: 'Router' })
  const factory = m.contractAt('UniswapV2Factory', factoryArtifact, m.getParameter<string>('factory'), {
    id: 'Factory',
  })
  const wbnb = m.contractAt('WBNB', wbnbArtifact, m.getParameter<string>('wbnb'), { id: 'WBNB' })
  // any ERC-20 with 18 decimals (BSC's USDT is one); LocalUSDT's ABI serves for approve
  const usdt = m.contractAt('LocalUSDT', m.getParameter<string>('usdt'), { id: 'USDT' })
  const { main, mainImplementation } = m.useModule(MainModule)
  const { log, logImplementation } = m.useModule(LogModule)

  const token = m.contract(
    'Token',
    [
      deployer,
      deployer,
      usdt,
      router,
      {
        ...localDefaults.tokenMulti,
        oracleWindow: m.getParameter('oracleWindow', localDefaults.tokenMulti.oracleWindow),
      },
    ],
    { id: 'Token' },
  )
  const pairAddress = m.readEventArgument(token, 'PairCreated', 'pair', { emitter: factory })
  const pair = m.contractAt('IUniswapV2Pair', pairAddress, { id: 'Pair' })

  const configured = m.call(token, 'setConfig', [
    {
      ...localDefaults.token,
      burnTime: m.getParameter('burnTime', localDefaults.token.burnTime),
      openTime,
      market: deployer,
      burn: zeroAddress,
      nft: zeroAddress,
      ido: zeroAddress,
    },
  ])
  // the Log admin (SPEC §6) writes entries until the contracts that log are deployed and authorized
  m.call(log, 'setWriter', [deployer, true], { id: 'LogAdminWriter' })
  // registrations write their `register` entry: Main may write, and knows the Log
  m.call(log, 'setWriter', [main, true], { id: 'LogWriterMain' })
  m.call(main, 'setLog', [log], { id: 'MainLog' })

  // the deployer's NEX and USDT open the NEX/USDT pool (on BSC the USDT must be in the deployer's wallet)
  const approveNex = m.call(token, 'approve', [router, liquidityNex], { id: 'ApproveNex' })
  const approveUsdt = m.call(usdt, 'approve', [router, liquidityUsdt], { id: 'ApproveUsdt' })
  const liquidity = m.call(
    router,
    'addLiquidity',
    [token, usdt, liquidityNex, liquidityUsdt, liquidityNex, liquidityUsdt, deployer, 2n ** 40n],
    { id: 'AddLiquidity', after: [approveNex, approveUsdt, configured] },
  )
  m.call(token, 'updatePrice', [], { id: 'AnchorTwap', after: [liquidity] })

  return { main, mainImplementation, log, logImplementation, token, usdt, wbnb, factory, router, pair }
})
