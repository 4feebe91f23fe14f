import { describe, expect, it } from 'vitest'
import {
  DEFAULT_GRAPHQL_URL,
  DEFAULT_LEGACY_API_URL,
  DEFAULT_RPC_URL,
  EnvError,
  parseAddressList,
  parseEnv,
} from './env.ts'

describe('parseEnv', () => {
  it('falls back to the local product', () => {
    expect(parseEnv({})).toEqual({
      chainId: 31337,
      rpcUrl: DEFAULT_RPC_URL,
      rpcUrls: [DEFAULT_RPC_URL],
      graphqlUrl: DEFAULT_GRAPHQL_URL,
      legacyApiUrl: DEFAULT_LEGACY_API_URL,
      extraManagers: [],
      explorerUrl: undefined,
    })
    expect(parseEnv({ VITE_CHAIN_ID: ' ', VITE_RPC_URL: '' }).chainId).toBe(31337)
  })

  it('reads the operator settings', () => {
    const env = parseEnv({
      VITE_CHAIN_ID: '97',
      VITE_RPC_URL: 'https://rpc.example.org/bsc-testnet',
      VITE_GRAPHQL_URL: 'https://indexer.example.org/graphql',
      VITE_LEGACY_API_URL: 'https://api.example.org',
      VITE_EXTRA_MANAGERS: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266',
      VITE_EXPLORER_URL: 'https://scan.example.org/',
    })
    expect(env).toEqual({
      chainId: 97,
      rpcUrl: 'https://rpc.example.org/bsc-testnet',
      rpcUrls: ['https://rpc.example.org/bsc-testnet'],
      graphqlUrl: 'https://indexer.example.org/graphql',
      legacyApiUrl: 'https://api.example.org/',
      extraManagers: ['0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'],
      explorerUrl: 'https://scan.example.org',
    })
  })

  it('reads several RPC URLs in order, without repeats', () => {
    const env = parseEnv({ VITE_RPC_URL: 'https://a.example/rpc, https://b.example/rpc\nhttps://a.example/rpc' })
    expect(env.rpcUrls).toEqual(['https://a.example/rpc', 'https://b.example/rpc'])
    expect(env.rpcUrl).toBe('https://a.example/rpc')
    expect(() => parseEnv({ VITE_RPC_URL: 'https://a.example/rpc, localhost:8545' })).toThrow(
      'VITE_RPC_URL must be an absolute http(s) URL, got "localhost:8545"',
    )
  })

  it.each([['0'], ['-1'], ['1.5'], ['abc']])('rejects the chain id %s', (value) => {
    expect(() => parseEnv({ VITE_CHAIN_ID: value })).toThrow(EnvError)
  })

  it.each([['localhost:8545'], ['ftp://x.example'], ['javascript:alert(1)']])('rejects the URL %s', (value) => {
    expect(() => parseEnv({ VITE_RPC_URL: value })).toThrow(/VITE_RPC_URL must be an absolute http\(s\) URL/)
    expect(() => parseEnv({ VITE_GRAPHQL_URL: value })).toThrow(/VITE_GRAPHQL_URL/)
    expect(() => parseEnv({ VITE_LEGACY_API_URL: value })).toThrow(/VITE_LEGACY_API_URL/)
    expect(() => parseEnv({ VITE_EXPLORER_URL: value })).toThrow(/VITE_EXPLORER_URL/)
  })
})

describe('parseAddressList', () => {
  it('splits on commas and spaces, checksums and de-duplicates', () => {
    expect(
      parseAddressList(
        'X',
        '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266, 0x70997970C51812dc3A010C7d01b50e0d17dc79C8\n0xF39FD6E51AAD88F6F4CE6AB8827279CFFFB92266',
      ),
    ).toEqual(['0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'])
    expect(parseAddressList('X', '')).toEqual([])
    expect(parseAddressList('X', undefined)).toEqual([])
  })

  it('names the variable and the bad entry', () => {
    expect(() => parseAddressList('VITE_EXTRA_MANAGERS', '0x1234')).toThrow(
      'VITE_EXTRA_MANAGERS holds "0x1234", which is not an address',
    )
  })
})
