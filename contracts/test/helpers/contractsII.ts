// Deploys Contracts I (Ignition module `Nexus`) and then Contracts II through its deploy part, so the tests also
// prove the deployment. Helpers for the Ido, Nft and Burn suites.
import type { NetworkConnection } from 'hardhat/types/network'
import { parseEther } from 'viem'
import { localContractsII } from '../../config/contractsII.ts'
import { deployContractsII } from '../../scripts/deploy/contractsII.ts'
import { deploySystem } from './system.ts'

type Connection = NetworkConnection<'generic'>

/** The whole system: Contracts I and II, with the TWAP oracles ready (one window has passed). */
export async function deployContractsIISystem(connection: Connection, options: { idoStart?: bigint } = {}) {
  const system = await deploySystem(connection)
  const ii = await deployContractsII(
    connection,
    {
      main: system.main.address,
      log: system.log.address,
      token: system.token.address,
      usdt: system.usdt.address,
      router: system.router.address,
      factory: system.factory.address,
      wbnb: system.wbnb.address,
      pair: system.pair.address,
    },
    options,
  )
  await connection.networkHelpers.time.increase(localContractsII.oracleWindow)
  return { ...system, ...ii }
}

export type ContractsIISystem = Awaited<ReturnType<typeof deployContractsIISystem>>
type Wallet = ContractsIISystem['deployer']

/** Registers `wallet` in Main under `referrer` (genesis = the deployer by default). */
export async function register(system: ContractsIISystem, wallet: Wallet, referrer = system.deployer.account.address) {
  await system.main.write.register([referrer], { account: wallet.account })
}

/** Gives `wallet` USDT and NEX and approves `spender` for both. */
export async function fundWallet(
  system: ContractsIISystem,
  wallet: Wallet,
  spender: `0x${string}`,
  usdtAmount = parseEther('100000'),
  nexAmount = parseEther('100000'),
) {
  await system.usdt.write.mint([wallet.account.address, usdtAmount])
  if (nexAmount > 0n) await system.token.write.transfer([wallet.account.address, nexAmount])
  await system.usdt.write.approve([spender, 2n ** 255n], { account: wallet.account })
  await system.token.write.approve([spender, 2n ** 255n], { account: wallet.account })
}
