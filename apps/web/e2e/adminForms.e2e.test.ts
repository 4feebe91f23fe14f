import { burnAbi, doubleAbi, fomoAbi, idoAbi, infoAbi, logAbi, mainAbi, nftAbi, stakeAbi, tokenAbi } from '@nexus/abi'
import { erc20Abi, formatEther, getAddress, parseEther, zeroAddress } from 'viem'
import type { Abi, Address } from 'viem'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { E2E_MANAGER, E2E_OWNER } from './lib/accounts.ts'
import { balanceOf, chainClients, contract, hdAccount, send } from './lib/chain.ts'
import { openConnected } from './lib/session.ts'
import { ownerWrite, readChain, refusedByForm, submitThroughForm, waitForCurrent } from './lib/web4Admin.ts'
import { baseUrl, rpcUrl, useBrowser } from './lib/fixture.ts'

// SPEC.md §6's owner and manager settings that admin.e2e and timelock.e2e do not submit already: each form is
// filled as a manager would at the local product's defaults, its simulation and diff are checked, it is confirmed
// and the new value is read back from the chain; every value is restored for the other test files (one chain).
// Accounts: HD indexes 141..159 (the admin screens' range, admin.e2e has 140).

const browser = useBrowser()

/** An admin screen in English (or the default Traditional Chinese), connected as `account`. */
const openAdmin = (path: string, { account = E2E_OWNER, lang = 'en' }: { account?: Address; lang?: string } = {}) =>
  openConnected(browser, baseUrl, { rpcUrl, account, path, ...(lang === 'en' && { storage: { lang: 'en' } }) })

const read = <T>(
  address: Address,
  abi: Abi | readonly unknown[],
  functionName: string,
  args: readonly unknown[] = [],
) => readChain<T>(rpcUrl, address, abi, functionName, args)

/** A number one step from `value` that stays within `max` (for a change that the contract accepts). */
const nextTo = (value: bigint, max: bigint) => (value >= max ? value - 1n : value + 1n)

/** Setters keyed by an account with one switch: `setX(account, flag)`, read back with `view(account)`. */
const FLAG_FORMS = [
  {
    form: 'tokenFeeExempt',
    name: 'Token',
    abi: tokenAbi,
    view: 'isFeeExempt',
    write: 'setIsFeeExempt',
    key: 'account',
    flag: 'exempt',
    toast: 'Fee exemption updated',
    hd: 141,
  },
  {
    form: 'tokenWhitelist',
    name: 'Token',
    abi: tokenAbi,
    view: 'isWhitelisted',
    write: 'setWhitelist',
    key: 'account',
    flag: 'allowed',
    toast: 'Whitelist updated',
    hd: 142,
  },
  {
    form: 'idoWhitelist',
    name: 'Ido',
    abi: idoAbi,
    view: 'isWhitelisted',
    write: 'setWhitelist',
    key: 'account',
    flag: 'allowed',
    toast: 'Whitelist updated',
    hd: 143,
  },
  {
    form: 'stakeWhitelist',
    name: 'Stake',
    abi: stakeAbi,
    view: 'isWhitelisted',
    write: 'setWhitelist',
    key: 'account',
    flag: 'allowed',
    toast: 'Whitelist updated',
    hd: 144,
  },
  {
    form: 'idoMinter',
    name: 'Ido',
    abi: idoAbi,
    view: 'isMinter',
    write: 'setMinter',
    key: 'minter',
    flag: 'allowed',
    toast: 'Minter updated',
    hd: 145,
  },
  {
    form: 'doubleDepositor',
    name: 'Double',
    abi: doubleAbi,
    view: 'isDepositor',
    write: 'setDepositor',
    key: 'depositor',
    flag: 'allowed',
    toast: 'Depositor updated',
    hd: 146,
  },
  {
    form: 'logWriter',
    name: 'Log',
    abi: logAbi,
    view: 'isWriter',
    write: 'setWriter',
    key: 'writer',
    flag: 'allowed',
    toast: 'Writer updated',
    hd: 147,
  },
  {
    form: 'box',
    name: 'Nft',
    abi: nftAbi,
    view: 'isBox',
    write: 'setBox',
    key: 'account',
    flag: 'allowed',
    toast: 'Box updated',
    hd: 148,
  },
  {
    form: 'burnBlacklist',
    name: 'Burn',
    abi: burnAbi,
    view: 'isBlacklisted',
    write: 'setBlacklist',
    key: 'account',
    flag: 'blacklisted',
    toast: 'Blacklist updated',
    hd: 149,
  },
] as const

