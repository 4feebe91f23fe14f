import { useEffect, useMemo, useState } from 'react'
import { useLingui } from '@lingui/react/macro'
import { msg } from '@lingui/core/macro'
import type { Address } from 'viem'
import type { burnAbi, fomoAbi, miningAbi } from '@nexus/abi'
import { ok, useChainReads, useRefreshChain } from '../../data/ChainData.tsx'
import { AdminForm } from './AdminForm.tsx'
import type { FieldSpec } from '../../components/blocks/settings/formModel.ts'
import { NOT_AN_ADDRESS, flagValues, lookupKey } from './adminFormModel.ts'

const BLACKLIST_FIELDS: readonly FieldSpec[] = [{ key: 'blacklisted', label: msg`Blacklisted`, kind: 'bool' }]

const isBlacklistedAbi = [
  {
    type: 'function',
    name: 'isBlacklisted',
    stateMutability: 'view',
    inputs: [{ name: 'account', type: 'address' }],
    outputs: [{ name: '', type: 'bool' }],
  },
] as const

/**
 * `setBlacklist(account, blacklisted)` of a contract (Burn, Fomo, Mining): the manager types an account, sees
 * whether it is blacklisted now, and sets the new flag.
 */
export function BlacklistForm({
  id,
  address,
  abi,
}: {
  id: string
  address: Address
  /** The contract's whole ABI (its custom errors decode a refusal): Burn's, Fomo's (either pool) or Mining's. */
  abi: typeof burnAbi | typeof fomoAbi | typeof miningAbi
}) {
  const { t } = useLingui()
  const refresh = useRefreshChain()
  const [text, setText] = useState('')
  const target = lookupKey('address', text)
  const data = useChainReads(
    useMemo(
      () =>
        target
          ? ([{ address, abi: isBlacklistedAbi, functionName: 'isBlacklisted', args: [target] }] as const)
          : undefined,
      [address, target],
    ),
  )
  // Admin screens do not refresh on their own: read the flag of each account typed.
  useEffect(() => {
    if (target) void refresh()
  }, [target, refresh])
  const flag = ok(data?.[0])
  return (
    <AdminForm
      id={id}
      title={msg`Blacklist`}
      description={msg`Blacklisted accounts cannot use this contract.`}
      fields={BLACKLIST_FIELDS}
      current={flagValues(target, 'blacklisted', flag)}
      address={address}
      abi={abi}
      functionName="setBlacklist"
      args={(values) => [target, values.blacklisted]}
      rules={() => (target ? [] : [{ message: NOT_AN_ADDRESS }])}
      success={msg`Blacklist updated`}
    >
      <label className="admin-lookup">
        <span className="app-field__label">{t`Account`}</span>
        <input
          className="app-input"
          data-testid={`field-${id}-account`}
          placeholder="0x…"
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      </label>
    </AdminForm>
  )
}
