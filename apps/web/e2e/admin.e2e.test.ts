import { fomoAbi, mainAbi, miningAbi, nftAbi, stakeAbi } from '@nexus/abi'
import { formatAmount } from '@nexus/sdk'
import { describe, expect, it } from 'vitest'
import { E2E_MANAGER, E2E_OWNER, E2E_VISITOR } from './lib/accounts.ts'
import { openPage, waitForPage } from './lib/browser.ts'
import { chainClients, contract, hdAccount } from './lib/chain.ts'
import { openConnected } from './lib/session.ts'
import { changeThroughForm, ownerWrite, percentText, waitForAdminAction, waitForCurrent } from './lib/web4Admin.ts'
import { baseUrl, rpcUrl, useBrowser } from './lib/fixture.ts'

const ADMIN_PATHS = ['/manager', '/managerSuper', '/managerFom', '/managerMining'] as const
const browser = useBrowser()

/** A page of the app at `path`, in English, connected as `account` (the owner or a manager). */
const openAdmin = (account: `0x${string}`, path: string) =>
  openConnected(browser, baseUrl, { rpcUrl, account, path, storage: { lang: 'en' } })

const read = <T>(address: `0x${string}`, abi: unknown, functionName: string, args: readonly unknown[] = []) =>
  chainClients(rpcUrl).public.readContract({ address, abi: abi as never, functionName, args } as never) as Promise<T>

type Settings = { feeRate: bigint } & Record<string, bigint>
const pick = (config: Settings, keys: readonly string[]) => Object.fromEntries(keys.map((key) => [key, config[key]]))
const FOMO_KEYS = [
  'addTime',
  'dayTimes',
  'algebra',
  'feeRate',
  'handleGas',
  'swapRate',
  'burnEvery',
  'rewardRate',
  'outDays',
  'startTime',
  'roundMin',
  'roundTime',
  'userMax',
  'orderMin',
] as const
const MINING_KEYS = ['addTime', 'dayTimes', 'mintDay', 'userMax', 'userMin', 'handleGas', 'feeRate'] as const

