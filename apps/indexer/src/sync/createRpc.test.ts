import { createServer, type ServerResponse } from 'node:http'
import { listenLocal, type LocalServer } from '@nexus/testing'
import { afterEach, describe, expect, test } from 'vitest'
import { createMetrics } from '../internal/metrics.ts'
import { attemptTimeout, createRpc, roundTrip } from './createRpc.ts'

describe('adaptive timeouts (RFC 6298 round-trip estimate)', () => {
  test('the estimate follows the answers and the timeout doubles per attempt, the last one waiting the whole timeout', () => {
    const limits = { min: 250, max: 10_000 }
    expect(attemptTimeout(undefined, 0, false, limits)).toBe(10_000)
    const first = roundTrip(undefined, 100)
    expect(first).toEqual({ srtt: 100, rttvar: 50 })
    expect(attemptTimeout(first, 0, false, limits)).toBe(300) // 100 + 4 x 50
    const steady = [100, 100, 100, 100, 100, 100, 100, 100].reduce(roundTrip, first)
    expect(steady.srtt).toBe(100)
    expect(attemptTimeout(steady, 0, false, limits)).toBe(300) // 3 x srtt once the deviation fades
    expect(attemptTimeout(steady, 1, false, limits)).toBe(600)
    expect(attemptTimeout(steady, 6, false, limits)).toBe(10_000)
    expect(attemptTimeout(steady, 1, true, limits)).toBe(10_000)
    const jittery = roundTrip(steady, 900)
    expect(jittery.srtt).toBe(200)
    expect(jittery.rttvar).toBeCloseTo(0.75 * steady.rttvar + 200)
    expect(attemptTimeout(jittery, 0, false, limits)).toBe(Math.ceil(200 + 4 * jittery.rttvar))
    expect(attemptTimeout(roundTrip(undefined, 2), 0, false, limits)).toBe(250) // the floor
  })
})

