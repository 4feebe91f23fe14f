import { ensureAllowance, withGasPolicy } from '@nexus/sdk'
import type { Address, TransactionReceipt } from 'viem'
import { waitForTransactionReceipt, writeContract } from 'viem/actions'
import type { Config } from 'wagmi'
import { getConnectorClient } from 'wagmi/actions'
import type { TransactionRequest } from './useTransaction.ts'

export type SubmitTransactionParameters = {
  /**
   * A token the contract will spend: its allowance is checked (and approved if needed) first; with `amount`, an
   * allowance below it is approved again too.
   */
  spend?: { token: Address; spender: Address; amount?: bigint }
  request: TransactionRequest
  /** Called once an approval was mined, before the transaction itself is sent. */
  onApproved?(): void
}

/**
 * The chain side of the write flow (useTransaction): the connected wallet's client, the approval through
 * `ensureAllowance` when a token is spent, the gas policy, the transaction and its receipt. A module of its own,
 * loaded on the first write, so that viem's transaction machinery stays out of the first load of a page.
 */
export async function submitTransaction(
  config: Config,
  { spend, request, onApproved }: SubmitTransactionParameters,
): Promise<TransactionReceipt> {
  const client = await getConnectorClient(config)
  if (spend) {
    const approval = await ensureAllowance(client, { ...spend, owner: client.account.address })
    if (approval.approved) onApproved?.()
  }
  const prepared = await withGasPolicy(client, { ...request, account: client.account })
  const hash = await writeContract(client, prepared as Parameters<typeof writeContract>[1])
  return waitForTransactionReceipt(client, { hash })
}
