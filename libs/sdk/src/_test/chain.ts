// Helpers for tests against the real local chain started by globalSetup.ts.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import {
  type Abi,
  type Account,
  type Chain,
  createTestClient,
  type Hex,
  http,
  parseEther,
  publicActions,
  walletActions,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { hardhat } from 'viem/chains'
import { inject } from 'vitest'

/** A client with public, wallet and test (hardhat_*) actions on the test chain, for one fresh funded account. */
export async function fundedClient(options: { chain?: Chain; rpcUrl?: string } = {}) {
  const account = privateKeyToAccount(generatePrivateKey())
  const client = createTestClient({
    mode: 'hardhat',
    chain: options.chain ?? hardhat,
    transport: http(options.rpcUrl ?? inject('rpcUrl'), { retryCount: 0 }),
    account,
  })
    .extend(publicActions)
    .extend(walletActions)
  await client.setBalance({ address: account.address, value: parseEther('1000') })
  return client
}

export type TestClient = Awaited<ReturnType<typeof fundedClient>>

/** Deploys a contract and returns its address once the deployment is mined. */
export async function deploy(client: TestClient, artifact: { abi: Abi; bytecode: Hex }, args: readonly unknown[] = []) {
  const hash = await client.deployContract({
    abi: artifact.abi,
    bytecode: artifact.bytecode,
    args,
    account: client.account as Account,
    chain: client.chain,
  })
  const receipt = await client.waitForTransactionReceipt({ hash })
  if (!receipt.contractAddress) throw new Error(`deployment ${hash} created no contract`)
  return receipt.contractAddress
}

/** A test-only contract compiled by globalSetup.ts (TestToken, Reverter). */
export function testContract(name: 'TestToken' | 'Reverter') {
  const artifact = inject('testContracts')[name]
  if (!artifact) throw new Error(`test contract ${name} was not compiled`)
  return artifact
}

/** A contract of contracts/ as Hardhat built it (run `npx hardhat build` in contracts/ first). */
export function contractArtifact(name: string, source = `${name}.sol`): { abi: Abi; bytecode: Hex } {
  const path = join(
    import.meta.dirname,
    '..',
    '..',
    '..',
    '..',
    'contracts',
    'artifacts',
    'contracts',
    source,
    `${name}.json`,
  )
  return JSON.parse(readFileSync(path, 'utf8'))
}
