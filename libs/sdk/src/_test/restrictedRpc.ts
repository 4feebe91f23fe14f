// A JSON-RPC endpoint in front of the test chain that refuses some methods with "method not found" (-32601),
// as restricted public RPC providers do, and optionally an `eth_getLogs` over more than `maxLogRange` blocks, as
// BSC's public endpoints do. Used to exercise fallbacks (e.g. a failing `eth_gasPrice`) and paging.
import { createServer } from 'node:http'

export async function startRestrictedRpc(
  upstream: string,
  refused: readonly string[],
  { maxLogRange }: { maxLogRange?: bigint } = {},
) {
  const server = createServer(async (request, response) => {
    let body = ''
    for await (const chunk of request) body += chunk
    const payload = JSON.parse(body) as { id: number; method: string } | { id: number; method: string }[]
    const answer = async (call: { id: number; method: string; params?: unknown }) => {
      if (refused.includes(call.method)) {
        return {
          jsonrpc: '2.0',
          id: call.id,
          error: { code: -32601, message: `the method ${call.method} does not exist/is not available` },
        }
      }
      if (call.method === 'eth_getLogs' && maxLogRange !== undefined) {
        const [filter] = (call.params ?? []) as { fromBlock?: string; toBlock?: string }[]
        const from = filter?.fromBlock?.startsWith('0x') ? BigInt(filter.fromBlock) : undefined
        const to = filter?.toBlock?.startsWith('0x') ? BigInt(filter.toBlock) : undefined
        if (from === undefined || to === undefined || to - from + 1n > maxLogRange) {
          return {
            jsonrpc: '2.0',
            id: call.id,
            error: { code: -32005, message: `exceed maximum block range: ${maxLogRange}` },
          }
        }
      }
      const forwarded = await fetch(upstream, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(call),
      })
      return forwarded.json()
    }
    const result = Array.isArray(payload) ? await Promise.all(payload.map(answer)) : await answer(payload)
    response.writeHead(200, { 'content-type': 'application/json' })
    response.end(JSON.stringify(result))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  if (!address || typeof address !== 'object') throw new Error('restricted RPC did not start')
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
