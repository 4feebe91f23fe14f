import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { SCREEN_SOURCES, SETTING_FORMS, SPEC_SETTINGS } from './settingForms.ts'
import type { FormPlace } from './settingForms.ts'

const here = import.meta.dirname
const source = (file: string) => readFileSync(join(here, file), 'utf8')

/**
 * The privileged rows of the contracts' "Who may call what" table (contracts/README.md, itself checked against
 * every ABI by contracts/test/Powers.ts): calls the owner (the Timelock), a manager or a pending owner makes.
 */
function privilegedCalls(): string[] {
  const readme = readFileSync(join(here, '../../../../../contracts/README.md'), 'utf8')
  const table = readme.split('<!-- powers:start -->')[1]?.split('<!-- powers:end -->')[0]
  if (!table) throw new Error('contracts/README.md has no powers table')
  const calls = new Set<string>()
  for (const line of table.split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim())
    const [, contract, fn, who] = cells
    if (!contract || !fn || !who || contract === 'contract' || contract.startsWith('---')) continue
    if (!/\b(owner|manager)\b/.test(who)) continue
    const name = fn.replaceAll('`', '')
    if (name === 'initialize') continue
    calls.add(`${contract === 'every upgradeable contract' ? '*' : contract}.${name}`)
  }
  return [...calls]
}

/** The function a form with `id` calls, read from its screen's source (its `functionName`, or its wrapper's). */
function functionOfForm(files: readonly string[], id: string): string | undefined {
  for (const file of files) {
    const text = source(file)
    const start = text.search(new RegExp(`\\bid="${id}"`))
    if (start < 0) continue
    // the props of that element: up to the next form's id
    const rest = text.slice(start + 1)
    const next = rest.search(/\bid="/)
    const element = next < 0 ? rest : rest.slice(0, next)
    const named = /functionName="(\w+)"/.exec(element)?.[1]
    if (named) return named
    // a wrapper that fixes the function (BlacklistForm: setBlacklist)
    const opening = text.slice(text.lastIndexOf('<', start), start)
    if (opening.startsWith('<BlacklistForm')) return 'setBlacklist'
  }
  return undefined
}

const places = Object.entries(SETTING_FORMS).filter((entry): entry is [string, FormPlace] => 'form' in entry[1])

describe('a form for every owner and manager setting (SPEC.md §6)', () => {
  it('lists every privileged call of the contracts, each with a form or a reason', () => {
    const missing = privilegedCalls().filter((call) => SETTING_FORMS[call] === undefined)
    expect(missing).toEqual([])
  })

  it('lists no call that the contracts do not have', () => {
    const calls = new Set(privilegedCalls())
    expect(Object.keys(SETTING_FORMS).filter((call) => !calls.has(call))).toEqual([])
  })

  it('gives every SPEC.md §6 setting a form', () => {
    const without = Object.entries(SPEC_SETTINGS).flatMap(([setting, calls]) =>
      calls
        .filter((call) => !(SETTING_FORMS[call] && 'form' in SETTING_FORMS[call]))
        .map((call) => `${setting}: ${call}`),
    )
    expect(without).toEqual([])
  })

  it.each(places)('%s: the form is on its screen and calls that function', (call, place) => {
    const screens = typeof place.screen === 'string' ? [place.screen] : place.screen
    for (const screen of screens) {
      expect(functionOfForm(SCREEN_SOURCES[screen], place.form), `${place.form} on ${screen}`).toBe(call.split('.')[1])
    }
  })

  it('finds a missing form (the check can fail)', () => {
    expect(functionOfForm(SCREEN_SOURCES['/manager'], 'noSuchForm')).toBeUndefined()
    expect(functionOfForm(SCREEN_SOURCES['/manager'], 'mainManager')).toBe('setManager')
  })

  it('has no two forms of one id on a screen', () => {
    for (const files of Object.values(SCREEN_SOURCES)) {
      const ids = files.flatMap((file) => [...source(file).matchAll(/\bid="(\w+)"/g)].map((match) => match[1]))
      expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([])
    }
  })
})
