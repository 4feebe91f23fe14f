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
