import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import { watchAwaiting } from './session.ts'

/** Clicks `testId`, expects the AWAITING overlay to come and go and the toast `toastText`. */
export async function web2Transact(page: Page, testId: string, toastText: string): Promise<void> {
  const toast = page.getByRole('status').filter({ hasText: toastText })
  await toast.first().waitFor({ state: 'detached', timeout: 5_000 })
  const awaitingSeen = await watchAwaiting(page)
  await page.getByTestId(testId).click()
  await toast.first().waitFor({ timeout: 30_000 })
  expect(await awaitingSeen()).toBe(true)
  expect(await page.getByRole('alertdialog', { name: 'AWAITING' }).count()).toBe(0)
}

/** The text of a `Stat` (its value) with the test id `testId`. */
export async function web2Stat(page: Page, testId: string): Promise<string> {
  return ((await page.getByTestId(testId).locator('dd').textContent()) ?? '').trim()
}

/** A number shown with thousands separators (and maybe a unit after it). */
export function web2Number(text: string): number {
  return Number(text.replace(/,/g, '').split(' ')[0])
}

/** What the page knows when an expectation fails: the session, the refresh counters and the main content. */
export async function web2Diagnose(page: Page): Promise<string> {
  return page.evaluate(() => {
    const session = document.querySelector('[data-testid="session"]')
    const stats = (window as unknown as { __nexusChainData?: unknown }).__nexusChainData
    return JSON.stringify({
      url: location.href,
      session: session ? Object.fromEntries([...session.attributes].map((a) => [a.name, a.value])) : null,
      stats,
      main: document.querySelector('main')?.textContent?.slice(0, 1500),
    })
  })
}

/** Runs `check`; on failure, adds what the page knows to the error. */
export async function web2Explained<T>(page: Page, check: () => Promise<T>): Promise<T> {
  try {
    return await check()
  } catch (error) {
    const state = await web2Diagnose(page).catch(() => 'page closed')
    throw new Error(`${error instanceof Error ? error.message : String(error)}\npage: ${state}`, { cause: error })
  }
}
