import { createServer, type Server } from 'node:http'
import { listenLocal } from './listenLocal.ts'

export type FaultyProxy = {
  url: string
  /** Faults injected so far, by kind. */
  faults: Record<string, number>
  /** Faults injected so far, by JSON-RPC method and kind (`eth_sendRawTransaction lost`). */
  methodFaults: Record<string, number>
  /** Changes the fault rate of every method from now on (0: a healthy endpoint again). */
  setRate: (rate: number, rateByMethod?: Partial<Record<string, number>>) => void
  /** Changes the faults drawn from now on (e.g. `['reset']` with rate 1: a node that cannot be reached). */
  setKinds: (kinds: readonly FaultKind[]) => void
  requests: () => number
  /** Most requests the proxy held at once (what the client kept in flight), of one method or of all. */
  maxInFlight: (method?: string) => number
  /** The highest block the proxy has called finalized (-1: none yet), with `finalizedDepth`. */
  finalized: () => bigint
  stop: () => Promise<void>
}

const defaultKinds = ['timeout', '429', '500', '503', 'garbage', 'empty-result'] as const
/**
 * `timeout`: no answer (the connection is closed after `hangMs`); `429`/`500`/`503`: that HTTP status; `garbage`: a
 * body that is not JSON; `empty-result`: a JSON-RPC response without a result; `reset`: the connection is closed at
 * once, unanswered (ECONNRESET); `lost`: the request is forwarded and takes effect on the node, but its answer is
 * lost (no answer, then the connection is closed after `hangMs`): a broadcast the node accepted that the client
 * never hears of. `reset` and `lost` are drawn only when listed in `kinds`.
 */
export type FaultKind = (typeof defaultKinds)[number] | 'reset' | 'lost'

export type FaultyProxyOptions = {
  /** Milliseconds added before every answer (a remote endpoint's round trip). */
  latency?: number
  /** Largest eth_getLogs range in blocks; a larger one is refused as public endpoints do. */
  maxRange?: number
  /** Faults to draw from (default: all but `reset` and `lost`). */
  kinds?: readonly FaultKind[]
  /** Fault rate of some JSON-RPC methods instead of `rate` (e.g. `{ eth_sendRawTransaction: 0.5 }`). */
  rateByMethod?: Partial<Record<string, number>>
  /** Faults of some JSON-RPC methods instead of `kinds` (a kind listed twice is drawn twice as often). */
  kindsByMethod?: Partial<Record<string, readonly FaultKind[]>>
  /** How long a `timeout` or `lost` fault holds the connection before closing it. @default 3000 */
  hangMs?: number
  /**
   * Answers the `finalized` tag with the block this many below the head, as a BSC node does (2-3 below), and never
   * lower than a block it called finalized before (the caller must not reorganise the chain below it). Unset: the
   * node's own answer (Hardhat calls its head finalized).
   */
  finalizedDepth?: number
}

/**
 * A JSON-RPC proxy in front of `target` that fails `rate` of the requests (see {@link FaultKind}): it answers
 * nothing (the client times out), 429, 500 or 503, a body that is not JSON, or a JSON-RPC response without a
 * result; on request also a reset connection, or a lost answer of a request the node executed. Optionally it adds a
 * latency to every answer and refuses eth_getLogs ranges above a limit, naming it. Used by the indexer's and the
 * keeper's fault trials.
 */
