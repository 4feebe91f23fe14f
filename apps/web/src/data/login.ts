import { useCallback, useSyncExternalStore } from 'react'
import { useLingui } from '@lingui/react/macro'
import { createSignInMessage } from '@nexus/sdk'
import type { LegacyFields, LegacyRoute } from '@nexus/sdk'
import { useQuery } from '@tanstack/react-query'
import type { Address } from 'viem'
import { queryClient } from '../lib/queryClient.ts'
import { useConnection, useWalletRuntime } from './wallet.tsx'
import { env } from '../lib/env.ts'
import { toAppLocale } from '../lib/i18n.ts'
import { legacyCall, LegacyApiError } from '../lib/legacyApi.ts'
import { clearLoginToken, loginSnapshot, saveLogin, subscribeLogin } from '../lib/loginToken.ts'
import type { LoginEnd } from '../lib/loginToken.ts'

/** The sign-in was refused before anything was signed: the server does not accept this site's host. */
export class SignInDomainError extends Error {
  override name = 'SignInDomainError' as const
  readonly domain: string
  constructor(domain: string) {
    super(`the legacy API does not accept sign-in messages for ${domain}`)
    this.domain = domain
  }
}

export type Login = {
  /** The connected wallet has a saved login (its token is sent with the legacy calls that need it). */
  signedIn: boolean
  token: string | undefined
  /** Why the last login ended, until the next sign-in: shown as "sign in again" when the server ended it. */
  ended: LoginEnd | undefined
  /** Signs the legacy API's Sign-In with Ethereum message with the connected wallet and saves the token. */
  signIn(): Promise<void>
  /** Ends the session on the server (best effort) and forgets the token. */
  signOut(): Promise<void>
}

/** The saved login of the connected wallet, and signing in and out (SPEC.md §3, §4, §7). */
export function useLogin(): Login {
  const { i18n } = useLingui()
  const { address } = useConnection()
  const { login, ended } = useSyncExternalStore(subscribeLogin, () => loginSnapshot())
  const loadWallet = useWalletRuntime()
  const locale = toAppLocale(i18n.locale) ?? 'zh-Hant'
  const signedIn = login !== undefined && address !== undefined && login.account === address.toLowerCase()
  const token = signedIn ? login.token : undefined

  const signIn = useCallback(async () => {
    if (!address) throw new Error('connect a wallet first')
    const options = { baseUrl: env.legacyApiUrl, locale }
    const challenge = await legacyCall('nonce', { address }, options)
    const domain = window.location.host
    if (!challenge.domains.includes(domain)) throw new SignInDomainError(domain)
    // The message's times are the server's, so that a wrong clock on this device cannot make it invalid.
    const message = createSignInMessage({
      address: address as Address,
      chainId: challenge.chainId,
      domain,
      uri: window.location.origin,
      nonce: challenge.nonce,
      issuedAt: new Date(challenge.issuedAt),
      expirationTime: new Date(challenge.expirationTime),
    })
    const signature = await (await loadWallet()).signMessage(address, message)
    const session = await legacyCall('login', { message, signature }, options)
    saveLogin(window.localStorage, { token: session.token, account: session.address })
  }, [address, locale, loadWallet])

  const signOut = useCallback(async () => {
    const saved = token
    clearLoginToken(window.localStorage, 'signedOut')
    if (!saved) return
    // The token is forgotten here whatever the server answers; revoking it there ends it for every copy.
    await legacyCall('logout', {}, { baseUrl: env.legacyApiUrl, locale, token: saved }).catch(() => undefined)
  }, [token, locale])

  return { signedIn, token, ended, signIn, signOut }
}

/**
 * A legacy route's data for the signed-in wallet (SPEC.md §7), refreshed every `refreshMs`; a 4700 answer forgets
 * the login, so that the page asks to sign in again.
 *
 * @example
 * const team = useLegacyQuery('teamInfo')
 */
export function useLegacyQuery<route extends LegacyRoute>(
  route: route,
  fields: Readonly<LegacyFields<route>> = {} as LegacyFields<route>,
  refreshMs = 15_000,
) {
  const { i18n } = useLingui()
  const { token } = useLogin()
  const locale = toAppLocale(i18n.locale) ?? 'zh-Hant'
  return useQuery(
    {
      queryKey: ['legacy', route, fields, token, locale],
      enabled: token !== undefined,
      refetchInterval: refreshMs,
      retry: (count, error) => !(error instanceof LegacyApiError && error.kind !== 'network') && count < 1,
      queryFn: async ({ signal }) => {
        try {
          return await legacyCall(route, fields, { baseUrl: env.legacyApiUrl, token, locale, signal })
        } catch (error) {
          if (error instanceof LegacyApiError && error.kind === 'notLoggedIn') {
            clearLoginToken(window.localStorage, 'expired')
          }
          throw error
        }
      },
    },
    queryClient,
  )
}
