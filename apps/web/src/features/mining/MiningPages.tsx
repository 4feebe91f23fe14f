import { useState } from 'react'
import { useLingui } from '@lingui/react/macro'
import { Button, Card } from '@nexus/ui'
import type { Address } from 'viem'
import { useChainNow } from '../../data/ChainData.tsx'
import { useTransaction } from '../../hooks/useTransaction.ts'
import { showAmount, showCount, showTime } from '../../lib/format.ts'
import { duration, multiplier, percent } from '../../components/blocks/records/recordFormat.ts'
import { useDurationUnits } from '../../hooks/useDurationUnits.ts'
import { NotDeployed, PageFrame } from '../../components/pages/PageFrame.tsx'
import { RecordItem, RecordList, StateBadge } from '../../components/blocks/records/RecordParts.tsx'
import { Stat } from '../../components/Stat.tsx'
import { ClaimButton } from '../../components/forms/ClaimButton.tsx'
import { PagedList } from '../../components/blocks/account/PagedList.tsx'
import { InviteList } from '../../components/blocks/records/InviteList.tsx'
import { RECORD_PAGE } from '../../data/recordQueries.ts'
import type { RecordNode, RecordPageData } from '../../data/recordQueries.ts'
import { AmountField } from '../../components/forms/AmountField.tsx'
import { ActionForm } from '../../components/forms/ActionForm.tsx'
import {
  stakeRowModel,
  useMining,
  useMiningMineModel,
  useMiningTeamModel,
  useMiningTiersModel,
  useStake,
} from './miningModel.ts'
import type { MiningContracts, MiningMineModel, MiningTiersModel } from './miningModel.ts'

/**
 * `/mining`: the six tiers (lock days, part returned, NEX staked, force per NEX), the daily emission and what is
 * left of it, and the deposit of NEX into a tier within the allowed range.
 */
export function MiningPage() {
  const contracts = useMining()
  return (
    <PageFrame>{contracts ? <Tiers contracts={contracts} /> : <NotDeployed testId="mining-unavailable" />}</PageFrame>
  )
}

function Tiers({ contracts }: { contracts: MiningContracts }) {
  const [tier, setTier] = useState(0)
  const [input, setInput] = useState('')
  const model = useMiningTiersModel(contracts, tier, input)
  const send = useTransaction()
  return (
    <>
      <EmissionCard model={model} />
      <TiersCard
        model={model}
        tier={tier}
        onTier={setTier}
        input={input}
        onInput={setInput}
        onStake={() => send(model.stake)}
      />
    </>
  )
}

function EmissionCard({ model }: { model: MiningTiersModel }) {
  const { t } = useLingui()
  const { config, totals } = model
  return (
    <Card title={t`Daily emission`} data-testid="emission">
      <dl className="app-stats">
        <Stat label={t`NEX per day`} value={showAmount(config?.mintDay)} testId="mint-day" />
        <Stat label={t`Emission left`} value={showAmount(config?.mintSurplus)} testId="mint-surplus" />
        <Stat label={t`Total force`} value={showAmount(totals?.totalForce)} />
        <Stat label={t`NEX staked`} value={showAmount(totals?.totalAmount)} />
        <Stat label={t`Miners`} value={showCount(totals?.totalUserValid)} />
        <Stat label={t`NEX mined`} value={showAmount(totals?.totalMint)} />
      </dl>
    </Card>
  )
}

