// The development wallet (local chain only; ARCHITECTURE.md, "Web app"): an EIP-1193 provider whose accounts
// are the local Hardhat node's test accounts. The node holds their keys and signs `eth_sendTransaction` and
// `personal_sign` for them, so the whole product works without a browser extension. Only imported behind
// `__DEV_WALLET__` (see main.tsx), so production builds do not contain this module.
//
// It also speaks EIP-5792 (batched calls), as smart-account wallets do: `wallet_getCapabilities` reports atomic
// batches on the local chain, `wallet_sendCalls` executes the calls in order as one confirmation and
// `wallet_getCallsStatus` reports them. What cannot exist here is a real remote wallet (an extension or a phone
// wallet with its own smart account): this one runs the calls as consecutive transactions of the node's unlocked
// account inside a node snapshot (`evm_snapshot`), and reverts the snapshot when one of them fails, which makes the
// batch all-or-nothing on a local node. Its batching can be switched off (`devWallet.batch` = 'off'), so that the
// app's path for wallets without EIP-5792 can be tried too.
import { injected } from 'wagmi'
import type { CreateConnectorFn } from 'wagmi'
import { getAddress, isAddress } from 'viem'
import type { Address } from 'viem'
import { DEV_WALLET_CONNECTOR_ID } from './devWalletContext.ts'

export { DEV_WALLET_CONNECTOR_ID as DEV_WALLET_ID } from './devWalletContext.ts'
export const DEV_WALLET_NAME = 'Development wallet'
/** Local-storage keys: the chosen test account and whether this site is connected. */
export const DEV_WALLET_ACCOUNT_KEY = 'devWallet.account'
/** Local-storage key: '1' makes the wallet refuse every signature and transaction, as a user rejecting them. */
export const DEV_WALLET_REFUSE_KEY = 'devWallet.refuse'
/** Local-storage key: 'off' makes the wallet answer EIP-5792 methods as a wallet without them (code 4200). */
export const DEV_WALLET_BATCH_KEY = 'devWallet.batch'
/**
 * Session-storage key: the methods the wallet asked its user to confirm, in order (a JSON array): what a user of a
 * real wallet would have seen as prompts.
 */
export const DEV_WALLET_PROMPTS_KEY = 'devWallet.prompts'
const CONNECTED_KEY = 'devWallet.connected'
/** The EIP-5792 methods, answered only while batching is on. */
const BATCH_METHODS = new Set([
  'wallet_getCapabilities',
  'wallet_sendCalls',
  'wallet_getCallsStatus',
  'wallet_showCallsStatus',
])
/** What the wallet asks its user to sign; with the refusal switch on, each is answered with code 4001. */
const SIGNING_METHODS = new Set([
  'eth_sendTransaction',
  'eth_sendRawTransaction',
  'eth_sign',
  'personal_sign',
  'eth_signTypedData',
  'eth_signTypedData_v3',
  'eth_signTypedData_v4',
  'wallet_sendCalls',
])

type Listener = (value: unknown) => void

export type DevWalletProvider = {
  readonly isDevWallet: true
  request(args: { method: string; params?: unknown }): Promise<unknown>
  on(event: string, listener: Listener): DevWalletProvider
  removeListener(event: string, listener: Listener): DevWalletProvider
  /** The node's test accounts. */
  listAccounts(): Promise<readonly Address[]>
  /** Selects another test account; the app sees an account change. */
  selectAccount(account: Address): Promise<void>
  /** Whether the wallet refuses signatures (as a user rejecting every request). */
  refuses(): boolean
  /** Turns refusing signatures on or off (kept across reloads). */
  setRefuse(refuse: boolean): void
  /** Whether the wallet answers EIP-5792 batched calls (on unless switched off). */
  batches(): boolean
  /** Turns EIP-5792 batched calls on or off (kept across reloads). */
  setBatch(batch: boolean): void
}

/** One call of `wallet_sendCalls` (EIP-5792). */
type BatchCall = { to?: Address; data?: `0x${string}`; value?: `0x${string}` }
type RpcReceipt = {
  status: `0x${string}`
  logs: unknown[]
  blockHash: `0x${string}`
  blockNumber: `0x${string}`
  gasUsed: `0x${string}`
  transactionHash: `0x${string}`
}
/** What `wallet_getCallsStatus` answers: 200 all mined, 500 reverted as a whole. */
type CallsStatus = { status: 200 | 500; receipts: RpcReceipt[] }

