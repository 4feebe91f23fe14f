import { describe, expect, it } from 'vitest'
import { activateLocale, DEFAULT_LOCALE, i18n, LANG_KEY, readLocale, toAppLocale } from './i18n.ts'

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial))
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
  }
}

describe('languages', () => {
  it('default to Traditional Chinese', () => {
    expect(DEFAULT_LOCALE).toBe('zh-Hant')
    expect(readLocale(memoryStorage())).toBe('zh-Hant')
    expect(readLocale(memoryStorage({ [LANG_KEY]: 'klingon' }))).toBe('zh-Hant')
  })

  it("map stored values, including the first version's zh", () => {
    expect(toAppLocale('zh')).toBe('zh-Hant')
    expect(toAppLocale('zh-TW')).toBe('zh-Hant')
    expect(toAppLocale('en')).toBe('en')
    expect(toAppLocale('en-US')).toBe('en')
    expect(toAppLocale('fr')).toBeUndefined()
    expect(readLocale(memoryStorage({ [LANG_KEY]: 'en' }))).toBe('en')
  })

  it('activate a compiled catalog and remember the choice', async () => {
    const storage = memoryStorage()
    await activateLocale('en', storage)
    expect(i18n.locale).toBe('en')
    expect(i18n._({ id: 'language.zh-Hant.short' })).toBe('繁中')
    expect(storage.data.get(LANG_KEY)).toBe('en')
    expect(document.documentElement.lang).toBe('en')

    await activateLocale('zh-Hant', storage)
    expect(storage.data.get(LANG_KEY)).toBe('zh-Hant')
    expect(i18n._({ id: 'language.en.short' })).toBe('EN')
  })
})

describe('page catalogs', () => {
  it('are found for every feature folder and shared block with messages, and load into the active language', async () => {
    const { CATALOGS, loadCatalogs } = await import('./i18n.ts')
    const paths = Object.keys(import.meta.glob(['../features/*/locales/en.po', '../components/blocks/*/locales/en.po']))
    const folders = paths.map((path) => /\/([^/]+)\/locales\//.exec(path)?.[1])
    expect(CATALOGS).toEqual([...folders].sort())
    expect(CATALOGS).toContain('account')
    expect(CATALOGS).toContain('burn')
    const [name] = CATALOGS
    if (name === undefined) return
    const loaders = import.meta.glob<{ messages: Record<string, unknown> }>([
      '../features/*/locales/*.po',
      '../components/blocks/*/locales/*.po',
    ])
    const catalog = async (locale: string) => {
      const path = Object.keys(loaders).find((key) => key.endsWith(`/${name}/locales/${locale}.po`))
      const load = path ? loaders[path] : undefined
      if (!load) throw new Error(`no ${locale} catalog for ${name}`)
      return (await load()).messages
    }
    const [en, zh] = [await catalog('en'), await catalog('zh-Hant')]
    const [enId = ''] = Object.keys(en)
    const [zhId = ''] = Object.keys(zh)
    await activateLocale('en')
    await loadCatalogs([name, 'no-such-catalog'])
    expect(i18n.messages[enId]).toEqual(en[enId])
    // A later change of language brings the catalog's messages along.
    await activateLocale('zh-Hant')
    expect(i18n.messages[zhId]).toEqual(zh[zhId])
  })
})
