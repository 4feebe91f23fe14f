import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { logAbi, mainAbi } from '@nexus/abi'
import { logCodeOf } from '@nexus/sdk'
import {
  createPublicClient,
  createWalletClient,
  encodeDeployData,
  encodeFunctionData,
  http,
  type Abi,
  type Address,
  type Hex,
} from 'viem'
import { hardhat } from 'viem/chains'
import { resolveSources } from '../handlers/resolveSources.ts'
import type { Source } from '../sync/types.ts'
import { contractsDir } from '@nexus/testing'

type Artifact = { abi: Abi; bytecode: Hex }
const artifact = (path: string) =>
  JSON.parse(readFileSync(join(contractsDir, 'artifacts', 'contracts', path), 'utf8')) as Artifact

export const multicallArtifact = artifact('local/Multicall3.sol/Multicall3.json')

/** JSON-RPC straight to a node. */
export async function rpcCall<T>(url: string, method: string, params: unknown[] = []): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = (await response.json()) as { result: T; error?: { message: string } }
  if (body.error) throw new Error(`${method}: ${body.error.message}`)
  return body.result
}

export type Core = {
  url: string
  accounts: Address[]
  main: Address
  log: Address
  multicall: Address
  sources: Source[]
  publicClient: ReturnType<typeof createPublicClient>
  send: (from: Address, to: Address, data: Hex) => Promise<void>
  /** Sends without waiting for the receipt (automine: mined at once). */
  sendFast: (from: Address, to: Address, data: Hex) => Promise<Hex>
  register: (account: Address, referrer: Address) => Promise<void>
  /** One Log entry: `symbol` and `action` are names of the SDK's list (a reward action counts in the rewards). */
  addLog: (owner: Address, symbol: string, action: string, amount: bigint) => Promise<void>
  /** `count` Log entries in one transaction (through Multicall3, a Log writer; at most about 50 fit). */
  addLogs: (owners: readonly Address[], count: number, salt: number) => Promise<void>
  /**
   * Referral and team credits of one action in one symbol (`Log.addCredits`: a word per credit, owner | amount << 160
   * | action << 248), credited by `from`.
   */
  addCredits: (
    from: Address,
    symbol: string,
    credits: readonly { owner: Address; action: string; amount: bigint }[],
  ) => Promise<void>
  /** The calldata of {@link Core.addLogs} for Multicall3 (to send several into one block). */
  addLogsData: (owners: readonly Address[], count: number, salt: number) => Hex
}

/**
 * Deploys Main and Log behind their proxies and a Multicall3 (a Log writer, to write many entries in one
 * transaction) on a node, from the contracts' artifacts; the deployer (account 0) is owner and a Log writer.
 */
export async function deployCore(url: string): Promise<Core> {
  const transport = http(url)
  const publicClient = createPublicClient({ chain: hardhat, transport })
  const accounts = await rpcCall<Address[]>(url, 'eth_accounts')
  const [owner, genesis] = accounts as [Address, Address]
  const wallet = (account: Address) => createWalletClient({ chain: hardhat, transport, account })
  const mined = async (hash: Hex) => {
    const receipt = await publicClient.waitForTransactionReceipt({ hash })
    if (receipt.status !== 'success') throw new Error(`transaction ${hash} reverted`)
    return receipt
  }
  const deploy = async (bytecode: Hex) =>
    (await mined(await wallet(owner).deployContract({ abi: [], bytecode }))).contractAddress as Address
  const send = async (from: Address, to: Address, data: Hex) => {
    await mined(await wallet(from).sendTransaction({ to, data }))
  }
  const sendFast = (from: Address, to: Address, data: Hex) => wallet(from).sendTransaction({ to, data })
  const proxy = artifact('NexusProxy.sol/NexusProxy.json')
  const behindProxy = async (implementation: Artifact, init: Hex) =>
    await deploy(
      encodeDeployData({
        abi: proxy.abi,
        bytecode: proxy.bytecode,
        args: [await deploy(implementation.bytecode), init],
      }),
    )

  const mainStart = await publicClient.getBlockNumber()
  const main = await behindProxy(
    artifact('Main.sol/Main.json'),
    encodeFunctionData({
      abi: mainAbi,
      functionName: 'initialize',
      args: [owner, 3600n, genesis, { manager: owner, generations: 10n }],
    }),
  )
  const log = await behindProxy(
    artifact('Log.sol/Log.json'),
    encodeFunctionData({ abi: logAbi, functionName: 'initialize', args: [owner, 3600n, 600n] }),
  )
  const multicall = await deploy(multicallArtifact.bytecode)
  const setWriter = (writer: Address) =>
    send(owner, log, encodeFunctionData({ abi: logAbi, functionName: 'setWriter', args: [writer, true] }))
  await setWriter(owner)
  await setWriter(multicall)
  const sources = resolveSources(
    {
      Main: { address: main, blockNumber: Number(mainStart) },
      Log: { address: log, blockNumber: Number(mainStart) },
    },
    ['Main', 'Log'],
  )
  const code = (kind: 'symbol' | 'action', name: string) => {
    const found = logCodeOf(kind, name)
    if (found === undefined) throw new Error(`no Log ${kind} named ${name}`)
    return found
  }
  const addLogsData = (owners: readonly Address[], count: number, salt: number) => {
    const calls = Array.from({ length: count }, (_, i) => ({
      target: log,
      allowFailure: false,
      callData: encodeFunctionData({
        abi: logAbi,
        functionName: 'addLog',
        args: [
          owners[(i + salt) % owners.length] as Address,
          owner,
          code('symbol', ['USDT', 'NEX', 'BNB'][i % 3] as string),
          code('action', ['stake_deposit', 'mining_release', 'claim', 'stake_claim'][(i + salt) % 4] as string),
          BigInt(salt * 1_000 + i + 1),
          BigInt(i),
        ],
      }),
    }))
    return encodeFunctionData({ abi: multicallArtifact.abi, functionName: 'aggregate3', args: [calls] })
  }
  return {
    url,
    accounts,
    main,
    log,
    multicall,
    sources,
    publicClient,
    send,
    sendFast,
    register: (account, referrer) =>
      send(account, main, encodeFunctionData({ abi: mainAbi, functionName: 'register', args: [referrer] })),
    addLog: (logOwner, symbol, action, amount) =>
      send(
        owner,
        log,
        encodeFunctionData({
          abi: logAbi,
          functionName: 'addLog',
          args: [logOwner, owner, code('symbol', symbol), code('action', action), amount, amount],
        }),
      ),
    addCredits: (from, symbol, credits) =>
      send(
        owner,
        log,
        encodeFunctionData({
          abi: logAbi,
          functionName: 'addCredits',
          args: [
            from,
            code('symbol', symbol),
            credits.map(
              (credit) =>
                BigInt(credit.owner) | (credit.amount << 160n) | (BigInt(code('action', credit.action)) << 248n),
            ),
          ],
        }),
      ),
    addLogsData,
    async addLogs(owners, count, salt) {
      // An explicit limit (under the 2^24 cap of a transaction): the node's estimate of a Multicall3 batch is
      // sometimes short of what the nested calls need (63/64 of the gas passed on), and the batch runs out of gas.
      const hash = await wallet(owner).sendTransaction({
        to: multicall,
        data: addLogsData(owners, count, salt),
        gas: 16_000_000n,
      })
      await mined(hash)
    },
  }
}
