// Shared deployment fixtures for the TypeScript tests (node:test + viem through Hardhat 3's network manager).
import type { NetworkConnection } from 'hardhat/types/network'
import { encodeFunctionData, zeroAddress, type Address } from 'viem'

type Viem = NetworkConnection<'generic'>['viem']

/** One hour: the shortest upgrade delay, used by the fixtures. */
export const UPGRADE_DELAY = 3600n

/** Deploys `Main` behind a `NexusProxy` and returns the proxy typed as `Main`. */
export async function deployMain(
  viem: Viem,
  owner: Address,
  genesis: Address,
  config: { manager: Address; generations: bigint } = { manager: zeroAddress, generations: 20n },
) {
  const implementation = await viem.deployContract('Main')
  const data = encodeFunctionData({
    abi: implementation.abi,
    functionName: 'initialize',
    args: [owner, UPGRADE_DELAY, genesis, config],
  })
  const proxy = await viem.deployContract('NexusProxy', [implementation.address, data])
  return { main: await viem.getContractAt('Main', proxy.address), implementation }
}

/** Deploys `Log` behind a `NexusProxy` (days of `dayTimes` seconds), with `writer` allowed to write entries. */
export async function deployLog(viem: Viem, owner: Address, writer: Address, dayTimes: bigint) {
  const implementation = await viem.deployContract('Log')
  const data = encodeFunctionData({
    abi: implementation.abi,
    functionName: 'initialize',
    args: [owner, UPGRADE_DELAY, dayTimes],
  })
  const proxy = await viem.deployContract('NexusProxy', [implementation.address, data])
  const log = await viem.getContractAt('Log', proxy.address)
  await log.write.setWriter([writer, true])
  return log
}
