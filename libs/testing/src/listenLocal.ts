import type { Server } from 'node:http'

/** A test HTTP server listening on a free local port: its URL, and a stop that ends open connections first. */
export type LocalServer = { url: string; stop: () => Promise<void> }

/**
 * Starts `server` on a free port of 127.0.0.1 (the test proxies in front of a node use it).
 * @example const { url, stop } = await listenLocal(createServer(handler))
 */
export async function listenLocal(server: Server): Promise<LocalServer> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}
