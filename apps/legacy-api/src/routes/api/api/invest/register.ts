import { Prisma } from '@nexus/db'
import type { FastifyInstance } from 'fastify'
import type { LegacyContext } from '../../../../context.ts'
import { rejected } from '../../../../errors.ts'
import { answer } from '../../../../plugins/app/ok.ts'
import { addressField, usernameField } from '../../../../schemas/fields.ts'

/**
 * POST register {username, recommend}: opens the account of the token's wallet, with `recommend` (an address
 * registered here or in Main on chain: the indexer's view `indexer_registration`) as its referrer. data: `{ id, username, address, recommender }`.
 */
export function registerRoute(app: FastifyInstance, { auth, prisma, pool, chainId }: LegacyContext) {
  app.post('/register', async (request) => {
    const address = await auth.authenticate(request)
    const username = usernameField(request.body, 'username')
    const recommend = addressField(request.body, 'recommend')

    if (await prisma.legacyUser.findUnique({ where: { address }, select: { id: true } })) {
      throw rejected('alreadyRegistered')
    }
    if (await prisma.legacyUser.findUnique({ where: { username }, select: { id: true } })) {
      throw rejected('usernameTaken')
    }
    if (recommend === address) throw rejected('recommendIsSelf')
    const [referrerUser, referrerOnChain] = await Promise.all([
      prisma.legacyUser.findUnique({ where: { address: recommend }, select: { recommender: true } }),
      pool
        .query<{ referrer: string }>('SELECT referrer FROM indexer_registration WHERE chain_id = $1 AND account = $2', [
          chainId,
          recommend,
        ])
        .then(({ rows }) => rows[0]),
    ])
    if (!referrerUser && !referrerOnChain) throw rejected('recommendNotRegistered')
    if (referrerUser?.recommender === address || referrerOnChain?.referrer === address) {
      throw rejected('recommendIsOwnDirect')
    }
    try {
      const user = await prisma.legacyUser.create({
        data: {
          address,
          username,
          recommender: recommend,
          wallets: { create: [{ creditType: 'USDT' }, { creditType: 'ARB' }] },
        },
      })
      return answer(request, 'register', {
        id: user.id,
        username: user.username,
        address: user.address,
        recommender: recommend,
      })
    } catch (error) {
      if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') {
        const target = JSON.stringify(error.meta ?? {})
        throw rejected(target.includes('username') ? 'usernameTaken' : 'alreadyRegistered')
      }
      throw error
    }
  })
}
