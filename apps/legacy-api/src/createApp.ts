import type { Database } from '@nexus/db'
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify'
import { registerErrorHandler } from './plugins/app/errorHandler.ts'
import { registerExternalPlugins } from './plugins/external/registerExternalPlugins.ts'
import { investRoutes } from './routes/api/api/invest/index.ts'

export type CreateAppParameters = {
  db: Pick<Database, 'prisma'>
  /** Origins allowed by CORS (default: the local web app's dev and preview origins). */
  corsOrigins?: readonly string[]
  /** Requests per client IP per minute on every route (default 600). */
  rateLimitPerMinute?: number
  /** Largest request body in bytes (default 64 KiB). */
  bodyLimit?: number
  logger?: FastifyServerOptions['logger']
  /** Trust X-Forwarded-For from a reverse proxy (rate limits then key on the client's address). */
  trustProxy?: boolean
}

export const defaultCorsOrigins = [
  'http://127.0.0.1:5173',
  'http://localhost:5173',
  'http://127.0.0.1:4173',
  'http://localhost:4173',
] as const

/**
 * The legacy REST API (the first product version's server): form-encoded POST routes under /api/api/invest/,
 * every answer HTTP 200 `{ code, msg, data }`.
 *
 * @example
 * const app = await createApp({ db })
 * await app.listen({ port: 4100, host: '127.0.0.1' })
 */
export async function createApp(parameters: CreateAppParameters): Promise<FastifyInstance> {
  const app = Fastify({
    logger: parameters.logger ?? false,
    bodyLimit: parameters.bodyLimit ?? 64 * 1024,
    trustProxy: parameters.trustProxy ?? false,
  })
  registerErrorHandler(app)
  await registerExternalPlugins(app, {
    corsOrigins: parameters.corsOrigins ?? defaultCorsOrigins,
    rateLimitPerMinute: parameters.rateLimitPerMinute ?? 600,
  })

  // Liveness, outside the legacy envelope: for process managers and load balancers.
  app.get('/healthz', { config: { rateLimit: false } }, async () => ({ status: 'ok' }))

  await app.register(investRoutes, { prefix: '/api/api/invest', prisma: parameters.db.prisma })
  return app
}