function TiersCard({
  model,
  tier,
  onTier,
  input,
  onInput,
  onStake,
}: {
  model: MiningTiersModel
  tier: number
  onTier(tier: number): void
  input: string
  onInput(input: string): void
  onStake(): unknown
}) {
  const { t } = useLingui()
  const { range } = model
  return (
    <Card title={t`Mining tiers`} data-testid="mining-tiers">
      <p className="app-muted">{t`Your share of the daily emission follows your force: the NEX staked times the tier's force.`}</p>
      <div className="pool-tiers" role="radiogroup" aria-label={t`Mining tier`}>
        {model.tiers.map(({ index, days, forceBps, rateBps, staked }) => (
          <button
            key={index}
            type="button"
            role="radio"
            aria-checked={tier === index}
            className={tier === index ? 'pool-tier is-active' : 'pool-tier'}
            data-testid={`mining-tier-${index}`}
            onClick={() => onTier(index)}
          >
            <strong>{t`${showCount(days)} days`}</strong>
            <span>{t`Force ${multiplier(forceBps)}`}</span>
            <span>{t`Returned ${percent(rateBps)}`}</span>
            <span>{t`Staked ${showAmount(staked, 2)} NEX`}</span>
          </button>
        ))}
      </div>
      <ActionForm onSubmit={onStake}>
        <AmountField
          label={t`Amount (NEX)`}
          hint={t`Balance ${showAmount(model.balance)} NEX`}
          value={input}
          onChange={onInput}
          testId="mining-amount"
        />
        <p className="app-muted" data-testid="mining-range">
          {range ? t`Allowed range: ${showAmount(range.min)} to ${showAmount(range.max)} NEX` : t`Allowed range: —`}
        </p>
        <Button type="submit" block disabled={!model.connected} data-testid="mining-submit">
          {t`Stake`}
        </Button>
      </ActionForm>
    </Card>
  )
}

/**
 * `/miningMine`: the account's force (own, direct, indirect, invite), its stakes with their state and the release
 * after the lock, and the claim of the mined NEX (at most once per `addTime`).
 */
export function MiningMinePage() {
  const contracts = useMining()
  return (
    <PageFrame>
      {contracts ? <Mine mining={contracts.mining} /> : <NotDeployed testId="mining-unavailable" />}
    </PageFrame>
  )
}

function Mine({ mining }: { mining: Address }) {
  const model = useMiningMineModel(mining)
  const send = useTransaction()
  return (
    <>
      <MyMiningCard model={model} />
      <StakesCard model={model} mining={mining} onRelease={(index, end) => void send(model.release(index, end))} />
    </>
  )
}

function MyMiningCard({ model }: { model: MiningMineModel }) {
  const { t } = useLingui()
  const units = useDurationUnits()
  const { user, config } = model
  return (
    <Card
      title={t`My mining`}
      data-testid="my-mining"
      actions={
        <ClaimButton
          testId="mining-claim"
          disabled={!model.connected}
          check={model.claim.check}
          request={model.claim.request}
        />
      }
    >
      <dl className="app-stats">
        <Stat label={t`Mined, claimable`} value={`${showAmount(user?.balance)} NEX`} testId="mining-balance" />
        <Stat label={t`NEX staked`} value={showAmount(user?.amount)} testId="mining-staked" />
        <Stat label={t`Own force`} value={showAmount(user?.force)} testId="force-own" />
        <Stat label={t`Direct force`} value={showAmount(user?.forceDirect)} />
        <Stat label={t`Indirect force`} value={showAmount(user?.forceIndirect)} />
        <Stat label={t`Invite force`} value={showAmount(user?.forceInvite)} />
        <Stat label={t`Mined in total`} value={`${showAmount(user?.rewardTotal)} NEX`} testId="mining-mined" />
        <Stat label={t`Claimed in total`} value={`${showAmount(model.claimed)} NEX`} testId="mining-claimed" />
        <Stat label={t`Emission left`} value={showAmount(model.emissionLeft)} />
      </dl>
      <p className="app-muted">
        {model.waitClaim > 0
          ? t`Next claim at ${showTime(model.nextClaim)}.`
          : t`Claims are possible once every ${duration(config?.addTime, units)}; a claim keeps ${percent(config?.feeRate)} for the emission.`}
      </p>
    </Card>
  )
}

