import { describe, expect, it } from 'vitest'
import * as abi from './index.ts'

describe('generated ABIs', () => {
  it('has an ABI for every contract, with its functions and events', () => {
    expect(abi.contractNames).toContain('Main')
    const names = abi.mainAbi.map((item) => ('name' in item ? item.name : item.type))
    expect(names).toEqual(expect.arrayContaining(['register', 'users', 'Registered', 'MainAlreadyRegistered']))
  })
})
