import type { LegacyData, LegacyFields, LegacyRoute } from '@nexus/sdk'
import type { AppLocale } from './i18n.ts'

/** Path of the legacy API's routes under its origin (SPEC.md §7). */
export const LEGACY_API_PATH = '/api/api/invest/'
/** How long a legacy call may take before it fails (SPEC.md §7: 60 s). */
export const LEGACY_API_TIMEOUT_MS = 60_000

/**
 * How a legacy call failed (SPEC.md §7, §8): `notLoggedIn` is code 4700 (the saved login is no longer valid),
 * `rejected` is code 4800 (the server's message says why), `failed` any other code; `network`, `timeout` and
 * `http` are failures to get an answer at all.
 */
export type LegacyApiErrorKind = 'notLoggedIn' | 'rejected' | 'failed' | 'network' | 'timeout' | 'http'

/** A failed legacy call; `serverMessage` is the server's text (already in the requested language) for 4800. */
export class LegacyApiError extends Error {
  override name = 'LegacyApiError' as const
  readonly kind: LegacyApiErrorKind
  /** The response's `code`, or the HTTP status for `http`. */
  readonly code: number | undefined
  readonly serverMessage: string | undefined

  constructor(kind: LegacyApiErrorKind, detail: { code?: number; serverMessage?: string; cause?: unknown } = {}) {
    super(`legacy API: ${kind}${detail.code === undefined ? '' : ` (${detail.code})`}`, { cause: detail.cause })
    this.kind = kind
    this.code = detail.code
    this.serverMessage = detail.serverMessage
  }
}

export type LegacyCallOptions = {
  /** The legacy API's origin (env.legacyApiUrl). */
  baseUrl: string
  /** The saved login token, sent as the `token` header. */
  token?: string | undefined
  /** The interface language: the server answers its messages in it (`lang` header: zh-cn or en). */
  locale: AppLocale
  signal?: AbortSignal | undefined
  fetch?: typeof fetch
}

/** The `lang` header of a language (SPEC.md §7: en or zh-cn). */
export function legacyLang(locale: AppLocale): 'en' | 'zh-cn' {
  return locale === 'en' ? 'en' : 'zh-cn'
}

/**
 * One call of the legacy API: a form-encoded POST of `fields` to `route`, answering `data` when `code` is 0 and
 * throwing a {@link LegacyApiError} otherwise. The fields and the data are typed by the route (`LegacyRoutes` of
 * @nexus/sdk, the types the server's routes answer through).
 *
 * @example
 * const info = await legacyCall('teamInfo', {}, { baseUrl: env.legacyApiUrl, token, locale: 'en' })
 */
export async function legacyCall<route extends LegacyRoute>(
  route: route,
  fields: Readonly<LegacyFields<route>>,
  options: LegacyCallOptions,
): Promise<LegacyData<route>> {
  const url = new URL(LEGACY_API_PATH + route, options.baseUrl)
  const headers: Record<string, string> = {
    'content-type': 'application/x-www-form-urlencoded',
    lang: legacyLang(options.locale),
  }
  if (options.token) headers.token = options.token
  const timeout = AbortSignal.timeout(LEGACY_API_TIMEOUT_MS)
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout
  let response: Response
  try {
    response = await (options.fetch ?? fetch)(url, {
      method: 'POST',
      headers,
      body: new URLSearchParams(
        Object.entries(fields as Readonly<Record<string, string | number | undefined>>).flatMap(([key, value]) =>
          value === undefined ? [] : [[key, String(value)]],
        ),
      ),
      signal,
    })
  } catch (error) {
    if (options.signal?.aborted) throw error
    throw new LegacyApiError(timeout.aborted ? 'timeout' : 'network', { cause: error })
  }
  if (!response.ok) throw new LegacyApiError('http', { code: response.status })
  let body: { code?: unknown; msg?: unknown; data?: unknown }
  try {
    body = (await response.json()) as typeof body
  } catch (error) {
    throw new LegacyApiError('http', { code: response.status, cause: error })
  }
  const code = typeof body.code === 'number' ? body.code : Number(body.code)
  if (code === 0) return body.data as LegacyData<route>
  const serverMessage = typeof body.msg === 'string' ? body.msg : undefined
  if (code === 4700) throw new LegacyApiError('notLoggedIn', { code, serverMessage })
  if (code === 4800) throw new LegacyApiError('rejected', { code, serverMessage })
  throw new LegacyApiError('failed', { code: Number.isFinite(code) ? code : undefined, serverMessage })
}