function StakesCard({
  model,
  mining,
  onRelease,
}: {
  model: MiningMineModel
  mining: Address
  onRelease(index: bigint, endTime: bigint): void
}) {
  const { t } = useLingui()
  const { variables } = model.stakes
  return (
    <Card title={t`My stakes`} data-testid="mining-stakes">
      {variables ? (
        <PagedList
          testId="mining-stake-list"
          query={RECORD_PAGE}
          variables={variables}
          select={(answer: RecordPageData) => answer.orders}
          row={(node: RecordNode) => (
            <StakeRow key={node.index} mining={mining} index={BigInt(node.index)} onRelease={onRelease} />
          )}
        />
      ) : (
        <RecordList loading={false} error={false} count={0} testId="mining-stake-list">
          {null}
        </RecordList>
      )}
    </Card>
  )
}

/** One stake of the account: its live record read from Mining (the list's pages come from the index). */
function StakeRow({
  mining,
  index,
  onRelease,
}: {
  mining: Address
  index: bigint
  onRelease(index: bigint, endTime: bigint): void
}) {
  const { t } = useLingui()
  const now = useChainNow()
  const stake = useStake(mining, index)
  const { state, releasable, forceToReferrers } = stakeRowModel(stake, now)
  return (
    <RecordItem
      testId={`mining-stake-${index.toString()}`}
      title={t`Stake #${index.toString()} · ${showCount(stake?.lockDays)} days`}
      badges={<StateBadge state={state} />}
      figures={[
        [t`Amount`, `${showAmount(stake?.amount)} NEX`],
        [t`Returned at release`, `${showAmount(stake?.actual)} NEX`],
        [t`Force`, showAmount(stake?.force)],
        [t`Force to referrers`, showAmount(forceToReferrers)],
        [t`Started`, showTime(stake?.startTime)],
        [t`Unlocks`, showTime(stake?.endTime)],
      ]}
      actions={
        stake &&
        releasable && (
          <Button
            size="sm"
            variant={state === 'unlocked' ? 'primary' : 'secondary'}
            data-testid="mining-release"
            onClick={() => onRelease(stake.index, stake.endTime)}
          >
            {t`Release`}
          </Button>
        )
      }
    />
  )
}

/** `/miningTeam`: the force the account gets from its team and the direct and indirect invitees that mine. */
export function MiningTeamPage() {
  const contracts = useMining()
  return (
    <PageFrame>
      {contracts ? <Team mining={contracts.mining} /> : <NotDeployed testId="mining-unavailable" />}
    </PageFrame>
  )
}

function Team({ mining }: { mining: Address }) {
  const { t } = useLingui()
  const { user, inviteRates, invites, indirects } = useMiningTeamModel(mining)
  return (
    <>
      <Card title={t`Force from my team`} data-testid="mining-team">
        <dl className="app-stats">
          <Stat label={t`Direct force`} value={showAmount(user?.forceDirect)} testId="force-direct" />
          <Stat label={t`Indirect force`} value={showAmount(user?.forceIndirect)} />
          <Stat label={t`Invite force`} value={showAmount(user?.forceInvite)} />
          <Stat label={t`Direct invitees mining`} value={showCount(invites.mining)} />
          <Stat label={t`Indirect invitees mining`} value={showCount(indirects.mining)} />
        </dl>
        <p className="app-muted">
          {t`Referrers get ${percent(inviteRates[0])}, ${percent(inviteRates[1])} and ${percent(inviteRates[2])} of a stake's force (three generations) while it is locked.`}
        </p>
      </Card>
      <InviteList
        title={t`Direct invitees`}
        testId="mining-invites"
        loading={invites.loading}
        error={invites.error}
        invites={invites.invites}
      />
      <InviteList
        title={t`Indirect invitees`}
        testId="mining-indirects"
        loading={indirects.loading}
        error={indirects.error}
        invites={indirects.invites}
      />
    </>
  )
}
