import { listenLocal, type LocalServer } from '@nexus/testing'
import { createServer, type Server } from 'node:http'

/** One JSON-RPC request as the proxy saw it. */
export type RpcRequest = { id?: unknown; method: string; params?: unknown[] }

/**
 * Decides the answer to one request: `forward()` sends it (or `instead`, another request) to the node and resolves
 * with the node's answer (the JSON text). A handler may act on the node before or after forwarding, or hold the
 * request.
 */
export type RpcHandler = (request: RpcRequest, forward: (instead?: RpcRequest) => Promise<string>) => Promise<string>

export type HookProxy = LocalServer

/**
 * A JSON-RPC proxy in front of a real node that lets a test order what the node sees: reorganise the chain
 * exactly between two of the indexer's calls, or hold one call until another has been answered.
 * @dev Batches are not supported (the indexer's client sends one request per HTTP call).
 */
export async function startHookProxy(target: string, handle: RpcHandler): Promise<HookProxy> {
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', async () => {
      const body = Buffer.concat(chunks).toString()
      const forward = async (instead?: RpcRequest) => {
        const upstream = await fetch(target, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: instead ? JSON.stringify(instead) : body,
        })
        return await upstream.text()
      }
      try {
        const answer = await handle(JSON.parse(body) as RpcRequest, forward)
        response.writeHead(200, { 'content-type': 'application/json' }).end(answer)
      } catch {
        response.writeHead(502).end()
      }
    })
  })
  return await listenLocal(server)
}
