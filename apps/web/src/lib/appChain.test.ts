import { describe, expect, it } from 'vitest'
import { createAppChain, explorerUrl } from './appChain.ts'

describe('explorerUrl', () => {
  it('links BscScan on BSC and its testnet, nothing on the local chain', () => {
    expect(explorerUrl(56, 'tx', '0xab')).toBe('https://bscscan.com/tx/0xab')
    expect(explorerUrl(97, 'address', '0xcd')).toBe('https://testnet.bscscan.com/address/0xcd')
    expect(explorerUrl(31337, 'tx', '0xab')).toBeUndefined()
  })

  it('links the configured explorer (VITE_EXPLORER_URL) on any chain instead', () => {
    expect(explorerUrl(31337, 'tx', '0xab', 'http://127.0.0.1:5100')).toBe('http://127.0.0.1:5100/tx/0xab')
    expect(explorerUrl(97, 'address', '0xcd', 'https://scan.example')).toBe('https://scan.example/address/0xcd')
  })
})

describe('createAppChain', () => {
  it('lists every RPC URL of the operator', () => {
    const chain = createAppChain(97, ['https://a.example/rpc', 'https://b.example/rpc'])
    expect(chain.rpcUrls.default.http).toEqual(['https://a.example/rpc', 'https://b.example/rpc'])
    expect(chain.blockExplorers?.default.url).toBe('https://testnet.bscscan.com')
  })
})