describe('createRpc against a real HTTP endpoint', () => {
  let server: LocalServer | undefined
  afterEach(async () => {
    await server?.stop()
    server = undefined
  })

  /** An endpoint answering eth_chainId after `delay(n)` ms for its n-th request (null: never, the request hangs). */
  async function endpoint(delay: (n: number) => number | null) {
    const seen: { n: number; closedEarly: boolean }[] = []
    const hanging = new Set<ServerResponse>()
    const http = createServer((request, response) => {
      const n = seen.length
      const entry = { n, closedEarly: false }
      seen.push(entry)
      let answered = false
      response.once('close', () => {
        hanging.delete(response)
        if (!answered) entry.closedEarly = true
      })
      request.resume()
      request.on('end', () => {
        const ms = delay(n)
        if (ms === null) return void hanging.add(response)
        setTimeout(() => {
          answered = true
          response.writeHead(200, { 'content-type': 'application/json' })
          response.end(JSON.stringify({ jsonrpc: '2.0', id: 1, result: '0x7a69' }))
        }, ms)
      })
    })
    server = await listenLocal(http)
    return { url: server.url, seen }
  }

  const chainId = (rpc: ReturnType<typeof createRpc>) => rpc.call('eth_chainId', (client) => client.getChainId())
  /**
   * Five answered calls (the endpoint's round-trip estimate), and the bound "a few round trips" has on this machine
   * now: a busy machine measures slower answers and so waits longer, but still far below the 20 s timeout.
   */
  async function warmUp(call: () => Promise<unknown>) {
    let slowest = 0
    for (let i = 0; i < 5; i++) {
      const started = performance.now()
      await call()
      slowest = Math.max(slowest, performance.now() - started)
    }
    return Math.max(1_500, 10 * slowest)
  }

  test('a request the endpoint never answers is given up after a few round trips, not the whole timeout', async () => {
    const { url, seen } = await endpoint((n) => (n === 5 ? null : 40))
    const metrics = createMetrics()
    const rpc = createRpc({ url, metrics, timeout: 20_000, backoff: 10 })
    const fewRoundTrips = await warmUp(() => chainId(rpc))
    const started = performance.now()
    expect(await chainId(rpc)).toBe(31337)
    const took = performance.now() - started
    // dropped at about 3 x 40 ms (250 ms floor), then answered by the retry: far below the 20 s timeout
    expect(took).toBeGreaterThanOrEqual(250)
    expect(took).toBeLessThan(fewRoundTrips)
    expect(seen).toHaveLength(7)
    expect(seen[5]?.closedEarly).toBe(true) // the connection was closed: the endpoint holds nothing for us
    expect((await metrics.rpcErrors.get()).values.find((v) => v.labels.method === 'eth_chainId')?.value).toBe(1)
  })

  test('an answer slower than the estimate still arrives: each retry waits longer, the last one the whole timeout', async () => {
    // the slow answer far above any estimate a busy machine measures for the 20 ms ones
    const { url, seen } = await endpoint((n) => (n < 5 ? 20 : 3_000))
    const rpc = createRpc({ url, metrics: createMetrics(), timeout: 5_000, retries: 2, backoff: 10 })
    for (let i = 0; i < 5; i++) await chainId(rpc)
    expect(await chainId(rpc)).toBe(31337)
    // attempts: about 250 ms and 500 ms given up, the last one waited for
    expect(seen.slice(5).map((s) => s.closedEarly)).toEqual([true, true, false])
  })

  test('hedged: a request unanswered after twice its round trip is sent once more; the first answer wins', async () => {
    const { url, seen } = await endpoint((n) => (n === 5 ? null : 40))
    const metrics = createMetrics()
    const rpc = createRpc({ url, metrics, timeout: 20_000, backoff: 10 })
    // a request of its own each time (viem's getChainId would share one request between identical calls)
    const request = (hedge: boolean) =>
      rpc.call('eth_chainId', (client) => client.request({ method: 'eth_chainId' }), { hedge })
    const hedged = () => request(true)
    // the estimate from five answers not hedged: on a busy machine a 40 ms answer may take longer than twice the
    // estimate, and a hedge among these would move the dropped request elsewhere
    const fewRoundTrips = await warmUp(() => request(false))
    const started = performance.now()
    expect(await hedged()).toBe('0x7a69')
    const took = performance.now() - started
    // the second request after twice the round trip, answered before the first one's timeout (3 round trips at
    // least): no failed attempt (below), far from the 20 s timeout
    expect(took).toBeLessThan(fewRoundTrips)
    expect(seen).toHaveLength(7)
    // the unanswered one cancelled (its connection closes a moment after the answer)
    for (let waited = 0; !seen[5]?.closedEarly && waited < 1_000; waited += 20) {
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    expect(seen[5]?.closedEarly).toBe(true)
    expect((await metrics.rpcHedges.get()).values[0]?.value).toBe(1)
    expect((await metrics.rpcErrors.get()).values).toEqual([]) // a hedge is no failure
  })

  test("a method not yet answered starts from the endpoint's round trip of other methods", async () => {
    const { url, seen } = await endpoint((n) => (n === 5 ? null : 40))
    const metrics = createMetrics()
    const rpc = createRpc({ url, metrics, timeout: 20_000, backoff: 10 })
    const fewRoundTrips = await warmUp(() => chainId(rpc))
    const started = performance.now()
    // another method, never answered here: its dropped first request is given up after a few round trips
    expect(await rpc.call('eth_blockNumber', (client) => client.request({ method: 'eth_chainId' }))).toBe('0x7a69')
    const took = performance.now() - started
    expect(took).toBeGreaterThanOrEqual(250)
    expect(took).toBeLessThan(fewRoundTrips)
    expect(seen[5]?.closedEarly).toBe(true)
    expect((await metrics.rpcErrors.get()).values.find((v) => v.labels.method === 'eth_blockNumber')?.value).toBe(1)
  })

  test('hedged, nothing answered yet on the endpoint: the read is sent once more after the shortest timeout', async () => {
    const { url, seen } = await endpoint((n) => (n === 0 ? null : 40))
    const metrics = createMetrics()
    const rpc = createRpc({ url, metrics, timeout: 20_000, minTimeout: 200, backoff: 10 })
    const started = performance.now()
    expect(await rpc.call('eth_chainId', (client) => client.request({ method: 'eth_chainId' }), { hedge: true })).toBe(
      '0x7a69',
    )
    const took = performance.now() - started
    expect(took).toBeGreaterThanOrEqual(200)
    expect(took).toBeLessThan(2_500) // not the 20 s timeout
    expect(seen).toHaveLength(2)
    expect((await metrics.rpcHedges.get()).values[0]?.value).toBe(1)
    expect((await metrics.rpcErrors.get()).values).toEqual([])
  })

  test('a method not answered yet, on an endpoint that answered nothing yet, waits the whole timeout', async () => {
    const { url, seen } = await endpoint(() => 700)
    const rpc = createRpc({ url, metrics: createMetrics(), timeout: 5_000, retries: 0 })
    expect(await chainId(rpc)).toBe(31337)
    expect(seen.map((s) => s.closedEarly)).toEqual([false])
  })
})
