import cors from '@fastify/cors'
import formbody from '@fastify/formbody'
import helmet from '@fastify/helmet'
import rateLimit from '@fastify/rate-limit'
import type { FastifyInstance } from 'fastify'

export type ExternalPluginOptions = {
  /** Origins allowed by CORS (exact matches); empty allows no cross-origin browser calls. */
  corsOrigins: readonly string[]
  /** Requests per client IP per minute, for every route (stricter limits are set per route). */
  rateLimitPerMinute: number
}

/** Form bodies, security headers, CORS and rate limiting (fastify/demo's plugins/external). */
export async function registerExternalPlugins(app: FastifyInstance, options: ExternalPluginOptions) {
  // The first version's clients post application/x-www-form-urlencoded. Repeated keys become arrays, which the
  // field validators reject.
  await app.register(formbody)
  await app.register(helmet, { global: true })
  await app.register(cors, {
    origin: [...options.corsOrigins],
    methods: ['POST', 'OPTIONS'],
    allowedHeaders: ['content-type', 'token', 'lang'],
    maxAge: 600,
  })
  await app.register(rateLimit, { global: true, max: options.rateLimitPerMinute, timeWindow: 60_000 })
}
