import type { ContractFunctionParameters } from 'viem'

/** One read's outcome, as multicall reports it. */
export type ReadResult = { status: 'success'; result: unknown } | { status: 'failure'; error: unknown }

/** The latest block the app has seen: its number, its time (Unix seconds) and when it was seen (ms, local clock). */
export type SeenBlock = { number: bigint; timestamp: bigint; seenAt: number }

/** SPEC.md §2, §9: first load after 1 s, then every 3 s. */
export const FIRST_REFRESH_MS = 1_000
export const REFRESH_MS = 3_000
/** How soon reads the user just asked for (e.g. a quote while typing) are fetched after the first load. */
export const EAGER_READ_MS = 300

/** What the store asks of the chain (data/chainReader.ts): the latest block and a page's reads in one multicall. */
export type ChainReader = {
  latestBlock(): Promise<{ number: bigint; timestamp: bigint }>
  read(contracts: readonly ContractFunctionParameters[], blockNumber: bigint): Promise<readonly unknown[]>
}

/** A stable key for a read: address, function and arguments. */
export function readKey(read: ContractFunctionParameters): string {
  return JSON.stringify([read.address.toLowerCase(), read.functionName, read.args ?? []], (_key, value: unknown) =>
    typeof value === 'bigint' ? `${value}n` : value,
  )
}

/**
 * The chain state of the visible page. Components register the reads they need; every refresh first asks for the
 * latest block (one `eth_getBlockByNumber`) and, only when the block changed or a read has no result yet, sends
 * all registered reads as one multicall (one `eth_call`, see `readPage`). A refresh that finds the same block and
 * nothing new sends nothing more.
 */
export class ChainDataStore {
  readonly #loadReader: () => Promise<ChainReader>
  #reader: Promise<ChainReader> | undefined
  readonly #reads = new Map<string, { read: ContractFunctionParameters; users: number }>()
  readonly #results = new Map<string, ReadResult>()
  readonly #listeners = new Set<() => void>()
  #block: SeenBlock | undefined
  #running: Promise<void> | undefined
  #force = false
  #version = 0
  #eager = false
  #eagerTimer: ReturnType<typeof setTimeout> | undefined
  /** Counters for tests and the budgets: refresh cycles, block polls and read batches sent. */
  readonly stats = { cycles: 0, blockPolls: 0, readBatches: 0, reads: 0 }

  /** `loadReader` is called by the first refresh (the reader's code then loads), and again after it failed. */
  constructor(loadReader: () => Promise<ChainReader>) {
    this.#loadReader = loadReader
  }

  /** Loads the reader's code now, ahead of the first refresh (a failure is retried by the refresh). */
  preload(): void {
    this.#readerOnce().catch(() => undefined)
  }

  #readerOnce(): Promise<ChainReader> {
    this.#reader ??= this.#loadReader().catch((error: unknown) => {
      this.#reader = undefined
      throw error
    })
    return this.#reader
  }

  /**
   * After the page's first load, reads added by the user (a quote for a typed amount, a new account) are fetched
   * shortly instead of at the next 3 s tick; before it, they wait for the first load (SPEC.md §2: after 1 s).
   */
  setEager(eager: boolean): void {
    this.#eager = eager
    if (!eager && this.#eagerTimer) clearTimeout(this.#eagerTimer)
  }

  /** Adds reads (counted per user); returns the function that removes them again. */
  register(reads: readonly ContractFunctionParameters[]): () => void {
    let added = false
    const keys = reads.map((read) => {
      const key = readKey(read)
      const entry = this.#reads.get(key)
      if (entry) entry.users++
      else this.#reads.set(key, { read, users: 1 })
      if (!this.#results.has(key)) added = true
      return key
    })
    if (added && this.#eager) {
      if (this.#eagerTimer) clearTimeout(this.#eagerTimer)
      this.#eagerTimer = setTimeout(() => void this.refresh(), EAGER_READ_MS)
    }
    return () => {
      for (const key of keys) {
        const entry = this.#reads.get(key)
        if (!entry) continue
        entry.users--
        if (entry.users <= 0) this.#reads.delete(key)
      }
    }
  }

  get(key: string): ReadResult | undefined {
    return this.#results.get(key)
  }

  get block(): SeenBlock | undefined {
    return this.#block
  }

  /** Changes whenever results or the block change (for useSyncExternalStore). */
  get version(): number {
    return this.#version
  }

  /** Whether some registered read has no result yet. */
  get hasPending(): boolean {
    for (const key of this.#reads.keys()) if (!this.#results.has(key)) return true
    return false
  }

  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  /**
   * One refresh cycle. `force` reads even when the block did not change (after the app's own transaction, whose
   * receipt already showed the new block). Cycles never overlap; a forced request during a cycle runs right after.
   */
  refresh(force = false): Promise<void> {
    if (force) this.#force = true
    if (this.#running) {
      return force ? this.#running.then(() => this.refresh(true)) : this.#running
    }
    this.#running = this.#cycle().finally(() => {
      this.#running = undefined
    })
    return this.#running
  }

  async #cycle(): Promise<void> {
    this.stats.cycles++
    const force = this.#force
    this.#force = false
    let block
    let reader: ChainReader
    try {
      reader = await this.#readerOnce()
      this.stats.blockPolls++
      block = await reader.latestBlock()
    } catch (error) {
      // SPEC.md §8: data-load failures are only logged.
      console.info('refresh: the node did not answer', error)
      return
    }
    const sameBlock = this.#block !== undefined && this.#block.number === block.number
    if (!sameBlock) {
      this.#block = { number: block.number, timestamp: block.timestamp, seenAt: Date.now() }
      this.#version++
    }
    const entries = [...this.#reads.entries()]
    if (entries.length === 0 || (sameBlock && !force && !this.hasPending)) {
      if (!sameBlock) this.#notify()
      return
    }
    try {
      this.stats.readBatches++
      this.stats.reads += entries.length
      const results = await reader.read(
        entries.map(([, entry]) => entry.read),
        block.number,
      )
      entries.forEach(([key], index) => {
        const result = results[index]
        if (result) this.#results.set(key, result as ReadResult)
      })
      this.#version++
    } catch (error) {
      console.info('refresh: reading the page failed', error)
    }
    this.#notify()
  }

  #notify() {
    for (const listener of this.#listeners) listener()
  }
}
