import { toUserError } from '@nexus/sdk'
import type { UserError } from '@nexus/sdk'

/**
 * The SDK's `toUserError`, in a module of its own: it decodes custom errors against every contract ABI, so the app
 * loads it only when an error has to be explained (lib/userErrors.ts), keeping the ABIs out of the first load.
 */
export function describeError(error: unknown, locale: 'zh-Hant' | 'en', context?: 'login'): UserError {
  return toUserError(error, { locale, context })
}
