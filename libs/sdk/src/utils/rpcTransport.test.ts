import { describe, expect, it } from 'vitest'
import { rpcTransport } from './rpcTransport.ts'

describe('rpcTransport', () => {
  it('uses one URL as it is, several through a fallback, none is an error', () => {
    expect(rpcTransport(['https://a.example/rpc'])({}).config.type).toBe('http')
    expect(rpcTransport(['https://a.example/rpc', 'https://b.example/rpc'])({}).config.type).toBe('fallback')
    expect(() => rpcTransport([])).toThrow('at least one RPC URL')
  })

  it('moves on to the next URL when one fails', async () => {
    const calls: string[] = []
    const fetchFn = (async (url: string | URL | Request) => {
      calls.push(String(url))
      if (String(url).includes('down')) return new Response('bad gateway', { status: 502 })
      return Response.json({ jsonrpc: '2.0', id: 1, result: '0x61' })
    }) as typeof fetch
    const transport = rpcTransport(['https://down.example/rpc', 'https://up.example/rpc'], { fetchFn, retryCount: 0 })
    expect(await transport({ retryCount: 0 }).request({ method: 'eth_chainId' })).toBe('0x61')
    expect(calls).toEqual(['https://down.example/rpc', 'https://up.example/rpc'])
  })
})
