import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { timelockRoles } from '@nexus/sdk'
import { activateLocale, i18n, loadCatalogs } from '../../../lib/i18n.ts'
import { deployed } from '../../../lib/deployment.ts'
import type { AdminActionNode } from './adminActions.ts'
import { ADMIN_EVENT_LABELS, changeLabel, eventLabel, showChangeValue } from './adminActionText.ts'
import { adminActionNode } from './adminActionNode.ts'

const node = (over: Partial<AdminActionNode>) => adminActionNode('Mining', over)

/** The names the indexer records as admin actions (apps/indexer/src/handlers/genericHandlers.ts `adminEvents`). */
function indexerAdminEvents(): string[] {
  const source = readFileSync(
    join(import.meta.dirname, '..', '..', '..', '..', '..', 'indexer', 'src', 'handlers', 'genericHandlers.ts'),
    'utf8',
  )
  const list = /adminEvents = new Set<string>\(\[([\s\S]*?)\]/.exec(source)?.[1] ?? ''
  return [...list.matchAll(/'(\w+)'/g)].map((match) => match[1] as string)
}

describe('admin actions in the reader’s language', () => {
  beforeAll(async () => {
    await activateLocale('zh-Hant')
    await loadCatalogs(['settings', 'timelock'])
  })

  it('names every event the indexer lists as an admin action, in both languages', async () => {
    const events = indexerAdminEvents()
    expect(events.length).toBeGreaterThan(40)
    expect(events.filter((name) => !(name in ADMIN_EVENT_LABELS))).toEqual([])
    for (const name of events) expect(eventLabel(i18n, name)).toMatch(/[\u4e00-\u9fff]/)
    await activateLocale('en')
    expect(eventLabel(i18n, 'ConfigUpdated')).toBe('Settings changed')
    await activateLocale('zh-Hant')
    expect(eventLabel(i18n, 'ConfigUpdated')).toBe('設定已變更')
  })

  it('shows amounts with their token and decimals, rates as percentages, durations and times', () => {
    const mining = node({})
    expect(changeLabel(i18n, mining, 'userMax')).toBe('最大質押（NEX）')
    expect(showChangeValue(i18n, mining, 'userMax', '100000000000000000000000')).toBe('100,000 NEX')
    expect(showChangeValue(i18n, mining, 'handleGas', '1500000000000000')).toBe('0.0015 BNB')
    expect(showChangeValue(i18n, mining, 'feeRate', '150')).toBe('1.5 %')
    expect(showChangeValue(i18n, mining, 'dayTimes', '86400')).toBe('86,400 秒')
    const fomoMulti = node({ contract: 'SuperFomo', eventName: 'ConfigMultiUpdated' })
    expect(changeLabel(i18n, fomoMulti, 'burnRates.2')).toBe('分配：翻倍池（burnRates[2]）')
    expect(showChangeValue(i18n, fomoMulti, 'teamAmounts.0', '5000000000000000000000')).toBe('5,000 USDT')
    expect(showChangeValue(i18n, node({ eventName: 'PauseUpdated' }), '', '1767225600')).toMatch(/^2026\/01\/01/)
    const sendMin = node({ contract: 'Nft', eventName: 'SendMinUpdated' })
    expect(showChangeValue(i18n, sendMin, '', '10000000000000000000')).toBe('10 USDT')
    expect(showChangeValue(i18n, node({ eventName: 'BlacklistUpdated' }), '', true)).toBe('是')
    // a contract's own member name where its form uses one (Token's settings come from its ABI)
    expect(changeLabel(i18n, node({ contract: 'Token' }), 'autoSwapMin')).toBe('autoSwapMin')
    expect(showChangeValue(i18n, node({ contract: 'Token' }), 'autoSwapMin', '2500000000000000000')).toBe('2.5 NEX')
  })

  it('names the token of an excess withdrawal from its address, and the Timelock’s roles', () => {
    const token = deployed('Token')
    const usdt = deployed('USDT')
    if (token && usdt) {
      const withdrawn = (target: string) => node({ contract: 'Burn', eventName: 'ExcessWithdrawn', target })
      expect(showChangeValue(i18n, withdrawn(usdt.toLowerCase()), 'amount', '1230000000000000000')).toBe('1.23 USDT')
      expect(showChangeValue(i18n, withdrawn(token.toLowerCase()), 'amount', '1230000000000000000')).toBe('1.23 NEX')
    }
    const granted = node({ contract: 'Timelock', eventName: 'RoleGranted' })
    expect(changeLabel(i18n, granted, 'role')).toBe('角色')
    expect(showChangeValue(i18n, granted, 'role', timelockRoles.proposer)).toBe('提案者（PROPOSER_ROLE）')
  })
})
