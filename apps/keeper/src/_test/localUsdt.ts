import { localUSDTAbi } from '@nexus/abi'
import type { SystemChain } from '@nexus/testing'
import { type Address, createPublicClient, createWalletClient, http } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { hardhat } from 'viem/chains'
import { DEV_MNEMONIC } from '../config.ts'

/** Mints `usdt` of the local chain's test USDT to `to` (the deployer may), and waits until it is mined. */
export async function mintLocalUsdt(chain: SystemChain, to: Address, usdt: bigint): Promise<void> {
  const transport = http(chain.url)
  const hash = await createWalletClient({
    chain: hardhat,
    transport,
    account: mnemonicToAccount(DEV_MNEMONIC, { addressIndex: 0 }),
  }).writeContract({
    address: chain.contracts.USDT as Address,
    abi: localUSDTAbi,
    functionName: 'mint',
    args: [to, usdt],
  })
  await createPublicClient({ chain: hardhat, transport }).waitForTransactionReceipt({ hash })
}
