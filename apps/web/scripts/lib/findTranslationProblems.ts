// The rules of the translation check (scripts/check-translations.ts), as a pure function so that they are tested.

/** A message as extracted from the source code. */
export type SourceMessage = { message?: string | undefined }
/** A message as read from a locale's catalog. */
export type CatalogMessage = { message?: string | undefined; translation?: string | undefined; obsolete?: boolean }

export type TranslationProblem = {
  locale: string
  id: string
  kind: 'missing-entry' | 'empty-translation' | 'obsolete-entry' | 'placeholder-mismatch'
  detail: string
}

/**
 * Compares what the code says with what each catalog holds. A problem is a message of the code that a catalog lacks
 * or leaves untranslated, an entry no longer used by the code, or a translation whose `{placeholders}` differ from
 * the source message's.
 *
 * @example
 * findTranslationProblems({ a: { message: 'Hi {name}' } }, { en: { a: { translation: 'Hi {name}' } } }) // []
 */
export function findTranslationProblems(
  source: Readonly<Record<string, SourceMessage>>,
  catalogs: Readonly<Record<string, Readonly<Record<string, CatalogMessage>> | undefined>>,
): TranslationProblem[] {
  const problems: TranslationProblem[] = []
  for (const [locale, catalog] of Object.entries(catalogs)) {
    const entries = catalog ?? {}
    for (const [id, { message }] of Object.entries(source)) {
      const entry = entries[id]
      const text = message ?? id
      if (!entry || entry.obsolete) {
        problems.push({
          locale,
          id,
          kind: 'missing-entry',
          detail: `"${text}" is not in the catalog (run lingui extract)`,
        })
        continue
      }
      const translation = entry.translation ?? ''
      if (translation.trim() === '') {
        problems.push({ locale, id, kind: 'empty-translation', detail: `"${text}" has no translation` })
        continue
      }
      const expected = placeholders(text)
      const actual = placeholders(translation)
      if (expected.join() !== actual.join()) {
        problems.push({
          locale,
          id,
          kind: 'placeholder-mismatch',
          detail: `"${translation}" has placeholders {${actual.join(', ')}}, the source "${text}" has {${expected.join(', ')}}`,
        })
      }
    }
    for (const [id, entry] of Object.entries(entries)) {
      if (!(id in source)) {
        problems.push({
          locale,
          id,
          kind: 'obsolete-entry',
          detail: `"${entry.message ?? id}" is no longer used by the code (run lingui extract --clean)`,
        })
      }
    }
  }
  return problems
}

/** The sorted names of the ICU arguments of a message: `{name}`, `{count, plural, …}`, `<0>` tags. */
function placeholders(message: string): string[] {
  const names = new Set<string>()
  for (const match of message.matchAll(/\{\s*([\w.]+)\s*[,}]/g)) if (match[1]) names.add(match[1])
  for (const match of message.matchAll(/<(\d+)\s*\/?>/g)) if (match[1]) names.add(`<${match[1]}>`)
  return [...names].sort()
}

export type TranslationConflict = { locale: string; id: string; translations: { catalog: string; text: string }[] }

/**
 * Messages that two catalogs translate differently. The app merges every loaded catalog into one table keyed by
 * message id (the same English text gives the same id), so such a message would read one way or the other depending
 * on which catalog loaded last. Give one of them a `context` (or other words) instead.
 *
 * @example
 * findTranslationConflicts({ shell: { 'zh-Hant': { x: { translation: '訂單' } } }, fomo: { 'zh-Hant': { x: { translation: '訂單數' } } } })
 * // [{ locale: 'zh-Hant', id: 'x', translations: [{ catalog: 'shell', text: '訂單' }, { catalog: 'fomo', text: '訂單數' }] }]
 */
export function findTranslationConflicts(
  catalogs: Readonly<Record<string, Readonly<Record<string, Readonly<Record<string, CatalogMessage>> | undefined>>>>,
): TranslationConflict[] {
  const seen = new Map<string, { locale: string; id: string; translations: { catalog: string; text: string }[] }>()
  for (const [catalog, locales] of Object.entries(catalogs)) {
    for (const [locale, entries] of Object.entries(locales)) {
      for (const [id, entry] of Object.entries(entries ?? {})) {
        if (entry.obsolete || !entry.translation) continue
        const key = `${locale}\u0000${id}`
        const found = seen.get(key) ?? { locale, id, translations: [] }
        found.translations.push({ catalog, text: entry.translation })
        seen.set(key, found)
      }
    }
  }
  return [...seen.values()].filter(({ translations }) => new Set(translations.map(({ text }) => text)).size > 1)
}
