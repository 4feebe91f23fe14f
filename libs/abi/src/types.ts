import type { Address, Hex } from './hex.ts'

/** Where one contract lives on a chain and the block it was deployed in (the indexer's start block). */
export type ContractDeployment = {
  address: Address
  blockNumber: number
  /** Hash of the deployment transaction, when known. */
  transactionHash?: Hex
}

/** The content of `deployments/<chainId>.json`, written by the deploy step. */
export type DeploymentFile = {
  chainId: number
  contracts: Record<string, ContractDeployment>
}
