import { useCallback } from 'react'
import { useLingui } from '@lingui/react/macro'
import type { MessageDescriptor } from '@lingui/core'
import { useToast } from '@nexus/ui'
import type { ToastOptions } from '@nexus/ui'
import type { Abi, Address, ContractFunctionArgs, ContractFunctionName, ContractFunctionParameters } from 'viem'
import { useFeedback } from './useFeedback.ts'
import { useRefreshChain } from '../data/ChainData.tsx'
import { useIndexerCatchUp } from '../data/indexerSync.ts'
import { useWalletRuntime } from '../data/wallet.tsx'
import { checkAmount, checkUnits } from '../lib/amountInput.ts'
import type { AmountRules } from '../lib/amountInput.ts'
import { appExplorerUrl } from '../lib/explorer.ts'
import { userErrorText } from '../lib/userErrors.ts'

/** The functions a transaction can call: those that change state (viem's `nonpayable` and `payable`). */
export type WriteMutability = 'nonpayable' | 'payable'
/** A function of `abi` a transaction can call. */
export type WriteFunctionName<abi extends Abi | readonly unknown[]> = ContractFunctionName<abi, WriteMutability>
/** The arguments of the function `functionName` of `abi`. */
export type WriteArgs<
  abi extends Abi | readonly unknown[],
  functionName extends WriteFunctionName<abi>,
> = ContractFunctionArgs<abi, WriteMutability, functionName>

/**
 * A contract write, typed by its ABI and function name (viem's own types): `functionName` must be a state-changing
 * function of `abi` and `args` its arguments, so that a wrong name, a missing or a wrong argument fails the
 * typecheck. An ABI known only at run time (`Abi`, e.g. the Timelock's routes) takes any function and arguments.
 *
 * @example
 * const mint: TransactionRequest<typeof idoAbi, 'mint'> = { address: ido, abi: idoAbi, functionName: 'mint', args: [1n, true] }
 */
export type TransactionRequest<
  abi extends Abi | readonly unknown[] = Abi,
  functionName extends WriteFunctionName<abi> = WriteFunctionName<abi>,
  args extends WriteArgs<abi, functionName> = WriteArgs<abi, functionName>,
> = ContractFunctionParameters<abi, WriteMutability, functionName, args> & { value?: bigint }

/**
 * One transaction checked against its ABI, then typed as any contract write: for a plan whose transaction is one of
 * several functions (each branch checked on its own).
 *
 * @example
 * request: (units) =>
 *   isBnb
 *     ? writeRequest({ address: ido, abi: idoAbi, functionName: 'ido', args: [units ?? 0n], value })
 *     : writeRequest({ address: ido, abi: idoAbi, functionName: 'mint', args: [units ?? 0n, true] })
 */
export function writeRequest<
  const abi extends Abi | readonly unknown[],
  functionName extends WriteFunctionName<abi>,
  const args extends WriteArgs<abi, functionName>,
>(request: TransactionRequest<abi, functionName, args>): TransactionRequest {
  return request as unknown as TransactionRequest
}

/**
 * What a page asks the write flow to do, generic over the ABI and function name of its transaction (inferred from
 * `request`'s answer), so that the transaction's arguments are checked against the ABI.
 */
export type TransactionPlan<
  abi extends Abi | readonly unknown[] = Abi,
  functionName extends WriteFunctionName<abi> = WriteFunctionName<abi>,
  args extends WriteArgs<abi, functionName> = WriteArgs<abi, functionName>,
> = {
  /** A typed amount (token units) or a whole number of units, checked with the §5 messages first. */
  amount?: { input: string; rules?: AmountRules; units?: boolean }
  /** Further checks on the parsed amount (e.g. the cost against the balance); a message refuses the action. */
  check?(amount: bigint | undefined): MessageDescriptor | undefined
  /**
   * A token the contract will spend: its allowance is checked (and approved if needed) before the action.
   * `coversAmount`: the typed amount is what the call spends of it, so an allowance below it is approved again too
   * (the SDK's threshold alone would leave, say, 5 USDT approved for a 10 USDT deposit).
   */
  spend?: { token: Address; spender: Address; coversAmount?: boolean }
  /** The transaction, built from the parsed amount. */
  request(amount: bigint | undefined): TransactionRequest<abi, functionName, args>
  /**
   * What the action does, in the words of its button (e.g. "Burn"): the second step's text when the approval is a
   * transaction of its own ("2 of 2: Burn"); "Confirm" without it.
   */
  action?: MessageDescriptor
  /** The success toast's text (default "Success"). */
  success?: MessageDescriptor
}

