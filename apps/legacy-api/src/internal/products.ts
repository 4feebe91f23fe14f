import type { Prisma } from '@nexus/db'
import type { Lang } from '../schemas/messages.ts'
import { decimalText } from './money.ts'

/** A machine type as the API shows it (name in the request's language, exact decimal strings). */
export function machineTypeView(type: Prisma.LegacyMachineTypeModel, lang: Lang) {
  return {
    id: type.id,
    name: lang === 'zh-cn' ? type.nameZh : type.name,
    price: decimalText(type.price),
    power: decimalText(type.power),
    dailyOutput: decimalText(type.dailyOutput),
    days: type.days,
    stock: type.stock,
    sold: type.sold,
    left: type.stock - type.sold,
    maxPerUser: type.maxPerUser,
  }
}

/** A node as the API shows it. */
export function nodeView(node: Prisma.LegacyNodeModel, lang: Lang) {
  return {
    id: node.id,
    name: lang === 'zh-cn' ? node.nameZh : node.name,
    price: decimalText(node.price),
    power: decimalText(node.power),
    stock: node.stock,
    sold: node.sold,
    left: node.stock - node.sold,
  }
}
