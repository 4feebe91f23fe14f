import { useMemo, useState } from 'react'
import { useLingui } from '@lingui/react/macro'
import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { burnAbi, idoAbi, iUniswapV2Router02Abi, priceOracleAbi, tokenAbi } from '@nexus/abi'
import { bnbForUsdt, nexPaymentMax } from '@nexus/sdk'
import { Button, Card, Countdown } from '@nexus/ui'
import { erc20Abi, zeroAddress } from 'viem'
import type { Address } from 'viem'
import { ok, useChainNow, useLatestBlock, useNamedChainReads } from '../../data/ChainData.tsx'
import { useIndexerCatchingUp, useIndexerStatus } from '../../data/indexerSync.ts'
import { useSession } from '../../data/session.tsx'
import { useTransaction, writeRequest } from '../../hooks/useTransaction.ts'
import { contractsOf } from '../../lib/contracts.ts'
import { env } from '../../lib/env.ts'
import { showAmount, showCount, showTime } from '../../lib/format.ts'
import { typedUnits } from '../../lib/amountInput.ts'
import { usePage } from '../../hooks/usePage.ts'
import { nativeBalanceRead } from '../../lib/nativeBalance.ts'
import { Icon } from '../../components/Icon.tsx'
import { Stat } from '../../components/Stat.tsx'
import { RelatedLinks } from '../../components/pages/RelatedLinks.tsx'
import { ClaimButton } from '../../components/forms/ClaimButton.tsx'
import { AmountField } from '../../components/forms/AmountField.tsx'
import { Segmented } from '../../components/forms/Segmented.tsx'
import { ActionForm } from '../../components/forms/ActionForm.tsx'

/** Ido's RoundStatus (IIdo.sol), in order. */
const ROUND_STATUS: readonly { key: string; label: MessageDescriptor }[] = [
  { key: 'notStarted', label: msg`Not started` },
  { key: 'countdown', label: msg`Starting soon` },
  { key: 'inProgress', label: msg`In progress` },
  { key: 'ended', label: msg`Ended` },
  { key: 'cooldown', label: msg`Cooldown` },
]

const ADVANTAGES: readonly { title: MessageDescriptor; text: MessageDescriptor }[] = [
  { title: msg`15 keys`, text: msg`synthesize a syndicate` },
  { title: msg`50%`, text: msg`community dividends` },
  { title: msg`1.5×`, text: msg`fee yield` },
  { title: msg`30 days`, text: msg`to forced redemption` },
]

/**
 * Standing notes about minting. They are part of the app, not announcements a manager can change: no contract or
 * API holds announcements, so the card does not claim to be one.
 */
const NOTES: readonly MessageDescriptor[] = [
  msg`Minting runs in rounds: each round sells a fixed number of units at its own price, then cools down before the next one.`,
  msg`Minted NEX vests and is claimed from this page; every unit also brings NFT keys.`,
  msg`Contracts are on Binance Smart Chain. Never share your wallet's recovery phrase with anyone.`,
]

