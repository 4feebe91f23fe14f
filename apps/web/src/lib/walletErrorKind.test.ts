import { ProviderNotFoundError } from 'wagmi'
import { UserRejectedRequestError } from 'viem'
import { describe, expect, it } from 'vitest'
import { walletErrorKind } from './walletErrorKind.ts'

describe('walletErrorKind', () => {
  it('recognises a rejected login, also when wrapped', () => {
    expect(walletErrorKind({ code: 4001, message: 'User rejected the request.' })).toBe('rejected')
    expect(walletErrorKind(new UserRejectedRequestError(new Error('denied')))).toBe('rejected')
    expect(walletErrorKind(new Error('outer', { cause: { code: 4001 } }))).toBe('rejected')
  })

  it('recognises a missing wallet', () => {
    expect(walletErrorKind(new ProviderNotFoundError())).toBe('no-wallet')
  })

  it('leaves other errors as other', () => {
    expect(walletErrorKind(new Error('boom'))).toBe('other')
    expect(walletErrorKind(undefined)).toBe('other')
    expect(walletErrorKind('text')).toBe('other')
  })
})
