// Vitest globalSetup shared by every project whose tests need PostgreSQL: makes sure the Prisma client is
// generated, and provides `databaseUrl` (a superuser URL) to the tests: TEST_DATABASE_URL when the root test
// command started a cluster, otherwise a throwaway PostgreSQL 15 cluster started here for this run.
import type { TestProject } from 'vitest/node'
import { ensurePrismaClient } from './ensurePrismaClient.ts'
import './providedContext.ts'
import { startPostgres } from './startPostgres.ts'

export default async function setup(project: TestProject) {
  ensurePrismaClient()
  const url = process.env.TEST_DATABASE_URL
  if (url) {
    project.provide('databaseUrl', url)
    return
  }
  const server = await startPostgres()
  project.provide('databaseUrl', server.url)
  return () => server.stop()
}
