import { useMemo, useState } from 'react'
import { useLingui } from '@lingui/react/macro'
import { msg } from '@lingui/core/macro'
import { fomoAbi, iUniswapV2PairAbi } from '@nexus/abi'
import { fomoMinUsdt, shortenAddress } from '@nexus/sdk'
import { Button, Card, Countdown } from '@nexus/ui'
import { erc20Abi } from 'viem'
import { isAddressEqual, type Address } from 'viem'
import { ok, useChainNow, useChainReads, useNamedChainReads } from '../../data/ChainData.tsx'
import { useIndexedQuery } from '../../data/indexer.ts'
import { useTransaction } from '../../hooks/useTransaction.ts'
import { dexFeeBps } from '../../lib/appChain.ts'
import { env } from '../../lib/env.ts'
import { showAmount, showCount, showTime } from '../../lib/format.ts'
import { typedAmount } from '../../lib/amountInput.ts'
import { duration, percent, secondsUntil, WINNER_SHARES_BPS } from '../../components/blocks/records/recordFormat.ts'
import { NotDeployed, PageFrame } from '../../components/pages/PageFrame.tsx'
import { RecordItem, RecordList, useReader } from '../../components/blocks/records/RecordParts.tsx'
import { Stat } from '../../components/Stat.tsx'
import { useDurationUnits } from '../../hooks/useDurationUnits.ts'
import { poolContracts } from './pool.ts'
import type { PoolName } from './pool.ts'
import { FOMO_ROUNDS } from '../../data/recordQueries.ts'
import type { FomoRoundsData } from '../../data/recordQueries.ts'
import { Segmented } from '../../components/forms/Segmented.tsx'
import { ActionForm } from '../../components/forms/ActionForm.tsx'

/** How many settled rounds the page lists. */
const ROUNDS_SHOWN = 10

/**
 * `/fomo` and `/superFom`: the round game of one pool (pot, countdown on the chain's clock, the last qualifying
 * depositors, the rules and the fairness panel with the pool's config), the deposit into one of the five stake
 * tiers with USDT or NEX, and the settled rounds with winners and settlement transactions from the indexer.
 */
export function FomoGamePage({ pool }: { pool: PoolName }) {
  const contracts = poolContracts(pool)
  return (
    <PageFrame>
      {contracts ? (
        <Game pool={pool} address={contracts.pool} usdt={contracts.usdt} nex={contracts.nex} pair={contracts.pair} />
      ) : (
        <NotDeployed testId="pool-unavailable" />
      )}
    </PageFrame>
  )
}

/** How far below the pair's quote the pool's sale of the NEX paid may fill (basis points) before the order reverts. */
const NEX_TOLERANCE_BPS = 100

