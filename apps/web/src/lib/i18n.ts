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

// Each catalog is its own chunk, compiled from the .po file by @lingui/vite-plugin: the shell's, loaded with the
// language, and one per feature folder (src/features/<name>) and per shared block (src/components/blocks/<name>)
// (lingui.config.ts), loaded when a page that needs it opens (its route's `staticData.page.catalogs`,
// lib/routeMeta.ts), so the first load carries only the shell's messages.
const shellCatalogs: Record<AppLocale, CatalogLoader> = {
  'zh-Hant': () => import('../locales/zh-Hant/messages.po'),
  en: () => import('../locales/en/messages.po'),
}
const pageCatalogs: Record<AppLocale, Record<string, CatalogLoader>> = {
  'zh-Hant': byName(
    import.meta.glob<CatalogModule>(['../features/*/locales/zh-Hant.po', '../components/blocks/*/locales/zh-Hant.po']),
  ),
  en: byName(import.meta.glob<CatalogModule>(['../features/*/locales/en.po', '../components/blocks/*/locales/en.po'])),
}

function byName(loaders: Record<string, CatalogLoader>): Record<string, CatalogLoader> {
  return Object.fromEntries(
    Object.entries(loaders).map(([path, load]) => [/\/([^/]+)\/locales\/[^/]+\.po$/.exec(path)?.[1] ?? path, load]),
  )
}

/** The catalogs a page can need: one per feature folder and per shared block (their names are unique). */
export const CATALOGS: readonly string[] = Object.keys(pageCatalogs.en).sort()

/** Catalogs whose messages were needed so far: a change of language loads them in the new language too. */
const neededCatalogs = new Set<string>()

async function loadMessages(locale: AppLocale, catalogs: Iterable<string>): Promise<Messages> {
  const loaders = [...catalogs].flatMap((name) => pageCatalogs[locale][name] ?? [])
  const modules = await Promise.all(loaders.map((load) => load()))
  return Object.assign({}, ...modules.map((module) => module.messages)) as Messages
}

/**
 * Makes the messages of catalogs (feature folders, shared blocks) available in the active language (and in any
 * language chosen later). Unknown names are ignored.
 *
 * @example
 * await loadCatalogs(['burn', 'account'])
 */
export async function loadCatalogs(catalogs: readonly string[]): Promise<void> {
  const missing = catalogs.filter((name) => !neededCatalogs.has(name) && name in pageCatalogs.en)
  if (missing.length === 0) return
  for (const name of missing) neededCatalogs.add(name)
  // The active language, and the one being activated if a change is under way (it may have listed the needed
  // catalogs before these were added). Before any language is active, activateLocale loads them.
  const locales = new Set([toAppLocale(i18n.locale), activating].filter((locale) => locale !== undefined))
  await Promise.all(
    [...locales].map(async (locale) => {
      i18n.load(locale, await loadMessages(locale, missing))
    }),
  )
}

/** The language activateLocale is loading, if any. */
let activating: AppLocale | undefined

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
  activating = locale
  const [shell, pages] = await Promise.all([shellCatalogs[locale](), loadMessages(locale, neededCatalogs)])
  const messages = { ...shell.messages, ...pages }
  i18n.loadAndActivate({ locale, messages })
  if (activating === locale) activating = undefined
  if (typeof document !== 'undefined') document.documentElement.lang = locale
  try {
    storage?.setItem(LANG_KEY, locale)
  } catch {
    // Storage can be disabled; the language still applies to this visit.
  }
}

// A message without a translation shows its id: say which one, so the browser tests (which fail on console errors)
// catch a page whose catalog was not loaded (its route's `catalogs`) or a catalog left out of date.
i18n.on('missing', ({ id, locale }) => console.error(`Missing ${locale} message: ${id}`))

export { i18n }