describe('admin forms: accounts with a switch (whitelists, fee exemption, minters, depositors, writers, boxes, blacklists)', () => {
  it.each(FLAG_FORMS)('/manager $form: the owner sets the flag of an account, the chain has it', async (row) => {
    const address = contract(row.name)
    const target = hdAccount(row.hd)
    const flag = () => read<boolean>(address, row.abi, row.view, [target])
    expect(await flag()).toBe(false)
    const { page, context } = await openAdmin('/manager')
    try {
      await page.getByTestId(`field-${row.form}-${row.key}`).fill(target)
      expect(await waitForCurrent(page, row.form, row.flag)).toBe('false')
      await submitThroughForm(page, row.form, { [row.flag]: true }, { summary: 'false → true', toast: row.toast })
      expect(await flag()).toBe(true)
      await page.locator(`[data-testid="current-${row.form}-${row.flag}"]:has-text("true")`).waitFor()
    } finally {
      await context.close()
      if (await flag())
        await ownerWrite(rpcUrl, { address, abi: row.abi, functionName: row.write, args: [target, false] })
    }
    expect(await flag()).toBe(false)
  })

  it('/managerFom fomoBlacklist: the owner blacklists an account of the FOM pool, and lifts it again', async () => {
    const fomo = contract('Fomo')
    const target = hdAccount(150)
    const flag = () => read<boolean>(fomo, fomoAbi, 'isBlacklisted', [target])
    const { page, context } = await openAdmin('/managerFom')
    try {
      await page.getByTestId('field-fomoBlacklist-account').fill(target)
      expect(await waitForCurrent(page, 'fomoBlacklist', 'blacklisted')).toBe('false')
      await submitThroughForm(
        page,
        'fomoBlacklist',
        { blacklisted: true },
        { summary: 'false → true', toast: 'Blacklist updated' },
      )
      expect(await flag()).toBe(true)
      await page.locator('[data-testid="current-fomoBlacklist-blacklisted"]:has-text("true")').waitFor()
      await submitThroughForm(
        page,
        'fomoBlacklist',
        { blacklisted: false },
        { summary: 'true → false', toast: 'Blacklist updated' },
      )
      expect(await flag()).toBe(false)
    } finally {
      await context.close()
      if (await flag())
        await ownerWrite(rpcUrl, { address: fomo, abi: fomoAbi, functionName: 'setBlacklist', args: [target, false] })
    }
  })

  it('refuses an account that is not an address, in Traditional Chinese, and sends nothing', async () => {
    const { page, context } = await openAdmin('/manager', { lang: 'zh-Hant' })
    try {
      await waitForCurrent(page, 'mainManager', 'manager')
      for (const form of ['tokenWhitelist', 'burnBlacklist']) {
        await page.getByTestId(`field-${form}-account`).fill('abc')
        await refusedByForm(page, rpcUrl, form, {}, '請輸入有效地址（0x 後接 40 位十六進位數字）')
      }
    } finally {
      await context.close()
    }
  })

  it('/manager idoWhitelists: the owner whitelists several accounts at once; a bad entry is named and nothing is sent', async () => {
    const ido = contract('Ido')
    const targets = [hdAccount(151), hdAccount(152)]
    const flags = () => Promise.all(targets.map((target) => read<boolean>(ido, idoAbi, 'isWhitelisted', [target])))
    expect(await flags()).toEqual([false, false])
    const { page, context } = await openAdmin('/manager')
    try {
      await waitForCurrent(page, 'mainManager', 'manager')
      await refusedByForm(
        page,
        rpcUrl,
        'idoWhitelists',
        { accounts: `${targets[0]}, 0x12` },
        'Not a valid address: 0x12',
      )
      await submitThroughForm(
        page,
        'idoWhitelists',
        { accounts: targets.join('\n'), allowed: true },
        { summary: [targets.join(', '), 'true'], toast: 'Whitelist updated' },
      )
      expect(await flags()).toEqual([true, true])
    } finally {
      await context.close()
      await ownerWrite(rpcUrl, { address: ido, abi: idoAbi, functionName: 'setWhitelists', args: [targets, false] })
    }
    expect(await flags()).toEqual([false, false])
  })
})

type Team = { isManual: boolean; level: bigint }

/** Manual team levels: Burn.setTeam(account, isManual, level) and Fomo.setTeamLevel(account, level, isManual). */
const TEAM_FORMS = [
  { path: '/manager', form: 'burnTeam', name: 'Burn', abi: burnAbi, level: 3n, max: 5n, hd: 153 },
  { path: '/managerFom', form: 'fomoTeam', name: 'Fomo', abi: fomoAbi, level: 2n, max: 4n, hd: 154 },
] as const

