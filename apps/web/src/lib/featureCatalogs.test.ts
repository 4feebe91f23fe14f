import { describe, expect, it } from 'vitest'
import { featuresOfPath, PAGE_FEATURES } from './featureCatalogs.ts'
import { FEATURE_CATALOGS } from './i18n.ts'
import { PAGE_PATHS } from './pages.ts'

describe('feature catalogs of pages', () => {
  it('name only feature folders that have catalogs, for known pages', () => {
    for (const [path, features] of Object.entries(PAGE_FEATURES)) {
      expect(PAGE_PATHS as readonly string[]).toContain(path)
      for (const feature of features) expect(FEATURE_CATALOGS).toContain(feature)
    }
  })

  it('fall back to every catalog for a page not listed, and ignore a trailing slash', () => {
    expect(featuresOfPath('/no-such-page')).toEqual(FEATURE_CATALOGS)
    for (const [path, features] of Object.entries(PAGE_FEATURES)) {
      expect(featuresOfPath(path)).toEqual(features)
      if (path !== '/') expect(featuresOfPath(`${path}/`)).toEqual(features)
    }
  })
})
