// The admin forms are typed by their contract's ABI: a form's setter is a function of that ABI that writes, and the
// view that gives its current values is one that reads, or the typecheck (`tsc`, part of the web's typecheck) fails.
// Each `@ts-expect-error` below is itself an error when the line under it compiles, so a form that stops checking
// its function names fails the typecheck. The arguments come from the ABI's own parameters at run time (`abiArgs`).
import { msg } from '@lingui/core/macro'
import { burnAbi, idoAbi } from '@nexus/abi'
import { describe, expectTypeOf, it } from 'vitest'
import type { AdminFormProps } from './AdminForm.tsx'
import type { BlacklistForm } from './BlacklistForm.tsx'
import type { LookupForm, SettingForm } from './SettingForms.tsx'

const burn = '0x0000000000000000000000000000000000000002'
declare const settingForm: typeof SettingForm
declare const lookupForm: typeof LookupForm
declare const blacklistForm: typeof BlacklistForm
const common = { id: 'burnConfig', title: msg`Settings`, success: msg`Settings updated`, address: burn } as const

/** Forms built through the components' types (never rendered: only their types matter). */
export function forms() {
  settingForm({ ...common, abi: burnAbi, functionName: 'setConfig', read: { functionName: 'getConfig' } })
  lookupForm({
    ...common,
    abi: burnAbi,
    functionName: 'setTeam',
    lookup: { name: 'account', kind: 'address', label: msg`Account` },
    read: (account) => ({ functionName: 'teams', args: [account] }),
  })
  blacklistForm({ id: 'burnBlacklist', address: burn, abi: burnAbi })

  // @ts-expect-error a setter the ABI does not have
  settingForm({ ...common, abi: burnAbi, functionName: 'setConfigTwice', read: { functionName: 'getConfig' } })
  // @ts-expect-error a view is no setter
  settingForm({ ...common, abi: burnAbi, functionName: 'getConfig' })
  // @ts-expect-error the current values read through a function that writes
  settingForm({ ...common, abi: burnAbi, functionName: 'setConfig', read: { functionName: 'setConfig' } })
  // @ts-expect-error a setter of another contract
  settingForm({ ...common, abi: idoAbi, functionName: 'setConfigMulti' })
  lookupForm({
    ...common,
    abi: burnAbi,
    functionName: 'setTeam',
    lookup: { name: 'account', kind: 'address', label: msg`Account` },
    // @ts-expect-error a lookup read the ABI does not have
    read: (account) => ({ functionName: 'teamOf', args: [account] }),
  })
  // @ts-expect-error a contract without a blacklist
  blacklistForm({ id: 'idoBlacklist', address: burn, abi: idoAbi })
}

describe('typed admin forms', () => {
  it("a form's setter is a writing function of its ABI", () => {
    expectTypeOf<'setConfig'>().toMatchTypeOf<AdminFormProps<typeof burnAbi>['functionName']>()
    expectTypeOf<'getConfig'>().not.toMatchTypeOf<AdminFormProps<typeof burnAbi>['functionName']>()
    expectTypeOf<'setConfigTwice'>().not.toMatchTypeOf<AdminFormProps<typeof burnAbi>['functionName']>()
  })
})
