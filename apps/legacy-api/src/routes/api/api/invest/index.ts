import type { FastifyInstance } from 'fastify'
import type { LegacyContext } from '../../../../context.ts'
import { buyMachineRoute } from './buyMachine.ts'
import { buyMachineCheckRoute } from './buyMachineCheck.ts'
import { buyMachineLogRoute } from './buyMachineLog.ts'
import { buyNodeRoute } from './buyNode.ts'
import { buyNodeCheckRoute } from './buyNodeCheck.ts'
import { homeRoute } from './home.ts'
import { isRegisterRoute } from './isRegister.ts'
import { loginRoute } from './login.ts'
import { logoutRoute } from './logout.ts'
import { machineDetailRoute } from './machineDetail.ts'
import { machineTypeListRoute } from './machineTypeList.ts'
import { myRoute } from './my.ts'
import { nodeListRoute } from './nodeList.ts'
import { nonceRoute } from './nonce.ts'
import { powerLogRoute } from './powerLog.ts'
import { recommendListRoute } from './recommendList.ts'
import { registerRoute } from './register.ts'
import { teamInfoRoute } from './teamInfo.ts'
import { walletListRoute } from './walletList.ts'
import { withdrawRoute } from './withdraw.ts'
import { withdrawManageRoutes } from './withdrawManage.ts'

/** Every route of /api/api/invest/: SPEC.md §7's, plus nonce, login and logout (README.md). */
export const investRouteNames = [
  'isRegister',
  'register',
  'home',
  'machineTypeList',
  'machineDetail',
  'buyMachineCheck',
  'buyMachine',
  'nodeList',
  'buyNodeCheck',
  'buyNode',
  'teamInfo',
  'recommendList',
  'my',
  'walletList',
  'withdraw',
  'withdrawQueue',
  'withdrawApprove',
  'withdrawReject',
  'buyMachineLog',
  'powerLog',
  'nonce',
  'login',
  'logout',
] as const

/** The first version's routes, all POST under /api/api/invest/ (SPEC.md §7). */
export async function investRoutes(app: FastifyInstance, options: { context: LegacyContext }) {
  const { context } = options
  for (const route of [
    isRegisterRoute,
    registerRoute,
    homeRoute,
    machineTypeListRoute,
    machineDetailRoute,
    buyMachineCheckRoute,
    buyMachineRoute,
    nodeListRoute,
    buyNodeCheckRoute,
    buyNodeRoute,
    teamInfoRoute,
    recommendListRoute,
    myRoute,
    walletListRoute,
    withdrawRoute,
    withdrawManageRoutes,
    buyMachineLogRoute,
    powerLogRoute,
    nonceRoute,
    loginRoute,
    logoutRoute,
  ]) {
    route(app, context)
  }
}