function Game({
  pool,
  address,
  usdt,
  nex,
  pair,
}: {
  pool: PoolName
  address: Address
  usdt: Address
  nex: Address
  pair: Address | undefined
}) {
  const { t } = useLingui()
  const { account, who } = useReader()
  const now = useChainNow()
  const send = useTransaction()
  const units = useDurationUnits()

  const data = useNamedChainReads(
    useMemo(
      () =>
        ({
          config: { address, abi: fomoAbi, functionName: 'getConfig' },
          multi: { address, abi: fomoAbi, functionName: 'getConfigMulti' },
          totals: { address, abi: fomoAbi, functionName: 'getTotals' },
          values: { address, abi: fomoAbi, functionName: 'getValues' },
          user: { address, abi: fomoAbi, functionName: 'users', args: [who] },
          usdtBalance: { address: usdt, abi: erc20Abi, functionName: 'balanceOf', args: [who] },
          nexBalance: { address: nex, abi: erc20Abi, functionName: 'balanceOf', args: [who] },
        }) as const,
      [address, usdt, nex, who],
    ),
  )
  const config = ok(data?.config)
  const multi = ok(data?.multi)
  const totals = ok(data?.totals)
  const values = ok(data?.values)
  const user = account ? ok(data?.user) : undefined
  const usdtBalance = account ? ok(data?.usdtBalance) : undefined
  const nexBalance = account ? ok(data?.nexBalance) : undefined

  const roundIndex = totals?.roundEndIndex
  const roundRead = useNamedChainReads(
    useMemo(
      () =>
        roundIndex !== undefined
          ? ({ round: { address, abi: fomoAbi, functionName: 'getRound', args: [roundIndex] } } as const)
          : undefined,
      [address, roundIndex],
    ),
  )
  const round = ok(roundRead?.round)
  // The orders of the last qualifying deposits, latest first; keyed by their indexes so that reads change with them.
  const leaderKey = round ? round.winners.slice(0, Number(round.count)).join(',') : ''
  const leaders = useMemo(() => (leaderKey === '' ? [] : leaderKey.split(',').map(BigInt)), [leaderKey])
  const leaderReads = useChainReads(
    useMemo(
      () =>
        leaders.length > 0
          ? leaders.map((index) => ({ address, abi: fomoAbi, functionName: 'orders', args: [index] }) as const)
          : undefined,
      [address, leaders],
    ),
  )

  const endTime = totals?.roundEndTime ?? 0n
  const left = secondsUntil(endTime, now)
  const phase =
    totals === undefined || now === undefined ? undefined : endTime === 0n ? 'waiting' : left > 0 ? 'running' : 'ended'

  const [tier, setTier] = useState(0)
  const [payWith, setPayWith] = useState<'USDT' | 'NEX'>('USDT')
  const [input, setInput] = useState('')
  const value = useMemo(() => typedAmount(input), [input])
  const quote = useNamedChainReads(
    useMemo(
      () =>
        payWith === 'NEX' && value !== undefined && value > 0n && pair
          ? ({
              nexCost: { address, abi: fomoAbi, functionName: 'getSwapIn', args: [value] },
              reserves: { address: pair, abi: iUniswapV2PairAbi, functionName: 'getReserves' },
              token0: { address: pair, abi: iUniswapV2PairAbi, functionName: 'token0' },
            } as const)
          : undefined,
      [address, pair, payWith, value],
    ),
  )
  const nexCost = payWith === 'NEX' ? ok(quote?.nexCost) : undefined
  // the least USDT the pool's sale of that NEX must bring (the pair's quote less the tolerance): a price moved
  // after the quote (a sandwich around the order) reverts the order (FomoSlippage) instead of selling for less
  const reserves = ok(quote?.reserves)
  const token0 = ok(quote?.token0)
  const minUsdt =
    nexCost !== undefined && reserves && token0
      ? fomoMinUsdt({
          nexIn: nexCost,
          ...(isAddressEqual(token0, nex)
            ? { reserveNex: reserves[0], reserveUsdt: reserves[1] }
            : { reserveNex: reserves[1], reserveUsdt: reserves[0] }),
          pairFeeBps: dexFeeBps(env.chainId),
          toleranceBps: NEX_TOLERANCE_BPS,
        })
      : undefined
  const room = config && user ? (config.userMax > user.amount ? config.userMax - user.amount : 0n) : config?.userMax

  async function deposit() {
    await send({
      amount: {
        input,
        // an order is at least the pool's orderMin (the contract refuses less: FomoAmountOutOfRange)
        rules: { min: config?.orderMin, max: room, balance: payWith === 'USDT' ? usdtBalance : undefined },
      },
      check: () =>
        payWith !== 'NEX'
          ? undefined
          : minUsdt === undefined || minUsdt === 0n
            ? msg`No NEX price yet: pay with USDT or try again later`
            : nexCost !== undefined && nexBalance !== undefined && nexCost > nexBalance
              ? msg`Balance Insufficient`
              : undefined,
      spend: { token: payWith === 'USDT' ? usdt : nex, spender: address },
      request: (amount) => ({
        address,
        abi: fomoAbi,
        functionName: 'burn',
        args: [BigInt(tier), 1n, amount ?? 0n, payWith === 'USDT', payWith === 'USDT' ? 0n : (minUsdt ?? 0n)],
      }),
      success: msg`Deposited`,
    })
  }

  return (
    <>
      <Card
        title={t`Round ${roundIndex !== undefined ? roundIndex.toString() : '—'}`}
        actions={
          phase && (
            <span className="app-badge" data-testid="round-phase" data-phase={phase}>
              {phase === 'waiting' ? t`Waiting` : phase === 'running' ? t`In progress` : t`Ended`}
            </span>
          )
        }
        data-testid="round"
      >
        <Countdown seconds={left} labels={{ days: t`Days`, hours: t`Hours`, minutes: t`Min`, seconds: t`Sec` }} />
        <p className="app-muted" data-testid="round-caption">
          {phase === 'waiting'
            ? t`The clock starts with the first deposit of at least ${showAmount(config?.roundMin)} USDT.`
            : phase === 'running'
              ? t`Ends at ${showTime(endTime)} unless a qualifying deposit extends it.`
              : phase === 'ended'
                ? t`The round ended at ${showTime(endTime)}. It is settled by the next deposit or by settling it here.`
                : ''}
        </p>
        <dl className="app-stats">
          <Stat label={t`Prize pool`} value={`${showAmount(values?.balanceFomo)} USDT`} testId="pot" />
          <Stat label={t`Qualifying deposits`} value={showCount(round?.count)} />
          <Stat label={t`Gold pool`} value={`${showAmount(values?.balanceGold)} USDT`} />
          <Stat label={t`Double pool`} value={`${showAmount(values?.balanceDouble)} USDT`} />
          <Stat label={t`Participants`} value={showCount(totals?.totalUser)} />
          <Stat label={t`Deposited in total`} value={`${showAmount(totals?.totalAmount)} USDT`} />
        </dl>
        {phase === 'ended' && (
          <Button
            block
            variant="secondary"
            data-testid="settle-round"
            disabled={!account}
            onClick={() =>
              void send({
                request: () => ({ address, abi: fomoAbi, functionName: 'updatePool' }),
                success: msg`Round settled`,
              })
            }
          >
            {t`Settle the round`}
          </Button>
        )}
      </Card>

      <Card title={t`Last qualifying depositors`} data-testid="leaders">
        <p className="app-muted">{t`If the clock ran out now, they would share the prize pool, the latest first.`}</p>
        <RecordList loading={round === undefined} error={false} count={leaders.length} testId="leaders-list">
          {leaders.map((orderIndex, position) => {
            const order = ok(leaderReads?.[position])
            return (
              <RecordItem
                key={orderIndex.toString()}
                testId="leader"
                title={`#${position + 1} · ${order ? shortenAddress(order.owner) : '—'}`}
                badges={<span className="app-badge">{percent(WINNER_SHARES_BPS[position])}</span>}
                figures={[
                  [t`Order`, `#${orderIndex.toString()}`],
                  [t`Amount`, `${showAmount(order?.amount)} USDT`],
                  [t`Time`, showTime(order?.startTime)],
                  [
                    t`Prize if it ended now`,
                    `${showAmount(round ? (round.pot * (WINNER_SHARES_BPS[position] ?? 0n)) / 10_000n : undefined)} USDT`,
                  ],
                ]}
              />
            )
          })}
        </RecordList>
      </Card>

      <Card title={t`Deposit`} data-testid="deposit">
        <p className="app-muted">{t`Choose a stake tier: its lock, its weight in the daily static rewards and the principal returned at the release.`}</p>
        <div className="pool-tiers" role="radiogroup" aria-label={t`Stake tier`}>
          {[0, 1, 2, 3, 4].map((index) => (
            <button
              key={index}
              type="button"
              role="radio"
              aria-checked={tier === index}
              className={tier === index ? 'pool-tier is-active' : 'pool-tier'}
              data-testid={`tier-${index}`}
              onClick={() => setTier(index)}
            >
              <strong>{t`${showCount(multi?.stakeDays[index])} days`}</strong>
              <span>{t`Weight ${percent(multi?.stakeRates[index])}`}</span>
              <span>{t`Principal returned ${percent(multi?.stakeSurplus[index])}`}</span>
            </button>
          ))}
        </div>
        <ActionForm onSubmit={deposit}>
          <Segmented
            label={t`Pay with`}
            options={['USDT', 'NEX'] as const}
            value={payWith}
            onChange={setPayWith}
            testIdPrefix="pay-"
          />
          <label className="app-field">
            <span className="app-field__label">
              {t`Amount (USDT value)`}
              <span className="app-muted">
                {payWith === 'USDT'
                  ? t`Balance ${showAmount(usdtBalance)} USDT`
                  : t`Balance ${showAmount(nexBalance)} NEX`}
              </span>
            </span>
            <input
              className="app-input"
              inputMode="decimal"
              data-testid="deposit-amount"
              value={input}
              placeholder={t`At least ${showAmount(config?.roundMin)} to qualify for the round`}
              onChange={(event) => setInput(event.target.value)}
            />
          </label>
          <p className="app-muted" data-testid="deposit-note">
            {payWith === 'NEX'
              ? t`Cost: about ${showAmount(nexCost)} NEX at the average price; up to ${showAmount(room)} USDT for your account.`
              : t`Up to ${showAmount(room)} USDT for your account.`}{' '}
            <span data-testid="deposit-minimum">{t`Each order is at least ${showAmount(config?.orderMin)} USDT.`}</span>
          </p>
          <Button type="submit" block disabled={!account} data-testid="deposit-submit">
            {t`Deposit`}
          </Button>
        </ActionForm>
      </Card>

      <Card title={t`How a round ends`} data-testid="fairness">
        <ol className="pool-rules">
          <li data-testid="rule-minimum">
            {t`A deposit of at least ${showAmount(config?.roundMin)} USDT qualifies for the round.`}
          </li>
          <li data-testid="rule-extension">
            {t`The first qualifying deposit starts the clock at ${duration(config?.roundTime, units)}; every later one adds ${duration(config?.addTime, units)}.`}
          </li>
          <li data-testid="rule-cap">
            {t`The clock never shows more than ${duration(config?.roundTime, units)}: a round ends at the latest ${duration(config?.roundTime, units)} after its last qualifying deposit.`}
          </li>
          <li data-testid="rule-prizes">
            {t`When the clock reaches zero, the last five qualifying deposits share the prize pool: ${WINNER_SHARES_BPS.map(percent).join(', ')}, the latest first. Shares without a deposit stay in the pool for the next round.`}
          </li>
          <li data-testid="rule-randomness">
            {t`Nothing depends on randomness: no random number or block data picks the winners, only the order of the qualifying deposits on chain, which anyone can check.`}
          </li>
        </ol>
      </Card>

      <SettledRounds pool={pool} />
    </>
  )
}