describe('admin forms: manual team levels', () => {
  it.each(TEAM_FORMS)('$path $form: the owner fixes an account’s level by hand, the chain has it', async (row) => {
    const address = contract(row.name)
    const target = hdAccount(row.hd)
    const team = () => read<Team>(address, row.abi, 'teams', [target])
    const before = await team()
    expect(before.isManual).toBe(false)
    const restore = () =>
      ownerWrite(rpcUrl, {
        address,
        abi: row.abi,
        functionName: row.name === 'Burn' ? 'setTeam' : 'setTeamLevel',
        args: row.name === 'Burn' ? [target, false, 0n] : [target, 0n, false],
      })
    const { page, context } = await openAdmin(row.path)
    try {
      await page.getByTestId(`field-${row.form}-account`).fill(target)
      expect(await waitForCurrent(page, row.form, 'level')).toBe(String(before.level))
      // one above the contract's highest level: refused by the form with the bound, nothing sent
      await refusedByForm(
        page,
        rpcUrl,
        row.form,
        { level: String(row.max + 1n), isManual: true },
        `Out of bounds: must be between 0 and ${row.max}`,
      )
      await submitThroughForm(
        page,
        row.form,
        { level: String(row.level), isManual: true },
        { summary: ['false → true', `${before.level} → ${row.level}`], toast: 'Team level updated' },
      )
      expect(await team()).toMatchObject({ isManual: true, level: row.level })
    } finally {
      await context.close()
      if ((await team()).isManual) await restore()
    }
    expect((await team()).isManual).toBe(false)
  })
})

describe('admin forms: settings (Main.setManager, Token, Stake and Ido settings)', () => {
  it('/manager mainManager: the owner names a new manager, who is a manager on chain; an empty address is refused', async () => {
    const main = contract('Main')
    const config = await read<{ manager: Address; generations: bigint }>(main, mainAbi, 'getConfig')
    const next = hdAccount(155)
    const { page, context } = await openAdmin('/manager')
    try {
      expect(await waitForCurrent(page, 'mainManager', 'manager')).toBe(getAddress(config.manager))
      await refusedByForm(page, rpcUrl, 'mainManager', { manager: '0xnot' }, 'Enter a valid address')
      await submitThroughForm(
        page,
        'mainManager',
        { manager: next },
        { summary: `${getAddress(config.manager)} → ${next}`, toast: 'Manager updated' },
      )
      expect(await read<boolean>(main, mainAbi, 'isManager', [next])).toBe(true)
      expect((await read<{ manager: Address }>(main, mainAbi, 'getConfig')).manager).toBe(next)
    } finally {
      await context.close()
      await ownerWrite(rpcUrl, { address: main, abi: mainAbi, functionName: 'setConfig', args: [config] })
    }
    expect(await read<boolean>(main, mainAbi, 'isManager', [next])).toBe(false)
  })

  it('/manager tokenConfig: the owner changes the buy fee, the chain has it; sell fees above the bound are refused', async () => {
    const token = contract('Token')
    type TokenConfig = Record<string, bigint | Address>
    const before = await read<TokenConfig>(token, tokenAbi, 'getConfig')
    const buyRate = nextTo(before.buyRate as bigint, 1_000n)
    const { page, context } = await openAdmin('/manager')
    try {
      expect(await waitForCurrent(page, 'tokenConfig', 'buyRate')).toBe(String(before.buyRate))
      // Token.MAX_FEE: the three sell fees together
      await refusedByForm(
        page,
        rpcUrl,
        'tokenConfig',
        { addPoolRate: '1000', feeUSDT: '1000', feeNex: '1000' },
        'may not exceed',
      )
      await fillFormBack(page, 'tokenConfig', before, ['addPoolRate', 'feeUSDT', 'feeNex'])
      await submitThroughForm(
        page,
        'tokenConfig',
        { buyRate: String(buyRate) },
        { summary: `${before.buyRate} → ${buyRate}`, toast: 'Settings updated' },
      )
      expect((await read<TokenConfig>(token, tokenAbi, 'getConfig')).buyRate).toBe(buyRate)
    } finally {
      await context.close()
      const settings = await read<TokenConfig>(token, tokenAbi, 'getConfig')
      if (settings.buyRate !== before.buyRate) {
        const inputs = (tokenAbi as Abi).find(
          (item) => item.type === 'function' && item.name === 'setConfig',
        ) as unknown as { inputs: [{ components: { name: string }[] }] }
        const struct = Object.fromEntries(inputs.inputs[0].components.map(({ name }) => [name, before[name]]))
        await ownerWrite(rpcUrl, { address: token, abi: tokenAbi, functionName: 'setConfig', args: [struct] })
      }
    }
    expect((await read<TokenConfig>(token, tokenAbi, 'getConfig')).buyRate).toBe(before.buyRate)
  })

  it('/manager stakeConfig: the owner changes the staking fee rate; referral rates above their bound are refused', async () => {
    const stake = contract('Stake')
    type StakeConfig = Record<string, bigint>
    const before = await read<StakeConfig>(stake, stakeAbi, 'getConfig')
    const feeRate = nextTo(before.feeRate ?? 0n, 1_000n)
    const { page, context } = await openAdmin('/manager')
    try {
      expect(await waitForCurrent(page, 'stakeConfig', 'feeRate')).toBe(String(before.feeRate))
      await refusedByForm(
        page,
        rpcUrl,
        'stakeConfig',
        { directRate: '2000', indirectRate: '1001' },
        'may not exceed 3000',
      )
      await fillFormBack(page, 'stakeConfig', before, ['directRate', 'indirectRate'])
      await submitThroughForm(
        page,
        'stakeConfig',
        { feeRate: String(feeRate) },
        { summary: `${before.feeRate} → ${feeRate}`, toast: 'Settings updated' },
      )
      expect((await read<StakeConfig>(stake, stakeAbi, 'getConfig')).feeRate).toBe(feeRate)
    } finally {
      await context.close()
      await ownerWrite(rpcUrl, { address: stake, abi: stakeAbi, functionName: 'setConfig', args: [before] })
    }
    expect((await read<StakeConfig>(stake, stakeAbi, 'getConfig')).feeRate).toBe(before.feeRate)
  })
})

