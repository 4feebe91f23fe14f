import { useCallback, useEffect, useMemo, useState } from 'react'
import { useLingui } from '@lingui/react/macro'
import { burnAbi, doubleAbi, iNexusUpgradeableAbi, mainAbi, timelockAbi, timelockOwnedContracts } from '@nexus/abi'
import { Button, Card, EmptyState, Spinner } from '@nexus/ui'
import { gql } from 'urql'
import { erc20Abi, zeroAddress } from 'viem'
import { ok, useChainReads } from '../../data/ChainData.tsx'
import { useIndexedQuery, useIndexerClient } from '../../data/indexer.ts'
import { showAmount, showTime } from '../../lib/format.ts'
import { usePage } from '../../hooks/usePage.ts'
import { SelectField } from '../../components/forms/SelectField.tsx'
import { RelatedLinks } from '../../components/pages/RelatedLinks.tsx'
import { ExplorerLink } from '../../components/ExplorerLink.tsx'
import { deployed } from '../../lib/deployment.ts'
import type { DeployedName } from '../../lib/deployment.ts'
import { describeChanges, foldSalts } from '../../components/blocks/timelock/adminActions.ts'
import type { AdminActionNode } from '../../components/blocks/timelock/adminActions.ts'
import { changeLabel, eventLabel, showChangeValue } from '../../components/blocks/timelock/adminActionText.ts'
import { solvency } from '../../lib/solvency.ts'
import type { Solvency } from '../../lib/solvency.ts'
import { TimelockOperations } from '../../components/blocks/timelock/TimelockOperations.tsx'
import { timelockDeployment } from '../../components/blocks/timelock/useTimelock.ts'
import { KeeperPanel } from './KeeperPanel.tsx'
import './transparency.css'
import type { AdminActionsQuery, AdminActionsQueryVariables } from '../../generated/graphql.ts'

export const ADMIN_ACTIONS = gql<AdminActionsQuery, AdminActionsQueryVariables>`
  query AdminActions($contract: String, $first: Int, $after: String) {
    adminActions(contract: $contract, first: $first, after: $after) {
      nodes {
        contract
        eventName
        target
        oldValue
        newValue
        previousValue
        args
        blockNumber
        timestamp
        transactionHash
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`
type AdminActionsData = AdminActionsQuery
const PAGE_SIZE = 25

/** `/transparency` (public): every privileged action, newest first, and the live solvency of each fund holder. */
export function TransparencyPage() {
  const { t, i18n } = useLingui()
  const { page } = usePage()
  return (
    <div className="app-page" data-testid="page" data-path="/transparency">
      <header className="app-page__header">
        <h1 className="app-page__title">{i18n._(page.title)}</h1>
        <p className="app-page__lead">{i18n._(page.description)}</p>
      </header>
      <PowersPanel />
      <Card title={t`Pending owner actions`} data-testid="pending-owner-actions">
        <p className="app-muted">
          {t`Owner actions scheduled on the Timelock that have not run yet: each runs only once its time has come and someone executes it.`}
        </p>
        <TimelockOperations only={['pending', 'ready']} />
      </Card>
      <SolvencyPanel />
      <KeeperPanel />
      <AdminActions />
      <p className="app-muted">{t`Figures come straight from the contracts and the indexer; nothing here is entered by hand.`}</p>
      <RelatedLinks paths={page.related} />
    </div>
  )
}

