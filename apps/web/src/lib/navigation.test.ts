import { describe, expect, it } from 'vitest'
import { ADMIN_MENU, BOTTOM_TABS, isNavActive, SIDE_MENU } from './navigation.ts'
import { PAGE_PATHS, PAGES, pageOf } from './pages.ts'

describe('navigation', () => {
  it('has the side menu of SPEC.md §2 in its order', () => {
    expect(SIDE_MENU.map((item) => item.to)).toEqual(['/', '/superFom', '/mining', '/burn', '/team', '/mine'])
  })

  it('has the four admin screens', () => {
    expect(ADMIN_MENU.map((item) => item.to)).toEqual(['/manager', '/managerSuper', '/managerFom', '/managerMining'])
    expect(ADMIN_MENU.every((item) => PAGES[item.to].admin)).toBe(true)
  })

  it('has the six bottom tabs', () => {
    expect(BOTTOM_TABS.map((item) => item.to)).toEqual(['/', '/burn', '/fomo', '/mine', '/mining', '/superFom'])
  })

  it('marks exactly one tab active for every non-admin page', () => {
    for (const path of PAGE_PATHS.filter((p) => !PAGES[p].admin)) {
      expect(
        BOTTOM_TABS.filter((tab) => isNavActive(tab, path)),
        path,
      ).toHaveLength(1)
    }
  })

  it('ignores a trailing slash', () => {
    const fomo = BOTTOM_TABS[2]
    if (!fomo) throw new Error('no fomo tab')
    expect(isNavActive(fomo, '/fomoMine/')).toBe(true)
    expect(isNavActive(fomo, '/burn')).toBe(false)
  })
})

describe('pages', () => {
  it('lists the 24 routes of SPEC.md §2', () => {
    expect(PAGE_PATHS).toHaveLength(24)
    expect(new Set(PAGE_PATHS).size).toBe(24)
  })

  it('links only to known pages', () => {
    for (const path of PAGE_PATHS) for (const related of PAGES[path].related) expect(PAGE_PATHS).toContain(related)
  })

  it('finds a page by path', () => {
    expect(pageOf('/wp')).toBe(PAGES['/wp'])
    expect(pageOf('/wp/')).toBe(PAGES['/wp'])
    expect(pageOf('/nope')).toBeUndefined()
  })
})
