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
