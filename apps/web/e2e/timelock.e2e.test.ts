import { doubleAbi, mainAbi, miningAbi, timelockAbi } from '@nexus/abi'
import { timelockExecuteRequest, timelockScheduleRequest } from '@nexus/sdk'
import { createTestClient, encodeFunctionData, getAddress, http, isAddressEqual } from 'viem'
import type { Abi, Address, Hex } from 'viem'
import { describe, expect, it } from 'vitest'
import { E2E_OTHER, E2E_OWNER } from './lib/accounts.ts'
import { chainClients, contract } from './lib/chain.ts'
import { openPage, waitForPage } from './lib/browser.ts'
import { openConnected } from './lib/session.ts'
import { ownerWrite, percentText, waitForCurrent } from './lib/web4Admin.ts'
import { baseUrl, rpcUrl, useBrowser } from './lib/fixture.ts'

const browser = useBrowser()
const MINING_KEYS = ['addTime', 'dayTimes', 'mintDay', 'userMax', 'userMin', 'handleGas', 'feeRate'] as const

const client = () => chainClients(rpcUrl).public
const testClient = () => createTestClient({ mode: 'hardhat', transport: http(rpcUrl) })

/** Moves the local chain's clock past `seconds` and mines a block. */
async function advance(seconds: bigint) {
  await testClient().increaseTime({ seconds: Number(seconds) + 1 })
  await testClient().mine({ blocks: 1 })
}

/** A transaction signed by the deployer (the Timelock's proposer and canceller) through the local node. */
const deployerWrite = (request: {
  address: Address
  abi: Abi | readonly unknown[]
  functionName: string
  args: readonly unknown[]
}) => ownerWrite(rpcUrl, request)

/** Runs `data` on `target` through the Timelock at once (scheduled, the clock moved past the delay, executed). */
async function throughTimelock(timelock: Address, target: Address, data: Hex) {
  const minDelay = await client().readContract({ address: timelock, abi: timelockAbi, functionName: 'getMinDelay' })
  const request = timelockScheduleRequest({ timelock, minDelay, call: { target, data } })
  await deployerWrite(request)
  await advance(minDelay)
  await deployerWrite(timelockExecuteRequest(timelock, { call: { target, data }, salt: request.args[4] }))
}

const owner = (address: Address) => client().readContract({ address, abi: miningAbi, functionName: 'owner' })