/** Who holds the owner's powers and their limits, every figure read from the chain (issue 19). */
function PowersPanel() {
  const { t } = useLingui()
  const main = deployed('Main')
  const timelock = timelockDeployment()?.address
  const reads = useChainReads(
    useMemo(
      () =>
        main
          ? ([
              { address: main, abi: mainAbi, functionName: 'owner' },
              { address: main, abi: mainAbi, functionName: 'MAX_PAUSE_DURATION' },
              { address: main, abi: mainAbi, functionName: 'guardian' },
              ...(timelock ? ([{ address: timelock, abi: timelockAbi, functionName: 'getMinDelay' }] as const) : []),
            ] as const)
          : undefined,
      [main, timelock],
    ),
  )
  const owner = ok(reads?.[0])
  const maxPause = ok(reads?.[1])
  const guardian = ok(reads?.[2])
  const minDelay = reads?.[3] ? ok(reads[3] as { status: 'success'; result: bigint }) : undefined
  const ownedByTimelock =
    owner !== undefined && timelock !== undefined && owner.toLowerCase() === timelock.toLowerCase()
  if (!main) return null
  return (
    <Card title={t`Who can change what`} data-testid="powers">
      {owner === undefined ? (
        <Spinner label={t`Loading`} />
      ) : (
        <ul className="tp-powers">
          {ownedByTimelock ? (
            <li data-testid="powers-owner" data-owner="timelock">
              {t`The owner of the contracts is a Timelock (${owner}) with a delay of ${duration(minDelay)}: every owner action is scheduled in public below and runs only after that delay.`}
            </li>
          ) : (
            <li data-testid="powers-owner" data-owner="account">
              {t`The owner of the contracts is the account ${owner}, not a Timelock: its actions take effect at once.`}
            </li>
          )}
          <li data-testid="powers-withdraw">
            {t`The owner can take tokens out of a contract only with withdrawExcess, and only what it holds beyond what it owes users (held − owed).`}
          </li>
          <li data-testid="powers-pause">
            {guardian && guardian !== zeroAddress
              ? t`A guardian (${guardian}) may pause new deposits, orders, mints and registrations at once, for at most ${duration(maxPause)}; only the owner can renew a pause.`
              : t`No guardian is set; the owner may pause new deposits, orders, mints and registrations, for at most ${duration(maxPause)} at a time.`}
          </li>
          <li data-testid="powers-claims">
            {t`A pause never stops claims, withdrawals or releases of what users are already owed.`}
          </li>
        </ul>
      )}
    </Card>
  )
}

/** Seconds as whole days, hours, minutes or seconds (the largest unit that divides them). */
function duration(seconds: bigint | undefined): string {
  if (seconds === undefined) return '…'
  const units: [bigint, string][] = [
    [86_400n, 'd'],
    [3_600n, 'h'],
    [60n, 'min'],
  ]
  for (const [size, unit] of units) if (seconds >= size && seconds % size === 0n) return `${seconds / size} ${unit}`
  return `${seconds} s`
}

/**
 * The contracts that can hold users' funds (every one that keeps users' claims and `excessOf`, as deployed), and the
 * token each owes its users. `fromLaterInflows`: by design it pays part of what it owes only out of later deposits
 * (Double's doubled half), so owing more than it holds is not a shortfall.
 *
 * Each is read in both tokens: the token it owes always has its row; the other shows as soon as the contract holds
 * any of it (e.g. Stake's and Ido's USDT, the proceeds of stakes and mints), so no contract that holds tokens is
 * left out of the table. A token it owes nobody (all of it excess) is said to be the owner's proceeds.
 */
const HOLDERS: readonly { name: DeployedName; owes?: 'USDT' | 'Token'; fromLaterInflows?: boolean }[] = [
  { name: 'Burn', owes: 'USDT' },
  { name: 'Fomo', owes: 'USDT' },
  { name: 'SuperFomo', owes: 'USDT' },
  { name: 'Double', owes: 'USDT', fromLaterInflows: true },
  { name: 'Mining', owes: 'Token' },
  // the NEX owed to stakers (released and reserved for their releases); its USDT is the stakes' proceeds
  { name: 'Stake', owes: 'Token' },
  // the NEX owed to buyers (credited, vesting or claimable); the USDT, BNB and NEX paid for mints are proceeds
  { name: 'Ido', owes: 'Token' },
  // the cards' dividends are paid in Nft's reward token, USDT (its `initialize`, ignition/modules/ContractsII.ts)
  { name: 'Nft', owes: 'USDT' },
  // the operator's float for the legacy withdrawals, each paid at most once by its id (owes nobody until paid)
  { name: 'Payouts', owes: 'USDT' },
  // these hold nobody's funds; listed so that any token sent to them shows here too
  { name: 'Main' },
  { name: 'Info' },
  { name: 'Log' },
]
const TOKENS = ['USDT', 'Token'] as const
const SYMBOLS = { USDT: 'USDT', Token: 'NEX' } as const

