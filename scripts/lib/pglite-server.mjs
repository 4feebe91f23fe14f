// The embedded database of `npm start`: one PGlite (PostgreSQL compiled to WebAssembly) with its data under
// .data/pglite, served over the PostgreSQL wire protocol on 127.0.0.1 so that the indexer and the legacy API
// share it through an ordinary DATABASE_URL.
//
// PGlite is ONE PostgreSQL session. Several client connections can share it only if no connection's messages
// land inside another's unit of work, so a connection holds PGlite exclusively from its first message until
// PGlite answers ReadyForQuery with status 'I' (idle: no transaction open, no extended-protocol batch pending);
// the other connections queue in arrival order. Concretely:
//   - a simple query outside a transaction holds it for that query;
//   - Parse/Bind/Describe/Execute hold it until their Sync has been answered;
//   - BEGIN ... COMMIT/ROLLBACK holds it for the whole transaction (other connections wait, as SQLite writers do).
// Named prepared statements live in the one session, so they are renamed per connection (`c<id>_<name>`) and
// deallocated when the connection closes. A connection that disconnects while holding PGlite has its batch
// ended (Sync) and its transaction rolled back before the next one runs.
// Not shared-safe (one session): SET, temporary tables, LISTEN and session advisory locks are visible to all
// connections.
//
// As a library: `const server = await startPgliteServer({ dir, port: 0 }); ...; await server.stop()`.
// From the shell: `node scripts/lib/pglite-server.mjs --port 5532 --dir .data/pglite`.
import { mkdirSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { PGlite } from '@electric-sql/pglite'
import { dataDir } from './paths.mjs'

const SSL_REQUEST = 80877103
const GSSENC_REQUEST = 80877104
const CANCEL_REQUEST = 80877102

/** A FIFO mutex: `acquire()` resolves to a release function, in call order. */
function createMutex() {
  let tail = Promise.resolve()
  return {
    acquire() {
      let release
      const held = new Promise((resolve) => (release = resolve))
      const acquired = tail.then(() => release)
      tail = tail.then(() => held)
      return acquired
    },
  }
}

/** A frontend message: type byte, int32 length (including itself), body. */
function message(type, body) {
  const out = Buffer.alloc(5 + body.length)
  out.write(type, 0, 'latin1')
  out.writeInt32BE(4 + body.length, 1)
  body.copy(out, 5)
  return out
}

const cstring = (text) => Buffer.concat([Buffer.from(text, 'utf8'), Buffer.from([0])])
const SYNC = message('S', Buffer.alloc(0))
const simpleQuery = (sql) => message('Q', cstring(sql))

/** The status byte of the last ReadyForQuery ('Z') in a backend response, or null when it has none. */
function lastReadyStatus(response) {
  let status = null
  for (let offset = 0; offset + 5 <= response.length;) {
    const type = response[offset]
    const length = response.readInt32BE(offset + 1)
    if (type === 0x5a /* Z */ && length === 5) status = String.fromCharCode(response[offset + 5])
    offset += 1 + length
  }
  return status
}

/** An ErrorResponse with SQLSTATE `code` (sent when PGlite itself fails, which clients must see as an error). */
function errorResponse(code, text) {
  const fields = Buffer.concat([
    Buffer.from('SERROR\0VERROR\0', 'latin1'),
    Buffer.from(`C${code}\0`, 'latin1'),
    Buffer.from('M', 'latin1'),
    cstring(text),
    Buffer.from([0]),
  ])
  return message('E', fields)
}

/**
 * Serves `db` (or a new PGlite in `dir`) over the PostgreSQL wire protocol.
 *
 * @param {{ db?: import('@electric-sql/pglite').PGlite, dir?: string, host?: string, port?: number,
 *   maxConnections?: number }} options
 * @returns {Promise<{ host: string, port: number, url: string, db: import('@electric-sql/pglite').PGlite,
 *   stats: () => { connections: number, waiting: number }, stop: () => Promise<void> }>}
 */
export async function startPgliteServer(options = {}) {
  const host = options.host ?? '127.0.0.1'
  const ownsDb = !options.db
  let db = options.db
  if (!db) {
    mkdirSync(options.dir, { recursive: true })
    db = await PGlite.create(options.dir)
  }
  await db.waitReady
  const mutex = createMutex()
  const sockets = new Set()
  const cleanUps = new Set()
  let nextId = 1
  let waiting = 0

  /** Runs one message on PGlite; the caller holds the mutex. */
  const run = (bytes) => db.runExclusive(() => db.execProtocolRaw(new Uint8Array(bytes)))

  function handle(socket) {
    const id = nextId++
    const prefix = `c${id}_`
    const statements = new Set()
    let buffer = Buffer.alloc(0)
    let started = false
    let release = null // set while this connection holds PGlite
    let closed = false
    let work = Promise.resolve()
    sockets.add(socket)
    socket.setNoDelay(true)

    const write = (bytes) => {
      if (!closed && socket.writable && bytes.length) socket.write(bytes)
    }

    /** Renames a named prepared statement so that connections never collide in the one session. */
    function rename(type, body) {
      const renameAt = (start) => {
        const end = body.indexOf(0, start)
        const name = body.subarray(start, end).toString('utf8')
        if (!name) return body
        const renamed = prefix + name
        if (type === 'P') statements.add(renamed)
        if (type === 'C') statements.delete(renamed)
        return Buffer.concat([body.subarray(0, start), Buffer.from(renamed, 'utf8'), body.subarray(end)])
      }
      if (type === 'P') return renameAt(0)
      if (type === 'B') return renameAt(body.indexOf(0) + 1) // after the portal name
      if ((type === 'D' || type === 'C') && body[0] === 0x53 /* S */) return renameAt(1)
      return body
    }

    async function hold() {
      if (release) return
      waiting++
      release = await mutex.acquire()
      waiting--
    }

    function letGo() {
      const r = release
      release = null
      r?.()
    }

    async function execute(bytes) {
      await hold()
      let response
      try {
        response = Buffer.from(await run(bytes))
      } catch (error) {
        write(errorResponse('XX000', `embedded database failed: ${error?.message ?? error}`))
        socket.destroy()
        return
      }
      write(response)
      if (lastReadyStatus(response) === 'I') letGo()
    }

    /** After the client left: end its batch, roll back its transaction, forget its statements, let go. */
    async function cleanUp() {
      if (release || statements.size) {
        await hold()
        try {
          let status = lastReadyStatus(Buffer.from(await run(SYNC)))
          if (status !== 'I') status = lastReadyStatus(Buffer.from(await run(simpleQuery('ROLLBACK'))))
          for (const name of statements) await run(simpleQuery(`DEALLOCATE "${name.replaceAll('"', '""')}"`))
        } catch {
          // A failing PGlite fails the next connection's query too; nothing to repair here.
        }
      }
      letGo()
    }

    function onData(chunk) {
      buffer = buffer.length ? Buffer.concat([buffer, chunk]) : chunk
      for (;;) {
        if (!started) {
          if (buffer.length < 8) return
          const length = buffer.readInt32BE(0)
          if (buffer.length < length) return
          const code = buffer.readInt32BE(4)
          const packet = buffer.subarray(0, length)
          buffer = buffer.subarray(length)
          if (code === SSL_REQUEST || code === GSSENC_REQUEST) {
            work = work.then(() => write(Buffer.from('N')))
            continue
          }
          if (code === CANCEL_REQUEST) {
            socket.destroy() // cancellation is not supported: queries run to completion
            return
          }
          started = true
          work = work.then(() => execute(packet))
          continue
        }
        if (buffer.length < 5) return
        const length = buffer.readInt32BE(1)
        if (buffer.length < 1 + length) return
        const type = String.fromCharCode(buffer[0])
        const body = buffer.subarray(5, 1 + length)
        buffer = buffer.subarray(1 + length)
        if (type === 'X') {
          socket.end()
          return
        }
        const bytes = message(type, rename(type, Buffer.from(body)))
        work = work.then(() => (closed ? undefined : execute(bytes)))
      }
    }

    socket.on('data', onData)
    socket.on('error', () => socket.destroy())
    socket.on('close', () => {
      closed = true
      sockets.delete(socket)
      work = work.then(cleanUp, cleanUp)
      cleanUps.add(work)
      void work.finally(() => cleanUps.delete(work))
    })
  }

  const server = createServer(handle)
  server.maxConnections = options.maxConnections ?? 64
  await new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 5532, host, resolve)
  })
  // After listening, a server error (e.g. accepting a connection failed) is logged, never an unhandled `error` event
  // that would end the database under its clients.
  server.on('error', (error) => process.stderr.write(`[pglite] server error: ${error.message}\n`))
  const port = server.address().port
  return {
    host,
    port,
    url: `postgresql://postgres@${host}:${port}/postgres?sslmode=disable`,
    db,
    stats: () => ({ connections: sockets.size, waiting }),
    async stop() {
      const closedServer = new Promise((resolve) => server.close(resolve))
      for (const socket of sockets) socket.destroy()
      await closedServer
      // Every connection's cleanup (rollback of open transactions) runs before PGlite closes.
      while (cleanUps.size) await Promise.allSettled([...cleanUps])
      if (ownsDb) await db.close()
    },
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '5532' },
      host: { type: 'string', default: '127.0.0.1' },
      dir: { type: 'string', default: join(dataDir, 'pglite') },
      'max-connections': { type: 'string', default: '64' },
    },
  })
  const server = await startPgliteServer({
    dir: values.dir,
    host: values.host,
    port: Number(values.port),
    maxConnections: Number(values['max-connections']),
  })
  process.stdout.write(`PGlite (${values.dir}) listening on ${server.host}:${server.port}\n`)
  let closing = false
  const close = async () => {
    if (closing) return
    closing = true
    await server.stop()
    process.exit(0)
  }
  process.on('SIGINT', close)
  process.on('SIGTERM', close)
}