function rpcError(code: number, message: string, data?: unknown) {
  return Object.assign(new Error(message), { code, data })
}

/**
 * Creates the development wallet's provider for the node at `rpcUrl` (chain `chainId`).
 *
 * @example
 * const provider = createDevWalletProvider('http://127.0.0.1:8545', 31337, window.localStorage)
 */
export function createDevWalletProvider(
  rpcUrl: string,
  chainId: number,
  storage: Storage,
  session: Storage = storage,
): DevWalletProvider {
  const listeners = new Map<string, Set<Listener>>()
  const emit = (event: string, value: unknown) => listeners.get(event)?.forEach((listener) => listener(value))
  let nextId = 1
  let cached: readonly Address[] | undefined

  async function send(method: string, params: unknown = []): Promise<unknown> {
    const response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params }),
    })
    const body = (await response.json()) as {
      result?: unknown
      error?: { code: number; message: string; data?: unknown }
    }
    if (body.error) throw rpcError(body.error.code, body.error.message, body.error.data)
    return body.result
  }

  async function listAccounts(): Promise<readonly Address[]> {
    cached ??= ((await send('eth_accounts')) as string[]).map((account) => getAddress(account))
    return cached
  }

  async function selected(): Promise<Address> {
    const accounts = await listAccounts()
    const saved = storage.getItem(DEV_WALLET_ACCOUNT_KEY)
    const found = saved && isAddress(saved) ? accounts.find((account) => account === getAddress(saved)) : undefined
    const account = found ?? accounts[0]
    if (!account) throw rpcError(4100, 'The local node has no test accounts')
    return account
  }

  const connected = () => storage.getItem(CONNECTED_KEY) === '1'
  const refuses = () => storage.getItem(DEV_WALLET_REFUSE_KEY) === '1'
  const batches = () => storage.getItem(DEV_WALLET_BATCH_KEY) !== 'off'
  const hexChainId = `0x${chainId.toString(16)}`
  const sentBatches = new Map<string, CallsStatus>()

  function prompted(method: string) {
    let prompts: unknown
    try {
      prompts = JSON.parse(session.getItem(DEV_WALLET_PROMPTS_KEY) ?? '[]')
    } catch {
      prompts = []
    }
    const list = Array.isArray(prompts) ? prompts.slice(-49) : []
    session.setItem(DEV_WALLET_PROMPTS_KEY, JSON.stringify([...list, method]))
  }

  async function receiptOf(hash: unknown): Promise<RpcReceipt> {
    for (let tries = 0; tries < 600; tries++) {
      const receipt = (await send('eth_getTransactionReceipt', [hash])) as RpcReceipt | null
      if (receipt) return receipt
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    throw rpcError(-32603, `The local node did not mine ${String(hash)}`)
  }

  /** EIP-5792 `wallet_sendCalls`: the calls in order, all or nothing (a node snapshot reverted on a failure). */
  async function sendCalls(params: unknown): Promise<{ id: string }> {
    const [request] = (params ?? []) as [{ from?: string; chainId?: string; calls?: BatchCall[] } | undefined]
    if (!request?.calls?.length) throw rpcError(-32602, 'wallet_sendCalls: no calls')
    if (request.chainId !== undefined && Number.parseInt(request.chainId, 16) !== chainId)
      throw rpcError(5710, `The development wallet only knows chain ${chainId}`)
    const account = await selected()
    if (request.from && getAddress(request.from) !== account)
      throw rpcError(4100, 'wallet_sendCalls: not the selected account')
    const snapshot = await send('evm_snapshot')
    const receipts: RpcReceipt[] = []
    try {
      for (const call of request.calls) {
        const hash = await send('eth_sendTransaction', [
          { from: account, to: call.to, data: call.data, value: call.value },
        ])
        const receipt = await receiptOf(hash)
        receipts.push(receipt)
        if (receipt.status !== '0x1') break
      }
    } catch (error) {
      // Refused by the node before it was mined (e.g. its gas estimate reverts): nothing of the batch remains.
      await send('evm_revert', [snapshot])
      throw error
    }
    const id = `0x${Array.from(crypto.getRandomValues(new Uint8Array(32)), (byte) => byte.toString(16).padStart(2, '0')).join('')}`
    const complete = receipts.length === request.calls.length && receipts.every((receipt) => receipt.status === '0x1')
    if (!complete) await send('evm_revert', [snapshot])
    sentBatches.set(id, complete ? { status: 200, receipts } : { status: 500, receipts: [] })
    return { id }
  }

  const provider: DevWalletProvider = {
    isDevWallet: true,
    async request({ method, params }) {
      // A wallet without EIP-5792 (batching switched off) knows none of its methods.
      if (!batches() && BATCH_METHODS.has(method)) throw rpcError(4200, `The wallet does not support ${method}`)
      if (SIGNING_METHODS.has(method)) prompted(method)
      // Like a user pressing "Reject" in a wallet (EIP-1193 code 4001): nothing is signed or sent.
      if (refuses() && SIGNING_METHODS.has(method)) throw rpcError(4001, 'User rejected the request.')
      switch (method) {
        case 'wallet_getCapabilities':
          return { [hexChainId]: { atomic: { status: 'supported' } } }
        case 'wallet_sendCalls':
          return sendCalls(params)
        case 'wallet_getCallsStatus': {
          const id = String((params as [string] | undefined)?.[0])
          const found = sentBatches.get(id)
          if (!found) throw rpcError(5730, `Unknown batch ${id}`)
          return { version: '2.0.0', id, chainId: hexChainId, atomic: true, ...found }
        }
        case 'wallet_showCallsStatus':
          return null
        case 'eth_chainId':
          return hexChainId
        case 'net_version':
          return String(chainId)
        case 'eth_accounts':
          return connected() ? [await selected()] : []
        case 'eth_requestAccounts': {
          storage.setItem(CONNECTED_KEY, '1')
          return [await selected()]
        }
        case 'wallet_requestPermissions':
          storage.setItem(CONNECTED_KEY, '1')
          return [{ parentCapability: 'eth_accounts' }]
        case 'wallet_getPermissions':
          return connected() ? [{ parentCapability: 'eth_accounts' }] : []
        case 'wallet_revokePermissions':
          storage.removeItem(CONNECTED_KEY)
          emit('accountsChanged', [])
          return null
        case 'wallet_switchEthereumChain': {
          const wanted = Number.parseInt(String((params as [{ chainId?: string }] | undefined)?.[0]?.chainId), 16)
          if (wanted !== chainId) throw rpcError(4902, `The development wallet only knows chain ${chainId}`)
          return null
        }
        case 'wallet_addEthereumChain':
          throw rpcError(4200, 'The development wallet only knows the local chain')
      }
      return send(method, params ?? [])
    },
    on(event, listener) {
      if (!listeners.has(event)) listeners.set(event, new Set())
      listeners.get(event)?.add(listener)
      return provider
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener)
      return provider
    },
    listAccounts,
    refuses,
    setRefuse(refuse) {
      if (refuse) storage.setItem(DEV_WALLET_REFUSE_KEY, '1')
      else storage.removeItem(DEV_WALLET_REFUSE_KEY)
    },
    batches,
    setBatch(batch) {
      if (batch) storage.removeItem(DEV_WALLET_BATCH_KEY)
      else storage.setItem(DEV_WALLET_BATCH_KEY, 'off')
    },
    async selectAccount(account) {
      storage.setItem(DEV_WALLET_ACCOUNT_KEY, getAddress(account))
      if (connected()) emit('accountsChanged', [getAddress(account)])
    },
  }
  return provider
}

const ICON =
  'data:image/svg+xml;base64,' +
  btoa(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#f0b90b"/><path d="M9 16h14M16 9v14" stroke="#080b12" stroke-width="3"/></svg>',
  )

/** The wagmi connector of the development wallet, and its provider (for the account picker). */
export function createDevWallet(
  rpcUrl: string,
  chainId: number,
): { connector: CreateConnectorFn; provider: DevWalletProvider } {
  const provider = createDevWalletProvider(rpcUrl, chainId, window.localStorage, window.sessionStorage)
  const connector = injected({
    shimDisconnect: true,
    target: () => ({ id: DEV_WALLET_CONNECTOR_ID, name: DEV_WALLET_NAME, icon: ICON, provider: provider as never }),
  })
  return { connector, provider }
}
