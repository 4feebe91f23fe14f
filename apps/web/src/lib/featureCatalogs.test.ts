import { describe, expect, it } from 'vitest'
import { featuresOfPath, PAGE_FEATURES } from './featureCatalogs.ts'
import { FEATURE_CATALOGS } from './i18n.ts'
import { PAGE_PATHS } from './pages.ts'

describe('feature catalogs of pages', () => {
  it('name only feature folders that have catalogs, for every page', () => {
    for (const features of Object.values(PAGE_FEATURES))
      for (const feature of features) expect(FEATURE_CATALOGS).toContain(feature)
    for (const path of PAGE_PATHS) expect(PAGE_FEATURES[path]).toBeDefined()
  })

  it('fall back to every catalog for a page not listed, and ignore a trailing slash', () => {
    expect(featuresOfPath('/no-such-page')).toEqual(FEATURE_CATALOGS)
    for (const [path, features] of Object.entries(PAGE_FEATURES)) {
      expect(featuresOfPath(path)).toEqual(features)
      if (path !== '/') expect(featuresOfPath(`${path}/`)).toEqual(features)
    }
  })
})