/** Puts the chain's values of `keys` back into the inputs of `form` after a refused try. */
async function fillFormBack(page: Page, form: string, values: Record<string, unknown>, keys: readonly string[]) {
  for (const key of keys) await page.getByTestId(`field-${form}-${key}`).fill(String(values[key]))
}

type StakeRound = {
  idoMax: bigint
  idoRate: bigint
  idoPrice: bigint
  idoFirst: bigint
  startTime: bigint
  idoMin: bigint
}

describe('admin forms: rounds', () => {
  it('/manager stakeRound: the owner sets the next staking round’s terms; idoMin above idoMax is refused', async () => {
    const stake = contract('Stake')
    const rounds = await read<readonly StakeRound[]>(stake, stakeAbi, 'getIdos')
    const { round } = await read<{ round: bigint }>(stake, stakeAbi, 'getConfig')
    const index = round + 1n
    const existing = rounds[Number(index)]
    const open = rounds[Number(round)]
    if (!open) throw new Error('no open staking round')
    const now = (await chainClients(rpcUrl).public.getBlock()).timestamp
    // the next round: its terms changed (one more basis point of reward cap), or, on a fresh chain, created
    const base = existing ?? { ...open, startTime: now + 30n * 86_400n }
    const idoRate = nextTo(base.idoRate, 50_000n)
    const { page, context } = await openAdmin('/manager')
    try {
      await page.getByTestId('field-stakeRound-index').fill(String(index))
      if (existing) expect(await waitForCurrent(page, 'stakeRound', 'idoRate')).toBe(String(existing.idoRate))
      const terms = {
        idoMax: formatEther(base.idoMax),
        idoRate: String(base.idoRate),
        idoPrice: formatEther(base.idoPrice),
        idoFirst: String(base.idoFirst),
        startTime: String(base.startTime),
        idoMin: formatEther(base.idoMin),
      }
      await refusedByForm(
        page,
        rpcUrl,
        'stakeRound',
        { ...terms, idoMin: formatEther(base.idoMax + 1n) },
        'Must not be above idoMax',
      )
      await submitThroughForm(
        page,
        'stakeRound',
        { ...terms, idoRate: String(idoRate) },
        { summary: existing ? `${existing.idoRate} → ${idoRate}` : String(idoRate), toast: 'Round set' },
      )
      const after = (await read<readonly StakeRound[]>(stake, stakeAbi, 'getIdos'))[Number(index)]
      expect(after).toMatchObject({ ...pickRound(base), idoRate })
    } finally {
      await context.close()
      if (existing) {
        await ownerWrite(rpcUrl, {
          address: stake,
          abi: stakeAbi,
          functionName: 'setIdo',
          args: [index, pickRound(existing)],
        })
      }
    }
    if (existing) {
      expect((await read<readonly StakeRound[]>(stake, stakeAbi, 'getIdos'))[Number(index)]?.idoRate).toBe(
        existing.idoRate,
      )
    }
  })

  it('/manager idoRound: the owner changes the units for sale of the next minting round; a zero price is refused', async () => {
    const ido = contract('Ido')
    type IdoRound = { idoMax: bigint; idoAmount: bigint; idoTokens: bigint; startTime: bigint }
    const state = await read<{ round: bigint }>(ido, idoAbi, 'getRoundState')
    const index = state.round + 1n
    const before = await read<IdoRound>(ido, idoAbi, 'idos', [index])
    const now = (await chainClients(rpcUrl).public.getBlock()).timestamp
    // the seed configures the next round as a preview; on a chain without one, the test creates it 30 days ahead
    const current = await read<IdoRound>(ido, idoAbi, 'idos', [state.round])
    const base = before.idoMax > 0n ? before : { ...current, startTime: now + 30n * 86_400n }
    const idoMax = base.idoMax + 7n
    const { page, context } = await openAdmin('/manager')
    try {
      await page.getByTestId('field-idoRound-index').fill(String(index))
      if (before.idoMax > 0n) expect(await waitForCurrent(page, 'idoRound', 'idoMax')).toBe(String(before.idoMax))
      const terms = {
        idoAmount: formatEther(base.idoAmount),
        idoTokens: formatEther(base.idoTokens),
        startTime: String(base.startTime),
      }
      await refusedByForm(
        page,
        rpcUrl,
        'idoRound',
        { ...terms, idoMax: String(idoMax), idoAmount: '0' },
        'Out of bounds',
      )
      await submitThroughForm(
        page,
        'idoRound',
        { ...terms, idoMax: String(idoMax) },
        { summary: before.idoMax > 0n ? `${before.idoMax} → ${idoMax}` : String(idoMax), toast: 'Round set' },
      )
      expect(await read<IdoRound>(ido, idoAbi, 'idos', [index])).toMatchObject({
        idoMax,
        idoAmount: base.idoAmount,
        idoTokens: base.idoTokens,
        startTime: base.startTime,
      })
    } finally {
      await context.close()
      if (before.idoMax > 0n) {
        const { idoMax: max, idoAmount, idoTokens, startTime } = before
        await ownerWrite(rpcUrl, {
          address: ido,
          abi: idoAbi,
          functionName: 'setIdo',
          args: [index, max, idoAmount, idoTokens, startTime],
        })
      }
    }
  })

  it('a manager on chain (not the owner) sees only the round-start forms editable, and moves the next minting round', async () => {
    const main = contract('Main')
    const ido = contract('Ido')
    const config = await read<{ manager: Address; generations: bigint }>(main, mainAbi, 'getConfig')
    const state = await read<{
      round: bigint
      status: number
      startTime: bigint
      hasNext: boolean
      nextStartTime: bigint
    }>(ido, idoAbi, 'getRoundState')
    const index = state.round + 1n
    type IdoRound = { idoMax: bigint; idoAmount: bigint; idoTokens: bigint; startTime: bigint }
    const next = await read<IdoRound>(ido, idoAbi, 'idos', [index])
    const now = (await chainClients(rpcUrl).public.getBlock()).timestamp
    // the next round must be configured and still ahead: on a chain without one, the owner adds it 30 days ahead
    let start = next.startTime
    if (next.idoMax === 0n || next.startTime <= now + 60n) {
      const open = await read<IdoRound>(ido, idoAbi, 'idos', [state.round])
      start = now + 30n * 86_400n
      await ownerWrite(rpcUrl, {
        address: ido,
        abi: idoAbi,
        functionName: 'setIdo',
        args: [index, open.idoMax, open.idoAmount, open.idoTokens, start],
      })
    }
    await ownerWrite(rpcUrl, { address: main, abi: mainAbi, functionName: 'setManager', args: [E2E_MANAGER] })
    const { page, context } = await openAdmin('/manager', { account: E2E_MANAGER })
    try {
      await waitForCurrent(page, 'idoRoundStart', 'index')
      expect(await page.getByTestId('admin-rights').getAttribute('data-access')).toBe('none')
      // every owner setting is read-only, with no input; the two forms of the managers' right are offered
      const editable = await page
        .locator('[data-testid^="admin-form-"]:not([data-access="read-only"])')
        .evaluateAll((cards) => cards.map((card) => card.getAttribute('data-testid')))
      expect(editable.sort()).toEqual(['admin-form-idoRoundStart', 'admin-form-stakeRoundStart'])
      const submits = await page
        .locator('[data-testid^="submit-"]')
        .evaluateAll((buttons) => buttons.map((button) => button.getAttribute('data-testid')))
      expect(submits.sort()).toEqual(['submit-idoRoundStart', 'submit-stakeRoundStart'])
      expect(await page.locator('[data-testid^="field-tokenConfig-"]').count()).toBe(0)
      expect(await page.locator('[data-testid="admin-form-controlPause"][data-access="read-only"]').count()).toBe(1)

      // the next round, one hour later than planned (a later round may move either way)
      const later = start + 3_600n
      await submitThroughForm(
        page,
        'idoRoundStart',
        { index: String(index), startTime: String(later) },
        { summary: `${state.startTime} → ${later}`, toast: 'Round scheduled' },
      )
      expect((await read<IdoRound>(ido, idoAbi, 'idos', [index])).startTime).toBe(later)
    } finally {
      await context.close()
      await ownerWrite(rpcUrl, { address: main, abi: mainAbi, functionName: 'setConfig', args: [config] })
      if (next.idoMax > 0n && next.startTime > now + 60n) {
        await ownerWrite(rpcUrl, {
          address: ido,
          abi: idoAbi,
          functionName: 'setIdo',
          args: [index, next.idoMax, next.idoAmount, next.idoTokens, next.startTime],
        })
      }
    }
  })
})

