// Shared fixture of the Contracts III suites: the Contracts I system (Ignition) plus Contracts III through its
// deploy part (scripts/deploy/contractsIII.ts), past the TWAP window so that payouts by price work.
import type { NetworkConnection } from 'hardhat/types/network'
import { parseEther, type Address } from 'viem'
import { localContractsIII } from '../config/contractsIII.ts'
import { deployContractsIII } from '../scripts/deploy/contractsIII.ts'
import { deploySystem } from './helpers/system.ts'
import { fund } from './helpers/trade.ts'

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

/**
 * Contracts I and III with a buyer joined under the deployer and an attacker holding 300,000 NEX and the trade
 * funds (`fund`): the setup of the tests of orders paid in NEX against a moved pair.
 */
export async function deployWithBuyerAndAttacker(connection: Connection) {
  const s = await deployContractsIIISystem(connection)
  const [buyer, attacker] = s.users
  await join(s, buyer, s.deployer.account.address)
  await s.token.write.transfer([attacker.account.address, parseEther('300000')])
  await fund(s, attacker)
  return { ...s, buyer, attacker }
}
