import { describe, expect, it } from 'vitest'
import { DeploymentFileError, parseDeploymentFile, requiredContracts } from './parseDeployment.ts'

const address = (i: number) => `0x${(i + 1).toString(16).padStart(40, '0')}`
const complete = {
  chainId: 97,
  contracts: Object.fromEntries(requiredContracts.map((name, i) => [name, { address: address(i), blockNumber: 7 }])),
}

describe('parseDeploymentFile', () => {
  it('accepts a complete file of the chain', () => {
    const parsed = parseDeploymentFile(complete, { chainId: 97, source: '97.json' })
    expect(parsed.contracts.Main).toEqual({ address: address(0), blockNumber: 7 })
  })

  it('names the source and the field at fault', () => {
    const check = (value: unknown) => () => parseDeploymentFile(value, { chainId: 97, source: 'x/97.json' })
    expect(check(null)).toThrowError(DeploymentFileError)
    expect(check({ ...complete, chainId: 31337 })).toThrowError('x/97.json: is for chain 31337, not for chain 97')
    expect(check({ chainId: 97 })).toThrowError('has no "contracts" object')
    const { Pair: _pair, Info: _info, ...partial } = complete.contracts
    expect(check({ chainId: 97, contracts: partial })).toThrowError('lacks Pair, Info')
    const zero = { ...complete.contracts, Main: { address: `0x${'0'.repeat(40)}`, blockNumber: 1 } }
    expect(check({ chainId: 97, contracts: zero })).toThrowError('contracts.Main.address must be a non-zero address')
    const block = { ...complete.contracts, Main: { address: address(0), blockNumber: -1 } }
    expect(check({ chainId: 97, contracts: block })).toThrowError('contracts.Main.blockNumber must be a block number')
  })

  it('checks only the names asked for', () => {
    const parsed = parseDeploymentFile(
      { chainId: 97, contracts: { Main: { address: address(0), blockNumber: 1 } } },
      { chainId: 97, source: 'f', required: ['Main'] },
    )
    expect(Object.keys(parsed.contracts)).toEqual(['Main'])
  })
})
