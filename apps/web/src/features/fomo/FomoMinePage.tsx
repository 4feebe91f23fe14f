import { useMemo, useState } from 'react'
import { useLingui } from '@lingui/react/macro'
import { msg } from '@lingui/core/macro'
import { doubleAbi, fomoAbi } from '@nexus/abi'
import { Button, Card } from '@nexus/ui'
import { erc20Abi } from 'viem'
import type { Address } from 'viem'
import { ok, useChainNow, useChainReads, useNamedChainReads } from '../../data/ChainData.tsx'
import { useTransaction } from '../../hooks/useTransaction.ts'
import { showAmount, showCount, showTime } from '../../lib/format.ts'
import { solvency } from '../../lib/solvency.ts'
import {
  doubleShortOfLine,
  doubleVested,
  fomoOrderState,
  percent,
} from '../../components/blocks/records/recordFormat.ts'
import { DOUBLE_MAX_AMOUNT, doubleDepositRefusal, doubleDepositRules, needsApproval } from './doubleDeposit.ts'
import { checkAmount } from '../../lib/amountInput.ts'
import { NotDeployed, PageFrame } from '../../components/pages/PageFrame.tsx'
import { RecordItem, RecordList, StateBadge, useReader } from '../../components/blocks/records/RecordParts.tsx'
import { Stat } from '../../components/Stat.tsx'
import { poolContracts } from './pool.ts'
import type { PoolName } from './pool.ts'
import { ActionForm } from '../../components/forms/ActionForm.tsx'
import { AmountField } from '../../components/forms/AmountField.tsx'
import { ClaimButton } from '../../components/forms/ClaimButton.tsx'
import { useEveryPage } from '../../data/useEveryPage.ts'
import { PagedList } from '../../components/blocks/account/PagedList.tsx'
import { RECORD_PAGE, ROUND_WINNERS } from '../../data/recordQueries.ts'
import type { RecordNode, RecordPageData, RoundWinnersData } from '../../data/recordQueries.ts'

/**
 * `/fomoMine` and `/superFomMine`: the account's orders in one pool (status, lock, release), its rewards and
 * their claim, unclaimed round prizes, and its doubling deposits with their claims.
 */
export function FomoMinePage({ pool }: { pool: PoolName }) {
  const contracts = poolContracts(pool)
  return (
    <PageFrame>
      {contracts ? (
        <Mine pool={pool} address={contracts.pool} usdt={contracts.usdt} double={contracts.double} />
      ) : (
        <NotDeployed testId="pool-unavailable" />
      )}
    </PageFrame>
  )
}

