import { useMemo, useState } from 'react'
import { useLingui } from '@lingui/react/macro'
import { msg } from '@lingui/core/macro'
import { stakeAbi } from '@nexus/abi'
import { stakeMinReward } from '@nexus/sdk'
import { Button, Card, Countdown } from '@nexus/ui'
import { erc20Abi } from 'viem'
import type { Address } from 'viem'
import { ok, useChainNow, useNamedChainReads } from '../../data/ChainData.tsx'
import { useTransaction } from '../../hooks/useTransaction.ts'
import { contractsOf } from '../../lib/contracts.ts'
import { env } from '../../lib/env.ts'
import { showAmount, showCount, showTime } from '../../lib/format.ts'
import {
  allowedRange,
  duration,
  percent,
  secondsUntil,
  stakeRecordState,
} from '../../components/blocks/records/recordFormat.ts'
import { useDurationUnits } from '../../hooks/useDurationUnits.ts'
import { NotDeployed, PageFrame } from '../../components/pages/PageFrame.tsx'
import { RecordItem, RecordList, StateBadge, useReader } from '../../components/blocks/records/RecordParts.tsx'
import { Stat } from '../../components/Stat.tsx'
import { ClaimButton } from '../../components/forms/ClaimButton.tsx'
import { AmountField } from '../../components/forms/AmountField.tsx'
import { ActionForm } from '../../components/forms/ActionForm.tsx'
import { ReleaseSchedulePreview } from './ReleaseSchedulePreview.tsx'

/**
 * `/stake`: USDT staked in the stake contract's IDO rounds (the lock periods): each round's reward cap, first
 * release and price floor; the allowed range shown and enforced; the account's stakes (locked, releasing after
 * the lock, completed) and the claim of the released NEX.
 */
export function StakePage() {
  const contracts = contractsOf(env.chainId)
  return (
    <PageFrame>
      {contracts.Stake && contracts.USDT ? (
        <Staking stake={contracts.Stake} usdt={contracts.USDT} />
      ) : (
        <NotDeployed testId="stake-unavailable" />
      )}
    </PageFrame>
  )
}

const ONE_USDT = 10n ** 18n

/** Where a round stands: before its start, open, filled, or still to come after the current one. */
export type RoundPhase = 'upcoming' | 'open' | 'filled' | 'next'

export function roundPhase(
  index: bigint,
  current: bigint,
  round: { idoMax: bigint; idoTotal: bigint; startTime: bigint },
  now: number | undefined,
): RoundPhase {
  if (index < current || round.idoTotal >= round.idoMax) return 'filled'
  if (index > current) return 'next'
  return now !== undefined && BigInt(now) < round.startTime ? 'upcoming' : 'open'
}

