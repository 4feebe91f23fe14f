import { i18n } from '@lingui/core'
import type { Messages } from '@lingui/core'

/** The languages of the product; the first is the default (SPEC.md §9: Traditional Chinese). */
export const LOCALES = ['zh-Hant', 'en'] as const
export type AppLocale = (typeof LOCALES)[number]
export const DEFAULT_LOCALE: AppLocale = 'zh-Hant'
/** Local-storage key of the chosen language (SPEC.md §3). */
export const LANG_KEY = 'lang'

type CatalogModule = { messages: Messages }
type CatalogLoader = () => Promise<CatalogModule>

// Each catalog is its own chunk, compiled from the .po file by @lingui/vite-plugin: the shell's, and one per
// feature folder (lingui.config.ts).
const shellCatalogs: Record<AppLocale, CatalogLoader> = {
  'zh-Hant': () => import('../locales/zh-Hant/messages.po'),
  en: () => import('../locales/en/messages.po'),
}
const featureCatalogs: Record<AppLocale, CatalogLoader[]> = {
  'zh-Hant': Object.values(import.meta.glob<CatalogModule>('../features/*/locales/zh-Hant.po')),
  en: Object.values(import.meta.glob<CatalogModule>('../features/*/locales/en.po')),
}

/** All messages of a language: the shell's and every feature's, merged. */
async function loadMessages(locale: AppLocale): Promise<Messages> {
  const modules = await Promise.all([shellCatalogs[locale](), ...featureCatalogs[locale].map((load) => load())])
  return Object.assign({}, ...modules.map((module) => module.messages)) as Messages
}

/**
 * Maps a stored or requested language to one of {@link LOCALES}; the first product version stored `zh`.
 *
 * @example
 * toAppLocale('zh') // 'zh-Hant'
 * toAppLocale('fr') // undefined
 */
export function toAppLocale(value: string | null | undefined): AppLocale | undefined {
  if (!value) return undefined
  const lower = value.toLowerCase()
  if (lower === 'en' || lower.startsWith('en-')) return 'en'
  if (lower === 'zh' || lower.startsWith('zh-')) return 'zh-Hant'
  return undefined
}

/** The saved language, or the default. */
export function readLocale(storage: Pick<Storage, 'getItem'>): AppLocale {
  try {
    return toAppLocale(storage.getItem(LANG_KEY)) ?? DEFAULT_LOCALE
  } catch {
    return DEFAULT_LOCALE
  }
}

/**
 * Loads a language's catalog, makes it the active language and remembers it under `lang`.
 *
 * @example
 * await activateLocale('en', window.localStorage)
 */
export async function activateLocale(locale: AppLocale, storage?: Pick<Storage, 'setItem'>): Promise<void> {
  const messages = await loadMessages(locale)
  i18n.loadAndActivate({ locale, messages })
  if (typeof document !== 'undefined') document.documentElement.lang = locale
  try {
    storage?.setItem(LANG_KEY, locale)
  } catch {
    // Storage can be disabled; the language still applies to this visit.
  }
}

export { i18n }
