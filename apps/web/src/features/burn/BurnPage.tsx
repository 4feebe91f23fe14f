import { useMemo, useState } from 'react'
import { useLingui } from '@lingui/react/macro'
import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { bnbForUsdt } from '@nexus/sdk'
import { burnAbi } from '@nexus/abi'
import { Button, Card } from '@nexus/ui'
import { erc20Abi, zeroAddress } from 'viem'
import type { Address } from 'viem'
import { Stat } from '../../components/Stat.tsx'
import { ok, useChainReads, useNamedChainReads } from '../../data/ChainData.tsx'
import { useSession } from '../../data/session.tsx'
import { useBurnExpiredWaiting } from '../../data/burnQueue.ts'
import { useTransaction } from '../../hooks/useTransaction.ts'
import { contractsOf } from '../../lib/contracts.ts'
import { env } from '../../lib/env.ts'
import { showAmount, showCount } from '../../lib/format.ts'
import { typedUnits } from '../../lib/amountInput.ts'
import { AccountPage, NotDeployed } from '../../components/blocks/account/AccountPage.tsx'
import { nativeBalanceRead } from '../../lib/nativeBalance.ts'
import { tokensForUsdt } from './burnQuote.ts'
import { burnDividends, claimWindow } from '../../components/blocks/account/dividends.ts'
import type { BurnOrderState } from '../../components/blocks/account/dividends.ts'
import { ClaimButton } from '../../components/forms/ClaimButton.tsx'
import { AmountField } from '../../components/forms/AmountField.tsx'
import { Segmented } from '../../components/forms/Segmented.tsx'
import { ActionForm } from '../../components/forms/ActionForm.tsx'

/** The plan text of SPEC.md §1 and §9, verbatim. */
export const PLAN: readonly MessageDescriptor[] = [
  msg`15 keys synthesize a syndicate`,
  msg`50% community dividends`,
  msg`1.5 times fee yield`,
  msg`forced redemption after 30 days`,
]

const ONE = 10n ** 18n

/** Burn dividends (`/burn`): the plan, the pool, burning in USDT or BNB, the user's force and dividends. */
export function BurnPage() {
  const { Burn: burn, USDT: usdt } = contractsOf(env.chainId)
  return (
    <AccountPage>
      <Plan />
      {burn && usdt ? <Burn burn={burn} usdt={usdt} /> : <NotDeployed name="Burn" />}
    </AccountPage>
  )
}

function Plan() {
  const { t, i18n } = useLingui()
  return (
    <Card title={t`The plan`} data-testid="burn-plan">
      <ul className="acc-plan">
        {PLAN.map((line) => (
          <li key={line.id}>{i18n._(line)}</li>
        ))}
      </ul>
    </Card>
  )
}

