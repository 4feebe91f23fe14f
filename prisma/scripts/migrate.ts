// Migrations CLI (offline; Prisma's wasm schema engine). Run from prisma/ with Node 24:
//
//   node scripts/migrate.ts diff <name>   new migrations/<timestamp>_<name>/migration.sql from schema.prisma
//   node scripts/migrate.ts deploy        apply pending migrations (DATABASE_URL, or the embedded PGlite)
//   node scripts/migrate.ts status        compare the migrations folder with the database
//   node scripts/migrate.ts check         exit 1 when schema.prisma and the migrations disagree
//   node scripts/migrate.ts roles <indexer role> <legacy-api role> <keeper role>
//                                         per-app roles (docs/database.md "Per-app roles"), after deploy, as a
//                                         superuser (DATABASE_URL): each owns its tables, reads the views it may
//
// `diff` and `check` replay the migrations on a temporary shadow database: they use DATABASE_URL (a user that
// may create databases) or, without it, start a throwaway PostgreSQL 15 cluster for the duration.
import { assignAppRoles } from '../src/appRoles.ts'
import { createDatabase } from '../src/createDatabase.ts'
import { startPostgres } from '../src/testing/startPostgres.ts'
import { createMigration, deployMigrations, diffMigrationsToSchema, migrationStatus } from '../src/migrate.ts'

const [command, name] = process.argv.slice(2)
const log = process.env.DEBUG ? (message: string) => console.error('[schema-engine]', message) : undefined

async function withServerUrl<T>(run: (url: string) => Promise<T>): Promise<T> {
  const url = process.env.DATABASE_URL
  if (url) return await run(url)
  const server = await startPostgres()
  try {
    return await run(server.url)
  } finally {
    server.stop()
  }
}

function usage(): never {
  console.error(
    'usage: node scripts/migrate.ts diff <name> | deploy | status | check | roles <indexer> <legacy-api> <keeper>',
  )
  process.exit(2)
}

switch (command) {
  case 'diff': {
    if (!name) usage()
    const folder = await withServerUrl((url) => createMigration({ url, name, ...(log && { log }) }))
    console.log(folder ? `wrote ${folder}/migration.sql` : 'schema.prisma has no changes: no migration written')
    break
  }
  case 'check': {
    const sql = await withServerUrl((url) => diffMigrationsToSchema({ url, ...(log && { log }) }))
    if (sql) {
      console.error(`schema.prisma and the migrations disagree; run "node scripts/migrate.ts diff <name>":\n${sql}`)
      process.exit(1)
    }
    console.log('schema.prisma and the migrations agree')
    break
  }
  case 'roles': {
    const [indexer, legacyApi, keeper] = process.argv.slice(3)
    const url = process.env.DATABASE_URL
    if (!indexer || !legacyApi || !keeper || !url) usage()
    const db = await createDatabase({ url, migrate: false })
    try {
      await assignAppRoles(db.pool, { indexer, 'legacy-api': legacyApi, keeper })
    } finally {
      await db.close()
    }
    console.log(`roles assigned: indexer ${indexer}, legacy-api ${legacyApi}, keeper ${keeper}`)
    break
  }
  case 'deploy': {
    const url = process.env.DATABASE_URL
    if (url) {
      const applied = await deployMigrations({ url, ...(log && { log }) })
      console.log(applied.length ? `applied: ${applied.join(', ')}` : 'database is up to date')
    } else {
      // The embedded database applies migrations when it opens.
      const db = await createDatabase({ log: (message) => console.log(message) })
      await db.close()
    }
    break
  }
  case 'status': {
    const url = process.env.DATABASE_URL
    if (!url) {
      console.error('status needs DATABASE_URL')
      process.exit(2)
    }
    const status = await migrationStatus({ url, ...(log && { log }) })
    console.log(JSON.stringify(status, null, 2))
    const pending = status.history?.diagnostic === 'databaseIsBehind' ? status.history.unappliedMigrationNames : []
    if (pending.length || status.failedMigrationNames.length || status.editedMigrationNames.length) process.exit(1)
    break
  }
  default:
    usage()
}
