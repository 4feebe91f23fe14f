import { http, createPublicClient } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { hardhat } from 'viem/chains'
import { createSiweMessage, generateSiweNonce } from 'viem/siwe'
import { describe, expect, inject, it } from 'vitest'
import {
  SignInExpiredError,
  SignInFieldMismatchError,
  SignInMessageInvalidError,
  SignInNotYetValidError,
  SignInSignatureError,
} from '../errors/siwe.ts'
import { createSignInMessage } from './createSignInMessage.ts'
import { verifySignInMessage } from './verifySignInMessage.ts'

const account = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')
const issuedAt = new Date('2025-06-01T12:00:00.000Z')
const base = {
  address: account.address,
  chainId: 31337,
  domain: 'localhost:5173',
  uri: 'http://localhost:5173',
  nonce: 'abcdef1234567890',
  issuedAt,
}
const expected = { domain: base.domain, nonce: base.nonce, chainId: 31337, now: new Date('2025-06-01T12:05:00.000Z') }

async function signed(overrides: Partial<Parameters<typeof createSignInMessage>[0]> = {}, signer = account) {
  const message = createSignInMessage({ ...base, ...overrides })
  return { message, signature: await signer.signMessage({ message }) }
}

describe('verifySignInMessage', () => {
  it('returns the signer of a valid message signed by a private key', async () => {
    const { message, signature } = await signed()
    expect(await verifySignInMessage({ message, signature, ...expected })).toEqual({
      address: account.address,
      chainId: 31337,
      nonce: base.nonce,
      issuedAt,
      expirationTime: new Date('2025-06-01T12:10:00.000Z'),
    })
  })

  it('verifies through a chain client as well (smart-wallet capable path)', async () => {
    const client = createPublicClient({ chain: hardhat, transport: http(inject('rpcUrl')) })
    const { message, signature } = await signed()
    expect((await verifySignInMessage({ message, signature, ...expected, client })).address).toBe(account.address)
    const other = privateKeyToAccount(generatePrivateKey())
    const forged = await other.signMessage({ message })
    await expect(verifySignInMessage({ message, signature: forged, ...expected, client })).rejects.toThrowError(
      SignInSignatureError,
    )
  })

  it('accepts a fresh nonce from generateSiweNonce and one of several chains', async () => {
    const nonce = generateSiweNonce()
    const { message, signature } = await signed({ nonce, chainId: 56 })
    const result = await verifySignInMessage({ message, signature, ...expected, nonce, chainId: [56, 97] })
    expect(result.chainId).toBe(56)
  })

  it.each([
    ['another domain', { domain: 'evil.example' }, SignInFieldMismatchError, 'domain'],
    ['another nonce', { nonce: 'zzzzzzzzzzzzzzzz' }, SignInFieldMismatchError, 'nonce'],
    ['another chain', { chainId: 1 }, SignInFieldMismatchError, 'chainId'],
  ] as const)('rejects a message made for %s', async (_, overrides, ErrorClass, field) => {
    const { message, signature } = await signed(overrides)
    const error = await verifySignInMessage({ message, signature, ...expected }).catch((error: unknown) => error)
    expect(error).toBeInstanceOf(ErrorClass)
    expect((error as SignInFieldMismatchError).field).toBe(field)
  })

  it('rejects an expired message, and tolerates 60 s of clock skew', async () => {
    const { message, signature } = await signed()
    const at = (iso: string) => verifySignInMessage({ message, signature, ...expected, now: new Date(iso) })
    await expect(at('2025-06-01T12:10:59.000Z')).resolves.toBeTruthy()
    await expect(at('2025-06-01T12:11:00.000Z')).rejects.toThrowError(SignInExpiredError)
  })

  it('rejects a message issued in the future or not valid before a later time', async () => {
    const future = await signed({ issuedAt: new Date('2025-06-01T12:07:00.000Z') })
    await expect(verifySignInMessage({ ...future, ...expected })).rejects.toThrowError(SignInNotYetValidError)
    const message = createSiweMessage({
      ...base,
      version: '1',
      notBefore: new Date('2025-06-01T12:08:00.000Z'),
      expirationTime: new Date('2025-06-01T12:20:00.000Z'),
    })
    const signature = await account.signMessage({ message })
    await expect(verifySignInMessage({ message, signature, ...expected })).rejects.toThrowError(SignInNotYetValidError)
  })

  it('requires an expiration time and a complete message', async () => {
    const message = createSiweMessage({ ...base, version: '1' })
    const signature = await account.signMessage({ message })
    await expect(verifySignInMessage({ message, signature, ...expected })).rejects.toThrowError(
      /it has no expiration time/,
    )
    await expect(verifySignInMessage({ message: 'please sign in', signature, ...expected })).rejects.toThrowError(
      SignInMessageInvalidError,
    )
  })

  it('rejects a signature by another key, and a message changed after signing', async () => {
    const other = privateKeyToAccount(generatePrivateKey())
    const byOther = await signed({}, other)
    await expect(verifySignInMessage({ ...byOther, ...expected })).rejects.toThrowError(SignInSignatureError)
    const { message, signature } = await signed()
    const changed = message.replace('Sign in to Nexus.', 'Sign in to Nexus!')
    await expect(verifySignInMessage({ message: changed, signature, ...expected })).rejects.toThrowError(
      SignInSignatureError,
    )
    await expect(verifySignInMessage({ message, signature: '0x1234', ...expected })).rejects.toThrowError(
      SignInSignatureError,
    )
  })
})