describe('owner actions through the Timelock', () => {
  it('/managerMining: the admin schedules a fee change, it waits for the delay, then executing it applies it', async () => {
    const mining = contract('Mining')
    const timelock = contract('Timelock')
    // On a stack that kept the deployer the owner, this test hands Mining to the Timelock first and back at the end.
    const handedOver = isAddressEqual(await owner(mining), timelock)
    if (!handedOver) {
      await deployerWrite({ address: mining, abi: miningAbi, functionName: 'transferOwnership', args: [timelock] })
      await throughTimelock(timelock, mining, encodeFunctionData({ abi: miningAbi, functionName: 'acceptOwnership' }))
    }
    expect(getAddress(await owner(mining))).toBe(getAddress(timelock))
    const before = await client().readContract({ address: mining, abi: miningAbi, functionName: 'getConfig' })
    const fee = before.feeRate === 2_000n ? 1_999n : before.feeRate + 1n
    const { page, context } = await openConnected(browser, baseUrl, {
      rpcUrl,
      account: E2E_OWNER,
      path: '/managerMining',
      storage: { lang: 'en' },
    })
    try {
      expect(await waitForCurrent(page, 'miningConfig', 'feeRate')).toBe(String(before.feeRate))
      await page.getByTestId('field-miningConfig-feeRate').fill(String(fee))
      await page.getByTestId('submit-miningConfig').click()
      await page.getByTestId('timelock-note-miningConfig').waitFor({ timeout: 15_000 })
      await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click()
      const scheduled = page.getByTestId('scheduled-miningConfig')
      await scheduled.waitFor({ timeout: 30_000 })
      expect(await scheduled.textContent()).toContain('Scheduled, can be executed at')
      // Scheduled, not applied: the contract still has the old fee.
      expect(
        (await client().readContract({ address: mining, abi: miningAbi, functionName: 'getConfig' })).feeRate,
      ).toBe(before.feeRate)
      // The list (newest first) shows the new operation waiting; earlier runs' operations stay listed, so it is
      // followed by its id from here on.
      const waiting = page.locator(
        '[data-testid="timelock-operation"][data-function="setConfig"][data-state="pending"]',
      )
      await waiting.first().waitFor({ timeout: 15_000 })
      expect(await waiting.count()).toBe(1)
      const id = await waiting.first().getAttribute('data-id')
      const operation = page.locator(`[data-testid="timelock-operation"][data-id="${id}"]`)
      expect(await operation.getByTestId('timelock-state').textContent()).toBe('Waiting for the delay')
      // the admin screen shows the call as /transparency does: each argument by name, formatted, no JSON
      expect(
        await operation
          .locator('[data-testid="timelock-arg"][data-name="feeRate"]')
          .getByTestId('timelock-arg-value')
          .textContent(),
      ).toBe(percentText(fee))
      expect(await operation.getByTestId('timelock-call').textContent()).not.toMatch(/[{}"]/)
      expect(await operation.getByTestId('timelock-execute').count()).toBe(0)

      // /transparency shows it to everyone, waiting, with the time left counting down on the chain's clock
      const { page: visitor, context: visitorContext } = await openPage(browser)
      try {
        await visitor.goto(`${baseUrl}/transparency`)
        await waitForPage(visitor, '/transparency')
        const listed = visitor
          .getByTestId('pending-owner-actions')
          .locator(`[data-testid="timelock-operation"][data-id="${id}"]`)
        await listed.waitFor({ timeout: 15_000 })
        expect(await listed.getByTestId('timelock-state').textContent()).toBe('等待延遲結束')
        const left = async () =>
          (
            await listed
              .getByTestId('timelock-countdown')
              .getByRole('timer')
              .locator('.ui-countdown__value')
              .allTextContents()
          )
            .map(Number)
            .reduce((total, part, index) => total + part * ([86_400, 3_600, 60, 1][index] ?? 0), 0)
        // the call's arguments by name in the reader's language, formatted (issue 23): no JSON, no raw wei
        const argument = (name: string) => listed.locator(`[data-testid="timelock-arg"][data-name="${name}"]`)
        expect(await argument('feeRate').getByTestId('timelock-arg-value').textContent()).toBe(percentText(fee))
        expect(await argument('feeRate').locator('dt').textContent()).toMatch(/[\u4e00-\u9fff]/)
        expect(await argument('userMax').getByTestId('timelock-arg-value').textContent()).toMatch(/^[\d,.]+ NEX$/)
        expect(await argument('dayTimes').getByTestId('timelock-arg-value').textContent()).toBe(
          `${before.dayTimes.toLocaleString('en-US')} 秒`,
        )
        expect(await listed.getByTestId('timelock-call').textContent()).not.toMatch(/[{}"]/)
        await listed.getByTestId('timelock-countdown').waitFor({ timeout: 15_000 })
        const first = await left()
        expect(first).toBeGreaterThan(0)
        await expect.poll(left, { timeout: 5_000 }).toBeLessThan(first)
        // the admin history: the scheduling row carries its salt, labelled; no row of raw salt hex of its own
        const scheduledRow = visitor.locator('[data-testid="admin-action"][data-event="CallScheduled"]').first()
        await scheduledRow.waitFor({ timeout: 20_000 })
        const salt = scheduledRow.locator('[data-testid="admin-action-change"][data-name="salt"]')
        expect(await salt.count()).toBe(1)
        expect(await salt.textContent()).toMatch(/^[\u4e00-\u9fff].*0x[0-9a-f]{64}$/)
        expect(await visitor.locator('[data-testid="admin-action"][data-event="CallSalt"]').count()).toBe(0)
      } finally {
        await visitorContext.close()
      }

      const minDelay = await client().readContract({ address: timelock, abi: timelockAbi, functionName: 'getMinDelay' })
      await advance(minDelay)
      // Admin screens never refresh by themselves (SPEC.md §2): past a refresh interval the list still shows the
      // block it read; the manager reloads to see the new one.
      await page.waitForTimeout(3_500)
      expect(await operation.getAttribute('data-state')).toBe('pending')
      await page.getByTestId('admin-reload').click()
      await operation.getByTestId('timelock-execute').waitFor({ timeout: 15_000 })
      await operation.getByTestId('timelock-execute').click()
      await page
        .locator(`[data-testid="timelock-operation"][data-id="${id}"][data-state="done"]`)
        .waitFor({ timeout: 30_000 })
      expect(await operation.getByTestId('timelock-state').textContent()).toBe('Executed')
      expect(
        (await client().readContract({ address: mining, abi: miningAbi, functionName: 'getConfig' })).feeRate,
      ).toBe(fee)
    } finally {
      await context.close()
      const settings = Object.fromEntries(MINING_KEYS.map((key) => [key, before[key]]))
      await throughTimelock(
        timelock,
        mining,
        encodeFunctionData({ abi: miningAbi, functionName: 'setConfig', args: [settings as never] }),
      )
      if (!handedOver) {
        await throughTimelock(
          timelock,
          mining,
          encodeFunctionData({ abi: miningAbi, functionName: 'transferOwnership', args: [E2E_OWNER] }),
        )
        await deployerWrite({ address: mining, abi: miningAbi, functionName: 'acceptOwnership', args: [] })
      }
    }
    expect((await client().readContract({ address: mining, abi: miningAbi, functionName: 'getConfig' })).feeRate).toBe(
      before.feeRate,
    )
  })

  it('/manager: once the Timelock owns Main, its admin (PROPOSER_ROLE) still gets the admin screens, others do not', async () => {
    const main = contract('Main')
    const timelock = contract('Timelock')
    const mainOwner = () => client().readContract({ address: main, abi: mainAbi, functionName: 'owner' })
    const handedOver = isAddressEqual(await mainOwner(), timelock)
    if (!handedOver) {
      await deployerWrite({ address: main, abi: mainAbi, functionName: 'transferOwnership', args: [timelock] })
      await throughTimelock(timelock, main, encodeFunctionData({ abi: mainAbi, functionName: 'acceptOwnership' }))
    }
    try {
      expect(getAddress(await mainOwner())).toBe(getAddress(timelock))
      // Neither the owner of Main nor its manager: only the Timelock's role makes the deployer an admin now.
      const config = await client().readContract({ address: main, abi: mainAbi, functionName: 'getConfig' })
      expect(isAddressEqual(config.manager, E2E_OWNER)).toBe(false)
      for (const [account, manager] of [
        [E2E_OWNER, true],
        [E2E_OTHER, false],
      ] as const) {
        const { page, context } = await openConnected(browser, baseUrl, {
          rpcUrl,
          account,
          path: '/manager',
          storage: { lang: 'en' },
        })
        try {
          await page.getByTestId(manager ? 'admin-forms' : 'not-manager').waitFor({ timeout: 30_000 })
          expect(await page.getByTestId('session').getAttribute('data-manager')).toBe(String(manager))
          if (manager) expect(await page.getByTestId('owner-actions').count()).toBe(1)
        } finally {
          await context.close()
        }
      }
    } finally {
      if (!handedOver) {
        await throughTimelock(
          timelock,
          main,
          encodeFunctionData({ abi: mainAbi, functionName: 'transferOwnership', args: [E2E_OWNER] }),
        )
        await deployerWrite({ address: main, abi: mainAbi, functionName: 'acceptOwnership', args: [] })
      }
    }
    expect(getAddress(await mainOwner())).toBe(getAddress(handedOver ? timelock : E2E_OWNER))
  })

  it('/manager: a setting added for SPEC.md §6 (Double openClaim) refuses bad input, is scheduled with the delay shown, executed after it, and applied on chain', async () => {
    const double = contract('Double')
    const timelock = contract('Timelock')
    const handedOver = isAddressEqual(await owner(double), timelock)
    if (!handedOver) {
      await deployerWrite({ address: double, abi: doubleAbi, functionName: 'transferOwnership', args: [timelock] })
      await throughTimelock(timelock, double, encodeFunctionData({ abi: doubleAbi, functionName: 'acceptOwnership' }))
    }
    const before = await client().readContract({ address: double, abi: doubleAbi, functionName: 'getConfig' })
    const minDelay = await client().readContract({ address: timelock, abi: timelockAbi, functionName: 'getMinDelay' })
    const { page, context } = await openConnected(browser, baseUrl, {
      rpcUrl,
      account: E2E_OWNER,
      path: '/manager',
      storage: { lang: 'en' },
    })
    try {
      expect(await waitForCurrent(page, 'doubleConfig', 'openClaim')).toBe(String(before.openClaim))
      expect(await waitForCurrent(page, 'doubleConfig', 'price')).toBe(String(before.price))
      // Double.MIN_PRICE is 10: refused in the form, nothing simulated or sent
      await page.getByTestId('field-doubleConfig-price').fill('5')
      await page.getByTestId('submit-doubleConfig').click()
      expect(await page.getByTestId('error-doubleConfig').first().textContent()).toBe(
        'Out of bounds: must be between 10 and 10000',
      )
      await page.getByTestId('field-doubleConfig-price').fill(String(before.price))
      await page.getByTestId('field-doubleConfig-openClaim').click()
      await page.getByTestId('submit-doubleConfig').click()
      const note = page.getByTestId('timelock-note-doubleConfig')
      await note.waitFor({ timeout: 15_000 })
      expect(await note.textContent()).toContain(`at least ${minDelay} seconds from now`)
      expect(await page.getByTestId('summary-doubleConfig').textContent()).toContain(
        `${before.openClaim} → ${!before.openClaim}`,
      )
      await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click()
      await page.getByTestId('scheduled-doubleConfig').waitFor({ timeout: 30_000 })
      expect(
        (await client().readContract({ address: double, abi: doubleAbi, functionName: 'getConfig' })).openClaim,
      ).toBe(before.openClaim)
      const waiting = page
        .locator('[data-testid="timelock-operation"][data-function="setConfig"][data-state="pending"]')
        .filter({ hasText: 'Double.setConfig' })
      await waiting.first().waitFor({ timeout: 15_000 })
      expect(await waiting.count()).toBe(1)
      const id = await waiting.first().getAttribute('data-id')
      const operation = page.locator(`[data-testid="timelock-operation"][data-id="${id}"]`)
      await advance(minDelay)
      await page.getByTestId('admin-reload').click()
      await operation.getByTestId('timelock-execute').waitFor({ timeout: 15_000 })
      await operation.getByTestId('timelock-execute').click()
      await page
        .locator(`[data-testid="timelock-operation"][data-id="${id}"][data-state="done"]`)
        .waitFor({ timeout: 30_000 })
      expect(
        (await client().readContract({ address: double, abi: doubleAbi, functionName: 'getConfig' })).openClaim,
      ).toBe(!before.openClaim)
    } finally {
      await context.close()
      await throughTimelock(
        timelock,
        double,
        encodeFunctionData({ abi: doubleAbi, functionName: 'setConfig', args: [before] }),
      )
      if (!handedOver) {
        await throughTimelock(
          timelock,
          double,
          encodeFunctionData({ abi: doubleAbi, functionName: 'transferOwnership', args: [E2E_OWNER] }),
        )
        await deployerWrite({ address: double, abi: doubleAbi, functionName: 'acceptOwnership', args: [] })
      }
    }
    expect(
      (await client().readContract({ address: double, abi: doubleAbi, functionName: 'getConfig' })).openClaim,
    ).toBe(before.openClaim)
  })
})