export async function startFaultyProxy(
  target: string,
  rate = 0.1,
  seed = 1,
  options: FaultyProxyOptions = {},
): Promise<FaultyProxy> {
  let state = seed
  const random = () => {
    // xorshift32: reproducible faults for a given seed
    state ^= state << 13
    state ^= state >>> 17
    state ^= state << 5
    return ((state >>> 0) % 1_000_000) / 1_000_000
  }
  const faults: Record<string, number> = {}
  const methodFaults: Record<string, number> = {}
  let rateByMethod = options.rateByMethod ?? {}
  const hangMs = options.hangMs ?? 3_000
  let requests = 0
  let finalized = -1n
  const inFlight = new Map<string, number>()
  const maxInFlight = new Map<string, number>()
  const count = (key: string, delta: number) => {
    const now = (inFlight.get(key) ?? 0) + delta
    inFlight.set(key, now)
    if (now > (maxInFlight.get(key) ?? 0)) maxInFlight.set(key, now)
  }
  let kinds: readonly FaultKind[] = options.kinds ?? defaultKinds
  const hanging = new Set<() => void>()
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', async () => {
      requests++
      const body = Buffer.concat(chunks)
      let method = ''
      try {
        method = String((JSON.parse(body.toString()) as { method?: unknown }).method)
      } catch {
        // not JSON: counted with all requests only
      }
      count('', 1)
      count(method, 1)
      response.once('close', () => {
        count('', -1)
        count(method, -1)
      })
      if (options.latency) await new Promise((resolve) => setTimeout(resolve, options.latency))
      const hang = () => {
        const end = () => response.destroy()
        hanging.add(end)
        setTimeout(() => {
          hanging.delete(end)
          end()
        }, hangMs)
      }
      if (random() < (rateByMethod[method] ?? rate)) {
        const drawn = options.kindsByMethod?.[method] ?? kinds
        const kind = drawn[Math.floor(random() * drawn.length)] as FaultKind
        faults[kind] = (faults[kind] ?? 0) + 1
        methodFaults[`${method} ${kind}`] = (methodFaults[`${method} ${kind}`] ?? 0) + 1
        if (kind === 'timeout') return hang()
        if (kind === 'reset') return response.destroy()
        if (kind === 'lost') {
          // the node gets it and acts on it; its answer never reaches the client
          await fetch(target, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: body.toString(),
          }).then(
            (upstream) => upstream.text(),
            () => undefined,
          )
          return hang()
        }
        if (kind === 'garbage') return response.writeHead(200, { 'content-type': 'application/json' }).end('{"jsonr')
        if (kind === 'empty-result') {
          const id = (JSON.parse(body.toString()) as { id?: unknown }).id ?? null
          return response
            .writeHead(200, { 'content-type': 'application/json' })
            .end(JSON.stringify({ jsonrpc: '2.0', id }))
        }
        return response.writeHead(Number(kind), { 'content-type': 'text/plain' }).end('injected fault')
      }
      let forwarded: string = body.toString()
      if (options.finalizedDepth !== undefined && method === 'eth_getBlockByNumber') {
        const call = JSON.parse(body.toString()) as { params?: unknown[] }
        if (call.params?.[0] === 'finalized') {
          try {
            const head = await fetch(target, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] }),
            })
            const number = BigInt(((await head.json()) as { result: string }).result) - BigInt(options.finalizedDepth)
            if (number > finalized) finalized = number
          } catch {
            return response.writeHead(502).end()
          }
          if (finalized < 0n) {
            const error = { code: -32000, message: 'finalized block not found' }
            return response
              .writeHead(200, { 'content-type': 'application/json' })
              .end(JSON.stringify({ jsonrpc: '2.0', id: (call as { id?: unknown }).id ?? null, error }))
          }
          forwarded = JSON.stringify({ ...call, params: [`0x${finalized.toString(16)}`, ...call.params.slice(1)] })
        }
      }
      if (options.maxRange !== undefined) {
        const call = JSON.parse(body.toString()) as {
          id?: unknown
          method?: string
          params?: { fromBlock?: string; toBlock?: string }[]
        }
        const filter = call.params?.[0]
        if (call.method === 'eth_getLogs' && filter?.fromBlock && filter.toBlock) {
          if (BigInt(filter.toBlock) - BigInt(filter.fromBlock) + 1n > BigInt(options.maxRange)) {
            const error = { code: -32005, message: `query exceeds max block range ${options.maxRange}` }
            return response
              .writeHead(200, { 'content-type': 'application/json' })
              .end(JSON.stringify({ jsonrpc: '2.0', id: call.id ?? null, error }))
          }
        }
      }
      try {
        const upstream = await fetch(target, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: forwarded,
        })
        response.writeHead(upstream.status, { 'content-type': 'application/json' }).end(await upstream.text())
      } catch {
        response.writeHead(502).end()
      }
    })
  })
  const local = await listenLocal(server)
  return {
    url: local.url,
    faults,
    methodFaults,
    setRate(next, byMethod = {}) {
      rate = next
      rateByMethod = byMethod
    },
    setKinds(next) {
      kinds = next
    },
    requests: () => requests,
    maxInFlight: (method = '') => maxInFlight.get(method) ?? 0,
    finalized: () => finalized,
    async stop() {
      for (const end of hanging) end()
      await local.stop()
    },
  }
}