/** Home (`/` and `/home`): minting with USDT or NEX, the round countdown, totals, rewards and claims. */
export function HomePage() {
  const { t, i18n } = useLingui()
  const { path, page } = usePage()
  const contracts = contractsOf(env.chainId)
  return (
    <div className="app-page" data-testid="page" data-path={path}>
      <section className="app-hero">
        <p className="app-hero__eyebrow">{t`Based on Binance Smart Chain`}</p>
        <h1 className="app-hero__title">{t`Mint, burn, stake and mine with NEX`}</h1>
        <p className="app-hero__lead">{i18n._(page.description)}</p>
      </section>

      {contracts.Ido && contracts.USDT && contracts.Token ? (
        <Minting ido={contracts.Ido} usdt={contracts.USDT} nex={contracts.Token} />
      ) : (
        <Card className="app-soon" data-testid="minting-unavailable">
          <div className="app-soon__icon">
            <Icon name="clock" size={30} />
          </div>
          <h2 className="app-soon__title">{t`Minting is not deployed on this network yet`}</h2>
          <p className="app-soon__text">{t`Rounds, the countdown and your minted totals will show here.`}</p>
        </Card>
      )}

      <Card title={t`Good to know`} data-testid="notes">
        <ul className="app-list">
          {NOTES.map((item) => (
            <li key={item.id}>{i18n._(item)}</li>
          ))}
        </ul>
      </Card>

      <h2 className="app-section-title">{t`Advantages`}</h2>
      <ul className="app-hero__facts app-advantages" data-testid="advantages">
        {ADVANTAGES.map((item) => (
          <li key={item.title.id}>
            <strong>{i18n._(item.title)}</strong>
            <span>{i18n._(item.text)}</span>
          </li>
        ))}
      </ul>
      <SyncStatus />
      <RelatedLinks paths={page.related} />
    </div>
  )
}

/** The chain's latest block and how far the indexer (lists and history) has caught up with it. */
function SyncStatus() {
  const { t } = useLingui()
  const block = useLatestBlock()
  const catchingUp = useIndexerCatchingUp()
  const indexed = useIndexerStatus()?.indexedBlock
  return (
    <p className="app-muted app-sync" data-testid="sync-status">
      {t`Latest block ${block ? block.number.toString() : '—'} · indexed up to ${indexed ?? '—'}`}
      {catchingUp && ` · ${t`updating lists…`}`}
    </p>
  )
}

const ONE = 10n ** 18n

