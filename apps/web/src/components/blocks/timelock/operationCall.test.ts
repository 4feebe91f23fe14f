import { beforeAll, describe, expect, it } from 'vitest'
import { mainAbi, miningAbi, nftAbi } from '@nexus/abi'
import { activateLocale, i18n, loadCatalogs } from '../../../lib/i18n.ts'
import { operationArguments } from './operationCall.ts'

const ACCOUNT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const byName = (args: ReturnType<typeof operationArguments>) =>
  Object.fromEntries(args.map((arg) => [arg.name, `${arg.label}: ${arg.value}`]))

describe('the arguments of an owner call waiting on the Timelock', () => {
  beforeAll(async () => {
    await activateLocale('zh-Hant')
    await loadCatalogs(['settings', 'timelock'])
  })

  it('shows a settings struct member by member, with the form’s labels and units (token amounts, rates, durations)', () => {
    const settings = {
      addTime: 600n,
      dayTimes: 86_400n,
      mintDay: 30n,
      userMax: 100_000n * 10n ** 18n,
      userMin: 10n ** 18n,
      handleGas: 1_500_000_000_000_000n,
      feeRate: 150n,
    }
    const args = operationArguments(
      i18n,
      { contract: 'Mining', functionName: 'setConfig', args: [settings] },
      miningAbi,
    )
    expect(args.map((arg) => arg.name)).toEqual(Object.keys(settings))
    const shown = byName(args)
    expect(shown.userMax).toBe('最大質押（NEX）: 100,000 NEX')
    expect(shown.feeRate).toMatch(/: 1\.5 %$/)
    expect(shown.handleGas).toMatch(/: 0\.0015 BNB$/)
    expect(shown.dayTimes).toMatch(/: 86,400 秒$/)
    // nothing is shown as raw wei or JSON
    expect(args.map((arg) => arg.value).join(' ')).not.toMatch(/[{}"]|100000000000000000000000/)
  })

  it('names single arguments in the reader’s language: an address in full, a duration, a flag', async () => {
    expect(
      operationArguments(i18n, { contract: 'Main', functionName: 'setManager', args: [ACCOUNT] }, mainAbi),
    ).toEqual([{ name: 'manager', label: '管理員', value: ACCOUNT }])
    expect(
      operationArguments(i18n, { contract: 'Mining', functionName: 'renewPause', args: [600n] }, miningAbi),
    ).toEqual([{ name: 'duration', label: '期間', value: '600 秒' }])
    expect(
      byName(
        operationArguments(
          i18n,
          { contract: 'Mining', functionName: 'setBlacklist', args: [ACCOUNT, true] },
          miningAbi,
        ),
      ),
    ).toEqual({ account: `帳戶: ${ACCOUNT}`, blacklisted: '已列入黑名單: 是' })
    expect(
      byName(operationArguments(i18n, { contract: 'Nft', functionName: 'setSendMin', args: [10n ** 19n] }, nftAbi)),
    ).toEqual({ sendMin: '分紅門檻: 10 USDT' })
    await activateLocale('en')
    expect(
      operationArguments(i18n, { contract: 'Mining', functionName: 'setUpgradeDelay', args: [3_600n] }, miningAbi),
    ).toEqual([{ name: 'delay', label: 'Delay', value: '3,600 s' }])
    await activateLocale('zh-Hant')
  })

  it('reads the token of an excess withdrawal from its first argument (as the list reads it from the event; the browser test names USDT on the stack)', () => {
    // a token the contracts do not pay in: the amount in 18 decimals, without a token name
    const other = '0x000000000000000000000000000000000000dEaD'
    const withdraw = (token: string) =>
      byName(
        operationArguments(
          i18n,
          { contract: 'Mining', functionName: 'withdrawExcess', args: [token, ACCOUNT, 1_230_000_000_000_000_000n] },
          miningAbi,
        ),
      )
    expect(withdraw(other)).toMatchObject({ amount: '數量: 1.23', to: `收款地址: ${ACCOUNT}` })
  })

  it('has nothing to show for a call it cannot decode', () => {
    expect(
      operationArguments(i18n, { contract: undefined, functionName: undefined, args: undefined }, miningAbi),
    ).toEqual([])
    expect(
      operationArguments(i18n, { contract: 'Mining', functionName: 'noSuchFunction', args: [] }, miningAbi),
    ).toEqual([])
  })
})
