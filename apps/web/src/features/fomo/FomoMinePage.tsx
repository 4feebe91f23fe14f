import { useMemo, useState } from 'react'
import { useLingui } from '@lingui/react/macro'
import { fomoAbi } from '@nexus/abi'
import { Button, Card } from '@nexus/ui'
import type { Address } from 'viem'
import { ok, useChainNow, useNamedChainReads } from '../../data/ChainData.tsx'
import { useTransaction } from '../../hooks/useTransaction.ts'
import type { TransactionPlan } from '../../hooks/useTransaction.ts'
import { showAmount, showCount, showTime } from '../../lib/format.ts'
import { percent } from '../../components/blocks/records/recordFormat.ts'
import { NotDeployed, PageFrame } from '../../components/pages/PageFrame.tsx'
import { RecordItem, RecordList, StateBadge } from '../../components/blocks/records/RecordParts.tsx'
import { Stat } from '../../components/Stat.tsx'
import { poolContracts } from './pool.ts'
import type { PoolName } from './pool.ts'
import { PagedList } from '../../components/blocks/account/PagedList.tsx'
import { RECORD_PAGE } from '../../data/recordQueries.ts'
import type { RecordNode, RecordPageData } from '../../data/recordQueries.ts'
import { orderRowModel, useFomoMineModel } from './fomoMineModel.ts'
import type { FomoMineContracts, FomoMineModel } from './fomoMineModel.ts'
import { DoubleCard } from './DoubleCard.tsx'

/**
 * `/fomoMine` and `/superFomMine`: the account's orders in one pool (status, lock, release), its rewards and
 * their claim, unclaimed round prizes, and its doubling deposits with their claims.
 */
export function FomoMinePage({ pool }: { pool: PoolName }) {
  const contracts = poolContracts(pool)
  return (
    <PageFrame>
      {contracts ? (
        <Mine pool={pool} contracts={{ pool: contracts.pool, usdt: contracts.usdt, double: contracts.double }} />
      ) : (
        <NotDeployed testId="pool-unavailable" />
      )}
    </PageFrame>
  )
}

function Mine({ pool, contracts }: { pool: PoolName; contracts: FomoMineContracts }) {
  const [doubleInput, setDoubleInput] = useState('')
  const model = useFomoMineModel(pool, contracts, doubleInput)
  const send = useTransaction()
  const run = (plan: TransactionPlan) => void send(plan)
  return (
    <>
      <RewardsCard model={model} onClaim={() => run(model.claim(0n))} />
      <PrizesCard prizes={model.prizes} onClaim={(round) => run(model.claim(round))} />
      <OrdersCard model={model} address={contracts.pool} onRelease={(index, end) => run(model.release(index, end))} />
      {model.double && (
        <DoubleCard
          double={model.double}
          connected={model.connected}
          input={doubleInput}
          onInput={setDoubleInput}
          onDeposit={() => model.double && run(model.double.deposit)}
        />
      )}
    </>
  )
}

function RewardsCard({ model, onClaim }: { model: FomoMineModel; onClaim(): void }) {
  const { t } = useLingui()
  const { user } = model
  return (
    <Card
      title={t`My rewards`}
      data-testid="my-rewards"
      actions={
        <Button size="sm" variant="secondary" disabled={!model.connected} data-testid="claim-balance" onClick={onClaim}>
          {t`Claim`}
        </Button>
      }
    >
      <dl className="app-stats">
        <Stat label={t`Claimable now`} value={`${showAmount(user?.balance)} USDT`} testId="balance" />
        <Stat label={t`Locked principal`} value={`${showAmount(user?.amount)} USDT`} />
        <Stat label={t`Deposited in total`} value={`${showAmount(user?.total)} USDT`} />
        <Stat label={t`Order count`} value={showCount(user?.orders)} testId="order-count" />
        <Stat label={t`Static rewards`} value={`${showAmount(user?.rewardStatic)} USDT`} />
        <Stat label={t`Direct rewards`} value={`${showAmount(user?.rewardDirect)} USDT`} />
        <Stat label={t`Indirect rewards`} value={`${showAmount(user?.rewardIndirect)} USDT`} />
        <Stat label={t`Team rewards`} value={`${showAmount(user?.rewardTeam)} USDT`} />
        <Stat label={t`Round prizes`} value={`${showAmount(user?.rewardFOMO)} USDT`} />
        <Stat label={t`Last claim`} value={showTime(user?.lastOut)} />
      </dl>
      <p className="app-muted">{t`A claim keeps ${percent(model.feeRate)} as a fee for the gold pool.`}</p>
    </Card>
  )
}