function Staking({ stake, usdt }: { stake: Address; usdt: Address }) {
  const { t } = useLingui()
  const { account, who } = useReader()
  const now = useChainNow()
  const send = useTransaction()
  const units = useDurationUnits()
  const [input, setInput] = useState('')

  const data = useNamedChainReads(
    useMemo(
      () =>
        ({
          config: { address: stake, abi: stakeAbi, functionName: 'getConfig' },
          idos: { address: stake, abi: stakeAbi, functionName: 'getIdos' },
          info: { address: stake, abi: stakeAbi, functionName: 'getUserInfo', args: [who] },
          whitelisted: { address: stake, abi: stakeAbi, functionName: 'isWhitelisted', args: [who] },
          balance: { address: usdt, abi: erc20Abi, functionName: 'balanceOf', args: [who] },
          totals: { address: stake, abi: stakeAbi, functionName: 'getTotals' },
          tokensPerUsdt: { address: stake, abi: stakeAbi, functionName: 'getPrice', args: [ONE_USDT] },
        }) as const,
      [stake, usdt, who],
    ),
  )
  const config = ok(data?.config)
  const idos = ok(data?.idos)
  const info = account ? ok(data?.info) : undefined
  const whitelisted = account ? ok(data?.whitelisted) : undefined
  const balance = account ? ok(data?.balance) : undefined
  const totals = ok(data?.totals)
  // NEX per USDT of reward at the price a deposit uses now (reverts, so undefined, when no round is left)
  const tokensPerUsdt = ok(data?.tokensPerUsdt)
  const user = info?.[0]
  const stakes = info?.[1] ?? []
  const stakesFailed = data?.info?.status === 'failure'

  const current = config && idos ? idos[Number(config.round)] : undefined
  const roundLeft = current ? current.idoMax - current.idoTotal : undefined
  const userLeft = config
    ? user && config.userMax > user.amount
      ? config.userMax - user.amount
      : user
        ? 0n
        : config.userMax
    : undefined
  const range = current
    ? allowedRange(roundLeft !== undefined && current.idoMin > roundLeft ? roundLeft : current.idoMin, [
        roundLeft,
        userLeft,
      ])
    : undefined
  const startsIn = current ? secondsUntil(current.startTime, now) : 0
  const open =
    current !== undefined &&
    tokensPerUsdt !== undefined &&
    (startsIn === 0 || whitelisted === true) &&
    roundLeft !== undefined &&
    roundLeft > 0n

  async function deposit() {
    await send({
      amount: { input, rules: { min: range?.min, max: range?.max, balance } },
      check: () => (!open ? msg`No staking round is open now.` : undefined),
      spend: { token: usdt, spender: stake },
      // the reward on the terms shown (less 1 % for the TWAP): a change of the round's terms or the price before
      // the deposit is mined makes it revert (StakeRewardBelowMinimum) instead of paying USDT for less
      request: (amount) => ({
        address: stake,
        abi: stakeAbi,
        functionName: 'deposit',
        args: [amount ?? 0n, stakeMinReward(amount ?? 0n, current?.idoRate ?? 0n, tokensPerUsdt ?? 0n)],
      }),
      success: msg`Staked`,
    })
  }

  return (
    <>
      <Card
        title={t`Staking round ${config ? String(config.round + 1n) : '—'}`}
        data-testid="stake-round"
        actions={
          current && (
            <span className="app-badge" data-testid="stake-round-status" data-status={open ? 'open' : 'closed'}>
              {open ? t`Open` : startsIn > 0 ? t`Starting soon` : t`Closed`}
            </span>
          )
        }
      >
        {startsIn > 0 && (
          <Countdown seconds={startsIn} labels={{ days: t`Days`, hours: t`Hours`, minutes: t`Min`, seconds: t`Sec` }} />
        )}
        <dl className="app-stats">
          <Stat label={t`Reward cap`} value={percent(current?.idoRate)} testId="reward-cap" />
          <Stat label={t`Released at once`} value={percent(current?.idoFirst)} />
          <Stat label={t`NEX price floor`} value={`${showAmount(current?.idoPrice, 4)} USDT`} />
          <Stat
            label={t`Staked in this round`}
            value={`${showAmount(current?.idoTotal)} / ${showAmount(current?.idoMax)} USDT`}
          />
          <Stat label={t`Lock before releases`} value={duration(config?.addTime, units)} />
          <Stat
            label={t`Releases after the lock`}
            value={config ? t`${showCount(config.releaseDay)}, one every ${duration(config.dayTimes, units)}` : '—'}
            testId="stake-releases"
          />
        </dl>
        <ActionForm onSubmit={deposit}>
          <AmountField
            label={t`Amount (USDT)`}
            hint={t`Balance ${showAmount(balance)} USDT`}
            value={input}
            onChange={setInput}
            testId="stake-amount"
          />
          <ReleaseSchedulePreview
            input={input}
            round={current}
            config={config}
            now={now}
            tokensPerUsdt={tokensPerUsdt}
          />
          <p className="app-muted" data-testid="stake-range">
            {!range || !config
              ? t`Allowed range: —`
              : userLeft === 0n
                ? t`You have reached the cap of ${showAmount(config.userMax)} USDT per account: no further stake is possible.`
                : roundLeft === 0n
                  ? t`This round is full (${showAmount(current?.idoMax)} USDT): wait for the next round.`
                  : range.max < range.min
                    ? t`You can stake at most ${showAmount(range.max)} USDT more, below this round's minimum of ${showAmount(range.min)} USDT.`
                    : t`Allowed range: ${showAmount(range.min)} to ${showAmount(range.max)} USDT (cap per account ${showAmount(config.userMax)} USDT)`}
          </p>
          <Button type="submit" block disabled={!account} data-testid="stake-submit">
            {t`Stake`}
          </Button>
        </ActionForm>
      </Card>

      <Card title={t`Lock periods`} data-testid="stake-periods">
        <p className="app-muted">
          {t`Each round is a period with its own reward cap: part of the reward is released at once, the rest daily after the lock.`}
        </p>
        <RecordList
          loading={idos === undefined}
          error={data?.idos?.status === 'failure'}
          count={idos?.length ?? 0}
          testId="period-list"
        >
          {(idos ?? []).map((ido, index) => {
            const phase = config ? roundPhase(BigInt(index), config.round, ido, now) : undefined
            return (
              <RecordItem
                key={index}
                testId={`period-${index}`}
                title={t`Round ${String(index + 1)}`}
                badges={
                  phase && (
                    <span className={`app-badge${phase === 'filled' ? ' pool-badge--done' : ''}`} data-phase={phase}>
                      {phase === 'open'
                        ? t`Open`
                        : phase === 'upcoming'
                          ? t`Starting soon`
                          : phase === 'next'
                            ? t`Next`
                            : t`Filled`}
                    </span>
                  )
                }
                figures={[
                  [t`Reward cap`, percent(ido.idoRate)],
                  [t`Released at once`, percent(ido.idoFirst)],
                  [t`NEX price floor`, `${showAmount(ido.idoPrice)} USDT`],
                  [t`Least deposit`, `${showAmount(ido.idoMin)} USDT`],
                  [t`Round size`, `${showAmount(ido.idoMax)} USDT`],
                  [t`Staked`, `${showAmount(ido.idoTotal)} USDT`],
                  [t`Opens`, showTime(ido.startTime)],
                ]}
              />
            )
          })}
        </RecordList>
      </Card>

      <Card
        title={t`My stakes`}
        data-testid="my-stakes"
        actions={
          <ClaimButton
            testId="stake-claim"
            disabled={!account}
            check={() => (user && user.balance === 0n ? msg`Nothing to claim yet` : undefined)}
            request={() => ({
              address: stake,
              abi: stakeAbi,
              functionName: 'claim',
              value: config?.handleGas ?? 0n,
            })}
          />
        }
      >
        <dl className="app-stats">
          <Stat label={t`Claimable now`} value={`${showAmount(user?.balance)} NEX`} testId="stake-balance" />
          <Stat label={t`Staked`} value={`${showAmount(user?.amount)} USDT`} testId="staked" />
          <Stat label={t`Reward cap (value)`} value={`${showAmount(user?.rewardMax)} USDT`} />
          <Stat label={t`Released (value)`} value={`${showAmount(user?.rewardRelease)} USDT`} />
          <Stat label={t`Direct rewards`} value={`${showAmount(user?.rewardDirect)} NEX`} />
          <Stat label={t`Indirect rewards`} value={`${showAmount(user?.rewardIndirect)} NEX`} />
        </dl>
        <p className="app-muted">{t`A claim keeps ${percent(config?.feeRate)} as a fee in the pool.`}</p>
        <RecordList
          loading={account !== undefined && info === undefined && !stakesFailed}
          error={stakesFailed}
          count={stakes.length}
          testId="stake-list"
        >
          {stakes.map((record) => (
            <RecordItem
              key={record.index.toString()}
              testId={`stake-${record.index.toString()}`}
              title={t`Stake #${record.index.toString()} · round ${String(record.period + 1n)}`}
              badges={<StateBadge state={stakeRecordState(record.isValid, record.lockTime, now)} />}
              figures={[
                [t`Amount`, `${showAmount(record.amount)} USDT`],
                [t`Reward cap`, `${showAmount(record.rewardMax)} USDT`],
                [t`Still to release`, `${showAmount(record.rewardSurplus)} USDT`],
                [t`Releases`, `${showCount(record.releaseTimes)} / ${showCount(record.releaseDays)}`],
                [t`NEX price`, `${showAmount(record.startPrice)} USDT`],
                [t`Started`, showTime(record.startTime)],
                [t`Unlocks`, showTime(record.lockTime)],
                [t`Ends`, showTime(record.endTime)],
              ]}
            />
          ))}
        </RecordList>
      </Card>

      <Card title={t`Staking totals`} data-testid="stake-totals">
        <dl className="app-stats">
          <Stat label={t`Stakers`} value={showCount(totals?.totalUser)} />
          <Stat label={t`Stakes`} value={showCount(totals?.totalStakes)} />
          <Stat label={t`Staked in total`} value={`${showAmount(totals?.totalAmount)} USDT`} />
          <Stat label={t`NEX paid out`} value={showAmount(totals?.totalExtract)} />
        </dl>
      </Card>
    </>
  )
}