/**
 * What became of a plan: mined (`ok`), refused or failed with the text shown (`error`), or `busy`: not tried at
 * all because another transaction of the page was still on its way (a double click sends one transaction).
 */
export type TransactionOutcome =
  | { ok: true; blockNumber: bigint }
  | { ok: false; error: string; busy?: undefined }
  | { ok: false; error: ''; busy: true }

/**
 * The write flow of every page (SPEC.md §5, §7): amount check with the §5 messages, then, when a token is spent and
 * its allowance is too low, approve and act in one confirmation where the wallet batches calls atomically
 * (EIP-5792), else the approval as step "1 of 2: Approve X" of the same action (shown under the overlay), the gas
 * policy, the AWAITING overlay while the wallet and the chain
 * work, then a success toast (with the transaction on the block explorer where there is one) or the error's message
 * (through `toUserError`), and fresh chain data at once; lists catch up when the indexer reports the transaction's
 * block. One plan at a time: a plan sent while another is on its way (a double click, a second button) is dropped.
 *
 * @example
 * const send = useTransaction()
 * await send({
 *   amount: { input, rules: { balance } },
 *   spend: { token: usdt, spender: ido },
 *   request: () => ({ address: ido, abi: idoAbi, functionName: 'mint', args: [times, true] }),
 * })
 */
export function useTransaction(): SendTransaction {
  const { t, i18n } = useLingui()
  const toast = useToast()
  const loadWallet = useWalletRuntime()
  const { awaiting, detail, exclusive } = useFeedback()
  const refresh = useRefreshChain()
  const catchUp = useIndexerCatchUp()

  const run = useCallback(
    async (plan: TransactionPlan): Promise<TransactionOutcome> => {
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
          const [{ approvalStepText, submitTransaction }, { config }] = await Promise.all([
            import('./submitTransaction.ts'),
            loadWallet(),
          ])
          const mined = await submitTransaction(config, {
            spend: plan.spend && {
              token: plan.spend.token,
              spender: plan.spend.spender,
              ...(plan.spend.coversAmount && amount !== undefined && { amount }),
            },
            request: plan.request(amount),
            onApproved: () => void refresh(),
            onStep: (step) => detail(approvalStepText(step, plan.action, i18n)),
          })
          return mined
        })
        const link = explorerLink(receipt.transactionHash, t`View on the block explorer`)
        if (receipt.status !== 'success') {
          // Mined but reverted (the estimate passed, the chain state changed before it was mined).
          const text = t`Operate Error`
          toast.error(text, link)
          void refresh()
          return { ok: false, error: text }
        }
        toast.success(plan.success ? i18n._(plan.success) : t`Success`, link)
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
    [awaiting, catchUp, detail, i18n, loadWallet, refresh, t, toast],
  )
  return useCallback(
    async (plan: TransactionPlan<Abi | readonly unknown[], string, readonly unknown[]>) =>
      // The plan's types were checked where it was written; the flow sends any contract call.
      (await exclusive(() => run(plan as TransactionPlan))) ?? { ok: false, error: '', busy: true },
    [exclusive, run],
  ) as SendTransaction
}

/** The write flow of {@link useTransaction}: a plan whose transaction is checked against its ABI. */
export type SendTransaction = <
  const abi extends Abi | readonly unknown[],
  functionName extends WriteFunctionName<abi>,
  const args extends WriteArgs<abi, functionName>,
>(
  plan: TransactionPlan<abi, functionName, args>,
) => Promise<TransactionOutcome>

/** The toast option linking transaction `hash` on the block explorer, or none where the chain has none. */
function explorerLink(hash: string, label: string): ToastOptions {
  const href = appExplorerUrl('tx', hash)
  return href ? { link: { href, label } } : {}
}
