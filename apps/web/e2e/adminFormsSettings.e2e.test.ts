import { burnAbi, contractConstants, logAbi, mainAbi, nftAbi, tokenAbi } from '@nexus/abi'
import { formatEther, parseEther } from 'viem'
import { describe, expect, it } from 'vitest'
import { E2E_OWNER } from './lib/accounts.ts'
import { contract } from './lib/chain.ts'
import { openConnected } from './lib/session.ts'
import { ownerWrite, readChain, refusedByForm, submitThroughForm, waitForCurrent } from './lib/web4Admin.ts'
import { baseUrl, rpcUrl, useBrowser } from './lib/fixture.ts'

// More of /manager's owner settings, one field each (adminForms.e2e.test.ts has SPEC.md §6's list): Main's
// generations, Token's burn rate, Burn's settings (orders settled per call) and shares (BNB slippage), the action
// log's day length, the NFT dividend threshold, metadata URI, tier name and card name. Each is filled
// as a manager would, its diff checked, confirmed and read back on chain, then restored (all files share one chain).

const browser = useBrowser()
const read = <T>(name: string, abi: readonly unknown[], functionName: string, args: readonly unknown[] = []) =>
  readChain<T>(rpcUrl, contract(name), abi, functionName, args)
const restore = (name: string, abi: readonly unknown[], functionName: string, args: readonly unknown[]) =>
  ownerWrite(rpcUrl, { address: contract(name), abi, functionName, args })
const nextTo = (value: bigint, max: bigint) => (value >= max ? value - 1n : value + 1n)

type NftConfig = { sendMin: bigint; uri: string }
type Card = { tokenId: bigint; level: bigint; name: string }

/** One field of a form: its value on chain now (as the form shows it), the new one, and how to put the old back. */
type Row = {
  form: string
  key: string
  toast: string
  /** The value on chain, as the form's "Now" shows it. */
  current(): Promise<string>
  /** The new value typed, from the current one. */
  next(now: string): string
  /** Puts the value read at the start back. */
  restore(): Promise<void>
  /** A value the form refuses, with its message. */
  refused?: { value: string; error: string }
}

