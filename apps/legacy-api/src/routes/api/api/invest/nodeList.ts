import type { FastifyInstance } from 'fastify'
import type { LegacyContext } from '../../../../context.ts'
import { nodeView } from '../../../../internal/products.ts'
import { ok } from '../../../../plugins/app/ok.ts'
import { langOf } from '../../../../schemas/messages.ts'

/** POST nodeList: the nodes for sale. data: `{ list: Node[] }`. */
export function nodeListRoute(app: FastifyInstance, { prisma }: LegacyContext) {
  app.post('/nodeList', async (request) => {
    const nodes = await prisma.legacyNode.findMany({
      where: { enabled: true },
      orderBy: [{ sort: 'asc' }, { id: 'asc' }],
    })
    const lang = langOf(request.headers.lang)
    return ok(request, { list: nodes.map((node) => nodeView(node, lang)) })
  })
}
