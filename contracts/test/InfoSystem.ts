// Shared fixture of the Contracts III suites: the Contracts I system (Ignition) plus Contracts III through its
// deploy part (scripts/deploy/contractsIII.ts), past the TWAP window so that payouts by price work.
import type { NetworkConnection } from 'hardhat/types/network'
import { parseEther, type Address } from 'viem'
import { localContractsIII } from '../config/contractsIII.ts'
import { deployContractsIII } from '../scripts/deploy/contractsIII.ts'
import { deploySystem } from './helpers/system.ts'

type Connection = NetworkConnection<'generic'>

/** Deploys Contracts I and III and waits out the TWAP window. */
export async function deployContractsIIISystem(connection: Connection) {
  const system = await deploySystem(connection)
  const iii = await deployContractsIII(connection, {
    main: system.main.address,
    log: system.log.address,
    token: system.token.address,
    usdt: system.usdt.address,
    router: system.router.address,
    pair: system.pair.address,
  })
  await connection.networkHelpers.time.increase(Number(localContractsIII.oracleWindow) + 1)
  return { ...system, ...iii }
}

export type ContractsIIISystem = Awaited<ReturnType<typeof deployContractsIIISystem>>
type Wallet = ContractsIIISystem['deployer']

/** Registers `wallet` under `referrer` (if needed), gives it USDT and NEX, and approves every pool. */
export async function join(
  s: ContractsIIISystem,
  wallet: Wallet,
  referrer: Address,
  funds: { usdt?: bigint; nex?: bigint } = {},
) {
  const [index] = await s.main.read.users([wallet.account.address])
  if (index === 0n) await s.main.write.register([referrer], { account: wallet.account })
  await s.usdt.write.mint([wallet.account.address, funds.usdt ?? parseEther('100000')])
  await s.token.write.transfer([wallet.account.address, funds.nex ?? parseEther('100000')])
  for (const spender of [s.fomo, s.superFomo, s.stake, s.mining, s.double]) {
    await s.usdt.write.approve([spender.address, 2n ** 255n], { account: wallet.account })
    await s.token.write.approve([spender.address, 2n ** 255n], { account: wallet.account })
  }
}