function Burn({ burn, usdt }: { burn: Address; usdt: Address }) {
  const { t } = useLingui()
  const { account } = useSession()
  const send = useTransaction()
  const [times, setTimes] = useState('')
  const [payWith, setPayWith] = useState<'USDT' | 'BNB'>('USDT')
  const who = account ?? zeroAddress
  const bnbRead = useMemo(() => nativeBalanceRead(who), [who])

  const data = useNamedChainReads(
    useMemo(
      () =>
        ({
          config: { address: burn, abi: burnAbi, functionName: 'getConfig' },
          multi: { address: burn, abi: burnAbi, functionName: 'getConfigMulti' },
          totals: { address: burn, abi: burnAbi, functionName: 'totalInfo' },
          reserves: { address: burn, abi: burnAbi, functionName: 'getReserves' },
          user: { address: burn, abi: burnAbi, functionName: 'users', args: [who] },
          usdtPerBnb: { address: burn, abi: burnAbi, functionName: 'getSwapBnb', args: [ONE] },
          nexPerBnb: { address: burn, abi: burnAbi, functionName: 'getSwapTokens', args: [ONE] },
          usdtBalance: { address: usdt, abi: erc20Abi, functionName: 'balanceOf', args: [who] },
        }) as const,
      [burn, usdt, who],
    ),
  )
  const bnb = useNamedChainReads(useMemo(() => (bnbRead ? { balance: bnbRead } : undefined), [bnbRead]))
  const config = ok(data?.config)
  const multi = ok(data?.multi)
  const totals = ok(data?.totals)
  const reserves = ok(data?.reserves)
  const user = account ? ok(data?.user) : undefined
  // The TWAP views revert while the oracles have no price yet: the BNB estimate is then unavailable.
  const usdtPerBnb = ok(data?.usdtPerBnb)
  const nexPerBnb = ok(data?.nexPerBnb)
  const usdtBalance = account ? ok(data?.usdtBalance) : undefined
  const bnbBalance = account ? ok(bnb?.balance) : undefined

  const claim = useClaimWindow(burn, account, user?.lastOut, user?.orders, config?.handleGas)
  const dividends = user && claim && config ? burnDividends(user, claim.orders, config.feeRate) : undefined
  const expiredWaiting = useBurnExpiredWaiting(burn) === true

  // what the field holds (dashes in the preview until it holds a count of units)
  const unitCount = typedUnits(times)
  const orderUsdt = config && unitCount !== undefined ? unitCount * config.burnEvery : undefined
  const slippage = multi?.slippage ?? 0n
  const bnbToPay = orderUsdt !== undefined && usdtPerBnb ? bnbForUsdt(orderUsdt, usdtPerBnb, slippage) : undefined
  const tokens =
    orderUsdt !== undefined && usdtPerBnb && nexPerBnb !== undefined
      ? tokensForUsdt(orderUsdt, usdtPerBnb, nexPerBnb)
      : undefined

  async function submit() {
    const isBnb = payWith === 'BNB'
    await send({
      amount: { input: times, units: true, rules: { min: 1n, max: config?.burnSurplus } },
      check: (units) => {
        if (!config || units === undefined) return undefined
        if (isBnb) {
          if (!usdtPerBnb) return msg`No BNB price yet: pay with USDT or try again later`
          const value = bnbForUsdt(units * config.burnEvery, usdtPerBnb, slippage)
          return bnbBalance !== undefined && value > bnbBalance ? msg`Balance Insufficient` : undefined
        }
        return usdtBalance !== undefined && units * config.burnEvery > usdtBalance
          ? msg`Balance Insufficient`
          : undefined
      },
      spend: isBnb ? undefined : { token: usdt, spender: burn },
      request: (units) => {
        const value = units ?? 0n
        const price = (config?.burnEvery ?? 0n) * value
        const paid = isBnb && usdtPerBnb ? bnbForUsdt(price, usdtPerBnb, slippage) : price
        return {
          address: burn,
          abi: burnAbi,
          functionName: 'burn',
          args: [account ?? zeroAddress, value, paid, isBnb],
          value: isBnb ? paid : undefined,
        }
      },
      success: msg`Burned`,
    })
  }

  return (
    <>
      <Card title={t`Dividend pool`} data-testid="burn-pool">
        <dl className="app-stats">
          <Stat label={t`Community pool`} value={`${showAmount(reserves?.pool)} USDT`} testId="pool-balance" />
          <Stat label={t`Total force`} value={showAmount(totals?.totalForce)} />
          <Stat label={t`Participants`} value={showCount(totals?.totalUser)} />
          <Stat label={t`Orders`} value={showCount(totals?.totalOrder)} />
          <Stat label={t`Burned in total`} value={`${showAmount(totals?.totalAmount)} USDT`} />
          <Stat label={t`Dividends paid out`} value={`${showAmount(totals?.totalReward)} USDT`} />
        </dl>
      </Card>

      <Card title={t`Burn for dividends`} data-testid="burn">
        <ActionForm onSubmit={submit}>
          <Segmented
            label={t`Pay with`}
            options={['USDT', 'BNB'] as const}
            value={payWith}
            onChange={setPayWith}
            testIdPrefix="burn-pay-"
          />
          <AmountField
            label={t`Units (${showAmount(config?.burnEvery, 2)} USDT each)`}
            value={times}
            onChange={setTimes}
            testId="burn-times"
            inputMode="numeric"
          />
          <dl className="app-stats">
            <Stat label={t`Order value`} value={`${showAmount(orderUsdt)} USDT`} testId="burn-value" />
            <Stat
              label={payWith === 'BNB' ? t`You pay about` : t`You pay`}
              value={payWith === 'BNB' ? `${showAmount(bnbToPay, 6)} BNB` : `${showAmount(orderUsdt)} USDT`}
              testId="burn-pay"
            />
            <Stat label={t`Counts as about`} value={`${showAmount(tokens)} NEX`} testId="burn-tokens" />
            <Stat
              label={t`Balance`}
              value={payWith === 'BNB' ? `${showAmount(bnbBalance)} BNB` : `${showAmount(usdtBalance)} USDT`}
              testId="burn-balance"
            />
            <Stat
              label={t`Dividends up to`}
              value={`${showAmount(orderUsdt !== undefined && config ? (orderUsdt * config.rewardRate) / 10_000n : undefined)} USDT`}
            />
            <Stat label={t`Units left`} value={showCount(config?.burnSurplus)} />
          </dl>
          {payWith === 'BNB' && (
            <p className="app-muted">{t`BNB is swapped to USDT at no worse than the average price less the slippage; the USDT above the order value is refunded.`}</p>
          )}
          <Button type="submit" block disabled={!account} data-testid="burn-submit">
            {t`Burn`}
          </Button>
        </ActionForm>
      </Card>

      <Card
        title={t`My dividends`}
        data-testid="my-burn"
        actions={
          <ClaimButton
            testId="burn-claim"
            disabled={!account || !dividends?.claimable}
            request={() => ({ address: burn, abi: burnAbi, functionName: 'claimReward' })}
          />
        }
      >
        <dl className="app-stats">
          <Stat label={t`My force`} value={showAmount(dividends?.force)} testId="my-force" />
          <Stat label={t`Pending rewards`} value={`${showAmount(dividends?.claimable)} USDT`} testId="burn-pending" />
          <Stat
            label={t`The claim pays (after the fee)`}
            value={`${showAmount(dividends?.claimPays)} USDT`}
            testId="burn-claim-pays"
          />
          <Stat label={t`My orders`} value={showCount(user?.orders)} testId="my-orders" />
          <Stat label={t`Burned`} value={`${showAmount(user?.amount)} USDT`} />
          <Stat
            label={t`Order dividends so far`}
            value={`${showAmount(dividends?.orderDividends)} USDT`}
            testId="burn-order-dividends"
          />
          <Stat label={t`Direct rewards`} value={`${showAmount(user?.rewardDirect)} USDT`} />
          <Stat label={t`Indirect rewards`} value={`${showAmount(user?.rewardIndirect)} USDT`} />
          <Stat label={t`All rewards`} value={`${showAmount(user?.rewardTotal)} USDT`} />
        </dl>
        {config && (
          <p className="app-muted">{t`Claims pay the pending rewards less a ${(Number(config.feeRate) / 100).toString()}% fee.`}</p>
        )}
        {claim?.more && config && (
          <p className="app-hint" data-testid="burn-claim-more">
            {t`A claim settles ${showCount(config.handleGas)} of your orders at a time, oldest first: the figures above are those orders'; claim again for the rest.`}
          </p>
        )}
        {expiredWaiting && (
          <div className="app-hint" data-testid="burn-expired-waiting">
            <p>
              {t`Expired orders wait to be settled: the pool shares new dividends only once none is left, so your pending rewards do not grow until then. Anyone may settle them (it costs only gas); then claim.`}
            </p>
            <Button
              size="sm"
              variant="secondary"
              disabled={!account}
              data-testid="burn-process-expired"
              onClick={() =>
                void send({
                  request: () => ({
                    address: burn,
                    abi: burnAbi,
                    functionName: 'processExpired',
                    args: [settleBatch(config?.handleGas)],
                  }),
                  success: msg`Expired orders settled`,
                })
              }
            >
              {t`Settle expired orders`}
            </Button>
          </div>
        )}
      </Card>
    </>
  )
}

