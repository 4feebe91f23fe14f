export * from './generated/abis.ts'
export { getContractDeployment, getDeployment, UnknownChainError, UnknownContractError } from './getDeployment.ts'
export type { Address, Hex } from './hex.ts'
export type { ContractDeployment, DeploymentFile } from './types.ts'
