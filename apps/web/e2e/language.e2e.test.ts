import { describe, expect, it } from 'vitest'
import { openPage, waitForPage } from './lib/browser.ts'
import { ROUTES } from './lib/routes.ts'
import { readShell, switchLanguage } from './lib/shell.ts'
import { baseUrl, useBrowser } from './lib/fixture.ts'

const browser = useBrowser()

describe('languages', () => {
  it('start in Traditional Chinese, switch to English and persist across reloads', async () => {
    const { page, problems, context } = await openPage(browser)
    await page.goto(`${baseUrl}/burn`)
    await waitForPage(page, '/burn')
    let shell = await readShell(page)
    expect([shell.htmlLang, shell.wallet, shell.heading]).toEqual(['zh-Hant', '未連接', '燃燒分紅'])
    expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('zh-Hant')

    await switchLanguage(page, 'en')
    shell = await readShell(page)
    expect([shell.htmlLang, shell.wallet, shell.heading, shell.footer]).toEqual([
      'en',
      'UNCONNECT',
      'Burn dividends',
      '2025·Based on Binance Smart Chain',
    ])
    expect(shell.title).toBe('Burn dividends · NEXUS')
    expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('en')

    await page.reload()
    await waitForPage(page, '/burn')
    expect((await readShell(page)).heading).toBe('Burn dividends')

    await switchLanguage(page, 'zh-Hant')
    await page.reload()
    await waitForPage(page, '/burn')
    expect((await readShell(page)).heading).toBe('燃燒分紅')
    expect(problems.list).toEqual([])
    await context.close()
  })

  it('reads the first version’s stored "zh" as Traditional Chinese', async () => {
    const { page, context } = await openPage(browser, { storage: { lang: 'zh' } })
    await page.goto(`${baseUrl}/`)
    await waitForPage(page, '/')
    expect((await readShell(page)).htmlLang).toBe('zh-Hant')
    await context.close()
  })

  it('switches language on every page, translating the whole shell', async () => {
    const { page, problems, context } = await openPage(browser)
    for (const route of ROUTES) {
      await page.goto(`${baseUrl}${route}`)
      await waitForPage(page, route)
      const zh = await readShell(page)
      await switchLanguage(page, 'en')
      const en = await readShell(page)
      expect(en.heading, route).not.toBe(zh.heading)
      expect(en.tabs, route).toEqual(['Home', 'Burn', 'FOM', 'Mine', 'Mining', 'Super FOM'])
      expect(en.wallet, route).toBe('UNCONNECT')
      // No Chinese character may remain on an English page (menus included), except the toggle's "繁中".
      const text = await page.evaluate(() => {
        const body = document.body.cloneNode(true) as HTMLElement
        body.querySelector('[data-testid="language-toggle"]')?.remove()
        return body.textContent ?? ''
      })
      expect(text, route).not.toMatch(/[\u4e00-\u9fff]/)
      await switchLanguage(page, 'zh-Hant')
      expect((await readShell(page)).heading, route).toBe(zh.heading)
    }
    expect(problems.list).toEqual([])
    await context.close()
  })
})
