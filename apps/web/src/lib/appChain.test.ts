import { describe, expect, it } from 'vitest'
import { appTransport, createAppChain, explorerUrl } from './appChain.ts'

describe('explorerUrl', () => {
  it('links BscScan on BSC and its testnet, nothing on the local chain', () => {
    expect(explorerUrl(56, 'tx', '0xab')).toBe('https://bscscan.com/tx/0xab')
    expect(explorerUrl(97, 'address', '0xcd')).toBe('https://testnet.bscscan.com/address/0xcd')
    expect(explorerUrl(31337, 'tx', '0xab')).toBeUndefined()
  })
})

describe('appTransport', () => {
  it('tries several RPC URLs in order (viem fallback), one URL as it is', () => {
    const chain = createAppChain(97, ['https://a.example/rpc', 'https://b.example/rpc'])
    expect(chain.rpcUrls.default.http).toEqual(['https://a.example/rpc', 'https://b.example/rpc'])
    const several = appTransport(chain.rpcUrls.default.http)({ chain })
    expect(several.config.type).toBe('fallback')
    const one = appTransport(['https://a.example/rpc'])({ chain })
    expect(one.config.type).toBe('http')
    expect(() => appTransport([])).toThrow('at least one RPC URL')
  })

  it('moves on to the next URL when one fails', async () => {
    const calls: string[] = []
    const fetchFn = (async (url: string | URL | Request) => {
      calls.push(String(url))
      if (String(url).includes('down')) return new Response('bad gateway', { status: 502 })
      return Response.json({ jsonrpc: '2.0', id: 1, result: '0x61' })
    }) as typeof fetch
    const chain = createAppChain(97, ['https://down.example/rpc', 'https://up.example/rpc'])
    const transport = appTransport(chain.rpcUrls.default.http, { fetchFn, retryCount: 0 })({ chain, retryCount: 0 })
    expect(await transport.request({ method: 'eth_chainId' })).toBe('0x61')
    expect(calls).toEqual(['https://down.example/rpc', 'https://up.example/rpc'])
  })
})
