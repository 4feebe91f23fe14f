import { fileURLToPath } from 'node:url'
import { build, preview } from 'vite'
import type { PreviewServer } from 'vite'
import { freePort } from './freePort.ts'

/** The web app's folder (apps/web). */
export const webRoot = fileURLToPath(new URL('../..', import.meta.url))

/**
 * The block explorer the test build links transactions to (`VITE_EXPLORER_URL`), standing in for a local explorer:
 * nothing answers there (`.invalid` never resolves), the tests check the links' targets.
 */
export const E2E_EXPLORER_URL = 'https://explorer.e2e.invalid'

export type AppServer = { url: string; close(): Promise<void> }

export type ServeAppParameters = {
  /** `VITE_*` variables baked into this build (chain, RPC, GraphQL, extra managers, ...). */
  env?: Record<string, string>
  /** Build output folder, relative to apps/web: the repository's git-ignored dist/, away from the production build. */
  outDir?: string
  /** Skip the build and serve what `outDir` holds. */
  skipBuild?: boolean
  /** The port to serve on (default: a free one), e.g. one the legacy API was told to accept. */
  port?: number
}

/**
 * Builds the app with `vite build` and serves it with `vite preview` on a free port of 127.0.0.1, the way operators
 * serve the static build.
 *
 * @example
 * const app = await serveApp({ env: { VITE_EXTRA_MANAGERS: manager } })
 * await page.goto(`${app.url}/burn`)
 * await app.close()
 */
export async function serveApp({
  env = {},
  outDir = '../../dist/web-e2e',
  skipBuild = false,
  port: wantedPort,
}: ServeAppParameters = {}): Promise<AppServer> {
  // Vitest runs with NODE_ENV=test, which would make React and others bundle their development builds.
  const all = { ...env, NODE_ENV: 'production' }
  const saved = new Map(Object.keys(all).map((key) => [key, process.env[key]]))
  Object.assign(process.env, all)
  try {
    if (!skipBuild) {
      await build({
        root: webRoot,
        mode: 'production',
        logLevel: 'error',
        build: { outDir, emptyOutDir: true, sourcemap: false },
      })
    }
  } finally {
    for (const [key, value] of saved) {
      if (value === undefined) delete process.env[key]
      else process.env[key] = value
    }
  }
  const port = wantedPort ?? (await freePort())
  const server: PreviewServer = await preview({
    root: webRoot,
    logLevel: 'warn',
    build: { outDir },
    preview: { host: '127.0.0.1', port, strictPort: true, open: false },
  })
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => server.close(),
  }
}
