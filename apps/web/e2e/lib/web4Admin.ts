import type { Page } from 'playwright-core'
import type { Abi, Address } from 'viem'
import { E2E_OWNER } from './accounts.ts'
import { chainClients } from './chain.ts'

/**
 * A privileged call signed by the owner through the local node (which holds account 0's key): the browser tests
 * of the admin screens restore every value they changed with it, since all test files share one chain.
 */
export async function ownerWrite(
  rpcUrl: string,
  call: { address: Address; abi: Abi | readonly unknown[]; functionName: string; args: readonly unknown[] },
): Promise<void> {
  const { public: client, wallet } = chainClients(rpcUrl)
  const hash = await wallet.writeContract({
    ...(call as Parameters<typeof wallet.writeContract>[0]),
    account: E2E_OWNER,
    chain: null,
  })
  const receipt = await client.waitForTransactionReceipt({ hash })
  if (receipt.status !== 'success') throw new Error(`restoring ${call.functionName} reverted`)
}

/** Basis points as /transparency shows a rate: a percentage (150 -> '1.5 %'). */
export function percentText(bps: bigint): string {
  return `${new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }).format(Number(bps) / 100)} %`
}

/** Waits until an admin form shows its current values (read once when the page opens). */
export async function waitForCurrent(page: Page, form: string, key: string): Promise<string> {
  const cell = page.getByTestId(`current-${form}-${key}`)
  await cell.waitFor()
  await page.waitForFunction(
    (testId) => {
      const text = document.querySelector(`[data-testid="${testId}"]`)?.textContent ?? '…'
      return !text.endsWith('…') && !text.endsWith('—')
    },
    `current-${form}-${key}`,
    { timeout: 15_000 },
  )
  return ((await cell.textContent()) ?? '').replace(/^(Now|目前)\s*/, '').trim()
}

/** A field's new text, or a switch's new state (`bool` fields are checkboxes). */
export type FormInput = Readonly<Record<string, string | boolean>>

/** Fills the inputs of `form` (`field-<form>-<key>`): text is typed, a boolean checks or unchecks the switch. */
export async function fillForm(page: Page, form: string, inputs: FormInput): Promise<void> {
  for (const [key, value] of Object.entries(inputs)) {
    const input = page.getByTestId(`field-${form}-${key}`)
    if (typeof value === 'boolean') await input.setChecked(value)
    else await input.fill(value)
  }
}

/**
 * Fills `inputs` into an admin form, reviews (the simulation runs), checks that the confirmation's summary (the
 * diff of current and new values) holds every line of `expected.summary`, confirms and waits for the success
 * toast.
 */
export async function submitThroughForm(
  page: Page,
  form: string,
  inputs: FormInput,
  expected: { summary: string | readonly string[]; toast: string },
): Promise<void> {
  const toast = page.getByRole('status').filter({ hasText: expected.toast })
  // The toast of an earlier change is gone first (success toasts last 2 s).
  await toast.first().waitFor({ state: 'detached', timeout: 5_000 })
  await fillForm(page, form, inputs)
  await page.getByTestId(`submit-${form}`).click()
  const dialog = page.getByRole('dialog')
  await dialog.waitFor({ timeout: 15_000 })
  const summary = (await page.getByTestId(`summary-${form}`).textContent()) ?? ''
  for (const line of typeof expected.summary === 'string' ? [expected.summary] : expected.summary) {
    if (!summary.includes(line)) throw new Error(`summary "${summary}" lacks "${line}"`)
  }
  await dialog.getByRole('button', { name: /^(Confirm|確認)$/ }).click()
  await toast.first().waitFor({ timeout: 30_000 })
}

/**
 * Types `value` into a field of an admin form, reviews, checks the confirmation's summary line, confirms and
 * waits for the success toast.
 */
export function changeThroughForm(
  page: Page,
  form: string,
  key: string,
  value: string,
  expected: { summary: string; toast: string },
): Promise<void> {
  return submitThroughForm(page, form, { [key]: value }, expected)
}

/**
 * Fills bad `inputs` into an admin form and submits: the form must show `error` (its own check, before any
 * simulation), open no confirmation and send nothing (the chain mines no block meanwhile).
 */
export async function refusedByForm(
  page: Page,
  rpcUrl: string,
  form: string,
  inputs: FormInput,
  error: string,
): Promise<void> {
  const client = chainClients(rpcUrl).public
  const block = await client.getBlockNumber()
  await fillForm(page, form, inputs)
  await page.getByTestId(`submit-${form}`).click()
  await page.getByTestId(`error-${form}`).filter({ hasText: error }).first().waitFor({ timeout: 10_000 })
  if ((await page.getByRole('dialog').count()) !== 0) throw new Error(`${form}: a confirmation opened`)
  if ((await page.getByTestId(`revert-${form}`).count()) !== 0) throw new Error(`${form}: it was simulated`)
  if ((await client.getBlockNumber()) !== block) throw new Error(`${form}: a block was mined meanwhile`)
}

/** A view of a contract on the local chain, typed by the caller (the admin tests read many different views). */
export function readChain<T>(
  rpcUrl: string,
  address: Address,
  abi: Abi | readonly unknown[],
  functionName: string,
  args: readonly unknown[] = [],
): Promise<T> {
  return chainClients(rpcUrl).public.readContract({
    address,
    abi: abi as Abi,
    functionName,
    args,
  } as never) as Promise<T>
}

/**
 * Opens the transparency page until the indexer lists an admin action of `contract` and `event` whose change
 * reads `change` (the indexer may need a moment to reach the block).
 */
export async function waitForAdminAction(
  page: Page,
  baseUrl: string,
  filter: { contract: string; event: string; change: string },
  timeoutMs = 45_000,
): Promise<void> {
  const started = Date.now()
  for (;;) {
    await page.goto(`${baseUrl}/transparency`)
    await page.getByTestId('admin-actions').waitFor()
    // Only this contract's actions: its previous settings are then on the first page, for the old values.
    await page.getByTestId('admin-filter').selectOption(filter.contract)
    await page
      .locator(`[data-testid="admin-action"][data-contract="${filter.contract}"]`)
      .first()
      .waitFor({ timeout: 15_000 })
    await page
      .locator('[data-testid="admin-action"], [data-testid="admin-actions"] .ui-empty')
      .first()
      .waitFor({ timeout: 15_000 })
    // The newest action of that contract and event (the list is newest first) must be the change.
    const newest = page
      .locator(`[data-testid="admin-action"][data-contract="${filter.contract}"][data-event="${filter.event}"]`)
      .first()
    if ((await newest.count()) > 0) {
      const changes = await newest.getByTestId('admin-action-change').allTextContents()
      if (changes.some((text) => text.includes(filter.change))) return
    }
    if (Date.now() - started > timeoutMs) {
      throw new Error(`no ${filter.contract} ${filter.event} action with "${filter.change}" on /transparency`)
    }
    await page.waitForTimeout(1_000)
  }
}
