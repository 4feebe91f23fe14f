import { getAddress, isAddress } from 'viem'
import type { Address } from 'viem'

/**
 * The web app's settings, read from `VITE_*` variables at build time (`env.ts` holds this build's; the build config
 * checks the same variables through this module, which therefore reads no `import.meta.env` itself) (ARCHITECTURE.md, "Default ports"). */
export type AppEnv = {
  chainId: number
  /** The first of {@link rpcUrls}: the endpoint the development wallet talks to. */
  rpcUrl: string
  /** JSON-RPC endpoints for reads, in order of preference: the app falls back to the next when one fails. */
  rpcUrls: readonly string[]
  graphqlUrl: string
  /** The legacy API (the first version's server: sign-in, team info, wallet log), without the /api/api/invest path. */
  legacyApiUrl: string
  extraManagers: readonly Address[]
  /**
   * A block explorer to link transactions and accounts to (`<url>/tx/<hash>`, `<url>/address/<address>`), e.g. a
   * local Blockscout or Otterscan; without it BSC (56) and its testnet (97) link BscScan and other chains nothing.
   */
  explorerUrl: string | undefined
}

export const DEFAULT_CHAIN_ID = 31337
export const DEFAULT_RPC_URL = 'http://127.0.0.1:8545'
export const DEFAULT_GRAPHQL_URL = 'http://127.0.0.1:4000/graphql'
export const DEFAULT_LEGACY_API_URL = 'http://127.0.0.1:4100'

/** Thrown when a `VITE_*` variable holds a value the app cannot work with; the build or start fails loudly. */
export class EnvError extends Error {
  override name = 'EnvError' as const
}

/**
 * Parses the `VITE_*` variables, applying the local defaults.
 *
 * @example
 * parseEnv({ VITE_CHAIN_ID: '97', VITE_RPC_URL: 'https://bsc-testnet.example/rpc' }).chainId // 97
 */
export function parseEnv(raw: Readonly<Record<string, string | undefined>>): AppEnv {
  const rpcUrls = parseRpcUrls(raw)
  return {
    chainId: parseChainId(raw.VITE_CHAIN_ID),
    rpcUrl: rpcUrls[0] ?? DEFAULT_RPC_URL,
    rpcUrls,
    graphqlUrl: parseHttpUrl('VITE_GRAPHQL_URL', raw.VITE_GRAPHQL_URL, DEFAULT_GRAPHQL_URL),
    legacyApiUrl: parseHttpUrl('VITE_LEGACY_API_URL', raw.VITE_LEGACY_API_URL, DEFAULT_LEGACY_API_URL),
    extraManagers: parseAddressList('VITE_EXTRA_MANAGERS', raw.VITE_EXTRA_MANAGERS),
    explorerUrl: raw.VITE_EXPLORER_URL?.trim()
      ? parseHttpUrl('VITE_EXPLORER_URL', raw.VITE_EXPLORER_URL, '').replace(/\/+$/, '')
      : undefined,
  }
}

/** `VITE_RPC_URL`: one URL or several (comma- or whitespace-separated, tried in order), without repeats. */
function parseRpcUrls(raw: Readonly<Record<string, string | undefined>>): readonly string[] {
  const list = raw.VITE_RPC_URL?.split(/[\s,]+/).filter(Boolean) ?? []
  if (list.length === 0) return [DEFAULT_RPC_URL]
  return [...new Set(list.map((url) => parseHttpUrl('VITE_RPC_URL', url, url)))]
}

function parseChainId(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return DEFAULT_CHAIN_ID
  const id = Number(value.trim())
  if (!Number.isSafeInteger(id) || id <= 0)
    throw new EnvError(`VITE_CHAIN_ID must be a positive integer, got "${value}"`)
  return id
}

function parseHttpUrl(name: string, value: string | undefined, fallback: string): string {
  if (value === undefined || value.trim() === '') return fallback
  let url: URL
  try {
    url = new URL(value.trim())
  } catch {
    throw new EnvError(`${name} must be an absolute http(s) URL, got "${value}"`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new EnvError(`${name} must be an absolute http(s) URL, got "${value}"`)
  }
  return url.toString()
}

/**
 * Parses a comma- or whitespace-separated list of addresses into checksummed, de-duplicated addresses.
 *
 * @example
 * parseAddressList('VITE_EXTRA_MANAGERS', '0xf39f…2266, 0x7099…79c8')
 */
export function parseAddressList(name: string, value: string | undefined): readonly Address[] {
  if (value === undefined) return []
  const out = new Set<Address>()
  for (const item of value.split(/[\s,]+/).filter(Boolean)) {
    if (!isAddress(item, { strict: false })) throw new EnvError(`${name} holds "${item}", which is not an address`)
    out.add(getAddress(item))
  }
  return [...out]
}