function Minting({ ido, usdt, nex }: { ido: Address; usdt: Address; nex: Address }) {
  const { t, i18n } = useLingui()
  const { account } = useSession()
  const now = useChainNow()
  const send = useTransaction()
  const [times, setTimes] = useState('')
  const [payWith, setPayWith] = useState<'USDT' | 'NEX' | 'BNB'>('USDT')
  const who = account ?? zeroAddress
  const bnbRead = useMemo(() => nativeBalanceRead(who), [who])

  const data = useNamedChainReads(
    useMemo(
      () =>
        ({
          config: { address: ido, abi: idoAbi, functionName: 'getConfig' },
          state: { address: ido, abi: idoAbi, functionName: 'getRoundState' },
          totals: { address: ido, abi: idoAbi, functionName: 'totalInfo' },
          user: { address: ido, abi: idoAbi, functionName: 'users', args: [who] },
          claimable: { address: ido, abi: idoAbi, functionName: 'getIdoTokens', args: [who] },
          usdtBalance: { address: usdt, abi: erc20Abi, functionName: 'balanceOf', args: [who] },
          nexBalance: { address: nex, abi: erc20Abi, functionName: 'balanceOf', args: [who] },
          price: { address: nex, abi: tokenAbi, functionName: 'getPrice' },
          settings: { address: ido, abi: idoAbi, functionName: 'getSettings' },
          addresses: { address: ido, abi: idoAbi, functionName: 'getAddresses' },
        }) as const,
      [ido, usdt, nex, who],
    ),
  )
  const settings = ok(data?.settings)
  const addresses = ok(data?.addresses)
  // BNB: Ido swaps it to USDT at no worse than its BNB oracle's average less its slippage (IIdo.ido).
  const routes = useNamedChainReads(
    useMemo(
      () =>
        addresses
          ? ({
              wbnb: { address: addresses.router, abi: iUniswapV2Router02Abi, functionName: 'WETH' },
              burnConfig: { address: addresses.burn, abi: burnAbi, functionName: 'getConfig' },
            } as const)
          : undefined,
      [addresses],
    ),
  )
  const bnb = useNamedChainReads(useMemo(() => (bnbRead ? { balance: bnbRead } : undefined), [bnbRead]))
  const wbnb = ok(routes?.wbnb)
  const burnConfig = ok(routes?.burnConfig)
  const bnbBalance = account ? ok(bnb?.balance) : undefined
  const oracle = useNamedChainReads(
    useMemo(
      () =>
        addresses && wbnb
          ? ({
              usdtPerBnb: {
                address: addresses.bnbOracle,
                abi: priceOracleAbi,
                functionName: 'consult',
                args: [wbnb, ONE],
              },
            } as const)
          : undefined,
      [addresses, wbnb],
    ),
  )
  // The oracle's view reverts while it has no price yet: BNB payments are then unavailable.
  const usdtPerBnb = ok(oracle?.usdtPerBnb)
  const config = ok(data?.config)
  // NEX payments: what Ido's own NEX oracle values one unit at now (its TWAP, before the mint's own update)
  const nexQuote = useNamedChainReads(
    useMemo(
      () =>
        addresses && config
          ? ({
              perUnit: {
                address: addresses.nexOracle,
                abi: priceOracleAbi,
                functionName: 'consult',
                args: [usdt, config.idoAmount],
              },
            } as const)
          : undefined,
      [addresses, config, usdt],
    ),
  )
  const nexPerUnit = ok(nexQuote?.perUnit)
  const state = ok(data?.state)
  const totals = ok(data?.totals)
  const user = account ? ok(data?.user) : undefined
  const claimable = account ? ok(data?.claimable) : undefined
  const usdtBalance = account ? ok(data?.usdtBalance) : undefined
  const nexBalance = account ? ok(data?.nexBalance) : undefined
  const price = ok(data?.price)

  const bought = useNamedChainReads(
    useMemo(
      () =>
        config && account
          ? ({
              count: { address: ido, abi: idoAbi, functionName: 'userRoundCounts', args: [config.round, account] },
            } as const)
          : undefined,
      [ido, config, account],
    ),
  )
  const boughtThisRound = ok(bought?.count)

  const status = state ? ROUND_STATUS[state.status] : undefined
  const target = !state
    ? undefined
    : state.status === 1
      ? state.startTime
      : state.status === 2
        ? state.endTime
        : state.status === 4
          ? state.coolEnd > 0n
            ? state.coolEnd
            : state.nextStartTime
          : undefined
  const secondsLeft = target !== undefined && target > 0n && now !== undefined ? Number(target) - now : 0

  const remaining = config ? config.idoMax - config.idoHas : undefined
  const userLeft =
    config && config.userMax > 0n && boughtThisRound !== undefined ? config.userMax - boughtThisRound : undefined
  const maxUnits =
    remaining === undefined
      ? undefined
      : userLeft === undefined
        ? remaining
        : userLeft < remaining
          ? userLeft
          : remaining
  // what the field holds (a dash in the cost until it holds a count of units)
  const unitCount = typedUnits(times)
  const costUsdt = config && unitCount !== undefined ? unitCount * config.idoAmount : undefined
  // NEX is valued at Ido's TWAP, which the mint updates first: the page shows the quote and the most the mint may
  // charge, and passes that bound to the contract, which refuses above it (IdoPaymentAboveMax)
  const nexCostOf = (units: bigint) => (nexPerUnit !== undefined ? units * nexPerUnit : undefined)
  const nexMaxOf = (units: bigint) => {
    const quote = nexCostOf(units)
    return quote === undefined ? undefined : nexPaymentMax({ quote, units })
  }
  const costNex = unitCount !== undefined ? nexCostOf(unitCount) : undefined
  const maxNex = unitCount !== undefined && unitCount > 0n ? nexMaxOf(unitCount) : undefined
  const bnbFor = (usdtValue: bigint) =>
    usdtPerBnb && settings ? bnbForUsdt(usdtValue, usdtPerBnb, settings.slippage) : undefined
  const costBnb = costUsdt !== undefined ? bnbFor(costUsdt) : undefined

  async function mint() {
    const balance = payWith === 'USDT' ? usdtBalance : payWith === 'NEX' ? nexBalance : bnbBalance
    const isBnb = payWith === 'BNB'
    await send({
      amount: { input: times, units: true, rules: { min: 1n, max: maxUnits } },
      check: (units) => {
        if (isBnb && (!usdtPerBnb || !settings)) return msg`No BNB price yet: pay with USDT or try again later`
        if (payWith === 'NEX' && nexPerUnit === undefined)
          return msg`No NEX price yet: pay with USDT or try again later`
        if (!config || units === undefined || balance === undefined) return undefined
        const usdtCost = units * config.idoAmount
        const cost =
          payWith === 'USDT' ? usdtCost : payWith === 'NEX' ? (nexCostOf(units) ?? 0n) : (bnbFor(usdtCost) ?? 0n)
        return cost > balance ? msg`Balance Insufficient` : undefined
      },
      spend: isBnb ? undefined : { token: payWith === 'USDT' ? usdt : nex, spender: ido },
      request: (units) =>
        isBnb
          ? writeRequest({
              address: ido,
              abi: idoAbi,
              functionName: 'ido',
              args: [units ?? 0n],
              value: bnbFor((units ?? 0n) * (config?.idoAmount ?? 0n)) ?? 0n,
            })
          : writeRequest({
              address: ido,
              abi: idoAbi,
              functionName: 'mint',
              // the most it may charge: the round's price in USDT, the shown bound in NEX
              args: [
                units ?? 0n,
                payWith === 'USDT',
                payWith === 'USDT' ? (units ?? 0n) * (config?.idoAmount ?? 0n) : (nexMaxOf(units ?? 0n) ?? 0n),
              ],
            }),
      success: msg`Minted`,
    })
  }

  return (
    <>
      <Card
        title={t`Minting round ${config ? String(config.round + 1n) : '—'}`}
        actions={
          status && (
            <span className="app-badge" data-testid="round-status" data-status={status.key}>
              {i18n._(status.label)}
            </span>
          )
        }
        data-testid="minting"
      >
        <Countdown
          seconds={secondsLeft > 0 ? secondsLeft : 0}
          labels={{ days: t`Days`, hours: t`Hours`, minutes: t`Min`, seconds: t`Sec` }}
        />
        <p className="app-muted" data-testid="countdown-caption">
          {state?.status === 1
            ? t`Starts at ${showTime(state.startTime)}`
            : state?.status === 2
              ? state.endTime > 0n
                ? t`Ends at ${showTime(state.endTime)}`
                : t`Sells until sold out`
              : state?.status === 4
                ? t`Next round after the cooldown`
                : state?.status === 3
                  ? t`All rounds have ended`
                  : t`No round is configured yet`}
        </p>
        <dl className="app-stats">
          <Stat label={t`Price per unit`} value={`${showAmount(config?.idoAmount)} USDT`} />
          <Stat label={t`NEX per unit`} value={showAmount(config?.idoTokens)} />
          <Stat label={t`Sold in this round`} value={`${showCount(config?.idoHas)} / ${showCount(config?.idoMax)}`} />
          <Stat
            label={t`Your limit this round`}
            value={
              config && config.userMax > 0n
                ? `${showCount(boughtThisRound)} / ${showCount(config.userMax)}`
                : t`No limit`
            }
          />
          <Stat label={t`Cooldown between rounds`} value={t`${showCount(config?.roundCool)} s`} />
          <Stat label={t`NEX price`} value={`${showAmount(price, 6)} USDT`} />
        </dl>
        {state?.hasNext && (
          <div className="app-next" data-testid="next-round">
            <h3>{t`Next round`}</h3>
            <dl className="app-stats">
              <Stat label={t`Starts at`} value={showTime(state.nextStartTime || state.next.startTime)} />
              <Stat label={t`Price per unit`} value={`${showAmount(state.next.idoAmount)} USDT`} />
              <Stat label={t`NEX per unit`} value={showAmount(state.next.idoTokens)} />
              <Stat label={t`Units for sale`} value={showCount(state.next.idoMax)} />
            </dl>
          </div>
        )}
        <ActionForm onSubmit={mint}>
          <Segmented
            label={t`Pay with`}
            options={['USDT', 'NEX', 'BNB'] as const}
            value={payWith}
            onChange={setPayWith}
            testIdPrefix="pay-"
          />
          <AmountField label={t`Units`} value={times} onChange={setTimes} testId="mint-times" inputMode="numeric" />
          <p className="app-muted" data-testid="mint-cost">
            {payWith === 'USDT'
              ? t`Cost: ${showAmount(costUsdt)} USDT · balance ${showAmount(usdtBalance)}`
              : payWith === 'NEX'
                ? t`Cost: about ${showAmount(costNex)} NEX at the average price now, at most ${showAmount(maxNex)} NEX if the average moves before the mint (never more) · balance ${showAmount(nexBalance)}`
                : t`You send ${showAmount(costBnb, 6)} BNB · balance ${showAmount(bnbBalance, 6)}. It is swapped to USDT at no worse than the average price less ${settings === undefined ? '—' : String(Number(settings.slippage) / 100)}%; the USDT above the price is refunded.`}
          </p>
          <Button type="submit" block disabled={!account || state?.status !== 2} data-testid="mint-submit">
            {t`Mint`}
          </Button>
        </ActionForm>
      </Card>

      <BurnThroughIdo
        ido={ido}
        usdt={usdt}
        burn={addresses?.burn}
        burnEvery={burnConfig?.burnEvery}
        burnSurplus={burnConfig?.burnSurplus}
        usdtBalance={usdtBalance}
        bnbBalance={bnbBalance}
      />

      <Card
        title={t`My minting`}
        data-testid="my-minting"
        actions={
          <ClaimButton
            testId="claim"
            disabled={!account || !claimable}
            request={() => ({ address: ido, abi: idoAbi, functionName: 'claim' })}
          />
        }
      >
        <dl className="app-stats">
          <Stat label={t`Units minted`} value={showCount(user?.counts)} testId="my-units" />
          <Stat label={t`Paid in USDT`} value={showAmount(user?.amount)} />
          <Stat label={t`Paid in NEX`} value={showAmount(user?.amountNEX)} />
          <Stat label={t`NEX credited`} value={showAmount(user?.tokens)} />
          <Stat label={t`NEX still vesting`} value={showAmount(user?.balance)} />
          <Stat label={t`Claimable now`} value={showAmount(claimable)} testId="claimable" />
          <Stat label={t`NFT keys`} value={showCount(user?.nfts)} />
          <Stat
            label={t`Direct rewards`}
            value={`${showAmount(user?.rewardDirect)} USDT · ${showAmount(user?.rewardDirectNEX)} NEX`}
          />
          <Stat
            label={t`Indirect rewards`}
            value={`${showAmount(user?.rewardIndirect)} USDT · ${showAmount(user?.rewardIndirectNEX)} NEX`}
          />
        </dl>
      </Card>

      <Card title={t`Minting totals`} data-testid="minting-totals">
        <dl className="app-stats">
          <Stat label={t`Participants`} value={showCount(totals?.totalUser)} />
          <Stat label={t`Units sold`} value={showCount(totals?.totalIDO)} />
          <Stat label={t`USDT raised`} value={showAmount(totals?.totalAmount)} />
          <Stat label={t`NEX paid in`} value={showAmount(totals?.totalNexus)} />
          <Stat label={t`NEX credited`} value={showAmount(totals?.totalTokens)} />
          <Stat label={t`NFT keys minted`} value={showCount(totals?.totalNFT)} />
        </dl>
      </Card>
    </>
  )
}

