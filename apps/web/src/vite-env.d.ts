/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Chain id of the network the app works on (default 31337, the local chain). */
  readonly VITE_CHAIN_ID?: string
  /** JSON-RPC endpoint for reads, or several (comma-separated, tried in order; default http://127.0.0.1:8545). */
  readonly VITE_RPC_URL?: string
  /** The indexer's GraphQL endpoint (default http://127.0.0.1:4000/graphql). */
  readonly VITE_GRAPHQL_URL?: string
  /** The legacy API's origin, for sign-in and the first version's data (default http://127.0.0.1:4100). */
  readonly VITE_LEGACY_API_URL?: string
  /** Comma-separated addresses the operator grants the admin screens, besides the on-chain managers. */
  readonly VITE_EXTRA_MANAGERS?: string
  /** A block explorer for transaction and account links (e.g. a local one); BSC and its testnet link BscScan without it. */
  readonly VITE_EXPLORER_URL?: string
  /** `true` in test builds that include the development wallet (local chain only; never in production). */
  readonly VITE_DEV_WALLET?: string
}

/** Whether this build includes the development wallet (vite.config.ts `define`). */
declare const __DEV_WALLET__: boolean

/**
 * BSC (56) and BSC testnet (97) builds: the deployment read and checked from the deployments file at build time
 * (scripts/lib/chainBuild.ts); null in local builds, which read `@nexus/abi`'s generated deployments instead.
 */
// eslint-disable-next-line @typescript-eslint/consistent-type-imports -- a top-level import would make this global declaration file a module
declare const __APP_DEPLOYMENT__: import('@nexus/abi').DeploymentFile | null

interface ImportMeta {
  readonly env: ImportMetaEnv
}

declare module '*.po' {
  import type { Messages } from '@lingui/core'
  export const messages: Messages
}
