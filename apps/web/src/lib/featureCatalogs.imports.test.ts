import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { PAGE_FEATURES } from './featureCatalogs.ts'
import { FEATURE_CATALOGS } from './i18n.ts'

const src = resolve(import.meta.dirname, '..')
const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g

/** The source files a file reaches through relative imports (static and dynamic), itself included. */
function reach(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen
  seen.add(file)
  for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
    const target = resolve(dirname(file), match[1] ?? match[2] ?? '')
    if (/\.(tsx?|po)$/.test(target) && existsSync(target) && !target.endsWith('.po')) reach(target, seen)
  }
  return seen
}

/** The feature folders whose code a route's page reaches: the catalogs it needs. */
function featuresOfRoute(routeFile: string): string[] {
  const features = new Set<string>()
  for (const file of reach(routeFile)) {
    const [top, name] = relative(src, file).split('/')
    if (top === 'features' && name && FEATURE_CATALOGS.includes(name)) features.add(name)
  }
  return [...features].sort()
}

describe('PAGE_FEATURES', () => {
  it('lists every page with exactly the feature catalogs its route reaches', () => {
    const expected: Record<string, string[]> = {}
    for (const file of readdirSync(join(src, 'routes')).sort()) {
      if (!file.endsWith('.tsx') || file.startsWith('__')) continue
      expected[file === 'index.tsx' ? '/' : `/${file.replace(/\.tsx$/, '')}`] = featuresOfRoute(
        join(src, 'routes', file),
      )
    }
    const listed = Object.fromEntries(Object.entries(PAGE_FEATURES).map(([path, names]) => [path, [...names].sort()]))
    // On failure, the expected value is what PAGE_FEATURES should say.
    expect(listed).toEqual(expected)
  })
})
