import { useEffect, useMemo, useState } from 'react'
import { useLingui } from '@lingui/react/macro'
import { msg } from '@lingui/core/macro'
import { iUniswapV2PairAbi, iUniswapV2Router02Abi, tokenAbi } from '@nexus/abi'
import { quoteSwap } from '@nexus/sdk'
import { Button, Card } from '@nexus/ui'
import { erc20Abi, isAddressEqual, zeroAddress } from 'viem'
import type { Address } from 'viem'
import { ok, useChainNow, useNamedChainReads } from '../../data/ChainData.tsx'
import { useSession } from '../../data/session.tsx'
import { useTransaction } from '../../hooks/useTransaction.ts'
import { checkAmount } from '../../lib/amountInput.ts'
import { contractsOf } from '../../lib/contracts.ts'
import { dexFeeBps } from '../../lib/appChain.ts'
import { env } from '../../lib/env.ts'
import { showAmount, showsAsZero } from '../../lib/format.ts'
import { usePage } from '../../hooks/usePage.ts'
import { Icon } from '../../components/Icon.tsx'
import { Stat } from '../../components/Stat.tsx'
import { RelatedLinks } from '../../components/pages/RelatedLinks.tsx'
import { AmountField } from '../../components/forms/AmountField.tsx'
import { Segmented } from '../../components/forms/Segmented.tsx'
import { ActionForm } from '../../components/forms/ActionForm.tsx'

/** Local-storage key of the chosen slippage, in basis points. */
export const SLIPPAGE_KEY = 'swapSlippage'
const SLIPPAGE_CHOICES = [50, 100, 300, 500] as const
const DEFAULT_SLIPPAGE = 100
/** The swap's deadline: this long after the chain's current time (the device clock may differ from it). */
const DEADLINE_SECONDS = 20 * 60

function readSlippage(): number {
  const saved = Number(window.localStorage.getItem(SLIPPAGE_KEY))
  return Number.isInteger(saved) && saved > 0 && saved < 5_000 ? saved : DEFAULT_SLIPPAGE
}

/** Flash exchange (`/swap`): USDT and NEX through the DEX router, with quote, price impact and slippage. */
export function SwapPage() {
  const { t, i18n } = useLingui()
  const { path, page } = usePage()
  const { Router: router, USDT: usdt, Token: nex, Pair: pair } = contractsOf(env.chainId)
  return (
    <div className="app-page" data-testid="page" data-path={path}>
      <header className="app-page__header">
        <h1 className="app-page__title">{i18n._(page.title)}</h1>
        <p className="app-page__lead">{i18n._(page.description)}</p>
      </header>
      {router && usdt && nex && pair ? (
        <Swap router={router} usdt={usdt} nex={nex} pair={pair} />
      ) : (
        <Card className="app-soon">
          <h2 className="app-soon__title">{t`The exchange is not deployed on this network yet`}</h2>
        </Card>
      )}
      <RelatedLinks paths={page.related} />
    </div>
  )
}

