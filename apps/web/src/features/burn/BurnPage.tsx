import { useLingui } from '@lingui/react/macro'
import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { Card } from '@nexus/ui'
import type { Address } from 'viem'
import { contractsOf } from '../../lib/contracts.ts'
import { env } from '../../lib/env.ts'
import { AccountPage, NotDeployed } from '../../components/blocks/account/AccountPage.tsx'
import { BurnForm, MyDividends, PoolCard } from './BurnCards.tsx'
import { useBurnModel } from './useBurnModel.ts'

/** The plan text of SPEC.md §1 and §9, verbatim. */
export const PLAN: readonly MessageDescriptor[] = [
  msg`15 keys synthesize a syndicate`,
  msg`50% community dividends`,
  msg`1.5 times fee yield`,
  msg`forced redemption after 30 days`,
]

/** Burn dividends (`/burn`): the plan, the pool, burning in USDT or BNB, the user's force and dividends. */
export function BurnPage() {
  const { Burn: burn, USDT: usdt } = contractsOf(env.chainId)
  return (
    <AccountPage>
      <Plan />
      {burn && usdt ? <Burn burn={burn} usdt={usdt} /> : <NotDeployed name="Burn" />}
    </AccountPage>
  )
}

function Plan() {
  const { t, i18n } = useLingui()
  return (
    <Card title={t`The plan`} data-testid="burn-plan">
      <ul className="acc-plan">
        {PLAN.map((line) => (
          <li key={line.id}>{i18n._(line)}</li>
        ))}
      </ul>
    </Card>
  )
}

function Burn(contracts: { burn: Address; usdt: Address }) {
  const { model, form } = useBurnModel(contracts)
  return (
    <>
      <PoolCard model={model} />
      <BurnForm model={model} form={form} />
      <MyDividends model={model} />
    </>
  )
}
