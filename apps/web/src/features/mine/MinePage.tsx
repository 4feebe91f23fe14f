import { lazy, Suspense } from 'react'
import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { Card, EmptyState, Spinner } from '@nexus/ui'
import type { Address } from 'viem'
import { useSession } from '../../data/session.tsx'
import { contractsOf } from '../../lib/contracts.ts'
import { env } from '../../lib/env.ts'
import { showAmount } from '../../lib/format.ts'
import { AccountPage, ConnectPrompt, NotDeployed } from '../../components/blocks/account/AccountPage.tsx'
import { WalletLogCard } from '../../components/blocks/legacy/WalletLogCard.tsx'
import { ActionLogView } from './ActionLogView.tsx'
import type { MineView } from './mineSearch.ts'
import { CHART_DAYS, useAssetRows, useRewardsChartModel } from './mineModel.ts'
import { Nfts } from './NftCards.tsx'

/** The chart is drawn in its own chunk, loaded once there is something to draw. */
const RewardsChart = lazy(() => import('./RewardsChart.tsx').then((module) => ({ default: module.RewardsChart })))

/** Mine (`/mine`): assets and rewards, the rewards chart, NFT keys, dividends and synthesis; `?view=log`: the log. */
export function MinePage({ view }: { view: MineView }) {
  const { t } = useLingui()
  const { account } = useSession()
  return (
    <AccountPage>
      <nav className="app-segment acc-tabs" aria-label={t`Views of Mine`}>
        <MineTab view={undefined} current={view} />
        <MineTab view="log" current={view} />
      </nav>
      {!account ? (
        <ConnectPrompt />
      ) : view === 'log' ? (
        <>
          <ActionLogView account={account} />
          <WalletLogCard />
        </>
      ) : (
        <Assets account={account} />
      )}
    </AccountPage>
  )
}

function MineTab({ view, current }: { view: MineView; current: MineView }) {
  const { t } = useLingui()
  const active = view === current
  return (
    <Link
      to="/mine"
      search={{ view }}
      className={active ? 'app-segment__item is-active' : 'app-segment__item'}
      aria-current={active ? 'page' : undefined}
      data-testid={view === 'log' ? 'mine-tab-log' : 'mine-tab-assets'}
    >
      {view === 'log' ? t`Action log` : t`My assets`}
    </Link>
  )
}

function Assets({ account }: { account: Address }) {
  const { Token: nex, USDT: usdt, Log: log, Nft: nft, Ido: ido } = contractsOf(env.chainId)
  return (
    <>
      {usdt && nex && log ? <Balances account={account} usdt={usdt} nex={nex} log={log} /> : <NotDeployed name="Log" />}
      {log && <RewardsByDay account={account} log={log} />}
      {nft && ido ? <Nfts account={account} nft={nft} ido={ido} /> : <NotDeployed name="Nft" />}
    </>
  )
}

function Balances({ account, usdt, nex, log }: { account: Address; usdt: Address; nex: Address; log: Address }) {
  const { t } = useLingui()
  const rows = useAssetRows(account, { usdt, nex, log })
  return (
    <Card title={t`My assets`} data-testid="assets">
      <ul className="acc-list__rows">
        {rows.map((row) => (
          <li key={row.symbol} className="acc-row" data-testid="asset" data-symbol={row.symbol}>
            <div className="acc-row__head">
              <span>{row.symbol}</span>
              <span className="app-mono" data-testid="asset-balance">
                {showAmount(row.balance)}
              </span>
            </div>
            <dl className="acc-row__grid">
              <dt>{t`Rewards in total`}</dt>
              <dd data-testid="reward-total">{showAmount(row.total)}</dd>
              <dt>{t`Today`}</dt>
              <dd data-testid="reward-today">{showAmount(row.today)}</dd>
              <dt>{t`Yesterday`}</dt>
              <dd data-testid="reward-yesterday">{showAmount(row.yesterday)}</dd>
            </dl>
          </li>
        ))}
      </ul>
    </Card>
  )
}

function RewardsByDay({ account, log }: { account: Address; log: Address }) {
  const { t } = useLingui()
  const chart = useRewardsChartModel(account, log)
  return (
    <Card title={t`Daily rewards, last ${CHART_DAYS} days`} data-testid="rewards-by-day">
      {chart.state === 'error' ? (
        <p className="app-field__error" role="alert">
          {t`The chart could not be loaded. Check your connection and try again.`}
        </p>
      ) : chart.state === 'loading' ? (
        <Spinner size={24} label={t`Loading`} />
      ) : chart.state === 'empty' ? (
        <EmptyState text={t`No data yet`} />
      ) : (
        <Suspense fallback={<Spinner size={24} label={t`Loading`} />}>
          <RewardsChart bars={chart.bars} firstDayStart={chart.firstDayStart} lastDayStart={chart.lastDayStart} />
        </Suspense>
      )}
    </Card>
  )
}