const ROWS: readonly (() => Promise<Row>)[] = [
  async () => {
    const config = await read<{ manager: `0x${string}`; generations: bigint }>('Main', mainAbi, 'getConfig')
    return {
      form: 'mainConfig',
      key: 'generations',
      toast: 'Settings updated',
      current: async () => String((await read<{ generations: bigint }>('Main', mainAbi, 'getConfig')).generations),
      next: (now) => String(nextTo(BigInt(now), contractConstants.Main.MAX_GENERATIONS)),
      restore: () => restore('Main', mainAbi, 'setConfig', [config]),
      refused: { value: '0', error: `Out of bounds: must be between 1 and ${contractConstants.Main.MAX_GENERATIONS}` },
    }
  },
  async () => {
    const multi = await read<Record<string, bigint>>('Token', tokenAbi, 'getConfigMulti')
    return {
      form: 'tokenMulti',
      key: 'burnRate',
      toast: 'Settings updated',
      current: async () => String((await read<Record<string, bigint>>('Token', tokenAbi, 'getConfigMulti')).burnRate),
      next: (now) => String(nextTo(BigInt(now), contractConstants.Token.MAX_BURN_RATE)),
      restore: () => restore('Token', tokenAbi, 'setConfigMulti', [multi]),
      refused: { value: String(contractConstants.Token.MAX_BURN_RATE + 1n), error: 'Out of bounds' },
    }
  },
  async () => {
    // Burn.setConfig takes the Config without addTime (IBurn.Settings)
    const { addTime: _addTime, ...settings } = await read<Record<string, bigint>>('Burn', burnAbi, 'getConfig')
    const max = contractConstants.BurnLib.MAX_HANDLE
    return {
      form: 'burnConfig',
      key: 'handleGas',
      toast: 'Settings updated',
      current: async () => String((await read<Record<string, bigint>>('Burn', burnAbi, 'getConfig')).handleGas),
      next: (now) => String(nextTo(BigInt(now), max)),
      restore: () => restore('Burn', burnAbi, 'setConfig', [settings]),
      refused: { value: '0', error: `Out of bounds: must be between 1 and ${max}` },
    }
  },
  async () => {
    const multi = await read<{ slippage: bigint }>('Burn', burnAbi, 'getConfigMulti')
    const max = contractConstants.BurnLib.MAX_SLIPPAGE
    return {
      form: 'burnMulti',
      key: 'slippage',
      toast: 'Settings updated',
      current: async () => String((await read<{ slippage: bigint }>('Burn', burnAbi, 'getConfigMulti')).slippage),
      next: (now) => String(nextTo(BigInt(now), max)),
      restore: () => restore('Burn', burnAbi, 'setConfigMulti', [multi]),
      refused: { value: String(max + 1n), error: 'Out of bounds' },
    }
  },
  async () => {
    const dayTimes = await read<bigint>('Log', logAbi, 'dayTimes')
    const max = contractConstants.Log.MAX_DAY_TIMES
    return {
      form: 'logDayTimes',
      key: 'dayTimes_',
      toast: 'Settings updated',
      current: async () => String(await read<bigint>('Log', logAbi, 'dayTimes')),
      next: (now) => String(nextTo(BigInt(now), max)),
      restore: () => restore('Log', logAbi, 'setDayTimes', [dayTimes]),
      refused: { value: String(contractConstants.Log.MIN_DAY_TIMES - 1n), error: 'Out of bounds' },
    }
  },
  async () => {
    const { sendMin } = await read<NftConfig>('Nft', nftAbi, 'getConfig')
    return {
      form: 'sendMin',
      key: 'sendMin',
      toast: 'Threshold updated',
      current: async () => formatEther((await read<NftConfig>('Nft', nftAbi, 'getConfig')).sendMin),
      next: (now) => formatEther(parseEther(now) + parseEther('1')),
      restore: () => restore('Nft', nftAbi, 'setSendMin', [sendMin]),
      refused: { value: 'ten', error: 'Enter a number' },
    }
  },
  async () => {
    const { uri } = await read<NftConfig>('Nft', nftAbi, 'getConfig')
    return {
      form: 'uri',
      key: 'uri',
      toast: 'URI updated',
      current: async () => (await read<NftConfig>('Nft', nftAbi, 'getConfig')).uri,
      next: (now) => `${now}v2/`,
      restore: () => restore('Nft', nftAbi, 'setURI', [uri]),
      refused: { value: ' ', error: 'This field is required' },
    }
  },
  async () => {
    const [zh, en] = await read<readonly [readonly string[], readonly string[]]>('Nft', nftAbi, 'getLevelNames')
    return {
      form: 'levelName',
      key: 'nameEn',
      toast: 'Tier name updated',
      current: async () =>
        (await read<readonly [readonly string[], readonly string[]]>('Nft', nftAbi, 'getLevelNames'))[1][0] ?? '',
      next: (now) => `${now} (renamed)`,
      restore: () => restore('Nft', nftAbi, 'setLevelName', [1n, zh[0] ?? '', en[0] ?? '']),
    }
  },
  async () => {
    const [card] = await read<readonly Card[]>('Nft', nftAbi, 'getCards')
    if (!card) throw new Error('the seed creates cards')
    return {
      form: 'cardName',
      key: 'name',
      toast: 'Card updated',
      current: async () => (await read<readonly Card[]>('Nft', nftAbi, 'getCards'))[0]?.name ?? '',
      next: (now) => `${now} II`,
      restore: () => restore('Nft', nftAbi, 'setName', [card.tokenId, card.level, card.name]),
    }
  },
]

describe('admin forms: more owner settings on /manager', () => {
  it.each(ROWS.map((row, index) => [index, row] as const))(
    'setting %i: changed through its form, read back on chain',
    async (_, make) => {
      const row = await make()
      const before = await row.current()
      const after = row.next(before)
      const { page, context } = await openConnected(browser, baseUrl, {
        rpcUrl,
        account: E2E_OWNER,
        path: '/manager',
        storage: { lang: 'en' },
      })
      try {
        expect(await waitForCurrent(page, row.form, row.key)).toBe(before)
        if (row.refused) {
          await refusedByForm(page, rpcUrl, row.form, { [row.key]: row.refused.value }, row.refused.error)
        }
        await submitThroughForm(
          page,
          row.form,
          { [row.key]: after },
          { summary: `${before} → ${after}`, toast: row.toast },
        )
        expect(await row.current()).toBe(after)
      } finally {
        await context.close()
        if ((await row.current()) !== before) await row.restore()
      }
      expect(await row.current()).toBe(before)
    },
  )
})