function Mine({
  pool,
  address,
  usdt,
  double,
}: {
  pool: PoolName
  address: Address
  usdt: Address
  double: Address | undefined
}) {
  const { t } = useLingui()
  const { account, who } = useReader()
  const now = useChainNow()
  const send = useTransaction()

  const data = useNamedChainReads(
    useMemo(
      () =>
        ({
          config: { address, abi: fomoAbi, functionName: 'getConfig' },
          user: { address, abi: fomoAbi, functionName: 'users', args: [who] },
        }) as const,
      [address, who],
    ),
  )
  const config = ok(data?.config)
  const user = account ? ok(data?.user) : undefined
  const listVariables = useMemo(
    () => (account ? { account: account.toLowerCase(), contract: pool } : undefined),
    [account, pool],
  )

  // Prizes: every round (from the index) where one of the account's orders is among the winners, with what is
  // still to claim read from the pool (prizeOf is 0 once claimed).
  const rounds = useEveryPage(
    ROUND_WINNERS,
    useMemo(() => (account ? { contract: pool } : undefined), [account, pool]),
    (answer: RoundWinnersData) => answer.fomoRounds,
  )
  const prizeRounds = useMemo(() => {
    if (!account || !Array.isArray(rounds)) return []
    const me = account.toLowerCase()
    return rounds
      .filter((round) => round.settled && round.winners.some((winner) => winner.owner === me))
      .map((round) => BigInt(round.round))
  }, [rounds, account])
  const prizeReads = useChainReads(
    useMemo(
      () =>
        prizeRounds.length > 0
          ? prizeRounds.map(
              (round) => ({ address, abi: fomoAbi, functionName: 'prizeOf', args: [round, who] }) as const,
            )
          : undefined,
      [address, prizeRounds, who],
    ),
  )
  const prizes = prizeRounds
    .map((round, position) => ({ round, prize: ok(prizeReads?.[position]) ?? 0n }))
    .filter((entry) => entry.prize > 0n)
  const prizesLoading =
    account !== undefined && (rounds === undefined || (prizeRounds.length > 0 && prizeReads === undefined))

  const doubleData = useNamedChainReads(
    useMemo(
      () =>
        double
          ? ({
              info: { address: double, abi: doubleAbi, functionName: 'getUserInfo', args: [who] },
              config: { address: double, abi: doubleAbi, functionName: 'getConfig' },
              multiple: { address: double, abi: doubleAbi, functionName: 'MULTIPLE' },
              held: { address: double, abi: doubleAbi, functionName: 'getSolvency' },
              usdtBalance: { address: usdt, abi: erc20Abi, functionName: 'balanceOf', args: [who] },
              allowance: { address: usdt, abi: erc20Abi, functionName: 'allowance', args: [who, double] },
              paused: { address: double, abi: doubleAbi, functionName: 'paused' },
            } as const)
          : undefined,
      [double, usdt, who],
    ),
  )
  const doubleInfo = account ? ok(doubleData?.info) : undefined
  const doubleConfig = ok(doubleData?.config)
  const multiple = ok(doubleData?.multiple)
  const held = ok(doubleData?.held)
  const usdtBalance = account ? ok(doubleData?.usdtBalance) : undefined
  const doubleAllowance = account ? ok(doubleData?.allowance) : undefined
  const doublePaused = ok(doubleData?.paused)
  // Double reports what all its records may still release: holdings against that (excess is not used here)
  const doublePool = held && solvency(held[0], 0n, held[1], { fromLaterInflows: true })
  const doubleUser = doubleInfo?.[0]
  const upTo = doubleUser && multiple !== undefined ? doubleUser.total * multiple : undefined
  // A Double record belongs to an order of this pool when this pool's order of that index is the account's and
  // started at the same time (both pools share one Double).
  const allDoubleRecords = useMemo(() => doubleInfo?.[1] ?? [], [doubleInfo])
  const recordOrders = useChainReads(
    useMemo(
      () =>
        allDoubleRecords.length > 0
          ? allDoubleRecords.map(
              (record) => ({ address, abi: fomoAbi, functionName: 'orders', args: [record.fomoIndex] }) as const,
            )
          : undefined,
      [address, allDoubleRecords],
    ),
  )
  // A direct deposit (Double.deposit by the account itself) has no order: `fomoIndex` 0.
  const doubleRecords = allDoubleRecords.filter((record, position) => {
    if (record.fomoIndex === 0n) return true
    const order = ok(recordOrders?.[position])
    return order !== undefined && order.startTime === record.startTime && order.owner === record.owner
  })
  const doubled = new Set(doubleRecords.map((record) => record.fomoIndex))
  const lineFigures = useLineFigures()
  // Where each record still owed stands in line (Double.getLine): the older records' and its own outstanding
  // rewards against what the pool holds.
  const owedRecords = doubleRecords.filter((record) => record.isValid)
  const owedIndexes = owedRecords.map((record) => record.index.toString()).join()
  const lineReads = useChainReads(
    useMemo(
      () =>
        double && owedIndexes
          ? owedIndexes
              .split(',')
              .map(
                (index) =>
                  ({ address: double, abi: doubleAbi, functionName: 'getLine', args: [BigInt(index)] }) as const,
              )
          : undefined,
      [double, owedIndexes],
    ),
  )
  const lines = new Map(owedRecords.map((record, position) => [record.index, ok(lineReads?.[position])]))

  const handleGas = config?.handleGas ?? 0n
  const [doubleInput, setDoubleInput] = useState('')

  function depositDouble() {
    if (!double) return
    void send({
      // the contract's bounds (Double.MAX_AMOUNT), then the balance; closed or paused refuses before anything is sent
      amount: { input: doubleInput, rules: doubleDepositRules(usdtBalance) },
      check: () => doubleDepositRefusal({ openClaim: doubleConfig?.openClaim, paused: doublePaused }),
      // approved first when the allowance does not cover the deposit (one more confirmation in the wallet)
      spend: { token: usdt, spender: double, coversAmount: true },
      // a direct deposit: for the account itself, from no order (fomoIndex 0)
      request: (amount) => ({
        address: double,
        abi: doubleAbi,
        functionName: 'deposit',
        args: [who, amount ?? 0n, 0n],
      }),
      success: msg`Deposited`,
    })
  }

  function release(index: bigint, endTime: bigint) {
    void send({
      check: () =>
        now !== undefined && BigInt(now) < endTime
          ? msg`This order is locked until ${showTime(endTime)}: it can be released after that.`
          : undefined,
      request: () => ({ address, abi: fomoAbi, functionName: 'release', args: [index] }),
      success: msg`Released`,
    })
  }

  function claim(round: bigint) {
    void send({
      check: () => (round === 0n && user && user.balance === 0n ? msg`Nothing to claim yet` : undefined),
      request: () => ({ address, abi: fomoAbi, functionName: 'claimReward', args: [round], value: handleGas }),
      success: msg`Claimed`,
    })
  }

  return (
    <>
      <Card
        title={t`My rewards`}
        data-testid="my-rewards"
        actions={
          <Button
            size="sm"
            variant="secondary"
            disabled={!account}
            data-testid="claim-balance"
            onClick={() => claim(0n)}
          >
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
        <p className="app-muted">{t`A claim keeps ${percent(config?.feeRate)} as a fee for the gold pool.`}</p>
      </Card>

      <Card title={t`Round prizes to claim`} data-testid="prizes">
        <RecordList loading={prizesLoading} error={rounds === 'error'} count={prizes.length} testId="prize-list">
          {prizes.map(({ round, prize }) => (
            <RecordItem
              key={round.toString()}
              testId="prize"
              title={t`Round ${round.toString()}`}
              figures={[[t`Prize`, `${showAmount(prize)} USDT`]]}
              actions={
                <Button size="sm" data-testid={`claim-prize-${round.toString()}`} onClick={() => claim(round)}>
                  {t`Claim prize`}
                </Button>
              }
            />
          ))}
        </RecordList>
      </Card>

      <Card title={t`My orders`} data-testid="my-orders">
        {listVariables ? (
          <PagedList
            testId="order-list"
            query={RECORD_PAGE}
            variables={listVariables}
            select={(answer: RecordPageData) => answer.orders}
            row={(node: RecordNode) => (
              <OrderRow
                key={node.index}
                address={address}
                index={BigInt(node.index)}
                doubled={doubled.has(BigInt(node.index))}
                onRelease={release}
              />
            )}
          />
        ) : (
          <RecordList loading={false} error={false} count={0} testId="order-list">
            {null}
          </RecordList>
        )}
      </Card>

      {double && (
        <Card
          title={t`Doubling deposit`}
          data-testid="double"
          actions={
            <ClaimButton
              testId="claim-double"
              disabled={!account}
              check={() => (doubleInfo && doubleInfo[0].balance === 0n ? msg`Nothing to claim yet` : undefined)}
              request={() => ({ address: double, abi: doubleAbi, functionName: 'claim' })}
            />
          }
        >
          <p className="app-muted">
            {doubleConfig?.openClaim === false
              ? t`The doubling deposit takes no new deposits for now, so new orders wait; what it owes you can still be claimed.`
              : t`Each order puts part of its amount into the double pool, which releases up to twice that amount over time (both pools together).`}
          </p>
          {doubleConfig?.openClaim !== false && (
            <ActionForm onSubmit={depositDouble}>
              <AmountField
                label={t`Deposit directly (USDT)`}
                hint={t`Balance ${showAmount(usdtBalance)} USDT`}
                value={doubleInput}
                onChange={setDoubleInput}
                testId="double-amount"
              />
              <DoubleDepositNote allowance={doubleAllowance} input={doubleInput} />
              <Button type="submit" block disabled={!account} data-testid="double-submit">
                {t`Deposit`}
              </Button>
            </ActionForm>
          )}
          <dl className="app-stats">
            <Stat label={t`Claimable now`} value={`${showAmount(doubleUser?.balance)} USDT`} testId="double-balance" />
            <Stat label={t`Deposited in total`} value={`${showAmount(doubleUser?.total)} USDT`} testId="double-total" />
            <Stat
              label={multiple === undefined ? t`Up to` : t`Up to (${multiple.toString()}× the deposits)`}
              value={`${showAmount(upTo)} USDT`}
              testId="double-up-to"
            />
            <Stat
              label={t`Released`}
              value={`${showAmount(doubleUser?.rewardRelease)} USDT`}
              testId="double-released"
            />
            <Stat
              label={t`Still to release to you`}
              value={`${showAmount(upTo !== undefined && doubleUser ? upTo - doubleUser.rewardRelease : undefined)} USDT`}
              testId="double-left"
            />
          </dl>
          <h3 className="app-subtitle">{t`The pool (every account)`}</h3>
          <dl className="app-stats" data-testid="double-solvency">
            <Stat label={t`USDT the pool holds`} value={`${showAmount(doublePool?.holds)} USDT`} testId="double-held" />
            <Stat
              label={t`USDT all records may still release`}
              value={`${showAmount(held?.[1])} USDT`}
              testId="double-owed"
            />
            <Stat
              label={t`Covered now`}
              value={
                !doublePool ? '—' : doublePool.coverageBps === undefined ? '100%' : percent(doublePool.coverageBps)
              }
              testId="double-covered"
            />
          </dl>
          <p className="app-muted" data-testid="double-solvency-note">
            {t`The pool pays the doubled half from later deposits: a claim pays what has vested as far as the pool holds USDT, and what it cannot pay now stays due for a later claim.`}
          </p>
          <p className="app-muted" data-testid="double-line-note">
            {t`Place in line is the order of the deposits still owed, oldest first: the pool pays whoever claims first, so it is not a promise. Once the pool receives the inflows shown, it can pay that record and every older one in full.`}
          </p>
          <RecordList
            loading={account !== undefined && doubleData === undefined}
            error={false}
            count={doubleRecords.length}
            testId="double-list"
          >
            {doubleRecords.map((record) => (
              <RecordItem
                key={record.index.toString()}
                testId="double-record"
                title={record.fomoIndex === 0n ? t`Direct deposit` : t`For order #${record.fomoIndex.toString()}`}
                badges={
                  <span className="app-badge pool-badge--double">{record.isValid ? t`Releasing` : t`Completed`}</span>
                }
                figures={[
                  [t`Deposited`, `${showAmount(record.amount)} USDT`],
                  [t`Up to`, `${showAmount(record.reward)} USDT`],
                  [t`Vested so far`, `${showAmount(doubleVested(record, now))} USDT`],
                  [t`Released`, `${showAmount(record.released)} USDT`],
                  [t`Ends`, showTime(record.endTime)],
                  ...lineFigures(lines.get(record.index)),
                ]}
              />
            ))}
          </RecordList>
        </Card>
      )}
    </>
  )
}

/** The figures of a Double record still owed from `Double.getLine`, or none while it is read or once it is paid. */
function useLineFigures(): (line: DoubleLine | undefined) => (readonly [string, string])[] {
  const { t } = useLingui()
  return (line) => {
    if (!line || line.position === 0n) return []
    const short = doubleShortOfLine(line)
    return [
      [t`Place in line`, line.complete ? `#${showCount(line.position)}` : t`#${showCount(line.position)} or later`],
      [t`Still owed to older records`, `${showAmount(line.owedAhead)} USDT`],
      [t`Still owed to this record`, `${showAmount(line.owedSelf)} USDT`],
      [
        t`Inflows needed to pay it in full`,
        short === 0n ? t`None: the pool holds enough` : `${showAmount(short)} USDT`,
      ],
    ]
  }
}

type DoubleLine = { position: bigint; owedAhead: bigint; owedSelf: bigint; held: bigint; complete: boolean }

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
  const state = order ? fomoOrderState(order.status, order.endTime, now) : undefined
  const open = state === 'locked' || state === 'unlocked'
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
        open &&
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

/**
 * Under the direct deposit's amount: the contract's bound per deposit and whether the wallet approves USDT first
 * (the allowance read from the chain against the amount typed).
 */
function DoubleDepositNote({ allowance, input }: { allowance: bigint | undefined; input: string }) {
  const { t } = useLingui()
  const typed = checkAmount(input)
  const approval = needsApproval(allowance, typed.ok ? typed.value : undefined)
  const max = showAmount(DOUBLE_MAX_AMOUNT, 0)
  return (
    <p className="app-muted" data-testid="double-deposit-note">
      <span data-testid="double-bounds">{t`At most ${max} USDT per deposit.`}</span>{' '}
      {approval !== undefined && (
        <span data-testid="double-approval" data-needed={String(approval)}>
          {approval
            ? t`Your wallet first approves USDT for the doubling pool (one more confirmation), then deposits.`
            : t`USDT is approved for the doubling pool: the deposit needs one confirmation.`}
        </span>
      )}
    </p>
  )
}
