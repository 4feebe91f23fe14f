import { createServer, type Server } from 'node:http'

export type FaultyProxy = {
  url: string
  /** Faults injected so far, by kind. */
  faults: Record<string, number>
  requests: () => number
  stop: () => Promise<void>
}

/**
 * A JSON-RPC proxy in front of `target` that fails `rate` of the requests: it answers nothing (the client times
 * out), 429, 500 or 503, a body that is not JSON, or a JSON-RPC response without a result.
 */
export async function startFaultyProxy(target: string, rate = 0.1, seed = 1): Promise<FaultyProxy> {
  let state = seed
  const random = () => {
    // xorshift32: reproducible faults for a given seed
    state ^= state << 13
    state ^= state >>> 17
    state ^= state << 5
    return ((state >>> 0) % 1_000_000) / 1_000_000
  }
  const faults: Record<string, number> = {}
  let requests = 0
  const kinds = ['timeout', '429', '500', '503', 'garbage', 'empty-result'] as const
  const hanging = new Set<() => void>()
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', async () => {
      requests++
      const body = Buffer.concat(chunks)
      if (random() < rate) {
        const kind = kinds[Math.floor(random() * kinds.length)] as (typeof kinds)[number]
        faults[kind] = (faults[kind] ?? 0) + 1
        if (kind === 'timeout') {
          const end = () => response.destroy()
          hanging.add(end)
          setTimeout(() => {
            hanging.delete(end)
            end()
          }, 3_000)
          return
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
      try {
        const upstream = await fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
        response.writeHead(upstream.status, { 'content-type': 'application/json' }).end(await upstream.text())
      } catch {
        response.writeHead(502).end()
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return {
    url: `http://127.0.0.1:${port}`,
    faults,
    requests: () => requests,
    async stop() {
      for (const end of hanging) end()
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}
