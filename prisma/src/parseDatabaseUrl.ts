/** The connection fields of a PostgreSQL URL, in the shape `pg.Client` and `pg.Pool` take. */
export type PgConnectionConfig = {
  host: string
  port: number
  user: string
  password?: string
  database: string
  ssl?: boolean | { rejectUnauthorized: boolean }
}

/**
 * Splits a `postgresql://user:password@host:port/database?sslmode=...` URL into discrete fields.
 * `?host=/path` selects a Unix socket folder, as libpq does.
 *
 * @dev Callers derive other databases' configs with `{ ...config, database }`; with a `connectionString`
 * pg would let the URL override `database`, which is why discrete fields are used.
 *
 * @example
 * parseDatabaseUrl('postgresql://postgres@127.0.0.1:5432/app') // { host: '127.0.0.1', port: 5432, user: 'postgres', database: 'app' }
 */
export function parseDatabaseUrl(url: string): PgConnectionConfig {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    throw new Error('DATABASE_URL is not a valid URL; expected postgresql://user:password@host:port/database')
  }
  if (parsed.protocol !== 'postgresql:' && parsed.protocol !== 'postgres:') {
    throw new Error(`DATABASE_URL must start with postgresql:// (got ${parsed.protocol}//)`)
  }
  const database = decodeURIComponent(parsed.pathname.replace(/^\//, ''))
  const config: PgConnectionConfig = {
    host: parsed.searchParams.get('host') ?? (decodeURIComponent(parsed.hostname) || '127.0.0.1'),
    port: Number(parsed.port || 5432),
    user: decodeURIComponent(parsed.username) || 'postgres',
    database: database || 'postgres',
  }
  if (parsed.password) config.password = decodeURIComponent(parsed.password)
  const sslmode = parsed.searchParams.get('sslmode')
  if (sslmode === 'require' || sslmode === 'prefer') config.ssl = { rejectUnauthorized: false }
  if (sslmode === 'verify-full' || sslmode === 'verify-ca') config.ssl = true
  return config
}
