import { describe, expect, it } from 'vitest'
import { createSignInMessage } from './createSignInMessage.ts'

const base = {
  address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  chainId: 31337,
  domain: 'localhost:5173',
  uri: 'http://localhost:5173',
  nonce: 'abcdef1234567890',
  issuedAt: new Date('2025-06-01T12:00:00.000Z'),
} as const

describe('createSignInMessage', () => {
  it('writes an EIP-4361 message that expires after 10 minutes by default', () => {
    expect(createSignInMessage(base)).toMatchInlineSnapshot(`
      "localhost:5173 wants you to sign in with your Ethereum account:
      0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266

      Sign in to Nexus.

      URI: http://localhost:5173
      Version: 1
      Chain ID: 31337
      Nonce: abcdef1234567890
      Issued At: 2025-06-01T12:00:00.000Z
      Expiration Time: 2025-06-01T12:10:00.000Z"
    `)
  })

  it('rejects a nonce that is too short (viem checks every field)', () => {
    expect(() => createSignInMessage({ ...base, nonce: 'abc' })).toThrowError(/nonce/i)
  })
})

describe('createSignInMessage options', () => {
  it('takes a statement and an expiration time', () => {
    const message = createSignInMessage({
      ...base,
      statement: 'Log in to the admin pages.',
      expirationTime: new Date('2025-06-02T00:00:00.000Z'),
    })
    expect(message).toContain('\n\nLog in to the admin pages.\n\n')
    expect(message).toContain('Expiration Time: 2025-06-02T00:00:00.000Z')
  })
})