/**
 * A burn order placed through the minting contract (`Ido.burn(times, isBNB)`): paid in USDT (`times * burnEvery`,
 * approved to Ido) or in BNB, which the Burn contract swaps at no worse than its average price less its slippage
 * (the USDT above the order value is refunded).
 */
function BurnThroughIdo({
  ido,
  usdt,
  burn,
  burnEvery,
  burnSurplus,
  usdtBalance,
  bnbBalance,
}: {
  ido: Address
  usdt: Address
  burn: Address | undefined
  burnEvery: bigint | undefined
  /** Units Burn still takes (its config), the most one order can have, as on the Burn page. */
  burnSurplus: bigint | undefined
  usdtBalance: bigint | undefined
  bnbBalance: bigint | undefined
}) {
  const { t } = useLingui()
  const { account } = useSession()
  const send = useTransaction()
  const [times, setTimes] = useState('')
  const [payWith, setPayWith] = useState<'USDT' | 'BNB'>('USDT')
  const quote = useNamedChainReads(
    useMemo(
      () =>
        burn
          ? ({
              usdtPerBnb: { address: burn, abi: burnAbi, functionName: 'getSwapBnb', args: [ONE] },
              multi: { address: burn, abi: burnAbi, functionName: 'getConfigMulti' },
            } as const)
          : undefined,
      [burn],
    ),
  )
  const usdtPerBnb = ok(quote?.usdtPerBnb)
  const slippage = ok(quote?.multi)?.slippage
  const unitCount = typedUnits(times)
  const value = burnEvery !== undefined && unitCount !== undefined ? unitCount * burnEvery : undefined
  const bnbFor = (usdtValue: bigint) =>
    usdtPerBnb && slippage !== undefined ? bnbForUsdt(usdtValue, usdtPerBnb, slippage) : undefined

  async function place() {
    const isBnb = payWith === 'BNB'
    await send({
      amount: { input: times, units: true, rules: { min: 1n, max: burnSurplus } },
      check: (units) => {
        if (isBnb && bnbFor(1n) === undefined) return msg`No BNB price yet: pay with USDT or try again later`
        if (units === undefined || burnEvery === undefined) return undefined
        const cost = isBnb ? (bnbFor(units * burnEvery) ?? 0n) : units * burnEvery
        const balance = isBnb ? bnbBalance : usdtBalance
        return balance !== undefined && cost > balance ? msg`Balance Insufficient` : undefined
      },
      spend: isBnb ? undefined : { token: usdt, spender: ido },
      request: (units) => ({
        address: ido,
        abi: idoAbi,
        functionName: 'burn',
        args: [units ?? 0n, isBnb],
        value: isBnb ? (bnbFor((units ?? 0n) * (burnEvery ?? 0n)) ?? 0n) : undefined,
      }),
      success: msg`Burn order placed`,
    })
  }

  return (
    <Card title={t`Burn order from here`} data-testid="ido-burn">
      <p className="app-muted">{t`Places a burn order for your account through the minting contract, as on the Burn page.`}</p>
      <ActionForm onSubmit={place}>
        <Segmented
          label={t`Pay with`}
          options={['USDT', 'BNB'] as const}
          value={payWith}
          onChange={setPayWith}
          testIdPrefix="ido-burn-pay-"
        />
        <AmountField label={t`Units`} value={times} onChange={setTimes} testId="ido-burn-times" inputMode="numeric" />
        <p className="app-muted" data-testid="ido-burn-cost">
          {payWith === 'USDT'
            ? t`Order value: ${showAmount(value)} USDT · balance ${showAmount(usdtBalance)}`
            : t`You send ${showAmount(value === undefined ? undefined : bnbFor(value), 6)} BNB for ${showAmount(value)} USDT · balance ${showAmount(bnbBalance, 6)}`}
        </p>
        <Button type="submit" block disabled={!account || !burn} data-testid="ido-burn-submit">
          {t`Place the burn order`}
        </Button>
      </ActionForm>
    </Card>
  )
}
