export { contractsDir, freePort, startHardhatNode } from './startHardhatNode.ts'
export type { HardhatNode, StartHardhatNodeOptions } from './startHardhatNode.ts'
