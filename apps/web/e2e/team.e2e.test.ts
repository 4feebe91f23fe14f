import { burnAbi as burnContractAbi } from '@nexus/abi'
import { formatEther, parseAbi } from 'viem'
import { describe, expect, it } from 'vitest'
import { chainClients, contract, hdAccount } from './lib/chain.ts'
import { switchLanguage } from './lib/shell.ts'
import { openConnected, eachScreenshotView } from './lib/session.ts'
import { web2Number, web2Stat } from './lib/web2Flow.ts'
import { baseUrl, rpcUrl, useBrowser } from './lib/fixture.ts'

/** The seed's root of a binary referral tree 6 levels deep (HD 10..45); read only. */
const ROOT = hdAccount(10)
const browser = useBrowser()

const mainAbi = parseAbi(['function users(address account) view returns (uint256 index, address referrer)'])
const burnAbi = parseAbi([
  'function teams(address account) view returns ((bool isManual, uint256 level, uint256 invites, uint256 inviteValids, uint256 teamUser, uint256 teamAmount, uint256 teamMax, uint256 teamMin, address maxAccount))',
])

/** The seed tree as Main has it: direct and indirect members of ROOT. */
async function treeOfRoot(): Promise<{ direct: number; indirect: number }> {
  const { public: client } = chainClients(rpcUrl)
  const referrerOf = new Map<string, string>()
  for (let i = 10; i < 46; i++) {
    const account = hdAccount(i)
    const [, referrer] = await client.readContract({
      address: contract('Main'),
      abi: mainAbi,
      functionName: 'users',
      args: [account],
    })
    referrerOf.set(account.toLowerCase(), referrer.toLowerCase())
  }
  const depth = (account: string): number => {
    let d = 0
    for (let at = account; at !== ROOT.toLowerCase(); d++) {
      const up = referrerOf.get(at)
      if (!up) return -1
      at = up
    }
    return d
  }
  const depths = [...referrerOf.keys()].map(depth)
  return { direct: depths.filter((d) => d === 1).length, indirect: depths.filter((d) => d >= 2).length }
}

describe('team and invitations', () => {
  it('shows the 6-level seed team of HD 10, its level, legs, invite link with QR code and copy', async () => {
    const tree = await treeOfRoot()
    expect(tree.direct).toBe(2)
    expect(tree.indirect).toBe(33)
    const team = await chainClients(rpcUrl).public.readContract({
      address: contract('Burn'),
      abi: burnAbi,
      functionName: 'teams',
      args: [ROOT],
    })
    const { page, problems, context } = await openConnected(browser, baseUrl, {
      rpcUrl,
      account: ROOT,
      path: '/team',
      storage: { lang: 'en' },
    })
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl })
    await expect.poll(() => web2Stat(page, 'team-direct'), { timeout: 30_000 }).toBe('2')
    expect(await web2Stat(page, 'team-indirect')).toBe('33')
    expect(await web2Stat(page, 'team-size')).toBe('35')
    expect(web2Number(await web2Stat(page, 'team-volume'))).toBeGreaterThan(0)
    await expect.poll(() => page.getByTestId('team-level').textContent()).toBe(`V${team.level}`)
    expect(await page.getByTestId('team-next').textContent()).toMatch(
      /needs [\d,.]+ USDT outside the largest leg|highest level/,
    )
    // Whole-tree figures (the index) and the figures the level counts (Burn, its generations) are labelled apart.
    const depth = await chainClients(rpcUrl).public.readContract({
      address: contract('Burn'),
      abi: burnContractAbi,
      functionName: 'TEAM_DEPTH',
    })
    expect(await page.getByTestId('team-tree').locator('dt').allTextContents()).toContain('Team size (all generations)')
    expect(await page.getByTestId('team-counted').locator('dt').allTextContents()).toContain(
      `Team amount (${depth} generations)`,
    )
    expect(web2Number(await web2Stat(page, 'team-amount'))).toBeCloseTo(Number(formatEther(team.teamAmount)), 2)
    expect(await web2Stat(page, 'team-users')).toBe(team.teamUser.toString())
    expect(web2Number(await web2Stat(page, 'team-rest'))).toBeCloseTo(Number(formatEther(team.teamMin)), 2)
    // The next level's gap: its threshold less what lies outside the largest leg.
    const multi = await chainClients(rpcUrl).public.readContract({
      address: contract('Burn'),
      abi: burnContractAbi,
      functionName: 'getConfigMulti',
    })
    const threshold = multi.teamAmounts[Number(team.level)]
    if (threshold !== undefined) {
      const gap = threshold > team.teamMin ? threshold - team.teamMin : 0n
      expect(await page.getByTestId('team-gap').locator('dt').textContent()).toBe(`Gap to V${team.level + 1n}`)
      expect(web2Number(await web2Stat(page, 'team-gap'))).toBeCloseTo(Number(formatEther(gap)), 2)
    }

    const link = `${baseUrl}/?code=${ROOT}`
    expect(await page.getByTestId('invite-link').textContent()).toBe(link)
    await page.locator('[data-testid="invite-qr"][data-ready="true"] svg').waitFor()
    await page.getByTestId('invite-copy').click()
    await page.getByRole('status').filter({ hasText: 'Copy Success' }).waitFor()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link)

    await switchLanguage(page, 'zh-Hant')
    expect(await page.locator('main h1').first().textContent()).toBe('社區')
    expect(await page.getByTestId('team').textContent()).toContain('直推人數')
    expect(problems.list).toEqual([])
    await context.close()
  })

  it('lists the direct invitations of HD 10 with amount and date, then "No more", in both languages', async () => {
    const { page, problems, context } = await openConnected(browser, baseUrl, {
      rpcUrl,
      account: ROOT,
      path: '/invites',
      storage: { lang: 'en' },
    })
    const rows = page.getByTestId('invitation')
    await rows.first().waitFor({ timeout: 30_000 })
    expect(await rows.count()).toBe(2)
    const accounts = (await rows.evaluateAll((els) => els.map((el) => el.getAttribute('data-account')))).sort()
    expect(accounts).toEqual([hdAccount(11).toLowerCase(), hdAccount(12).toLowerCase()].sort())
    expect(await rows.first().getByTestId('invitation-amount').textContent()).toMatch(/^[\d,.]+ USDT$/)
    expect(await rows.first().textContent()).toMatch(/\d{4}\/\d\d\/\d\d \d\d:\d\d:\d\d/)
    expect(await page.getByTestId('list-end').textContent()).toBe('No more')
    await switchLanguage(page, 'zh-Hant')
    expect(await page.getByTestId('list-end').textContent()).toBe('沒有更多了')
    expect(problems.list).toEqual([])
    await context.close()
  })

  it('saves phone and desktop screenshots of /team and /invites in both languages', async () => {
    await eachScreenshotView(browser, baseUrl, { rpcUrl, account: ROOT, path: '/team' }, async ({ page, shot }) => {
      await page.locator('[data-testid="invite-qr"][data-ready="true"]').waitFor()
      await expect.poll(() => web2Stat(page, 'team-direct'), { timeout: 30_000 }).toBe('2')
      await expect.poll(() => page.getByTestId('team-next').textContent(), { timeout: 15_000 }).not.toBe('—')
      await shot('team')
    })
    await eachScreenshotView(browser, baseUrl, { rpcUrl, account: ROOT, path: '/invites' }, async ({ page, shot }) => {
      await page.getByTestId('invitation').first().waitFor({ timeout: 30_000 })
      await shot('invites')
    })
  }, 240_000)
})
