import { lazy, Suspense, useMemo } from 'react'
import { useLingui } from '@lingui/react/macro'
import { msg } from '@lingui/core/macro'
import { Link } from '@tanstack/react-router'
import { idoAbi, logAbi, nftAbi } from '@nexus/abi'
import { Button, Card, EmptyState, Spinner } from '@nexus/ui'
import { erc20Abi } from 'viem'
import type { Address } from 'viem'
import { Stat } from '../../components/Stat.tsx'
import { ok, useChainNow, useNamedChainReads } from '../../data/ChainData.tsx'
import { useIndexedQuery } from '../../data/indexer.ts'
import { useSession } from '../../data/session.tsx'
import { useTransaction } from '../../hooks/useTransaction.ts'
import { contractsOf } from '../../lib/contracts.ts'
import { env } from '../../lib/env.ts'
import { showAmount, showCount } from '../../lib/format.ts'
import { AccountPage, ConnectPrompt, NotDeployed } from '../../components/blocks/account/AccountPage.tsx'
import { WalletLogCard } from '../../components/blocks/legacy/WalletLogCard.tsx'
import { synthesisPowerChange } from '../../components/blocks/account/figures.ts'
import { tierOf } from '../../components/blocks/account/nftTiers.ts'
import { nativeBalanceRead } from '../../lib/nativeBalance.ts'
import { dailyBars } from './dailyBars.ts'
import { ActionLogView } from './ActionLogView.tsx'
import type { MineView } from './mineSearch.ts'
import { LOG_SYMBOL_CODES, LOG_SYMBOLS } from './logFilters.ts'
import { DAILY_REWARDS } from './queries.ts'
import type { DailyRewardsData } from './queries.ts'
import { ClaimButton } from '../../components/forms/ClaimButton.tsx'

/** The chart is drawn in its own chunk, loaded once there is something to draw. */
const RewardsChart = lazy(() => import('./RewardsChart.tsx').then((module) => ({ default: module.RewardsChart })))

/** Days the rewards chart covers. */
export const CHART_DAYS = 30

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
  const bnbRead = useMemo(() => nativeBalanceRead(account), [account])
  const data = useNamedChainReads(
    useMemo(
      () =>
        ({
          usdtBalance: { address: usdt, abi: erc20Abi, functionName: 'balanceOf', args: [account] },
          nexBalance: { address: nex, abi: erc20Abi, functionName: 'balanceOf', args: [account] },
          rewards: { address: log, abi: logAbi, functionName: 'getUserRewards', args: [account, LOG_SYMBOL_CODES] },
        }) as const,
      [usdt, nex, log, account],
    ),
  )
  const bnb = ok(useNamedChainReads(useMemo(() => (bnbRead ? { balance: bnbRead } : undefined), [bnbRead]))?.balance)
  const balances: Record<(typeof LOG_SYMBOLS)[number], bigint | undefined> = {
    USDT: ok(data?.usdtBalance),
    NEX: ok(data?.nexBalance),
    BNB: bnb,
  }
  const rewards = ok(data?.rewards)
  return (
    <Card title={t`My assets`} data-testid="assets">
      <ul className="acc-list__rows">
        {LOG_SYMBOLS.map((symbol, i) => (
          <li key={symbol} className="acc-row" data-testid="asset" data-symbol={symbol}>
            <div className="acc-row__head">
              <span>{symbol}</span>
              <span className="app-mono" data-testid="asset-balance">
                {showAmount(balances[symbol])}
              </span>
            </div>
            <dl className="acc-row__grid">
              <dt>{t`Rewards in total`}</dt>
              <dd data-testid="reward-total">{showAmount(rewards?.[i]?.total)}</dd>
              <dt>{t`Today`}</dt>
              <dd data-testid="reward-today">{showAmount(rewards?.[i]?.today)}</dd>
              <dt>{t`Yesterday`}</dt>
              <dd data-testid="reward-yesterday">{showAmount(rewards?.[i]?.yesterday)}</dd>
            </dl>
          </li>
        ))}
      </ul>
    </Card>
  )
}

function RewardsByDay({ account, log }: { account: Address; log: Address }) {
  const { t } = useLingui()
  const now = useChainNow()
  const dayTimes = ok(
    useNamedChainReads(
      useMemo(() => ({ dayTimes: { address: log, abi: logAbi, functionName: 'dayTimes' } }) as const, [log]),
    )?.dayTimes,
  )
  const [result] = useIndexedQuery<DailyRewardsData>({
    query: DAILY_REWARDS,
    variables: { account: account.toLowerCase(), days: CHART_DAYS },
  })
  const today = dayTimes && now !== undefined ? BigInt(now) / dayTimes : undefined
  const bars = result.data && today !== undefined ? dailyBars(result.data.dailyRewards, today, CHART_DAYS) : undefined
  return (
    <Card title={t`Daily rewards, last ${CHART_DAYS} days`} data-testid="rewards-by-day">
      {result.error ? (
        <p className="app-field__error" role="alert">
          {t`The chart could not be loaded. Check your connection and try again.`}
        </p>
      ) : !bars || today === undefined || !dayTimes ? (
        <Spinner size={24} label={t`Loading`} />
      ) : bars.length === 0 ? (
        <EmptyState text={t`No data yet`} />
      ) : (
        <Suspense fallback={<Spinner size={24} label={t`Loading`} />}>
          <RewardsChart
            bars={bars}
            firstDayStart={(today - BigInt(CHART_DAYS) + 1n) * dayTimes}
            lastDayStart={today * dayTimes}
          />
        </Suspense>
      )}
    </Card>
  )
}

