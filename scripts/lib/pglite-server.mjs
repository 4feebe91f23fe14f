// The embedded database of `npm start`: one PGlite (PostgreSQL compiled to WebAssembly) with its data under
// .data/pglite, served over the PostgreSQL wire protocol on 127.0.0.1 so that the indexer and the legacy API
// share it through an ordinary DATABASE_URL. PGlite runs one query at a time; the socket server multiplexes
// the connections onto it.
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { PGlite } from '@electric-sql/pglite'
import { PGLiteSocketServer } from '@electric-sql/pglite-socket'
import { dataDir } from './paths.mjs'

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '5532' },
    host: { type: 'string', default: '127.0.0.1' },
    dir: { type: 'string', default: join(dataDir, 'pglite') },
    'max-connections': { type: 'string', default: '32' },
  },
})

mkdirSync(values.dir, { recursive: true })
const db = await PGlite.create(values.dir)
const server = new PGLiteSocketServer({
  db,
  port: Number(values.port),
  host: values.host,
  maxConnections: Number(values['max-connections']),
})
await server.start()
process.stdout.write(`PGlite (${values.dir}) listening on ${values.host}:${values.port}\n`)

let closing = false
async function close() {
  if (closing) return
  closing = true
  await server.stop()
  await db.close()
  process.exit(0)
}
process.on('SIGINT', close)
process.on('SIGTERM', close)