function pickRound(round: StakeRound): StakeRound {
  const { idoMax, idoRate, idoPrice, idoFirst, startTime, idoMin } = round
  return { idoMax, idoRate, idoPrice, idoFirst, startTime, idoMin }
}

const IMPLEMENTATION_SLOT = '0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc'

// On Info, whose admin events no other test reads: Mining's own history stays short enough for /transparency's
// tests, which read a setting's old value from the same contract's previous event on the first page.
describe('admin forms: contract controls (pause, guardian, excess, ownership, upgrades), on Info', () => {
  /** /manager with "Contract controls" on Info. */
  async function openControls(lang = 'en') {
    const opened = await openAdmin('/manager', { lang })
    await opened.page.getByTestId('control-contract').selectOption('Info')
    await waitForCurrent(opened.page, 'controlGuardian', 'guardian_')
    return opened
  }
  const info = () => contract('Info')

  it('pauses and lifts the pause, renews it for a duration, and names a guardian', async () => {
    const address = info()
    const guardian = await read<Address>(address, infoAbi, 'guardian')
    const paused = () => read<boolean>(address, infoAbi, 'paused')
    expect(await paused()).toBe(false)
    const { page, context } = await openControls()
    try {
      await submitThroughForm(page, 'controlPause', {}, { summary: 'pause()', toast: 'Paused' })
      expect(await paused()).toBe(true)
      await submitThroughForm(page, 'controlUnpause', {}, { summary: 'unpause()', toast: 'Unpaused' })
      expect(await paused()).toBe(false)

      await refusedByForm(page, rpcUrl, 'controlRenewPause', { duration: '0' }, 'Out of bounds: must be between 1 and')
      await submitThroughForm(page, 'controlRenewPause', { duration: '600' }, { summary: '600', toast: 'Paused' })
      const { timestamp } = await chainClients(rpcUrl).public.getBlock()
      expect(await paused()).toBe(true)
      const until = await read<bigint>(address, infoAbi, 'pausedUntil')
      expect(until - timestamp).toBeLessThanOrEqual(600n)
      expect(until - timestamp).toBeGreaterThan(590n)
      await ownerWrite(rpcUrl, { address, abi: infoAbi, functionName: 'unpause', args: [] })

      const next = hdAccount(156)
      await submitThroughForm(
        page,
        'controlGuardian',
        { guardian_: next },
        { summary: `${getAddress(guardian)} → ${next}`, toast: 'Guardian updated' },
      )
      expect(await read<Address>(address, infoAbi, 'guardian')).toBe(next)
    } finally {
      await context.close()
      if (await paused()) await ownerWrite(rpcUrl, { address, abi: infoAbi, functionName: 'unpause', args: [] })
      await ownerWrite(rpcUrl, { address, abi: infoAbi, functionName: 'setGuardian', args: [guardian] })
    }
    expect(await read<Address>(address, infoAbi, 'guardian')).toBe(getAddress(guardian))
  })

  it('withdraws the excess of a token to an address; more than the excess is refused in Traditional Chinese', async () => {
    const address = info()
    const usdt = contract('USDT')
    const recipient = hdAccount(157)
    // USDT sent to Info by mistake: nobody is owed it, so all of it is excess
    const stray = parseEther('3')
    const { wallet } = chainClients(rpcUrl)
    await send(rpcUrl, () =>
      wallet.writeContract({
        account: E2E_OWNER,
        chain: null,
        address: usdt,
        abi: erc20Abi,
        functionName: 'transfer',
        args: [address, stray],
      }),
    )
    const excess = await read<bigint>(address, infoAbi, 'excessOf', [usdt])
    expect(excess).toBeGreaterThanOrEqual(stray)
    const held = await balanceOf(rpcUrl, usdt, recipient)
    const zh = await openControls('zh-Hant')
    try {
      await zh.page.getByTestId('field-controlWithdrawExcess-token').fill(usdt)
      await waitForCurrent(zh.page, 'controlWithdrawExcess', 'amount')
      await refusedByForm(
        zh.page,
        rpcUrl,
        'controlWithdrawExcess',
        { to: recipient, amount: String(Number(excess) / 1e18 + 1) },
        '超過此合約持有的超額',
      )
    } finally {
      await zh.context.close()
    }
    const { page, context } = await openControls()
    try {
      await page.getByTestId('field-controlWithdrawExcess-token').fill(usdt)
      await waitForCurrent(page, 'controlWithdrawExcess', 'amount')
      await submitThroughForm(
        page,
        'controlWithdrawExcess',
        { to: recipient, amount: '2.5' },
        { summary: ['withdrawExcess(', recipient, '2.5'], toast: 'Excess withdrawn' },
      )
    } finally {
      await context.close()
    }
    expect((await balanceOf(rpcUrl, usdt, recipient)) - held).toBe(parseEther('2.5'))
    expect(await read<bigint>(address, infoAbi, 'excessOf', [usdt])).toBe(excess - parseEther('2.5'))
  })

  it('offers the ownership to another account, takes the offer back, and accepts it again', async () => {
    const address = info()
    const other = hdAccount(158)
    const { page, context } = await openControls()
    try {
      expect(await waitForCurrent(page, 'controlTransferOwnership', 'newOwner')).toBe(E2E_OWNER)
      await refusedByForm(page, rpcUrl, 'controlTransferOwnership', { newOwner: '0x1234' }, 'Enter a valid address')
      await submitThroughForm(
        page,
        'controlTransferOwnership',
        { newOwner: other },
        { summary: `${E2E_OWNER} → ${other}`, toast: 'Ownership offered' },
      )
      // two steps: the owner stays until the new one accepts
      expect(await read<Address>(address, infoAbi, 'pendingOwner')).toBe(other)
      expect(await read<Address>(address, infoAbi, 'owner')).toBe(E2E_OWNER)
      // the owner takes the offer back (offers it to itself, outside the form: the form's "Now" is the owner, so
      // it would say nothing changed) and accepts it through the form: nothing is pending any more
      await ownerWrite(rpcUrl, { address, abi: infoAbi, functionName: 'transferOwnership', args: [E2E_OWNER] })
      expect(await read<Address>(address, infoAbi, 'pendingOwner')).toBe(E2E_OWNER)
      await submitThroughForm(
        page,
        'controlAcceptOwnership',
        {},
        { summary: 'acceptOwnership()', toast: 'Ownership accepted' },
      )
      expect(await read<Address>(address, infoAbi, 'pendingOwner')).toBe(zeroAddress)
    } finally {
      await context.close()
      if ((await read<Address>(address, infoAbi, 'pendingOwner')) !== zeroAddress) {
        await ownerWrite(rpcUrl, { address, abi: infoAbi, functionName: 'transferOwnership', args: [E2E_OWNER] })
        await ownerWrite(rpcUrl, { address, abi: infoAbi, functionName: 'acceptOwnership', args: [] })
      }
    }
    expect(await read<Address>(address, infoAbi, 'owner')).toBe(E2E_OWNER)
  })

  it('changes the upgrade delay, schedules an upgrade and cancels it, schedules it again and installs it after the delay', async () => {
    const address = info()
    const client = chainClients(rpcUrl).public
    const slot = await client.getStorageAt({ address, slot: IMPLEMENTATION_SLOT })
    const implementation = getAddress(`0x${(slot ?? '0x').slice(-40)}`)
    const delay = await read<bigint>(address, infoAbi, 'upgradeDelay')
    const pending = () => read<readonly [Address, bigint]>(address, infoAbi, 'pendingUpgrade')
    const { page, context } = await openControls()
    try {
      expect(await waitForCurrent(page, 'controlUpgradeDelay', 'delay')).toBe(String(delay))
      await refusedByForm(page, rpcUrl, 'controlUpgradeDelay', { delay: '60' }, 'Out of bounds: must be between 3600')
      const longer = delay + 60n
      await submitThroughForm(
        page,
        'controlUpgradeDelay',
        { delay: String(longer) },
        { summary: `${delay} → ${longer}`, toast: 'Settings updated' },
      )
      expect(await read<bigint>(address, infoAbi, 'upgradeDelay')).toBe(longer)
      await submitThroughForm(
        page,
        'controlUpgradeDelay',
        { delay: String(delay) },
        { summary: `${longer} → ${delay}`, toast: 'Settings updated' },
      )
      expect(await read<bigint>(address, infoAbi, 'upgradeDelay')).toBe(delay)

      await submitThroughForm(
        page,
        'controlScheduleUpgrade',
        { implementation },
        { summary: implementation, toast: 'Upgrade scheduled' },
      )
      expect((await pending())[0]).toBe(implementation)
      await submitThroughForm(
        page,
        'controlCancelUpgrade',
        {},
        { summary: 'cancelUpgrade()', toast: 'Upgrade cancelled' },
      )
      expect((await pending())[0]).toBe(zeroAddress)

      await submitThroughForm(
        page,
        'controlScheduleUpgrade',
        { implementation },
        { summary: implementation, toast: 'Upgrade scheduled' },
      )
      const [, readyAt] = await pending()
      await client.request({
        method: 'evm_setNextBlockTimestamp' as never,
        params: [`0x${readyAt.toString(16)}`] as never,
      })
      await client.request({ method: 'evm_mine' as never, params: [] as never })
      await submitThroughForm(
        page,
        'controlUpgrade',
        { newImplementation: implementation, data: '0x' },
        { summary: `upgradeToAndCall(${implementation}, 0x)`, toast: 'Upgraded' },
      )
      expect((await pending())[0]).toBe(zeroAddress)
      expect(
        getAddress(`0x${((await client.getStorageAt({ address, slot: IMPLEMENTATION_SLOT })) ?? '').slice(-40)}`),
      ).toBe(implementation)
    } finally {
      await context.close()
      if ((await pending())[0] !== zeroAddress) {
        await ownerWrite(rpcUrl, { address, abi: infoAbi, functionName: 'cancelUpgrade', args: [] })
      }
      if ((await read<bigint>(address, infoAbi, 'upgradeDelay')) !== delay) {
        await ownerWrite(rpcUrl, { address, abi: infoAbi, functionName: 'setUpgradeDelay', args: [delay] })
      }
    }
  })
})

