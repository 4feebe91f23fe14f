// Deploys the whole system through the Ignition module (so the tests also prove the deployment).
import type { NetworkConnection } from 'hardhat/types/network'
import NexusModule from '../../ignition/modules/Nexus.ts'

type Connection = NetworkConnection<'generic'>

/** Deploys everything with `ignition/modules/Nexus.ts` and returns typed contracts. */
export async function deploySystem(connection: Connection) {
  const { viem, ignition } = connection
  const deployed = await ignition.deploy(NexusModule, { displayUi: false })
  const [deployer, ...users] = await viem.getWalletClients()
  const publicClient = await viem.getPublicClient()
  return {
    ...deployed,
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
