import type { TestProject } from 'vitest/node'
import { E2E_MANAGER } from './lib/accounts.ts'
import { serveApp } from './lib/appServer.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the app under test is served, e.g. http://127.0.0.1:41234 */
    baseUrl: string
  }
}

/**
 * Builds the app and serves it with `vite preview` on a free port for all browser tests, or uses E2E_BASE_URL
 * (e.g. the local product started by `npm start`) when set.
 */
export default async function setup(project: TestProject) {
  if (process.env.E2E_BASE_URL) {
    project.provide('baseUrl', process.env.E2E_BASE_URL.replace(/\/$/, ''))
    return
  }
  const app = await serveApp({ env: { VITE_EXTRA_MANAGERS: E2E_MANAGER } })
  project.provide('baseUrl', app.url)
  return () => app.close()
}
