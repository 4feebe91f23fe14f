import { describe, expect, it } from 'vitest'
import { findTranslationConflicts, findTranslationProblems } from './findTranslationProblems.ts'

const source = { a: { message: 'Hello {name}' }, b: { message: 'Menu' } }

describe('findTranslationProblems', () => {
  it('passes complete catalogs', () => {
    expect(
      findTranslationProblems(source, {
        en: { a: { translation: 'Hello {name}' }, b: { translation: 'Menu' } },
        'zh-Hant': { a: { translation: '你好 {name}' }, b: { translation: '選單' } },
      }),
    ).toEqual([])
  })

  it('finds missing entries, empty translations, obsolete entries and placeholder mismatches', () => {
    const problems = findTranslationProblems(source, {
      en: { a: { translation: 'Hello {who}' }, b: { translation: 'Menu' }, c: { message: 'Old', translation: 'Old' } },
      'zh-Hant': { a: { translation: '  ' } },
      fr: undefined,
    })
    expect(problems.map(({ locale, id, kind }) => `${locale}:${id}:${kind}`)).toEqual([
      'en:a:placeholder-mismatch',
      'en:c:obsolete-entry',
      'zh-Hant:a:empty-translation',
      'zh-Hant:b:missing-entry',
      'fr:a:missing-entry',
      'fr:b:missing-entry',
    ])
  })

  it('treats an entry marked obsolete as missing', () => {
    const problems = findTranslationProblems(
      { b: { message: 'Menu' } },
      { en: { b: { translation: 'Menu', obsolete: true } } },
    )
    expect(problems.map((p) => p.kind)).toEqual(['missing-entry'])
  })

  it('compares plural arguments and tags', () => {
    const problems = findTranslationProblems(
      { p: { message: '{count, plural, one {# item} other {# items}} in <0>cart</0>' } },
      { en: { p: { translation: '{count, plural, one {# item} other {# items}} in cart' } } },
    )
    expect(problems.map((p) => p.kind)).toEqual(['placeholder-mismatch'])
  })
})

describe('findTranslationConflicts', () => {
  it('reports a message two catalogs translate differently, per language', () => {
    const conflicts = findTranslationConflicts({
      shell: {
        'zh-Hant': { o: { translation: '訂單' }, m: { translation: '選單' } },
        en: { o: { translation: 'Orders' } },
      },
      fomo: {
        'zh-Hant': { o: { translation: '訂單數' }, m: { translation: '選單' } },
        en: { o: { translation: 'Orders' } },
      },
    })
    expect(conflicts).toEqual([
      {
        locale: 'zh-Hant',
        id: 'o',
        translations: [
          { catalog: 'shell', text: '訂單' },
          { catalog: 'fomo', text: '訂單數' },
        ],
      },
    ])
  })

  it('ignores obsolete and untranslated entries', () => {
    expect(
      findTranslationConflicts({
        a: { en: { x: { translation: 'One' } } },
        b: { en: { x: { translation: 'Two', obsolete: true } } },
        c: { en: { x: { translation: '' } } },
      }),
    ).toEqual([])
  })
})
