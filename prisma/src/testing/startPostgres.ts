import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { repoRoot } from '../paths.ts'

export type PostgresServer = {
  url: string
  stop: () => void
  /** Stops the server alone (`fast`: connections ended, as a restart; `immediate`: as a crash), data kept. */
  halt: (mode?: 'fast' | 'immediate') => void
  /** Starts it again on the same port with the same data. */
  resume: () => void
}

/**
 * Starts a throwaway PostgreSQL 15 cluster with the repository's harness (`scripts/lib/pg.mjs`, which is not
 * a workspace package, so it is loaded by path).
 */
export async function startPostgres(): Promise<PostgresServer> {
  const harness = pathToFileURL(join(repoRoot, 'scripts', 'lib', 'pg.mjs')).href
  const { startPostgres: start } = (await import(harness)) as { startPostgres: () => Promise<PostgresServer> }
  return await start()
}
