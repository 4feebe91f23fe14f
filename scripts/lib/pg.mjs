// A throwaway PostgreSQL 15 cluster for tests: initdb into a temporary folder, start it on its own port and
// Unix socket folder, hand out a superuser URL, stop it and delete the folder at the end.
//
// As a library: `const pg = await startPostgres(); ... await pg.stop()`.
// From the shell: `node scripts/lib/pg.mjs start` prints `TEST_DATABASE_URL=...` and keeps the cluster running
// until Ctrl-C (for development).
//
// initdb refuses to run as root, so when this process is root the server runs as the `postgres` system user,
// which the Debian package creates. When the binaries are missing and we are root, they are installed with apt.
import { execFileSync, spawnSync } from 'node:child_process'
import { chmodSync, chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const version = process.env.PG_VERSION ?? '15'
const binDir = process.env.PG_BIN_DIR ?? `/usr/lib/postgresql/${version}/bin`

function log(message) {
  process.stderr.write(`[pg] ${message}\n`)
}

export function ensurePostgresInstalled() {
  if (existsSync(join(binDir, 'initdb'))) return
  if (process.getuid?.() !== 0) {
    throw new Error(`PostgreSQL ${version} server binaries are missing at ${binDir}; install postgresql-${version}`)
  }
  log(`installing postgresql-${version} with apt`)
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env })
  execFileSync('apt-get', ['install', '-y', '-qq', `postgresql-${version}`], { stdio: 'inherit', env })
}

async function freePort() {
  return await new Promise((resolve, reject) => {
    const server = createServer()
    server.unref()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
}

// runuser lives in /usr/sbin or /sbin, which a minimal PATH may leave out.
const runuser = ['/usr/sbin/runuser', '/sbin/runuser', '/usr/bin/runuser'].find((path) => existsSync(path)) ?? 'runuser'

function asServerUser(command, args, options = {}) {
  const isRoot = process.getuid?.() === 0
  const [cmd, argv] = isRoot ? [runuser, ['-u', 'postgres', '--', command, ...args]] : [command, args]
  const result = spawnSync(cmd, argv, { encoding: 'utf8', ...options })
  if (result.error) throw new Error(`${cmd} could not run: ${result.error.message}`)
  if (result.status !== 0) {
    throw new Error(`${command} failed (exit ${result.status ?? result.signal}): ${result.stderr || result.stdout}`)
  }
  return result.stdout
}

/** Runs `sql` on the database of `url` with the cluster's own psql (stops at the first error). */
export function runSql(url, sql) {
  const result = spawnSync(join(binDir, 'psql'), [url, '-v', 'ON_ERROR_STOP=1', '-q', '-c', sql], { encoding: 'utf8' })
  if (result.status !== 0) throw new Error(`psql failed (exit ${result.status ?? result.signal}): ${result.stderr}`)
  return result.stdout
}

/** A new folder for a cluster, owned by the server's user. */
function clusterDir() {
  const dir = mkdtempSync(join(tmpdir(), 'nexus-pg-'))
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim())
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim())
    chownSync(dir, uid, gid)
  }
  chmodSync(dir, 0o700)
  return dir
}

// Tuned for throwaway test data: durability off, enough connections for parallel test files. A standby gets the
// same (hot standby needs max_connections at least the primary's).
const settings = [
  'fsync=off',
  'synchronous_commit=off',
  'full_page_writes=off',
  'max_connections=200',
  'shared_buffers=256MB',
]

/**
 * Starts the server of `dataDir` on `port` (its socket and log in `dir`); returns `{ url, port, dir, stop, halt,
 * resume }`.
 */
function startServer(dir, dataDir, port) {
  const serverOptions = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    ...settings.map((s) => `-c ${s}`),
  ].join(' ')
  const start = () =>
    asServerUser(join(binDir, 'pg_ctl'), [
      '-D',
      dataDir,
      '-l',
      join(dir, 'server.log'),
      '-w',
      '-t',
      '60',
      '-o',
      serverOptions,
      'start',
    ])
  start()
  const url = `postgresql://postgres@127.0.0.1:${port}/postgres`
  let stopped = false
  const stop = () => {
    if (stopped) return
    stopped = true
    try {
      asServerUser(join(binDir, 'pg_ctl'), ['-D', dataDir, '-m', 'immediate', '-w', 'stop'])
    } catch (error) {
      log(`stop failed: ${error.message}`)
    }
    rmSync(dir, { recursive: true, force: true })
  }
  // The server alone, for outage tests: `halt` stops it as an operator's restart or a fail-over does (`fast`:
  // every connection is ended; `immediate`: a crash, recovered from the WAL at the next start), `resume` starts it
  // again on the same port with the same data.
  const halt = (mode = 'fast') => asServerUser(join(binDir, 'pg_ctl'), ['-D', dataDir, '-m', mode, '-w', 'stop'])
  return { url, port, dir, stop, halt, resume: start }
}

/**
 * Starts a new cluster. Returns `{ url, port, dir, stop, halt, resume }`; `url` connects as the superuser `postgres`
 * to the database `postgres` over TCP on 127.0.0.1.
 */
export async function startPostgres() {
  ensurePostgresInstalled()
  const dir = clusterDir()
  const dataDir = join(dir, 'data')
  const port = await freePort()
  asServerUser(join(binDir, 'initdb'), [
    '-D',
    dataDir,
    '-U',
    'postgres',
    '--auth=trust',
    '-E',
    'UTF8',
    '--no-sync',
    '-A',
    'trust',
  ])
  return startServer(dir, dataDir, port)
}

/**
 * Starts a streaming replica (hot standby) of a cluster of {@link startPostgres}: `pg_basebackup -R` copies the
 * primary and writes its connection into the copy, which then replays the primary's WAL as it is written. Returns
 * what `startPostgres` does (reads only; a standby refuses writes).
 */
export async function startStandby(primary) {
  ensurePostgresInstalled()
  const dir = clusterDir()
  const dataDir = join(dir, 'data')
  const port = await freePort()
  asServerUser(join(binDir, 'pg_basebackup'), [
    '-h',
    '127.0.0.1',
    '-p',
    String(primary.port),
    '-U',
    'postgres',
    '-D',
    dataDir,
    '-R',
    '-X',
    'stream',
    '--no-sync',
    '-c',
    'fast',
  ])
  return startServer(dir, dataDir, port)
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [command = 'start'] = process.argv.slice(2)
  if (command !== 'start') {
    log('usage: node scripts/lib/pg.mjs start')
    process.exit(2)
  }
  const pg = await startPostgres()
  console.log(`TEST_DATABASE_URL=${pg.url}`)
  log(`cluster in ${pg.dir}; Ctrl-C stops it and deletes it`)
  const stop = () => {
    pg.stop()
    process.exit(0)
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
  setInterval(() => {}, 1 << 30)
}
