import { createContext, useContext, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react'
import type { ReactNode } from 'react'
import { useLocation, useMatches } from '@tanstack/react-router'
import type { ContractFunctionParameters, MulticallResults } from 'viem'
import type { AppEnv } from '../lib/env.ts'
import { refreshesByItself } from '../lib/routeMeta.ts'
import { ChainDataStore, FIRST_REFRESH_MS, REFRESH_MS, readKey } from './chainDataStore.ts'
import type { SeenBlock } from './chainDataStore.ts'

const StoreContext = createContext<ChainDataStore | null>(null)

declare global {
  interface Window {
    /** The refresh counters, read by the browser tests and the budgets. */
    __nexusChainData?: ChainDataStore['stats']
  }
}

/**
 * Runs the refresh cycle of SPEC.md §2 for the visible page: first after 1 s, then every 3 s, none on the pages
 * whose route says `loadOnce` (the admin pages: they load once). A route change in the app reads the new page at once (its reads that register later,
 * e.g. when its code has loaded, shortly after: `EAGER_READ_MS`). Every read of the page travels in one multicall
 * per new block.
 */
export function ChainDataProvider({
  env,
  children,
}: {
  env: Pick<AppEnv, 'chainId' | 'rpcUrls'>
  children: ReactNode
}) {
  // The reader (viem's read path) loads with the first refresh, 1 s after the page opens (scripts/budgets.ts).
  const [store] = useState(
    () => new ChainDataStore(() => import('./chainReader.ts').then((module) => module.createChainReader(env))),
  )
  useEffect(() => {
    window.__nexusChainData = store.stats
    // The reader's code loads right after the first paint, so that the first read (1 s after the page opens) does
    // not wait for it.
    store.preload()
  }, [store])
  const { pathname } = useLocation()
  const auto = useMatches({ select: refreshesByItself })
  // Whether the page has opened: the first read waits 1 s after that (SPEC.md §2), a route change in the app reads
  // the new page's figures at once.
  const opened = useRef(false)

  useEffect(() => {
    let interval: ReturnType<typeof setInterval> | undefined
    const pageOpen = !opened.current
    opened.current = true
    store.setEager(pageOpen ? false : auto)
    const first = setTimeout(
      () => {
        void store.refresh().then(() => store.setEager(auto))
        if (auto) interval = setInterval(() => void store.refresh(), REFRESH_MS)
      },
      pageOpen ? FIRST_REFRESH_MS : 0,
    )
    return () => {
      clearTimeout(first)
      if (interval) clearInterval(interval)
    }
  }, [store, pathname, auto])

  return <StoreContext.Provider value={store}>{children}</StoreContext.Provider>
}

function useStore(): ChainDataStore {
  const store = useContext(StoreContext)
  if (!store) throw new Error('chain data hooks must be used inside <ChainDataProvider>')
  return store
}

function useVersion(store: ChainDataStore): number {
  return useSyncExternalStore(
    (listener) => store.subscribe(listener),
    () => store.version,
  )
}

/**
 * Registers a list of like chain reads (one per round, order or index) with the page's refresh cycle and returns
 * their latest results in the list's order, or undefined until every one has a result. Pass undefined while the
 * reads cannot be built yet (no account, no address). For a fixed set of different reads, name them:
 * {@link useNamedChainReads}.
 *
 * @example
 * const orders = useChainReads(useMemo(() => ids.map((id) => ({ address: burn, abi: burnAbi, functionName: 'orders', args: [id] }) as const), [burn, ids]))
 * const rows = ids.map((id, i) => ({ id, order: ok(orders?.[i]) }))
 */
export function useChainReads<const contracts extends readonly ContractFunctionParameters[]>(
  contracts: contracts | undefined,
): MulticallResults<contracts, true> | undefined {
  const store = useStore()
  const version = useVersion(store)
  const keys = useMemo(() => contracts?.map(readKey), [contracts])
  const signature = keys?.join('|')
  useEffect(() => {
    if (!contracts) return
    return store.register(contracts)
    // The reads only change when their keys do.
  }, [store, signature])
  return useMemo(() => {
    if (!keys) return undefined
    const results = keys.map((key) => store.get(key))
    if (results.some((result) => result === undefined)) return undefined
    return results as MulticallResults<contracts, true>
    // version: results change in place in the store
  }, [store, signature, version])
}

/** The result of a named read, typed by its ABI; undefined for a name whose read was left out. */
export type NamedReadResult<read> = read extends ContractFunctionParameters
  ? MulticallResults<readonly [read], true>[0]
  : undefined

/**
 * Registers a component's chain reads by name with the page's refresh cycle (all in the page's one multicall) and
 * returns their latest results under the same names, or undefined until every one has a result. A name whose read
 * is undefined (e.g. no account yet) is not read and its result is undefined. Pass undefined while no read can
 * be built yet.
 *
 * @example
 * const data = useNamedChainReads(
 *   useMemo(() => ({ config: { address: burn, abi: burnAbi, functionName: 'getConfig' } }) as const, [burn]),
 * )
 * const config = ok(data?.config)
 */
export function useNamedChainReads<
  const reads extends Readonly<Record<string, ContractFunctionParameters | undefined>>,
>(reads: reads | undefined): { [name in keyof reads]: NamedReadResult<reads[name]> } | undefined {
  const named = useMemo(() => reads && namedReads(reads), [reads])
  const results = useChainReads(useMemo(() => named?.map(([, read]) => read), [named]))
  return useMemo(
    () => (reads && named && results ? resultsByName(reads, named, results) : undefined),
    [reads, named, results],
  )
}

/** The reads of a named set that are made, with their names, in the set's order (undefined ones left out). */
export function namedReads(
  reads: Readonly<Record<string, ContractFunctionParameters | undefined>>,
): [string, ContractFunctionParameters][] {
  return Object.entries(reads).filter((entry): entry is [string, ContractFunctionParameters] => !!entry[1])
}

/** The results of {@link namedReads} under their names; a name whose read was left out gets undefined. */
export function resultsByName<reads extends Readonly<Record<string, ContractFunctionParameters | undefined>>>(
  reads: reads,
  named: readonly (readonly [string, ContractFunctionParameters])[],
  results: readonly unknown[],
): { [name in keyof reads]: NamedReadResult<reads[name]> } {
  if (results.length !== named.length) throw new Error(`${results.length} results for ${named.length} reads`)
  const byName: Record<string, unknown> = Object.fromEntries(Object.keys(reads).map((name) => [name, undefined]))
  named.forEach(([name], index) => (byName[name] = results[index]))
  return byName as { [name in keyof reads]: NamedReadResult<reads[name]> }
}

/** Runs a refresh now, reading even when the block did not change (after the app's own transaction). */
export function useRefreshChain(): () => Promise<void> {
  const store = useStore()
  return useMemo(() => () => store.refresh(true), [store])
}

/** The latest block seen by the refresh cycle. */
export function useLatestBlock(): SeenBlock | undefined {
  const store = useStore()
  useVersion(store)
  return store.block
}

/**
 * The chain's current time in Unix seconds: the latest block's time plus the seconds passed since it was seen,
 * ticking every second (SPEC.md §9) so that countdowns follow the chain, not the device clock.
 */
export function useChainNow(): number | undefined {
  const block = useLatestBlock()
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1_000)
    return () => clearInterval(timer)
  }, [])
  if (!block) return undefined
  return Number(block.timestamp) + Math.max(0, Math.floor((now - block.seenAt) / 1_000))
}

/** Unwraps a successful read, or undefined. */
export function ok<T>(result: { status: 'success'; result: T } | { status: 'failure'; error: unknown } | undefined) {
  return result?.status === 'success' ? result.result : undefined
}
