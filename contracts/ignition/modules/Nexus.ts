// Deploys the whole Contracts I system in dependency order and wires it:
//   DEX (WBNB, factory, router from real bytecode) -> USDT -> Main (proxy) -> Log (proxy) -> Token (creates
//   the NEX/USDT pair) -> Token config -> Log writer (the admin) -> USDT mint -> NEX/USDT liquidity -> TWAP anchor.
// Values come from config/defaults.ts (local-chain overrides); `openTime` can be overridden with an Ignition
// parameter ({ "Nexus": { "openTime": "..." } }).
import { buildModule } from '@nomicfoundation/hardhat-ignition/modules'
import { zeroAddress } from 'viem'
import { localDefaults } from '../../config/defaults.ts'
import { factoryArtifact, routerArtifact, wbnbArtifact } from '../../scripts/lib/dex.ts'

/** The local PancakeSwap-V2-compatible DEX. */
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
    localDefaults.main.upgradeDelay,
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
    localDefaults.main.upgradeDelay,
    localDefaults.log.dayTimes,
  ])
  const proxy = m.contract('NexusProxy', [implementation, data], { id: 'LogProxy' })
  const log = m.contractAt('Log', proxy, { id: 'Log' })
  return { log, logImplementation: implementation }
})

export default buildModule('Nexus', (m) => {
  const deployer = m.getAccount(0)
  const openTime = m.getParameter('openTime', 1n)
  const { wbnb, factory, router } = m.useModule(DexModule)
  const { main, mainImplementation } = m.useModule(MainModule)
  const { log, logImplementation } = m.useModule(LogModule)
  const usdt = m.contract('LocalUSDT', [deployer], { id: 'USDT' })

  const token = m.contract('Token', [deployer, deployer, usdt, router, localDefaults.tokenMulti], { id: 'Token' })
  const pairAddress = m.readEventArgument(token, 'PairCreated', 'pair', { emitter: factory })
  const pair = m.contractAt('IUniswapV2Pair', pairAddress, { id: 'Pair' })

  const configured = m.call(token, 'setConfig', [
    { ...localDefaults.token, openTime, market: deployer, burn: zeroAddress, nft: zeroAddress, ido: zeroAddress },
  ])
  // the Log admin (SPEC §6) writes entries until the contracts that log are deployed and authorized
  m.call(log, 'setWriter', [deployer, true], { id: 'LogAdminWriter' })

  const minted = m.call(usdt, 'mint', [deployer, localDefaults.usdtMint])
  const approveNex = m.call(token, 'approve', [router, localDefaults.liquidityNex], { id: 'ApproveNex' })
  const approveUsdt = m.call(usdt, 'approve', [router, localDefaults.liquidityUsdt], {
    id: 'ApproveUsdt',
    after: [minted],
  })
  const liquidity = m.call(
    router,
    'addLiquidity',
    [
      token,
      usdt,
      localDefaults.liquidityNex,
      localDefaults.liquidityUsdt,
      localDefaults.liquidityNex,
      localDefaults.liquidityUsdt,
      deployer,
      2n ** 40n,
    ],
    { id: 'AddLiquidity', after: [approveNex, approveUsdt, configured] },
  )
  const anchored = m.call(token, 'updatePrice', [], { id: 'AnchorTwap', after: [liquidity] })
  // batches the web app's reads into one eth_call, as Multicall3 does on BSC (deployed last: no address moves)
  const multicall3 = m.contract('Multicall3', [], { id: 'Multicall3', after: [anchored] })

  return { main, mainImplementation, log, logImplementation, token, usdt, wbnb, factory, router, pair, multicall3 }
})