describe('admin screens', () => {
  it('/manager: the owner raises a card’s maximum supply, sees it applied and listed in admin actions', async () => {
    const nft = contract('Nft')
    const card = await read<{ tokenId: bigint; total: bigint }>(nft, nftAbi, 'getCard', [1n])
    const raised = card.total + 1n
    const { page, context } = await openAdmin(E2E_OWNER, '/manager')
    try {
      expect(await waitForCurrent(page, 'maxSupply', 'maxSupply')).toBe(String(card.total))
      await changeThroughForm(page, 'maxSupply', 'maxSupply', String(raised), {
        summary: `${card.total} → ${raised}`,
        toast: 'Maximum supply updated',
      })
      expect((await read<{ total: bigint }>(nft, nftAbi, 'getCard', [1n])).total).toBe(raised)
      await page
        .locator(`[data-testid="current-maxSupply-maxSupply"]:has-text("${raised}")`)
        .waitFor({ timeout: 15_000 })
      await waitForAdminAction(page, baseUrl, {
        contract: 'Nft',
        event: 'MaxSupplyUpdated',
        change: `${formatAmount(card.total, 0, 0)} → ${formatAmount(raised, 0, 0)}`,
      })
    } finally {
      await ownerWrite(rpcUrl, { address: nft, abi: nftAbi, functionName: 'setMaxSupply', args: [1n, card.total] })
      await context.close()
    }
    expect((await read<{ total: bigint }>(nft, nftAbi, 'getCard', [1n])).total).toBe(card.total)
  })

  for (const [path, name] of [
    ['/managerFom', 'Fomo'],
    ['/managerSuper', 'SuperFomo'],
  ] as const) {
    it(`${path}: the owner changes the ${name} fee rate and its last stake surplus`, async () => {
      const fomo = contract(name)
      const before = await read<Settings>(fomo, fomoAbi, 'getConfig')
      const multi = await read<Record<string, readonly bigint[]>>(fomo, fomoAbi, 'getConfigMulti')
      const fee = before.feeRate === 2_000n ? 1_999n : before.feeRate + 1n
      const surplus = (multi.stakeSurplus?.[4] ?? 0n) === 10_000n ? 9_999n : (multi.stakeSurplus?.[4] ?? 0n) + 1n
      const { page, context } = await openAdmin(E2E_OWNER, path)
      try {
        expect(await waitForCurrent(page, 'fomoConfig', 'feeRate')).toBe(String(before.feeRate))
        await changeThroughForm(page, 'fomoConfig', 'feeRate', String(fee), {
          summary: `${before.feeRate} → ${fee}`,
          toast: 'Settings updated',
        })
        expect((await read<Settings>(fomo, fomoAbi, 'getConfig')).feeRate).toBe(fee)
        await page.locator(`[data-testid="current-fomoConfig-feeRate"]:has-text("${fee}")`).waitFor()

        await changeThroughForm(page, 'fomoMulti', 'stakeSurplus.4', String(surplus), {
          summary: `${multi.stakeSurplus?.[4]} → ${surplus}`,
          toast: 'Settings updated',
        })
        const after = await read<Record<string, readonly bigint[]>>(fomo, fomoAbi, 'getConfigMulti')
        expect(after.stakeSurplus?.[4]).toBe(surplus)
        expect(after.burnRates).toEqual(multi.burnRates)

        await waitForAdminAction(page, baseUrl, {
          contract: name,
          event: 'ConfigUpdated',
          change: `Fee rate: ${percentText(before.feeRate)} → ${percentText(fee)}`,
        })
        await waitForAdminAction(page, baseUrl, {
          contract: name,
          event: 'ConfigMultiUpdated',
          change: `Stake surplus, tier 5: ${percentText(multi.stakeSurplus?.[4] ?? 0n)} → ${percentText(surplus)}`,
        })
      } finally {
        await ownerWrite(rpcUrl, {
          address: fomo,
          abi: fomoAbi,
          functionName: 'setConfig',
          args: [pick(before, FOMO_KEYS)],
        })
        await ownerWrite(rpcUrl, { address: fomo, abi: fomoAbi, functionName: 'setConfigMulti', args: [multi] })
        await context.close()
      }
      expect((await read<Settings>(fomo, fomoAbi, 'getConfig')).feeRate).toBe(before.feeRate)
      expect(await read(fomo, fomoAbi, 'getConfigMulti')).toEqual(multi)
    })
  }

  it('/managerMining: the owner changes the mining fee rate, and an out-of-bounds value is stopped first', async () => {
    const mining = contract('Mining')
    const before = await read<Settings>(mining, miningAbi, 'getConfig')
    const fee = before.feeRate === 2_000n ? 1_999n : before.feeRate + 1n
    const { page, context } = await openAdmin(E2E_OWNER, '/managerMining')
    try {
      expect(await waitForCurrent(page, 'miningConfig', 'feeRate')).toBe(String(before.feeRate))

      // Out of bounds (Mining.sol MAX_FEE_RATE = 2000): refused in the form, nothing simulated nor sent.
      const block = await chainClients(rpcUrl).public.getBlockNumber()
      await page.getByTestId('field-miningConfig-feeRate').fill('2001')
      await page.getByTestId('submit-miningConfig').click()
      await page
        .getByTestId('error-miningConfig')
        .filter({ hasText: 'Out of bounds: must be between 0 and 2000' })
        .waitFor()
      expect(await page.getByRole('dialog').count()).toBe(0)
      // A rule between fields: invite rates together above 100 %.
      await page.getByTestId('field-miningMulti-inviteRates.0').fill('5000')
      await page.getByTestId('field-miningMulti-inviteRates.1').fill('5000')
      await page.getByTestId('field-miningMulti-inviteRates.2').fill('1')
      await page.getByTestId('submit-miningMulti').click()
      await page.getByTestId('error-miningMulti').filter({ hasText: 'may not exceed 10000' }).waitFor()
      expect(await page.getByRole('dialog').count()).toBe(0)
      expect(await chainClients(rpcUrl).public.getBlockNumber()).toBe(block)

      await changeThroughForm(page, 'miningConfig', 'feeRate', String(fee), {
        summary: `${before.feeRate} → ${fee}`,
        toast: 'Settings updated',
      })
      expect((await read<Settings>(mining, miningAbi, 'getConfig')).feeRate).toBe(fee)
      await waitForAdminAction(page, baseUrl, {
        contract: 'Mining',
        event: 'ConfigUpdated',
        change: `Fee rate: ${percentText(before.feeRate)} → ${percentText(fee)}`,
      })
    } finally {
      await ownerWrite(rpcUrl, {
        address: mining,
        abi: miningAbi,
        functionName: 'setConfig',
        args: [pick(before, MINING_KEYS)],
      })
      await context.close()
    }
    expect((await read<Settings>(mining, miningAbi, 'getConfig')).feeRate).toBe(before.feeRate)
  })

  it('/managerMining: the owner blacklists an account, sees the flag, and lifts it again', async () => {
    const mining = contract('Mining')
    // HD index 140 of the public test mnemonic: an account of this file's own, never used elsewhere.
    const target = hdAccount(140)
    const flag = () => read<boolean>(mining, miningAbi, 'isBlacklisted', [target])
    expect(await flag()).toBe(false)
    const { page, context } = await openAdmin(E2E_OWNER, '/managerMining')
    try {
      await page.getByTestId('field-miningBlacklist-account').fill(target)
      expect(await waitForCurrent(page, 'miningBlacklist', 'blacklisted')).toBe('false')
      await page.getByTestId('field-miningBlacklist-blacklisted').check()
      await page.getByTestId('submit-miningBlacklist').click()
      await page.getByTestId('summary-miningBlacklist').filter({ hasText: 'false → true' }).waitFor()
      await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click()
      await page.getByRole('status').filter({ hasText: 'Blacklist updated' }).first().waitFor({ timeout: 30_000 })
      expect(await flag()).toBe(true)
      await page.locator('[data-testid="current-miningBlacklist-blacklisted"]:has-text("true")').waitFor()

      // Lifting it again through the form restores the shared chain.
      await page.getByRole('status').filter({ hasText: 'Blacklist updated' }).first().waitFor({ state: 'detached' })
      await page.getByTestId('field-miningBlacklist-blacklisted').uncheck()
      await page.getByTestId('submit-miningBlacklist').click()
      await page.getByTestId('summary-miningBlacklist').filter({ hasText: 'true → false' }).waitFor()
      await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click()
      await page.getByRole('status').filter({ hasText: 'Blacklist updated' }).first().waitFor({ timeout: 30_000 })
      expect(await flag()).toBe(false)
    } finally {
      if (await flag()) {
        await ownerWrite(rpcUrl, {
          address: mining,
          abi: miningAbi,
          functionName: 'setBlacklist',
          args: [target, false],
        })
      }
      await context.close()
    }
  })

  it('a manager without owner rights sees the owner settings read-only, with no form that would fail', async () => {
    const mining = contract('Mining')
    const before = await read<Settings>(mining, miningAbi, 'getConfig')
    const { page, context } = await openAdmin(E2E_MANAGER, '/managerMining')
    try {
      const shown = await waitForCurrent(page, 'miningConfig', 'feeRate')
      expect(shown.replace(/,/g, '')).toBe(String(before.feeRate))
      const form = page.getByTestId('admin-form-miningConfig')
      expect(await form.getAttribute('data-access')).toBe('read-only')
      expect(await page.getByTestId('owner-only-miningConfig').textContent()).toMatch(/Only the contract.s owner/)
      // no input and no submit on any owner-only setting of the screen
      expect(await page.getByTestId('field-miningConfig-feeRate').count()).toBe(0)
      expect(await page.locator('[data-testid^="submit-"]').count()).toBe(0)
      expect(await page.getByTestId('admin-rights').getAttribute('data-access')).toBe('none')
    } finally {
      await context.close()
    }
  })

  it('a manager of the main contract (not the owner) schedules the next staking round from the form it has rights for', async () => {
    const main = contract('Main')
    const stake = contract('Stake')
    const mainConfig = await read<{ manager: `0x${string}`; generations: bigint }>(main, mainAbi, 'getConfig')
    type Round = { idoMax: bigint; idoRate: bigint; idoPrice: bigint; idoFirst: bigint; idoMin: bigint }
    const rounds = await read<readonly Round[]>(stake, stakeAbi, 'getIdos')
    const { round } = await read<{ round: bigint }>(stake, stakeAbi, 'getConfig')
    const index = round + 1n
    if (index >= BigInt(rounds.length)) {
      // The seed configures the open round only: the owner adds the next one (its terms), starting in 30 days.
      const open = rounds[Number(round)]
      if (!open) throw new Error('no open staking round')
      const now = (await chainClients(rpcUrl).public.getBlock()).timestamp
      const { idoMax, idoRate, idoPrice, idoFirst, idoMin } = open
      await ownerWrite(rpcUrl, {
        address: stake,
        abi: stakeAbi,
        functionName: 'setIdo',
        args: [index, { idoMax, idoRate, idoPrice, idoFirst, idoMin, startTime: now + 30n * 86_400n }],
      })
    }
    await ownerWrite(rpcUrl, {
      address: main,
      abi: mainAbi,
      functionName: 'setConfig',
      args: [{ manager: E2E_MANAGER, generations: mainConfig.generations }],
    })
    const { page, context } = await openAdmin(E2E_MANAGER, '/manager')
    try {
      await waitForCurrent(page, 'stakeRoundStart', 'index')
      // The managers' own form is offered; the owner's settings are shown read-only.
      expect(await page.getByTestId('admin-form-stakeRoundStart').getAttribute('data-access')).toBeNull()
      expect(await page.getByTestId('admin-form-burnConfig').getAttribute('data-access')).toBe('read-only')
      const block = await chainClients(rpcUrl).public.getBlock()
      const startTime = block.timestamp + 3n * 86_400n
      await page.getByTestId('field-stakeRoundStart-index').fill(index.toString())
      await page.getByTestId('field-stakeRoundStart-startTime').fill(startTime.toString())
      await page.getByTestId('submit-stakeRoundStart').click()
      const dialog = page.getByRole('dialog')
      await dialog.waitFor({ timeout: 15_000 })
      expect(await page.getByTestId('summary-stakeRoundStart').textContent()).toContain(startTime.toString())
      await dialog.getByRole('button', { name: 'Confirm' }).click()
      await page.getByRole('status').filter({ hasText: 'Round scheduled' }).first().waitFor({ timeout: 30_000 })
      const after = await read<readonly { startTime: bigint }[]>(stake, stakeAbi, 'getIdos')
      expect(after[Number(index)]?.startTime).toBe(startTime)
    } finally {
      await context.close()
      await ownerWrite(rpcUrl, { address: main, abi: mainAbi, functionName: 'setConfig', args: [mainConfig] })
    }
  })

  it('refuses a non-manager on every admin screen, in both languages', async () => {
    const { page, context } = await openConnected(browser, baseUrl, { rpcUrl, account: E2E_VISITOR })
    try {
      for (const path of ADMIN_PATHS) {
        await page.goto(`${baseUrl}${path}`)
        await waitForPage(page, path)
        // after a page load the development wallet reconnects: until it has, the refusal asks for a manager's
        // wallet; the connected visitor's refusal is the one this test waits for
        const refusal = page.getByTestId('not-manager').filter({ hasText: '此錢包不是管理員' })
        await refusal.waitFor({ timeout: 15_000 })
        expect(await refusal.getByRole('heading').textContent()).toBe('非管理員')
        expect(await page.getByTestId('admin-forms').count()).toBe(0)
      }
    } finally {
      await context.close()
    }
    const english = await openPage(browser, { storage: { lang: 'en' } })
    try {
      for (const path of ADMIN_PATHS) {
        await english.page.goto(`${baseUrl}${path}`)
        await waitForPage(english.page, path)
        const refusal = english.page.getByTestId('not-manager')
        await refusal.waitFor()
        expect(await refusal.getByRole('heading').textContent()).toBe('Not a manager')
        expect(await refusal.textContent()).toContain("Connect a manager's wallet")
        expect(await english.page.getByTestId('admin-forms').count()).toBe(0)
      }
    } finally {
      await english.context.close()
    }
  })

  it('shows the forms to the owner in Traditional Chinese, with the bound refusal translated', async () => {
    const { page, context } = await openConnected(browser, baseUrl, {
      rpcUrl,
      account: E2E_OWNER,
      path: '/managerFom',
    })
    try {
      await waitForCurrent(page, 'fomoConfig', 'feeRate')
      expect(await page.getByTestId('admin-form-fomoConfig').textContent()).toContain('手續費率')
      await page.getByTestId('field-fomoConfig-feeRate').fill('2001')
      await page.getByTestId('submit-fomoConfig').click()
      await page.getByTestId('error-fomoConfig').filter({ hasText: '超出範圍：必須介於 0 與 2000 之間' }).waitFor()
      expect(await page.getByRole('dialog').count()).toBe(0)
    } finally {
      await context.close()
    }
  })
})