function Nfts({ account, nft, ido }: { account: Address; nft: Address; ido: Address }) {
  const { t, i18n } = useLingui()
  const send = useTransaction()
  const data = useNamedChainReads(
    useMemo(
      () =>
        ({
          cards: { address: nft, abi: nftAbi, functionName: 'getCards' },
          info: { address: nft, abi: nftAbi, functionName: 'getUserInfo', args: [account] },
          names: { address: nft, abi: nftAbi, functionName: 'getLevelNames' },
          totals: { address: nft, abi: nftAbi, functionName: 'totalInfo' },
          settings: { address: ido, abi: idoAbi, functionName: 'getSettings' },
        }) as const,
      [nft, ido, account],
    ),
  )
  const cards = ok(data?.cards)
  const info = ok(data?.info)
  const names = ok(data?.names)
  const totals = ok(data?.totals)
  const settings = ok(data?.settings)
  const balanceOf = (tokenId: bigint) => info?.balances[Number(tokenId) - 1] ?? 0n
  const nameOf = (level: bigint) => {
    // The contract's names (settable by the owner) in the current language, else the product's five tier names.
    const fromChain = names?.[i18n.locale === 'en' ? 1 : 0][Number(level) - 1]
    if (fromChain) return fromChain
    const tier = tierOf(level)
    return tier ? i18n._(tier) : '—'
  }
  const keyCard = cards?.find((card) => settings && card.tokenId === settings.keyId)
  const syndicate = cards?.find((card) => settings && card.tokenId === settings.cardId)
  const keys = settings ? balanceOf(settings.keyId) : undefined
  const needed = settings?.hecheng
  const enough = keys !== undefined && needed !== undefined && keys >= needed
  const powerChange =
    needed !== undefined && keyCard && syndicate
      ? synthesisPowerChange(needed, keyCard.power, syndicate.power)
      : undefined
  const pending = info ? info.pending + info.user.balance : undefined

  return (
    <>
      <Card title={t`NFT keys`} data-testid="nft-cards">
        <dl className="app-stats">
          <Stat label={t`My power`} value={showCount(info?.power)} testId="nft-power" />
          <Stat label={t`Total power`} value={showCount(totals?.totalPower)} />
        </dl>
        {cards && cards.length === 0 ? (
          <EmptyState text={t`No data yet`} />
        ) : (
          <ul className="acc-cards">
            {cards?.map((card) => (
              <li
                key={card.tokenId.toString()}
                className="acc-row"
                data-testid="nft-card"
                data-token={card.tokenId.toString()}
              >
                <div className="acc-row__head">
                  <span data-testid="nft-name">{nameOf(card.level)}</span>
                  <span className="app-badge">{t`Level ${card.level.toString()}`}</span>
                </div>
                <dl className="acc-row__grid">
                  <dt>{t`I hold`}</dt>
                  <dd data-testid="nft-balance">{showCount(balanceOf(card.tokenId))}</dd>
                  <dt>{t`Power`}</dt>
                  <dd>{showCount(card.power)}</dd>
                  <dt>{t`Supply`}</dt>
                  <dd>
                    {showCount(card.supply)} / {showCount(card.total)}
                  </dd>
                </dl>
              </li>
            ))}
          </ul>
        )}
      </Card>

      <Card
        title={t`NFT dividends`}
        data-testid="nft-dividends"
        actions={
          <ClaimButton
            testId="nft-claim"
            disabled={!pending}
            request={() => ({ address: nft, abi: nftAbi, functionName: 'claimReward' })}
          />
        }
      >
        <dl className="app-stats">
          <Stat label={t`Pending dividends`} value={`${showAmount(pending)} USDT`} testId="nft-pending" />
          <Stat label={t`Dividends received`} value={`${showAmount(info?.user.total)} USDT`} />
          <Stat label={t`Shared in total`} value={`${showAmount(totals?.rewardTotal)} USDT`} />
        </dl>
      </Card>

      <Card title={t`NFT synthesis`} data-testid="synthesis">
        <p>{t`${showCount(needed)} keys synthesize a syndicate.`}</p>
        <div className="acc-preview" data-testid="synthesis-preview">
          <dl className="app-stats">
            <Stat label={t`Keys you hold`} value={showCount(keys)} testId="synthesis-keys" />
            <Stat
              label={t`After synthesis`}
              value={
                enough && keyCard && syndicate
                  ? t`${showCount((keys ?? 0n) - (needed ?? 0n))} ${nameOf(keyCard.level)} · ${showCount(balanceOf(syndicate.tokenId) + 1n)} ${nameOf(syndicate.level)}`
                  : '—'
              }
              testId="synthesis-after"
            />
            <Stat
              label={t`Change in power`}
              value={
                !enough || powerChange === undefined || info === undefined
                  ? '—'
                  : `${showCount(info.power)} → ${showCount(info.power + powerChange)} (${powerChange >= 0n ? '+' : ''}${powerChange.toString()})`
              }
              testId="synthesis-power"
            />
          </dl>
        </div>
        {keys !== undefined && !enough && (
          <p className="app-field__error" data-testid="synthesis-insufficient">
            {t`Insufficient NFTs`}
          </p>
        )}
        <Button
          block
          data-testid="synthesis-submit"
          onClick={() =>
            void send({
              check: () => (enough ? undefined : msg`Insufficient NFTs`),
              request: () => ({ address: ido, abi: idoAbi, functionName: 'hecheng' }),
              success: msg`Synthesized`,
            })
          }
        >
          {t`Synthesize`}
        </Button>
      </Card>
    </>
  )
}
