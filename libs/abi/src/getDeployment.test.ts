import { describe, expect, it } from 'vitest'
import { getContractDeployment, getDeployment, UnknownChainError, UnknownContractError } from './getDeployment.ts'
import type { DeploymentFile } from './types.ts'

const fixtures: Record<number, DeploymentFile> = {
  97: {
    chainId: 97,
    contracts: { Main: { address: '0x5FbDB2315678afecb367f032d93F642f64180aa3', blockNumber: 42 } },
  },
}

describe('getDeployment', () => {
  it('returns the deployment of a known chain', () => {
    expect(getDeployment(97, fixtures).contracts.Main?.blockNumber).toBe(42)
    expect(getContractDeployment(97, 'Main', fixtures).address).toBe('0x5FbDB2315678afecb367f032d93F642f64180aa3')
  })

  it('names the known chains when the chain is unknown', () => {
    expect(() => getDeployment(1, fixtures)).toThrowError(UnknownChainError)
    expect(() => getDeployment(1, fixtures)).toThrowError('No deployment is known for chain 1. Known chains: 97.')
  })

  it('names the deployed contracts when a contract is missing', () => {
    expect(() => getContractDeployment(97, 'Nope', fixtures)).toThrowError(UnknownContractError)
    expect(() => getContractDeployment(97, 'Nope', fixtures)).toThrowError('Deployed there: Main.')
  })
})