/** Burn.processExpired's bounds for one batch (BurnLib.MAX_HANDLE). */
const MAX_SETTLE_BATCH = 200n

/** How many expired orders one "settle" click forces out: the pool's own batch size (`handleGas`), within bounds. */
function settleBatch(handleGas: bigint | undefined): bigint {
  if (!handleGas || handleGas < 1n) return 50n
  return handleGas > MAX_SETTLE_BATCH ? MAX_SETTLE_BATCH : handleGas
}

/**
 * The orders that the user's next claim settles ({@link claimWindow}: from `lastOut`, at most `handleGas`), each
 * with its accrued dividends, and whether more orders wait for a later claim.
 */
function useClaimWindow(
  burn: Address,
  account: Address | undefined,
  lastOut: bigint | undefined,
  count: bigint | undefined,
  handleGas: bigint | undefined,
): { orders: readonly BurnOrderState[]; more: boolean } | undefined {
  const claim = useMemo(
    () =>
      account && lastOut !== undefined && count !== undefined && handleGas !== undefined
        ? claimWindow(lastOut, count, handleGas)
        : undefined,
    [account, lastOut, count, handleGas],
  )
  const indexes = useChainReads(
    useMemo(
      () =>
        claim && account
          ? claim.positions.map(
              (i) => ({ address: burn, abi: burnAbi, functionName: 'userOrderIndex', args: [account, i] }) as const,
            )
          : undefined,
      [burn, account, claim],
    ),
  )
  const orderIndexes = indexes?.map((result) => ok(result)).filter((value): value is bigint => value !== undefined)
  const key = orderIndexes?.join(',')
  // One list per view, each result at its order's place (both lists travel in the page's one multicall).
  const orderReads = useChainReads(
    useMemo(
      () =>
        orderIndexes?.map((index) => ({ address: burn, abi: burnAbi, functionName: 'orders', args: [index] }) as const),
      // The reads change when the order indexes do.
      [burn, key],
    ),
  )
  const pendingReads = useChainReads(
    useMemo(
      () =>
        orderIndexes?.map(
          (index) => ({ address: burn, abi: burnAbi, functionName: 'pendingReward', args: [index] }) as const,
        ),
      [burn, key],
    ),
  )
  if (!claim) return undefined
  if (claim.positions.length === 0) return { orders: [], more: claim.more }
  if (!orderReads || !pendingReads || !orderIndexes || orderIndexes.length !== claim.positions.length) return undefined
  const orders: BurnOrderState[] = []
  for (const [position, result] of orderReads.entries()) {
    const order = ok(result)
    const pending = ok(pendingReads[position])
    if (!order || pending === undefined) return undefined
    orders.push({ amount: order.amount, reward: order.reward, isValid: order.isValid, pending })
  }
  return { orders, more: claim.more }
}