function PrizesCard({ prizes, onClaim }: { prizes: FomoMineModel['prizes']; onClaim(round: bigint): void }) {
  const { t } = useLingui()
  return (
    <Card title={t`Round prizes to claim`} data-testid="prizes">
      <RecordList loading={prizes.loading} error={prizes.error} count={prizes.list.length} testId="prize-list">
        {prizes.list.map(({ round, prize }) => (
          <RecordItem
            key={round.toString()}
            testId="prize"
            title={t`Round ${round.toString()}`}
            figures={[[t`Prize`, `${showAmount(prize)} USDT`]]}
            actions={
              <Button size="sm" data-testid={`claim-prize-${round.toString()}`} onClick={() => onClaim(round)}>
                {t`Claim prize`}
              </Button>
            }
          />
        ))}
      </RecordList>
    </Card>
  )
}

function OrdersCard({
  model,
  address,
  onRelease,
}: {
  model: FomoMineModel
  address: Address
  onRelease(index: bigint, endTime: bigint): void
}) {
  const { t } = useLingui()
  const { variables, doubled } = model.orders
  return (
    <Card title={t`My orders`} data-testid="my-orders">
      {variables ? (
        <PagedList
          testId="order-list"
          query={RECORD_PAGE}
          variables={variables}
          select={(answer: RecordPageData) => answer.orders}
          row={(node: RecordNode) => (
            <OrderRow
              key={node.index}
              address={address}
              index={BigInt(node.index)}
              doubled={doubled.has(BigInt(node.index))}
              onRelease={onRelease}
            />
          )}
        />
      ) : (
        <RecordList loading={false} error={false} count={0} testId="order-list">
          {null}
        </RecordList>
      )}
    </Card>
  )
}

/** One order of the account in a pool: its live record read from the pool (the list's pages come from the index). */
function OrderRow({
  address,
  index,
  doubled,
  onRelease,
}: {
  address: Address
  index: bigint
  doubled: boolean
  onRelease(index: bigint, endTime: bigint): void
}) {
  const { t } = useLingui()
  const now = useChainNow()
  const order = ok(
    useNamedChainReads(
      useMemo(
        () => ({ order: { address, abi: fomoAbi, functionName: 'orders', args: [index] } }) as const,
        [address, index],
      ),
    )?.order,
  )
  const { state, releasable } = orderRowModel(order, now)
  return (
    <RecordItem
      testId={`order-${index.toString()}`}
      title={t`Order #${index.toString()}`}
      badges={
        <>
          <StateBadge state={state} />
          {doubled && (
            <span className="app-badge pool-badge--double" data-testid="double-label">
              {t`Double pool`}
            </span>
          )}
        </>
      }
      figures={[
        [t`Amount`, `${showAmount(order?.amount)} USDT`],
        [t`Paid with`, !order ? '—' : order.isUSDT ? 'USDT' : t`${showAmount(order.tokens)} NEX`],
        [t`Lock`, t`${showCount(order?.lockDays)} days`],
        [t`Principal`, `${showAmount(order?.principal)} USDT`],
        [t`Weight`, percent(order?.rate)],
        [t`Prizes won`, `${showAmount(order?.reward)} USDT`],
        [t`Started`, showTime(order?.startTime)],
        [t`Unlocks`, showTime(order?.endTime)],
      ]}
      actions={
        releasable &&
        order && (
          <Button
            size="sm"
            variant={state === 'unlocked' ? 'primary' : 'secondary'}
            data-testid="release"
            onClick={() => onRelease(order.index, order.endTime)}
          >
            {t`Release`}
          </Button>
        )
      }
    />
  )
}
