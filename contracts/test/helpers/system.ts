// Deploys Contracts I the way scripts/deploy.ts does on a local chain (so the tests also prove the deployment): the
// local stand-ins of the DEX and USDT (ignition/modules/LocalStandIns.ts), then the Ignition module Nexus with
// them and the local settings (ignition/parameters/local.json) as parameters.
import type { NetworkConnection } from 'hardhat/types/network'
import { ignitionParameters, readDeploymentSettings } from '../../config/deployment.ts'
import LocalStandInsModule from '../../ignition/modules/LocalStandIns.ts'
import NexusModule from '../../ignition/modules/Nexus.ts'

type Connection = NetworkConnection<'generic'>

/**
 * Deploys the local stand-ins and `ignition/modules/Nexus.ts`, and returns typed contracts. `openTime` overrides the
 * local setting (1: open), e.g. 0 for a token whose trading has not opened yet.
 */
export async function deploySystem(connection: Connection, options: { openTime?: bigint } = {}) {
  const { viem, ignition } = connection
  const standIns = await ignition.deploy(LocalStandInsModule, { displayUi: false })
  const external = {
    router: standIns.router.address,
    factory: standIns.factory.address,
    wbnb: standIns.wbnb.address,
    usdt: standIns.usdt.address,
  }
  const settings = readDeploymentSettings(await (await viem.getPublicClient()).getChainId())
  const parameters = ignitionParameters(settings, external)
  if (options.openTime !== undefined) parameters.$global.openTime = options.openTime
  const deployed = await ignition.deploy(NexusModule, { displayUi: false, parameters })
  const [deployer, ...users] = await viem.getWalletClients()
  const publicClient = await viem.getPublicClient()
  return {
    ...deployed,
    multicall3: standIns.multicall3,
    token: await viem.getContractAt('Token', deployed.token.address),
    usdt: await viem.getContractAt('LocalUSDT', deployed.usdt.address),
    router: await viem.getContractAt('IUniswapV2Router02', deployed.router.address),
    factory: await viem.getContractAt('IUniswapV2Factory', deployed.factory.address),
    wbnb: await viem.getContractAt('IWBNB', deployed.wbnb.address),
    pair: await viem.getContractAt('IUniswapV2Pair', deployed.pair.address),
    main: await viem.getContractAt('Main', deployed.main.address),
    log: await viem.getContractAt('Log', deployed.log.address),
    deployer,
    users,
    publicClient,
  }
}
