import { createHash, randomBytes } from 'node:crypto'
import { createPreparedStatements, withEveryConnection, type Pool, type PrismaClient } from '@nexus/db'
import {
  SignInExpiredError,
  SignInFieldMismatchError,
  SignInNotYetValidError,
  SignInSignatureError,
  verifySignInMessage,
} from '@nexus/sdk'
import type { FastifyRequest } from 'fastify'
import type { Client } from 'viem'
import { generateSiweNonce, parseSiweMessage } from 'viem/siwe'
import { notLoggedIn, rejected } from '../../errors.ts'

export type AuthSettings = {
  /** Chain id the sign-in message must name. */
  chainId: number
  /** Hosts (RFC 3986 authority, e.g. `app.example.com`, `127.0.0.1:5173`) a sign-in message may name. */
  domains: readonly string[]
  /** How long a nonce may be used, in ms (default 10 minutes). */
  nonceTtlMs?: number
  /** How long a token is valid, in ms (default 7 days). */
  sessionTtlMs?: number
  /** A client of the chain, to accept smart-contract wallets' signatures too (ERC-1271/6492). */
  client?: Client
  /** The clock (tests move it). */
  now?: () => Date
}

export type Auth = ReturnType<typeof createAuth>

type SessionUserRow = {
  address: string
  expires_at: Date
  revoked_at: Date | null
  id: number | null
  username: string | null
  recommender: string | null
  created_at: Date | null
}

const tokenPattern = /^[0-9a-f]{64}$/

/** Prepared statements of `userQuery`'s queries (the same text, the same name). */
const prepared = createPreparedStatements('legacy_auth')

/** SHA-256 of a token: what the database keeps. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/** The `token` header's value, if it is one well-formed token. */
function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.token
  return typeof header === 'string' && tokenPattern.test(header) ? header : undefined
}

/**
 * Sign-In with Ethereum for the legacy API: nonces that work once and expire, and opaque tokens (random 32
 * bytes; only their SHA-256 is stored) that expire and can be revoked.
 */
