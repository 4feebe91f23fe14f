import { useCallback } from 'react'
import { useLingui } from '@lingui/react/macro'
import type { MessageDescriptor } from '@lingui/core'
import { useToast } from '@nexus/ui'
import type { Abi, Address } from 'viem'
import { useConfig } from 'wagmi'
import { useFeedback } from '../components/feedback/FeedbackProvider.tsx'
import { useRefreshChain } from '../data/ChainData.tsx'
import { useIndexerCatchUp } from '../data/indexerSync.ts'
import { checkAmount, checkUnits } from '../lib/amountInput.ts'
import type { AmountRules } from '../lib/amountInput.ts'
import { userErrorText } from '../lib/userErrors.ts'

export type TransactionRequest = {
  address: Address
  abi: Abi | readonly unknown[]
  functionName: string
  args?: readonly unknown[]
  value?: bigint
}

export type TransactionPlan = {
  /** A typed amount (token units) or a whole number of units, checked with the §5 messages first. */
  amount?: { input: string; rules?: AmountRules; units?: boolean }
  /** Further checks on the parsed amount (e.g. the cost against the balance); a message refuses the action. */
  check?(amount: bigint | undefined): MessageDescriptor | undefined
  /** A token the contract will spend: its allowance is checked (and approved if needed) before the action. */
  spend?: { token: Address; spender: Address }
  /** The transaction, built from the parsed amount. */
  request(amount: bigint | undefined): TransactionRequest
  /** The success toast's text (default "Success"). */
  success?: MessageDescriptor
}

export type TransactionOutcome = { ok: true; blockNumber: bigint } | { ok: false; error: string }

/**
 * The write flow of every page (SPEC.md §5, §7): amount check with the §5 messages, approval through
 * `ensureAllowance` when a token is spent, the gas policy, the AWAITING overlay while the wallet and the chain
 * work, then a success toast or the error's message (through `toUserError`), and fresh chain data at once; lists
 * catch up when the indexer reports the transaction's block.
 *
 * @example
 * const send = useTransaction()
 * await send({
 *   amount: { input, rules: { balance } },
 *   spend: { token: usdt, spender: ido },
 *   request: () => ({ address: ido, abi: idoAbi, functionName: 'mint', args: [times, true] }),
 * })
 */
export function useTransaction(): (plan: TransactionPlan) => Promise<TransactionOutcome> {
  const { t, i18n } = useLingui()
  const toast = useToast()
  const config = useConfig()
  const { awaiting } = useFeedback()
  const refresh = useRefreshChain()
  const catchUp = useIndexerCatchUp()

  return useCallback(
    async (plan: TransactionPlan) => {
      let amount: bigint | undefined
      if (plan.amount) {
        const { input, rules, units } = plan.amount
        const checked = units ? checkUnits(input, rules) : checkAmount(input, rules)
        if (!checked.ok) {
          const text = i18n._(checked.message)
          toast.warning(text)
          return { ok: false, error: text }
        }
        amount = checked.value
      }
      const refused = plan.check?.(amount)
      if (refused) {
        const text = i18n._(refused)
        toast.warning(text)
        return { ok: false, error: text }
      }
      try {
        const receipt = await awaiting(async () => {
          // The chain side arrives with the first write (its own chunk), under the AWAITING overlay.
          const { submitTransaction } = await import('./submitTransaction.ts')
          const mined = await submitTransaction(config, {
            spend: plan.spend,
            request: plan.request(amount),
            onApproved: () => void refresh(),
          })
          if (mined.status !== 'success') throw new Error(t`Operate Error`)
          return mined
        })
        toast.success(plan.success ? i18n._(plan.success) : t`Success`)
        await refresh()
        catchUp(receipt.blockNumber)
        return { ok: true, blockNumber: receipt.blockNumber }
      } catch (error) {
        console.info('transaction failed', error)
        const text = await userErrorText(error, i18n)
        toast.error(text)
        void refresh()
        return { ok: false, error: text }
      }
    },
    [awaiting, catchUp, config, i18n, refresh, t, toast],
  )
}