type HolderRow = {
  name: DeployedName
  address: `0x${string}`
  token: 'USDT' | 'Token'
  tokenAddress: `0x${string}`
  symbol: string
  /** Whether this is the token the contract owes its users (always listed). */
  owed: boolean
  fromLaterInflows?: boolean
}

function SolvencyPanel() {
  const { t } = useLingui()
  const rows = useMemo(
    () =>
      HOLDERS.flatMap((holder) =>
        TOKENS.flatMap((token): HolderRow[] => {
          const address = deployed(holder.name)
          const tokenAddress = deployed(token)
          if (!address || !tokenAddress) return []
          const owed = holder.owes === token
          return [
            {
              name: holder.name,
              address,
              token,
              tokenAddress,
              symbol: SYMBOLS[token],
              owed,
              fromLaterInflows: owed && holder.fromLaterInflows,
            },
          ]
        }),
      ),
    [],
  )
  const burn = deployed('Burn')
  const double = deployed('Double')
  const data = useChainReads(
    useMemo(
      () =>
        rows.flatMap(
          ({ address, tokenAddress }) =>
            [
              { address: tokenAddress, abi: erc20Abi, functionName: 'balanceOf', args: [address] },
              { address, abi: iNexusUpgradeableAbi, functionName: 'excessOf', args: [tokenAddress] },
            ] as const,
        ),
      [rows],
    ),
  )
  const burnReads = useChainReads(
    useMemo(
      () => (burn ? ([{ address: burn, abi: burnAbi, functionName: 'getReserves' }] as const) : undefined),
      [burn],
    ),
  )
  const doubleReads = useChainReads(
    useMemo(
      () => (double ? ([{ address: double, abi: doubleAbi, functionName: 'getSolvency' }] as const) : undefined),
      [double],
    ),
  )
  const reserves = ok(burnReads?.[0])
  const doubleSolvency = ok(doubleReads?.[0])
  // What a contract itself reports it owes now (held vs owed), where it can tell.
  const reportedOf = (row: HolderRow): bigint | undefined => {
    if (!row.owed) return undefined
    if (row.name === 'Burn') return reserves && reserves.pool + reserves.orders + reserves.balances + reserves.swap
    if (row.name === 'Double') return doubleSolvency?.[1]
    return undefined
  }

  const statusText: Record<Solvency['status'], string> = {
    covered: t`Covered`,
    exact: t`Fully committed`,
    short: t`Short`,
    deferred: t`Paid from later deposits`,
  }
  const shown = rows.flatMap((row, index) => {
    const holds = ok(data?.[index * 2])
    const excess = ok(data?.[index * 2 + 1])
    // a token the contract does not owe shows once it holds some (and, holding nothing, is no row at all)
    if (!row.owed && !(holds !== undefined && holds > 0n)) return []
    const figures =
      holds !== undefined && excess !== undefined
        ? solvency(holds, excess, reportedOf(row), { fromLaterInflows: row.fromLaterInflows })
        : undefined
    // all of it free for the owner to take: the contract owes nobody this token (the proceeds of stakes, mints…)
    const proceeds = !row.owed && figures !== undefined && figures.owed === 0n
    return [{ row, figures, proceeds }]
  })
  return (
    <Card title={t`Solvency`} data-testid="solvency">
      <p className="app-muted">
        {t`What each contract holding users' funds holds against what it owes them now, read from the chain every few seconds. The only way the owner can take tokens out of these contracts is withdrawExcess, which takes at most the surplus (held − owed); with the Timelock as owner, only after its delay.`}
      </p>
      {rows.length === 0 ? (
        <EmptyState text={t`No contracts are deployed on this network`} />
      ) : (
        <div className="tp-table-wrap">
          <table className="tp-table">
            <thead>
              <tr>
                <th scope="col">{t`Contract`}</th>
                <th scope="col">{t`Holds`}</th>
                <th scope="col">{t`Owes users`}</th>
                <th scope="col">{t`Surplus`}</th>
                <th scope="col">{t`Coverage`}</th>
              </tr>
            </thead>
            <tbody>
              {shown.map(({ row, figures, proceeds }) => (
                <tr
                  key={`${row.name}-${row.symbol}`}
                  data-testid={row.owed ? `solvency-${row.name}` : `solvency-${row.name}-${row.symbol}`}
                  data-contract={row.name}
                  data-token={row.symbol}
                  data-status={figures === undefined ? 'loading' : proceeds ? 'proceeds' : figures.status}
                >
                  <th scope="row">
                    {row.name}
                    {!row.owed && <span className="app-muted"> · {row.symbol}</span>}
                  </th>
                  <td className="app-mono" data-testid="solvency-holds" data-label={t`Holds`}>
                    {showAmount(figures?.holds)} {row.symbol}
                  </td>
                  <td className="app-mono" data-testid="solvency-owed" data-label={t`Owes users`}>
                    {figures?.owedAtLeast ? '≥ ' : ''}
                    {showAmount(figures?.owed)} {row.symbol}
                  </td>
                  <td className="app-mono" data-label={t`Surplus`}>
                    {figures && figures.shortfall > 0n
                      ? `−${showAmount(figures.shortfall)}`
                      : showAmount(figures?.surplus)}{' '}
                    {row.symbol}
                  </td>
                  <td data-label={t`Coverage`}>
                    {figures === undefined ? (
                      '—'
                    ) : proceeds ? (
                      <span className="tp-badge tp-badge--covered" data-testid="solvency-proceeds">
                        {t`Not owed to users: the owner's proceeds, free to withdraw`}
                      </span>
                    ) : (
                      <span className={`tp-badge tp-badge--${figures.status}`}>
                        {statusText[figures.status]}
                        {figures.coverageBps !== undefined &&
                          !figures.owedAtLeast &&
                          ` ${(Number(figures.coverageBps) / 100).toFixed(2)}%`}
                      </span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="app-muted">{t`≥: the contract keeps no surplus, so what it owes is at least all it holds.`}</p>
          {shown.some(({ row }) => row.name === 'Stake' || row.name === 'Ido') && (
            <p className="app-muted" data-testid="solvency-proceeds-note">
              {t`Stake owes its stakers NEX (what they can claim and what is reserved for their releases); the USDT staked is the platform's income, which the owner may take. Ido owes its buyers the NEX they minted, vesting or claimable; what they paid is the owner's.`}
            </p>
          )}
          {shown.some(({ row }) => row.fromLaterInflows) && (
            <p className="app-muted" data-testid="solvency-deferred-note">
              {t`Paid from later deposits: Double pays each deposit back twice over, the doubled half only out of later deposits, and no claim takes more than it holds. So it owes more than it holds by design; the difference is paid as new deposits come in, not guaranteed by funds it holds now.`}
            </p>
          )}
        </div>
      )}
    </Card>
  )
}

function AdminActions() {
  const { t, i18n } = useLingui()
  const client = useIndexerClient()
  const [contract, setContract] = useState('')
  // the contracts with an owner (each owned by the Timelock), for the filter: those deployed on this chain
  const contracts = useMemo(() => timelockOwnedContracts.filter((name) => deployed(name) !== undefined), [])
  const variables = useMemo(() => ({ first: PAGE_SIZE, contract: contract || null }), [contract])
  const [result] = useIndexedQuery<AdminActionsData>({ query: ADMIN_ACTIONS, variables })
  const [more, setMore] = useState<AdminActionNode[]>([])
  const [cursor, setCursor] = useState<{ hasNext: boolean; end: string | null }>()
  const [loadingMore, setLoadingMore] = useState(false)
  const first = result.data?.adminActions
  // A fresh first page (after a transaction) starts the list again.
  useEffect(() => {
    setMore([])
    setCursor(first ? { hasNext: first.pageInfo.hasNextPage, end: first.pageInfo.endCursor } : undefined)
  }, [first])
  // a scheduled call's salt shows on its scheduling row, not as a row of its own
  const nodes = useMemo(() => foldSalts([...(first?.nodes ?? []), ...more]), [first, more])
  const changes = useMemo(() => describeChanges(nodes), [nodes])

  const loadMore = useCallback(async () => {
    if (!cursor?.end) return
    setLoadingMore(true)
    const page = await client.query<AdminActionsData>(ADMIN_ACTIONS, { ...variables, after: cursor.end }).toPromise()
    setLoadingMore(false)
    const found = page.data?.adminActions
    if (!found) return
    setMore((before) => [...before, ...found.nodes])
    setCursor({ hasNext: found.pageInfo.hasNextPage, end: found.pageInfo.endCursor })
  }, [client, cursor, variables])

  return (
    <Card title={t`Admin actions`} data-testid="admin-actions">
      <p className="app-muted">
        {t`Every privileged action on every contract, newest first, with its transaction and the old and new values where known.`}
      </p>
      <SelectField<string>
        label={t`Contract`}
        className="tp-filter"
        testId="admin-filter"
        options={['', ...contracts]}
        value={contract}
        onChange={setContract}
        render={(name) => name || t`All contracts`}
      />
      {result.fetching && !first ? (
        <Spinner label={t`Loading`} />
      ) : result.error && !first ? (
        <EmptyState text={t`The list is unavailable right now`} />
      ) : nodes.length === 0 ? (
        <EmptyState text={t`No data yet`} />
      ) : (
        <ol className="tp-actions" data-testid="admin-action-list">
          {nodes.map((node, index) => (
            <li
              key={`${node.transactionHash}-${index}`}
              className="tp-action"
              data-testid="admin-action"
              data-contract={node.contract}
              data-event={node.eventName}
            >
              <div className="tp-action__head">
                <strong>{node.contract}</strong>{' '}
                <span className="tp-action__event" data-testid="admin-action-event">
                  {eventLabel(i18n, node.eventName)}
                </span>
                <span className="app-muted"> {showTime(BigInt(node.timestamp))}</span>
              </div>
              {node.target && (
                <div className="app-muted app-mono tp-action__target">
                  {t`Account`} {node.target}
                </div>
              )}
              <ul className="tp-changes">
                {changes[index]?.map((change) => {
                  const label = changeLabel(i18n, node, change.name)
                  const to = showChangeValue(i18n, node, change.name, change.to)
                  return (
                    <li key={change.name} data-testid="admin-action-change" data-name={change.name}>
                      {label && (
                        <span className="tp-changes__name" title={change.name}>
                          {label}:{' '}
                        </span>
                      )}
                      <span className="app-mono">
                        {'from' in change ? `${showChangeValue(i18n, node, change.name, change.from)} → ${to}` : to}
                      </span>
                    </li>
                  )
                })}
              </ul>
              <div className="app-muted app-mono tp-action__tx" title={node.transactionHash}>
                {t`Block ${node.blockNumber}`} · {t`Transaction`}{' '}
                <ExplorerLink kind="tx" value={node.transactionHash} testId="admin-action-tx" />
              </div>
            </li>
          ))}
        </ol>
      )}
      {cursor?.hasNext && (
        <Button variant="secondary" onClick={() => void loadMore()} disabled={loadingMore} data-testid="admin-more">
          {loadingMore ? t`Loading` : t`Load more`}
        </Button>
      )}
    </Card>
  )
}