describe('admin forms: Ido settings with the vesting limits of issue 19', () => {
  it('/manager idoConfig: shows the limits read from the chain, refuses slower vesting before simulating, applies another change', async () => {
    const ido = contract('Ido')
    type Settings = Record<string, bigint | boolean>
    const before = await read<Settings>(ido, idoAbi, 'getSettings')
    const { totalTokens } = await read<{ totalTokens: bigint }>(ido, idoAbi, 'totalInfo')
    // the seed sells NEX, so the limits apply at the local product's defaults
    expect(totalTokens).toBeGreaterThan(0n)
    const claimStart = before.claimStart as bigint
    const dayTimes = before.dayTimes as bigint
    const releaseDays = before.releaseDays as bigint
    const slippage = nextTo(before.slippage as bigint, 1_000n)
    const zh = await openAdmin('/manager', { lang: 'zh-Hant' })
    try {
      expect(await waitForCurrent(zh.page, 'idoConfig', 'releaseDays')).toBe(String(releaseDays))
      const note = zh.page.getByTestId('ido-vesting-limits')
      expect(await note.getAttribute('data-sold')).toBe('true')
      const text = (await note.textContent()) ?? ''
      expect(text).toContain('NEX 已有售出，歸屬只能變快')
      expect(text).toContain(`dayTimes 最多 ${dayTimes} 秒`)
      expect(text).toContain(`releaseDays 最多 ${releaseDays}`)
      // a later (or, none set yet, a first more than a year ahead) claimStart
      const { timestamp } = await chainClients(rpcUrl).public.getBlock()
      const [lateStart, refusal] =
        claimStart === 0n
          ? [timestamp + 366n * 86_400n, '首次設定的 claimStart 最多在 365 天後']
          : [claimStart + 1n, `claimStart 只能提前（最多 ${claimStart}）`]
      expect(text).toContain(claimStart === 0n ? '最多在 365 天後' : `最多 ${claimStart}`)
      await refusedByForm(zh.page, rpcUrl, 'idoConfig', { claimStart: String(lateStart) }, refusal)
      await fillFormBack(zh.page, 'idoConfig', before, ['claimStart'])
      await refusedByForm(
        zh.page,
        rpcUrl,
        'idoConfig',
        { dayTimes: String(dayTimes + 1n) },
        `dayTimes 不可增加（最多 ${dayTimes}）`,
      )
      await fillFormBack(zh.page, 'idoConfig', before, ['dayTimes'])
      await refusedByForm(
        zh.page,
        rpcUrl,
        'idoConfig',
        { releaseDays: String(releaseDays + 1n) },
        `releaseDays 不可增加（最多 ${releaseDays}）`,
      )
      if (claimStart !== 0n) {
        await fillFormBack(zh.page, 'idoConfig', before, ['releaseDays'])
        await refusedByForm(zh.page, rpcUrl, 'idoConfig', { claimStart: '0' }, 'claimStart 不能再取消')
      }
    } finally {
      await zh.context.close()
    }
    const { page, context } = await openAdmin('/manager')
    try {
      expect(await waitForCurrent(page, 'idoConfig', 'slippage')).toBe(String(before.slippage))
      await submitThroughForm(
        page,
        'idoConfig',
        { slippage: String(slippage) },
        { summary: `${before.slippage} → ${slippage}`, toast: 'Settings updated' },
      )
      expect(await read<Settings>(ido, idoAbi, 'getSettings')).toEqual({ ...before, slippage })
    } finally {
      await context.close()
      await ownerWrite(rpcUrl, { address: ido, abi: idoAbi, functionName: 'setConfig', args: [before] })
    }
    expect(await read<Settings>(ido, idoAbi, 'getSettings')).toEqual(before)
  })
})