/** The settled rounds of the pool from the indexer: end time, pot, winners and the settlement transaction. */
function SettledRounds({ pool }: { pool: PoolName }) {
  const { t } = useLingui()
  const [result] = useIndexedQuery<FomoRoundsData>({
    query: FOMO_ROUNDS,
    variables: { contract: pool, first: ROUNDS_SHOWN + 1 },
  })
  const rounds = (result.data?.fomoRounds.nodes ?? []).filter((round) => round.settled).slice(0, ROUNDS_SHOWN)
  return (
    <Card title={t`Settled rounds`} data-testid="settled-rounds">
      <SettledRoundList fetching={result.fetching} error={result.error !== undefined} rounds={rounds} />
    </Card>
  )
}

/** The settled rounds list with its loading, error and empty states. */
export function SettledRoundList({
  fetching,
  error,
  rounds,
}: {
  fetching: boolean
  error: boolean
  rounds: FomoRoundsData['fomoRounds']['nodes']
}) {
  const { t } = useLingui()
  return (
    <RecordList loading={fetching} error={error} count={rounds.length} testId="settled-list">
      {rounds.map((round) => (
        <RecordItem
          key={round.round}
          testId="settled-round"
          title={t`Round ${round.round}`}
          badges={<span className="app-badge pool-badge--done">{t`Settled`}</span>}
          figures={[
            [t`Ended at`, showTime(BigInt(round.endTime))],
            [t`Prize pool`, `${showAmount(round.pot === null ? undefined : BigInt(round.pot))} USDT`],
            [t`Paid to winners`, `${showAmount(round.paid === null ? undefined : BigInt(round.paid))} USDT`],
            [
              t`Winners`,
              round.winners.length === 0
                ? t`None`
                : round.winners
                    .map((winner) => `${winner.owner ? shortenAddress(winner.owner) : '—'} (#${winner.orderIndex})`)
                    .join(', '),
            ],
            [t`Settled in`, round.settlementTransaction ? shortenAddress(round.settlementTransaction, 10, 8) : '—'],
          ]}
        />
      ))}
    </RecordList>
  )
}
