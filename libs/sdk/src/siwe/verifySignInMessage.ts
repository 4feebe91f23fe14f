import { type Address, type Client, type Hex, isAddressEqual, recoverMessageAddress } from 'viem'
import { parseSiweMessage, verifySiweMessage } from 'viem/siwe'
import {
  SignInExpiredError,
  type SignInExpiredErrorType,
  SignInFieldMismatchError,
  type SignInFieldMismatchErrorType,
  SignInMessageInvalidError,
  type SignInMessageInvalidErrorType,
  SignInNotYetValidError,
  type SignInNotYetValidErrorType,
  SignInSignatureError,
  type SignInSignatureErrorType,
} from '../errors/siwe.ts'

export type VerifySignInMessageParameters = {
  /** The exact message text that was signed. */
  message: string
  /** The wallet's signature of `message` (`personal_sign`). */
  signature: Hex
  /** The app's host the message must name. */
  domain: string
  /** The nonce the server issued for this sign-in (and must then discard). */
  nonce: string
  /** The chain id(s) the app accepts. Any chain when omitted. */
  chainId?: number | readonly number[] | undefined
  /** The current time. @default new Date() */
  now?: Date | undefined
  /** Tolerated clock difference between wallet and server, in seconds. @default 60 */
  clockSkew?: number | undefined
  /**
   * A viem client of the chain: with one, smart-contract wallets (ERC-1271 and ERC-6492) are verified too;
   * without, the signature must come from an ordinary account (recovered offline).
   */
  client?: Client | undefined
}

export type VerifySignInMessageReturnType = {
  /** The verified signer. */
  address: Address
  chainId: number
  nonce: string
  issuedAt: Date
  expirationTime: Date
}

export type VerifySignInMessageErrorType =
  | SignInMessageInvalidErrorType
  | SignInFieldMismatchErrorType
  | SignInExpiredErrorType
  | SignInNotYetValidErrorType
  | SignInSignatureErrorType

/**
 * Verifies a signed Sign-In with Ethereum (EIP-4361) message made by {@link createSignInMessage}: the domain, the
 * nonce and the chain are the expected ones, the message has an issue and an expiration time and is valid now
 * (within `clockSkew`), and the signature was made by the message's address. Throws a typed error otherwise.
 *
 * @returns The signer and the message's chain, nonce and validity.
 * @throws {VerifySignInMessageErrorType}
 *
 * @example
 * import { verifySignInMessage } from '@nexus/sdk'
 *
 * const { address } = await verifySignInMessage({
 *   message,
 *   signature,
 *   domain: 'app.example.com',
 *   nonce: session.nonce,
 *   chainId: 56,
 * })
 */
export async function verifySignInMessage(
  parameters: VerifySignInMessageParameters,
): Promise<VerifySignInMessageReturnType> {
  const { message, signature, domain, nonce, client } = parameters
  const now = parameters.now ?? new Date()
  const skew = (parameters.clockSkew ?? 60) * 1000

  const parsed = parseSiweMessage(message)
  const { address, chainId, issuedAt, expirationTime, notBefore } = parsed
  if (!address || !parsed.domain || !parsed.nonce || chainId === undefined || !parsed.uri || parsed.version !== '1') {
    throw new SignInMessageInvalidError('it is not a complete EIP-4361 message')
  }
  if (!issuedAt || Number.isNaN(issuedAt.getTime())) throw new SignInMessageInvalidError('it has no issue time')
  if (!expirationTime || Number.isNaN(expirationTime.getTime())) {
    throw new SignInMessageInvalidError('it has no expiration time')
  }
  if (parsed.domain !== domain) throw new SignInFieldMismatchError('domain', domain, parsed.domain)
  if (parsed.nonce !== nonce) throw new SignInFieldMismatchError('nonce', nonce, parsed.nonce)
  const chains = parameters.chainId === undefined ? undefined : [parameters.chainId].flat()
  if (chains && !chains.includes(chainId))
    throw new SignInFieldMismatchError('chainId', chains.join(' or '), `${chainId}`)
  if (now.getTime() >= expirationTime.getTime() + skew) throw new SignInExpiredError(expirationTime, now)
  const validFrom = notBefore && notBefore > issuedAt ? notBefore : issuedAt
  if (validFrom.getTime() > now.getTime() + skew) throw new SignInNotYetValidError(validFrom, now)

  let valid: boolean
  let cause: unknown
  try {
    valid = client
      ? // The times were checked above, with the clock skew: give viem a time inside the validity window.
        await verifySiweMessage(client, { message, signature, address, domain, nonce, time: validFrom })
      : isAddressEqual(await recoverMessageAddress({ message, signature }), address)
  } catch (error) {
    valid = false
    cause = error
  }
  if (!valid) throw new SignInSignatureError(address, cause)
  return { address, chainId, nonce: parsed.nonce, issuedAt, expirationTime }
}
