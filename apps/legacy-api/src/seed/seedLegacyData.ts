import type { PrismaClient } from '@nexus/db'

/** The machine types of the local product (prices in USDT, power, ARB per day, running days). */
export const seedMachineTypes = [
  {
    id: 1,
    name: 'Starter miner',
    nameZh: '入门矿机',
    price: '100',
    power: '100',
    dailyOutput: '0.5',
    days: 180,
    stock: 10_000,
    maxPerUser: 50,
    sort: 1,
  },
  {
    id: 2,
    name: 'Standard miner',
    nameZh: '标准矿机',
    price: '500',
    power: '550',
    dailyOutput: '2.8',
    days: 240,
    stock: 5_000,
    maxPerUser: 20,
    sort: 2,
  },
  {
    id: 3,
    name: 'Pro miner',
    nameZh: '专业矿机',
    price: '2000',
    power: '2400',
    dailyOutput: '12',
    days: 300,
    stock: 1_000,
    maxPerUser: 10,
    sort: 3,
  },
  {
    id: 4,
    name: 'Ultra miner',
    nameZh: '旗舰矿机',
    price: '10000',
    power: '13000',
    dailyOutput: '65.5',
    days: 360,
    stock: 200,
    maxPerUser: 5,
    sort: 4,
  },
] as const

/** The node seats of the local product. */
export const seedNodes = [
  { id: 1, name: 'Community node', nameZh: '社区节点', price: '1000', power: '1000', stock: 500, sort: 1 },
  { id: 2, name: 'City node', nameZh: '城市节点', price: '5000', power: '6000', stock: 100, sort: 2 },
  { id: 3, name: 'Super node', nameZh: '超级节点', price: '20000', power: '26000', stock: 21, sort: 3 },
] as const

/**
 * Fills the product tables (machine types, nodes) when they are empty, so that every route answers something
 * real on a fresh database. The service runs it at start; tables that already have rows are left alone, so
 * operators' changes survive restarts. Returns what it inserted.
 */
export async function seedLegacyData(prisma: PrismaClient) {
  return await prisma.$transaction(async (tx) => {
    // Two processes starting at once must not both seed: serialize on an advisory lock.
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(7263002)`
    let machineTypes = 0
    let nodes = 0
    if ((await tx.legacyMachineType.count()) === 0) {
      machineTypes = (await tx.legacyMachineType.createMany({ data: [...seedMachineTypes] })).count
    }
    if ((await tx.legacyNode.count()) === 0) {
      nodes = (await tx.legacyNode.createMany({ data: [...seedNodes] })).count
    }
    return { machineTypes, nodes }
  })
}
