import { useLingui } from '@lingui/react/macro'
import { Button, Card } from '@nexus/ui'
import type { Address } from 'viem'
import { useTransaction } from '../../hooks/useTransaction.ts'
import { contractsOf } from '../../lib/contracts.ts'
import { env } from '../../lib/env.ts'
import { showAmount } from '../../lib/format.ts'
import { usePage } from '../../hooks/usePage.ts'
import { Icon } from '../../components/Icon.tsx'
import { Stat } from '../../components/Stat.tsx'
import { RelatedLinks } from '../../components/pages/RelatedLinks.tsx'
import { AmountField } from '../../components/forms/AmountField.tsx'
import { Segmented } from '../../components/forms/Segmented.tsx'
import { ActionForm } from '../../components/forms/ActionForm.tsx'
import { SLIPPAGE_CHOICES } from './swapModel.ts'
import { useSwapModel } from './useSwapModel.ts'

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

function Swap(contracts: { router: Address; usdt: Address; nex: Address; pair: Address }) {
  const { t } = useLingui()
  const send = useTransaction()
  const { model, input, setInput, slippage, setSlippage, flip } = useSwapModel(contracts)
  const { symbolIn, symbolOut, quote } = model
  const impact = quote?.priceImpactBps
  const feeRate = model.feePercent

  async function swap() {
    const outcome = await send(model.swap)
    if (outcome.ok) setInput('')
  }

  return (
    <Card title={t`Swap ${symbolIn} for ${symbolOut}`} data-testid="swap">
      <ActionForm onSubmit={swap}>
        <AmountField
          label={t`You pay (${symbolIn})`}
          hint={t`Balance ${showAmount(model.balanceIn)}`}
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
          onClick={flip}
        >
          <Icon name="swap" />
        </button>
        <dl className="app-stats">
          <Stat label={t`You receive about (${symbolOut})`} value={showAmount(quote?.amountOut)} testId="swap-quote" />
          <Stat
            label={symbolIn === 'USDT' ? t`NEX buy fee (${feeRate}%)` : t`NEX sell fee (${feeRate}%)`}
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
            value={model.rate === undefined ? '—' : `1 ${symbolIn} = ${showAmount(model.rate, 6)} ${symbolOut}`}
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
        {model.impactWarning && (
          <p className="app-field__error" role="alert" data-testid="swap-impact-warning">
            {t`Price impact above 5%: you would receive much less than the pool price. Consider a smaller amount.`}
          </p>
        )}
        <Button type="submit" block disabled={!model.canSwap} data-testid="swap-submit">
          {t`Swap`}
        </Button>
      </ActionForm>
    </Card>
  )
}
