import type { Address } from 'viem'
import { createSiweMessage, type CreateSiweMessageErrorType } from 'viem/siwe'

/** How long a sign-in message stays valid by default: 10 minutes. */
export const signInMessageTtl = 600

export type CreateSignInMessageParameters = {
  /** The signing wallet. */
  address: Address
  /** The chain the session is bound to (EIP-155). */
  chainId: number
  /** The app's host (RFC 3986 authority), e.g. `app.example.com` or `localhost:5173`. */
  domain: string
  /** The app's origin or sign-in URL, e.g. `https://app.example.com`. */
  uri: string
  /** A one-time nonce from the server (at least 8 letters and digits; `generateSiweNonce()` from `viem/siwe`). */
  nonce: string
  /** The sentence the user reads in the wallet. @default 'Sign in to Nexus.' */
  statement?: string | undefined
  /** When the message is made. @default new Date() */
  issuedAt?: Date | undefined
  /** When it stops being valid. @default issuedAt + 10 minutes */
  expirationTime?: Date | undefined
}

export type CreateSignInMessageErrorType = CreateSiweMessageErrorType

/**
 * Builds the Sign-In with Ethereum (EIP-4361) message the wallet signs, with the policy shared by the web app and
 * the legacy API: domain, URI, chain id, a server nonce, the issue time and an expiration time (10 minutes by
 * default) are always present. Verify it with {@link verifySignInMessage}.
 *
 * @example
 * import { createSignInMessage } from '@nexus/sdk'
 *
 * const message = createSignInMessage({
 *   address: account.address,
 *   chainId: 31337,
 *   domain: window.location.host,
 *   uri: window.location.origin,
 *   nonce, // from the server
 * })
 * const signature = await walletClient.signMessage({ account, message })
 */
export function createSignInMessage(parameters: CreateSignInMessageParameters): string {
  const issuedAt = parameters.issuedAt ?? new Date()
  return createSiweMessage({
    address: parameters.address,
    chainId: parameters.chainId,
    domain: parameters.domain,
    uri: parameters.uri,
    nonce: parameters.nonce,
    statement: parameters.statement ?? 'Sign in to Nexus.',
    version: '1',
    issuedAt,
    expirationTime: parameters.expirationTime ?? new Date(issuedAt.getTime() + signInMessageTtl * 1000),
  })
}
