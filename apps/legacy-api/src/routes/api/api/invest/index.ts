import type { PrismaClient } from '@nexus/db'
import type { FastifyInstance } from 'fastify'
import { isRegisterRoute } from './isRegister.ts'

/** The first version's routes, all POST under /api/api/invest/ (SPEC.md §7). */
export async function investRoutes(app: FastifyInstance, options: { prisma: PrismaClient }) {
  isRegisterRoute(app, options.prisma)
}
