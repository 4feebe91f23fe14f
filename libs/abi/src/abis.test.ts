import { describe, expect, it } from 'vitest'
import * as abi from './index.ts'

describe('generated ABIs', () => {
  it('has an ABI for every contract, with its functions and events', () => {
    expect(abi.contractNames).toContain('Main')
    const names = abi.mainAbi.map((item) => ('name' in item ? item.name : item.type))
    expect(names).toEqual(expect.arrayContaining(['register', 'users', 'Registered', 'MainAlreadyRegistered']))
  })

  it('lists every custom error of every ABI exactly once in @nexus/abi/errors', async () => {
    const { nexusErrorsAbi } = await import('./errors.ts')
    const signature = (item: { name: string; inputs: readonly { type: string }[] }) =>
      `${item.name}(${item.inputs.map((input) => input.type).join(',')})`
    const expected = new Set<string>()
    for (const [name, value] of Object.entries(abi)) {
      if (!name.endsWith('Abi') || name === 'nexusErrorsAbi' || !Array.isArray(value)) continue
      for (const item of value as readonly { type: string; name: string; inputs: readonly { type: string }[] }[])
        if (item.type === 'error') expected.add(signature(item))
    }
    const listed = nexusErrorsAbi.map(signature)
    expect(expected.size).toBeGreaterThan(50)
    expect(new Set(listed).size).toBe(listed.length)
    expect(new Set(listed)).toEqual(expected)
    expect(nexusErrorsAbi.every((item) => item.type === 'error')).toBe(true)
  })

  it('lists the contracts the Timelock owns, each an Ownable2Step contract with an ABI here', () => {
    expect(abi.timelockOwnedContracts).toContain('Main')
    for (const name of abi.timelockOwnedContracts) {
      const contract = name === 'SuperFomo' ? 'Fomo' : name // the second Fomo, deployed under its own name
      const items = (abi as Record<string, unknown>)[`${contract[0]?.toLowerCase()}${contract.slice(1)}Abi`] as
        readonly { type: string; name?: string }[] | undefined
      expect(items, name).toBeDefined()
      const functions = (items ?? []).filter((item) => item.type === 'function').map((item) => item.name)
      expect(functions, name).toEqual(expect.arrayContaining(['owner', 'transferOwnership', 'acceptOwnership']))
    }
  })
})