function Swap({ router, usdt, nex, pair }: { router: Address; usdt: Address; nex: Address; pair: Address }) {
  const { t } = useLingui()
  const { account } = useSession()
  const send = useTransaction()
  const chainNow = useChainNow()
  const [fromUsdt, setFromUsdt] = useState(true)
  const [input, setInput] = useState('')
  const [slippage, setSlippage] = useState(readSlippage)
  useEffect(() => window.localStorage.setItem(SLIPPAGE_KEY, String(slippage)), [slippage])

  const tokenIn = fromUsdt ? usdt : nex
  const tokenOut = fromUsdt ? nex : usdt
  const symbolIn = fromUsdt ? 'USDT' : 'NEX'
  const symbolOut = fromUsdt ? 'NEX' : 'USDT'
  const who = account ?? zeroAddress
  const parsed = checkAmount(input)
  const amountIn = parsed.ok ? parsed.value : 0n

  const data = useNamedChainReads(
    useMemo(
      () =>
        ({
          usdtBalance: { address: usdt, abi: erc20Abi, functionName: 'balanceOf', args: [who] },
          nexBalance: { address: nex, abi: erc20Abi, functionName: 'balanceOf', args: [who] },
          reserves: { address: pair, abi: iUniswapV2PairAbi, functionName: 'getReserves' },
          token0: { address: pair, abi: iUniswapV2PairAbi, functionName: 'token0' },
          config: { address: nex, abi: tokenAbi, functionName: 'getConfig' },
          exempt: { address: nex, abi: tokenAbi, functionName: 'isFeeExempt', args: [who] },
        }) as const,
      [usdt, nex, pair, who],
    ),
  )
  const usdtBalance = account ? ok(data?.usdtBalance) : undefined
  const nexBalance = account ? ok(data?.nexBalance) : undefined
  const reserves = ok(data?.reserves)
  const token0 = ok(data?.token0)
  const config = ok(data?.config)
  const exempt = ok(data?.exempt)
  const balanceIn = fromUsdt ? usdtBalance : nexBalance
  const [reserveIn, reserveOut] =
    reserves && token0
      ? isAddressEqual(token0, tokenIn)
        ? [reserves[0], reserves[1]]
        : [reserves[1], reserves[0]]
      : [0n, 0n]
  // The token's own fees on this side (none for an exempt account), each floored on its own as the token does.
  const feeBps =
    config === undefined || exempt
      ? []
      : fromUsdt
        ? [config.buyRate]
        : [config.addPoolRate, config.feeUSDT, config.feeNex]
  const feeRate = Number(feeBps.reduce((sum, rate) => sum + rate, 0n)) / 100
  const quote =
    reserves && token0 && config !== undefined && exempt !== undefined && amountIn > 0n
      ? quoteSwap({
          side: fromUsdt ? 'buy' : 'sell',
          amountIn,
          feeBps,
          reserveIn,
          reserveOut,
          pairFeeBps: dexFeeBps(env.chainId),
          slippageBps: slippage,
        })
      : undefined
  const amountOut = quote?.amountOut
  const impact = quote?.priceImpactBps
  const rate = reserveIn > 0n ? (reserveOut * 10n ** 18n) / reserveIn : undefined

  async function swap() {
    const outcome = await send({
      amount: { input, rules: { balance: balanceIn } },
      // a swap whose quote shows 0 (what the user would get rounds to nothing) is refused, not sent
      check: () =>
        amountOut === undefined
          ? msg`No quote for this amount yet`
          : showsAsZero(amountOut) || quote === undefined || showsAsZero(quote.minimumOut)
            ? msg`You would receive nothing for this amount: enter a larger amount`
            : undefined,
      spend: { token: tokenIn, spender: router },
      request: (value) => ({
        address: router,
        abi: iUniswapV2Router02Abi,
        functionName: 'swapExactTokensForTokensSupportingFeeOnTransferTokens',
        args: [
          value ?? 0n,
          quote?.minimumOut ?? 0n,
          [tokenIn, tokenOut],
          account ?? zeroAddress,
          BigInt((chainNow ?? Math.floor(Date.now() / 1000)) + DEADLINE_SECONDS),
        ],
      }),
      success: msg`Swapped`,
    })
    if (outcome.ok) setInput('')
  }

  return (
    <Card title={t`Swap ${symbolIn} for ${symbolOut}`} data-testid="swap">
      <ActionForm onSubmit={swap}>
        <AmountField
          label={t`You pay (${symbolIn})`}
          hint={t`Balance ${showAmount(balanceIn)}`}
          value={input}
          onChange={setInput}
          testId="swap-amount"
          placeholder="0.0"
        />
        <button
          type="button"
          className="app-iconbtn app-swap__flip"
          aria-label={t`Swap direction`}
          data-testid="swap-flip"
          onClick={() => {
            setFromUsdt((value) => !value)
            setInput('')
          }}
        >
          <Icon name="swap" />
        </button>
        <dl className="app-stats">
          <Stat label={t`You receive about (${symbolOut})`} value={showAmount(amountOut)} testId="swap-quote" />
          <Stat
            label={fromUsdt ? t`NEX buy fee (${feeRate}%)` : t`NEX sell fee (${feeRate}%)`}
            value={quote === undefined ? '—' : `${showAmount(quote.fee)} NEX`}
            testId="swap-fee"
          />
          <Stat label={t`Minimum received`} value={showAmount(quote?.minimumOut)} testId="swap-minimum" />
          <Stat
            label={t`Price impact`}
            value={impact === undefined ? '—' : `${(impact / 100).toFixed(2)}%`}
            testId="swap-impact"
          />
          <Stat
            label={t`Pool price`}
            value={rate === undefined ? '—' : `1 ${symbolIn} = ${showAmount(rate, 6)} ${symbolOut}`}
          />
        </dl>
        <Segmented<number>
          label={t`Slippage tolerance`}
          options={SLIPPAGE_CHOICES}
          value={slippage}
          onChange={setSlippage}
          render={(bps) => `${bps / 100}%`}
          testId="slippage"
        />
        <p className="app-muted">{t`Slippage tolerance: ${slippage / 100}%. The quote is net of NEX's fees; the swap fails if you would receive less than the minimum.`}</p>
        {impact !== undefined && impact > 500 && (
          <p className="app-field__error" role="alert" data-testid="swap-impact-warning">
            {t`Price impact above 5%: you would receive much less than the pool price. Consider a smaller amount.`}
          </p>
        )}
        <Button type="submit" block disabled={!account} data-testid="swap-submit">
          {t`Swap`}
        </Button>
      </ActionForm>
    </Card>
  )
}
