// An EIP-1193 wallet injected into the page and announced through EIP-6963, for browser tests. It answers the
// account and chain methods itself and forwards everything else (reads, and eth_sendTransaction for the unlocked
// accounts of a local Hardhat node) to `rpcUrl`, so that chain-backed tests sign with local test accounts.

// Plain JavaScript that runs in the page (kept as text so that no test transpiler touches it): installs an
// EIP-1193 provider and announces it through EIP-6963.
const installSource = `
function installE2EWallet(config) {
  const listeners = new Map()
  const calls = []
  // Like a real wallet, it remembers that this site may see the accounts (here: per tab, across reloads).
  const permissionKey = '__e2eWallet:' + config.rdns + ':connected'
  let connected = sessionStorage.getItem(permissionKey) === '1'
  const setConnected = (value) => {
    connected = value
    if (value) sessionStorage.setItem(permissionKey, '1')
    else sessionStorage.removeItem(permissionKey)
  }
  // Like a real wallet, the selected account and network survive reloads (here: per tab).
  const stateKey = '__e2eWallet:' + config.rdns + ':state'
  const saved = JSON.parse(sessionStorage.getItem(stateKey) || 'null')
  let accounts = saved ? saved.accounts : [...config.accounts]
  let chainId = saved ? saved.chainId : (config.startChainId ?? config.chainId)
  const save = () => sessionStorage.setItem(stateKey, JSON.stringify({ accounts, chainId }))
  let nextId = 1
  const hexChainId = () => '0x' + chainId.toString(16)
  const emit = (event, value) => listeners.get(event)?.forEach((listener) => listener(value))
  const rpcError = (code, message) => Object.assign(new Error(message), { code })

  const provider = {
    isE2EWallet: true,
    ...(config.watchOnly ? { isWatchOnly: true } : {}),
    async request({ method, params }) {
      calls.push({ method, params })
      switch (method) {
        case 'eth_chainId':
          return hexChainId()
        case 'net_version':
          return String(chainId)
        case 'eth_accounts':
          return connected ? accounts : []
        case 'eth_requestAccounts':
        case 'wallet_requestPermissions':
          if (config.rejectConnect) throw rpcError(4001, 'User rejected the request.')
          setConnected(true)
          emit('accountsChanged', accounts)
          return method === 'eth_requestAccounts' ? accounts : [{ parentCapability: 'eth_accounts' }]
        case 'wallet_getPermissions':
          return connected ? [{ parentCapability: 'eth_accounts' }] : []
        case 'wallet_revokePermissions':
          setConnected(false)
          emit('accountsChanged', [])
          return null
        case 'wallet_switchEthereumChain': {
          const wanted = Number.parseInt(String(params?.[0]?.chainId), 16)
          if (wanted !== config.chainId) throw rpcError(4902, 'Unrecognized chain ID.')
          chainId = wanted
          save()
          emit('chainChanged', hexChainId())
          return null
        }
        case 'eth_sendTransaction':
        case 'personal_sign':
        case 'eth_signTypedData_v4':
          if (config.watchOnly) throw rpcError(4100, 'This is a watch-only account: it cannot sign.')
      }
      if (!config.rpcUrl) throw rpcError(4200, 'The e2e wallet does not support ' + method)
      const response = await fetch(config.rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params: params ?? [] }),
      })
      const body = await response.json()
      if (body.error) throw Object.assign(rpcError(body.error.code, body.error.message), { data: body.error.data })
      return body.result
    },
    on(event, listener) {
      if (!listeners.has(event)) listeners.set(event, new Set())
      listeners.get(event).add(listener)
      return provider
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener)
      return provider
    },
  }

  const icon =
    'data:image/svg+xml;base64,' +
    btoa(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#5aa9ff"/></svg>',
    )
  const detail = Object.freeze({
    info: Object.freeze({ uuid: crypto.randomUUID(), name: config.name, icon, rdns: config.rdns }),
    provider,
  })
  const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
  if (config.announce) {
    window.addEventListener('eip6963:requestProvider', announce)
    announce()
  }
  if (config.legacy) Object.defineProperty(window, 'ethereum', { value: provider, configurable: true })

  const control = {
    calls,
    emit,
    setAccounts(next) {
      accounts = next
      save()
      emit('accountsChanged', next)
    },
    setChain(next) {
      chainId = next
      save()
      emit('chainChanged', hexChainId())
    },
  }
  window.__e2eWallets = window.__e2eWallets ?? []
  window.__e2eWallets.push(control)
  window.__e2eWallet = window.__e2eWallet ?? control
}
`

export type InjectedWalletOptions = {
  /** Accounts the wallet holds; the first is the selected one. */
  accounts: readonly string[]
  /** The network the wallet can switch to (and starts on, unless `startChainId` says otherwise). */
  chainId: number
  /** The network the wallet is on at first, e.g. a wrong one. */
  startChainId?: number
  /** A watch-only (observation) account: flagged on the provider, and signing is refused with code 4100. */
  watchOnly?: boolean
  name?: string
  rdns?: string
  /** JSON-RPC endpoint for every method the wallet does not answer itself. */
  rpcUrl?: string
  /** Also install the wallet as `window.ethereum` (wallets that predate EIP-6963). */
  legacy?: boolean
  /** Announce the wallet through EIP-6963 (default true); false with `legacy` mimics an old wallet. */
  announce?: boolean
  /** Answer the connection request with the user's refusal (EIP-1193 code 4001). */
  rejectConnect?: boolean
}

/**
 * The init script that installs the wallet; pass it to `openPage(browser, { initScripts: [...] })`. The page can
 * inspect `window.__e2eWallet.calls` and switch accounts or chains with `window.__e2eWallet.emit(event, value)`.
 *
 * @example
 * injectedWalletScript({ accounts: ['0x7099…79C8'], chainId: 31337, rpcUrl: 'http://127.0.0.1:8545' })
 */
export function injectedWalletScript(options: InjectedWalletOptions): string {
  const config = {
    name: 'E2E Wallet',
    rdns: 'org.nexus.e2e-wallet',
    legacy: false,
    announce: true,
    rejectConnect: false,
    ...options,
  }
  return `(${installSource.trim()})(${JSON.stringify(config)});`
}
