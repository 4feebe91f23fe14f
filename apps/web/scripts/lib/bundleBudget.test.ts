import { describe, expect, it } from 'vitest'
import { join } from 'node:path'
import { planBudgets, routeChunkKeys, routeFilesOf, staticClosure } from './bundleBudget.ts'
import type { Manifest } from './bundleBudget.ts'

const manifest: Manifest = {
  'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_react.js'], css: ['assets/index.css'] },
  '_react.js': { file: 'assets/react.js' },
  '_web3.js': { file: 'assets/web3.js', imports: ['_react.js'] },
  'src/locales/zh-Hant/messages.po': { file: 'assets/zh.js', isDynamicEntry: true },
  'src/routes/index.tsx?tsr-split=component': { file: 'assets/home.js', isDynamicEntry: true, imports: ['_web3.js'] },
  'src/routes/swap.tsx?tsr-split=component': { file: 'assets/swap.js', isDynamicEntry: true, imports: ['_web3.js'] },
}

describe('bundle budgets', () => {
  it('follows static imports once, with CSS', () => {
    expect([...staticClosure(manifest, ['index.html', 'index.html'])]).toEqual([
      'assets/index.js',
      'assets/index.css',
      'assets/react.js',
    ])
    expect(() => staticClosure(manifest, ['missing'])).toThrow('missing')
  })

  it('finds a route file’s split chunks', () => {
    expect(routeChunkKeys(manifest, 'src/routes/swap.tsx')).toEqual(['src/routes/swap.tsx?tsr-split=component'])
  })

  it('counts the first load of / and what other routes add', () => {
    const plan = planBudgets(
      manifest,
      { '/': 'src/routes/index.tsx', '/swap': 'src/routes/swap.tsx' },
      'src/locales/zh-Hant/messages.po',
    )
    expect(plan.firstLoad.sort()).toEqual(
      [
        'assets/home.js',
        'assets/index.css',
        'assets/index.js',
        'assets/react.js',
        'assets/web3.js',
        'assets/zh.js',
      ].sort(),
    )
    expect(plan.routes.find((route) => route.route === '/swap')?.files).toEqual(['assets/swap.js'])
  })

  it('finds every page route file, in the section folders too, and no layout route', () => {
    const files = routeFilesOf(join(import.meta.dirname, '..', '..'))
    expect(Object.keys(files)).toHaveLength(25)
    expect(files['/']).toBe('src/routes/_home/_start/index.tsx')
    expect(files['/fomoMine']).toBe('src/routes/_fomo/fomoMine.tsx')
    expect(files['/transparency']).toBe('src/routes/transparency.tsx')
    expect(Object.values(files).some((file) => /\/_\w+\.tsx$/.test(file))).toBe(false)
  })
})
