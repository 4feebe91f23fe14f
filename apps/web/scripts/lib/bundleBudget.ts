import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { gzipSync } from 'node:zlib'

/** One entry of Vite's build manifest (dist/.vite/manifest.json). */
export type ManifestChunk = {
  file: string
  src?: string
  isEntry?: boolean
  isDynamicEntry?: boolean
  imports?: string[]
  dynamicImports?: string[]
  css?: string[]
}
export type Manifest = Record<string, ManifestChunk>

/** The files a set of manifest keys loads: their own files, their CSS and everything they import statically. */
export function staticClosure(manifest: Manifest, keys: readonly string[]): Set<string> {
  const files = new Set<string>()
  const seen = new Set<string>()
  const visit = (key: string) => {
    if (seen.has(key)) return
    seen.add(key)
    const chunk = manifest[key]
    if (!chunk) throw new Error(`the manifest has no chunk ${key}`)
    files.add(chunk.file)
    for (const css of chunk.css ?? []) files.add(css)
    for (const imported of chunk.imports ?? []) visit(imported)
  }
  keys.forEach(visit)
  return files
}

/** The manifest keys of a route file's code-split chunks (TanStack Router: `src/routes/x.tsx?tsr-split=...`). */
export function routeChunkKeys(manifest: Manifest, routeFile: string): string[] {
  return Object.keys(manifest).filter(
    (key) => key === routeFile || (key.startsWith(`${routeFile}?`) && manifest[key]?.isDynamicEntry),
  )
}

export type RouteBudget = { route: string; files: string[] }

/**
 * What the first load of `/` fetches (the entry, the default language's catalog and the `/` route's chunks, with
 * their static imports) and, per route, what a visit adds beyond the first load.
 *
 * @example
 * const { firstLoad, routes } = planBudgets(manifest, { '/': 'src/routes/index.tsx', '/swap': 'src/routes/swap.tsx' }, 'src/locales/zh-Hant/messages.po')
 */
export function planBudgets(
  manifest: Manifest,
  routeFiles: Readonly<Record<string, string>>,
  defaultCatalog: string,
): { firstLoad: string[]; routes: RouteBudget[] } {
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry)
  if (!entry) throw new Error('the manifest has no entry chunk')
  const home = routeFiles['/']
  const firstLoad = staticClosure(manifest, [
    entry,
    ...(manifest[defaultCatalog] ? [defaultCatalog] : []),
    ...(home ? routeChunkKeys(manifest, home) : []),
  ])
  const routes = Object.entries(routeFiles).map(([route, file]) => {
    const own = staticClosure(manifest, routeChunkKeys(manifest, file))
    return { route, files: [...own].filter((name) => !firstLoad.has(name) || route === '/') }
  })
  return { firstLoad: [...firstLoad], routes }
}

/**
 * The limit for the JavaScript (gzip) of the first load of `/`: 150 KB, the product's budget (the
 * first load stays at or under it). wagmi, viem's read path and React Query load after the first paint; 148.5 KB
 * measured on the browser tests' production build with the home page's model, its three minting cards and the burn
 * order card (was 193.7 KB before the split).
 */
export const FIRST_LOAD_GOAL_KB = 150

/**
 * The app's page routes and their files (`src/routes` and its folders, `/` for the index route), without the root route and
 * the section layout routes (`_name.tsx`: no code of their own to split, their metadata is in the entry).
 */
export function routeFilesOf(webRoot: string): Record<string, string> {
  const routes = join(webRoot, 'src', 'routes')
  const routeFiles: Record<string, string> = {}
  for (const entry of readdirSync(routes, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.tsx') || entry.name.startsWith('_')) continue
    const name = entry.name.replace(/\.tsx$/, '')
    routeFiles[name === 'index' ? '/' : `/${name}`] = relative(webRoot, join(entry.parentPath, entry.name))
  }
  return Object.fromEntries(Object.entries(routeFiles).sort(([a], [b]) => a.localeCompare(b)))
}

/** The size in KB, gzip level 9, of those of a build's files that end with `ext`. */
export function gzipKb(dir: string, files: readonly string[], ext = '.js'): number {
  return (
    files
      .filter((file) => file.endsWith(ext))
      .reduce((total, file) => total + gzipSync(readFileSync(join(dir, file)), { level: 9 }).length, 0) / 1024
  )
}

/**
 * The budgets of a build folder (with `.vite/manifest.json`): what the first load of `/` fetches and, per route,
 * what a visit adds ({@link planBudgets}), with the default language's catalog.
 *
 * @example
 * const { firstLoad } = measureBuild('dist', 'apps/web')
 * gzipKb('dist', firstLoad) < FIRST_LOAD_GOAL_KB
 */
export function measureBuild(dir: string, webRoot: string): { firstLoad: string[]; routes: RouteBudget[] } {
  const manifest = JSON.parse(readFileSync(join(dir, '.vite', 'manifest.json'), 'utf8')) as Manifest
  return planBudgets(manifest, routeFilesOf(webRoot), 'src/locales/zh-Hant/messages.po')
}