export function createAuth(prisma: PrismaClient, pool: Pool, settings: AuthSettings) {
  const nonceTtlMs = settings.nonceTtlMs ?? 10 * 60_000
  const sessionTtlMs = settings.sessionTtlMs ?? 7 * 24 * 3600_000
  const now = settings.now ?? (() => new Date())

  /** The query of a lateral: the session, its account and the lateral's columns, by the token's hash ($1). */
  const statementOf = (lateral: string, values: unknown[]) =>
    prepared(
      `SELECT s.address, s.expires_at, s.revoked_at, u.id, u.username, u.recommender, u.created_at, x.*
       FROM legacy_session s LEFT JOIN legacy_user u ON u.address = s.address
       LEFT JOIN LATERAL (${lateral}) x ON true
       WHERE s.token_hash = $1`,
      values,
    )

  /** The laterals declared by `userQuery`, with sample parameters: what `prepareConnections` prepares. */
  const declared = new Map<string, () => unknown[]>()

  async function authenticateUserWith<T extends object>(request: FastifyRequest, lateral: string, params: unknown[]) {
    const token = tokenOf(request)
    if (!token) throw notLoggedIn()
    // @dev On every polled request: one pg query (see LegacyContext.pool), not two Prisma calls.
    // A named statement per route: each pool connection parses and plans it once, not on every poll.
    const { rows } = await pool.query<SessionUserRow & T>(statementOf(lateral, [hashToken(token), ...params]))
    const row = rows[0]
    if (!row || row.revoked_at || row.expires_at <= now()) throw notLoggedIn()
    const user =
      row.id === null
        ? null
        : {
            id: row.id,
            address: row.address,
            username: row.username ?? '',
            recommender: row.recommender,
            createdAt: row.created_at ?? new Date(0),
          }
    return { address: row.address as `0x${string}`, user, figures: row as T }
  }

  /**
   * The token check and a route's own figures in one query (one round trip on the polled routes), declared when
   * the route is: `lateral` is a SELECT that may use `s.address` (the session's wallet) and `u.id` (its account
   * here, null when not registered) and the parameters as `$2`, `$3`, …; its columns come back as `figures`
   * (their values null when the token is not valid; do not name a column like one of the session's).
   * `sampleParams` gives parameters of the right types, for `prepareConnections`.
   * The returned function throws LegacyError 4700 when the header is missing, malformed, unknown, expired or
   * revoked.
   */
  function userQuery<T extends object>(lateral: string, sampleParams: () => unknown[]) {
    declared.set(lateral, sampleParams)
    return (request: FastifyRequest, params: unknown[]) => authenticateUserWith<T>(request, lateral, params)
  }
  const sessionOnly = userQuery<Record<string, never>>('SELECT', () => [])

  /**
   * Prepares every declared statement on every connection the pool has open now. Run once the routes are
   * declared, before listening: a connection's first run of a statement parses and plans it on the server's cold
   * caches (5-75 ms here when a burst meets fresh connections), where a prepared one answers in under 1 ms.
   * Connections opened later prepare a statement on first use.
   */
  async function prepareConnections() {
    await withEveryConnection(pool, pool.totalCount, async (client) => {
      // A token hash no session has: the statement is planned, no row is read.
      for (const [lateral, sampleParams] of declared) {
        await client.query(statementOf(lateral, ['', ...sampleParams()]))
      }
    })
  }

  return {
    settings: { chainId: settings.chainId, domains: settings.domains, nonceTtlMs, sessionTtlMs },

    /** A fresh nonce for `address`, stored until it is used or expires. */
    async issueNonce(address: string) {
      const issuedAt = now()
      const expiresAt = new Date(issuedAt.getTime() + nonceTtlMs)
      const nonce = generateSiweNonce()
      // Expired nonces are of no use to anyone: drop them as new ones are made.
      await prisma.legacyLoginNonce.deleteMany({
        where: { expiresAt: { lt: new Date(issuedAt.getTime() - 3600_000) } },
      })
      await prisma.legacyLoginNonce.create({ data: { nonce, address, expiresAt, createdAt: issuedAt } })
      return { nonce, issuedAt, expiresAt }
    },

    /**
     * Verifies a signed sign-in message (domain, chain id, nonce, times, signature), spends its nonce and opens a
     * session. Every failure is a 4800 with the reason.
     */
    async login(message: string, signature: `0x${string}`) {
      const parsed = parseSiweMessage(message)
      if (!parsed.nonce || !parsed.address || !parsed.domain) throw rejected('signInInvalid')
      if (!settings.domains.includes(parsed.domain)) throw rejected('signInDomain')
      const stored = await prisma.legacyLoginNonce.findUnique({ where: { nonce: parsed.nonce } })
      const at = now()
      if (!stored || stored.usedAt || stored.expiresAt <= at) throw rejected('nonceInvalid')
      if (stored.address !== parsed.address.toLowerCase()) throw rejected('nonceInvalid')
      // A message may not outlive its nonce by more than the clock skew the verifier tolerates.
      if (parsed.expirationTime && parsed.expirationTime.getTime() > stored.expiresAt.getTime() + 60_000) {
        throw rejected('signInInvalid')
      }
      try {
        await verifySignInMessage({
          message,
          signature,
          domain: parsed.domain,
          nonce: stored.nonce,
          chainId: settings.chainId,
          now: at,
          ...(settings.client && { client: settings.client }),
        })
      } catch (error) {
        if (error instanceof SignInFieldMismatchError) {
          throw rejected(
            error.field === 'chainId' ? 'signInChain' : error.field === 'domain' ? 'signInDomain' : 'nonceInvalid',
          )
        }
        if (error instanceof SignInExpiredError) throw rejected('signInExpired')
        if (error instanceof SignInNotYetValidError) throw rejected('signInNotYetValid')
        if (error instanceof SignInSignatureError) throw rejected('signInSignature')
        throw rejected('signInInvalid')
      }
      // @dev Spending the nonce is one conditional UPDATE: of two concurrent logins with it, one wins.
      const spent = await prisma.legacyLoginNonce.updateMany({
        where: { nonce: stored.nonce, usedAt: null },
        data: { usedAt: at },
      })
      if (spent.count !== 1) throw rejected('nonceInvalid')
      const token = randomBytes(32).toString('hex')
      const expiresAt = new Date(at.getTime() + sessionTtlMs)
      await prisma.legacySession.create({
        data: { tokenHash: hashToken(token), address: stored.address, createdAt: at, expiresAt },
      })
      return { token, address: stored.address, expiresAt }
    },

    /**
     * The wallet address of the request's `token` header.
     * @throws LegacyError 4700 when the header is missing, malformed, unknown, expired or revoked.
     */
    async authenticate(request: FastifyRequest): Promise<`0x${string}`> {
      return (await sessionOnly(request, [])).address
    },

    /**
     * The wallet of the request's token and its account here (null when not registered), in one query.
     * @throws LegacyError 4700 when the header is missing, malformed, unknown, expired or revoked.
     */
    authenticateUser(request: FastifyRequest) {
      return sessionOnly(request, [])
    },

    userQuery,
    prepareConnections,

    /** Revokes the request's token (logout). */
    async revoke(request: FastifyRequest) {
      const token = tokenOf(request)
      if (!token) throw notLoggedIn()
      const revoked = await prisma.legacySession.updateMany({
        where: { tokenHash: hashToken(token), revokedAt: null, expiresAt: { gt: now() } },
        data: { revokedAt: now() },
      })
      if (revoked.count !== 1) throw notLoggedIn()
    },
  }
}
