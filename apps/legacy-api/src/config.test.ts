import { expect, test } from 'vitest'
import { ConfigError, readConfig } from './config.ts'

test('defaults for the local product', () => {
  expect(readConfig({})).toEqual({
    rpcUrls: ['http://127.0.0.1:8545'],
    chainId: 31337,
    deploymentsFile: undefined,
    databaseUrl: undefined,
    databaseMigrate: true,
    port: 4100,
    host: '127.0.0.1',
    corsOrigins: ['http://127.0.0.1:5173', 'http://localhost:5173', 'http://127.0.0.1:4173', 'http://localhost:4173'],
    rateLimitPerMinute: 600,
    trustProxy: false,
    logLevel: 'info',
    paymentReceiver: undefined,
    paymentToken: undefined,
    confirmations: 1,
    signInDomains: ['127.0.0.1:5173', 'localhost:5173', '127.0.0.1:4173', 'localhost:4173'],
    sessionTtlSeconds: 604_800,
    dayLength: 86_400,
    withdrawFee: 10n ** 15n,
    withdrawPolicy: { approvalThreshold: 1000n * 10n ** 18n, dailyCap: 10_000n * 10n ** 18n },
    payoutCreditTypes: ['USDT'],
    loginRateLimitPerMinute: 30,
    purchaseRateLimitPerMinute: 60,
    readUrl: undefined,
    readWaitMs: 1000,
    readMaxLagSeconds: 30,
  })
})

test('operators’ settings', () => {
  const config = readConfig({
    CORS_ORIGINS: 'https://app.example.com',
    PAYMENT_RECEIVER: '0x00000000000000000000000000000000000000AB',
    PAYMENT_TOKEN: '0x55d398326f99059fF775485246999027B3197955',
    CONFIRMATIONS: '15',
    WITHDRAW_FEE: '0.0025',
    DAY_SECONDS: '600',
    SESSION_TTL_SECONDS: '3600',
    WITHDRAW_APPROVAL_THRESHOLD: '250.5',
    WITHDRAW_DAILY_CAP: '2000',
    WITHDRAW_TOKEN_ARB: '0x00000000000000000000000000000000000000aA',
  })
  expect(config).toMatchObject({
    signInDomains: ['app.example.com'],
    paymentReceiver: '0x00000000000000000000000000000000000000ab',
    paymentToken: '0x55d398326f99059ff775485246999027b3197955',
    confirmations: 15,
    withdrawFee: 2_500_000_000_000_000n,
    dayLength: 600,
    sessionTtlSeconds: 3600,
    withdrawPolicy: { approvalThreshold: 2505n * 10n ** 17n, dailyCap: 2000n * 10n ** 18n },
    payoutCreditTypes: ['USDT', 'ARB'],
  })
  expect(readConfig({ SIWE_DOMAINS: 'a.example, b.example:8443' }).signInDomains).toEqual([
    'a.example',
    'b.example:8443',
  ])
})

test.each([
  [{ PAYMENT_RECEIVER: '0x1234' }, /PAYMENT_RECEIVER must be an address/],
  [{ PAYMENT_TOKEN: 'usdt' }, /PAYMENT_TOKEN must be an address/],
  [{ CONFIRMATIONS: '0' }, /CONFIRMATIONS must be between 1 and 1000/],
  [{ CONFIRMATIONS: '1e3' }, /CONFIRMATIONS must be a whole number/],
  [{ WITHDRAW_FEE: '-1' }, /WITHDRAW_FEE must be an amount/],
  [{ WITHDRAW_FEE: '0' }, /WITHDRAW_FEE must be more than 0/],
  [{ SIWE_DOMAINS: 'https://app.example.com' }, /SIWE_DOMAINS entry/],
  [{ SESSION_TTL_SECONDS: '10' }, /SESSION_TTL_SECONDS must be between/],
  [{ WITHDRAW_TOKEN_ARB: 'arb' }, /WITHDRAW_TOKEN_ARB must be an address/],
])('%o → a ConfigError naming the variable', (env, message) => {
  expect(() => readConfig(env)).toThrow(ConfigError)
  expect(() => readConfig(env)).toThrow(message)
})

test('BSC testnet settings from the environment alone', () => {
  const testnet = {
    CHAIN_ID: '97',
    RPC_URL: 'https://rpc-one.example/bsc-testnet,https://rpc-two.example/bsc-testnet',
    DEPLOYMENTS_FILE: '/srv/nexus/97.json',
    CORS_ORIGINS: 'https://app.example.com',
  }
  expect(readConfig(testnet)).toMatchObject({
    chainId: 97,
    rpcUrls: ['https://rpc-one.example/bsc-testnet', 'https://rpc-two.example/bsc-testnet'],
    deploymentsFile: '/srv/nexus/97.json',
    signInDomains: ['app.example.com'],
  })
  expect(() => readConfig({ ...testnet, RPC_URL: '' })).toThrow(
    "RPC_URL is required on chain 97: the default http://127.0.0.1:8545 is the local chain's node",
  )
  expect(() => readConfig({ ...testnet, CORS_ORIGINS: '' })).toThrow(/CORS_ORIGINS is required on chain 97/)
  expect(() => readConfig({ ...testnet, RPC_URL: 'https://x.example,ws://x.example' })).toThrow(ConfigError)
  expect(() => readConfig({ ...testnet, RPC_URL: 'ws://x.example' })).toThrow('RPC_URL must hold http(s) URLs')
})
