import { approvalAmount, ensureAllowance, withGasPolicy } from '@nexus/sdk'
import { BaseError, encodeFunctionData, erc20Abi } from 'viem'
import type { Account, Address, Chain, Client, Hash, Transport } from 'viem'
import { readContract, simulateContract, waitForTransactionReceipt, writeContract } from 'viem/actions'
import type { Config } from 'wagmi'
import { getCapabilities, getConnectorClient, sendCalls, waitForCallsStatus } from 'wagmi/actions'
import { allowanceOverride } from '../lib/allowanceOverride.ts'
import { approvalRoute, batchUnsupported, needsApproval, supportsAtomicBatch } from '../lib/approvalFlow.ts'
import type { ApprovalStep } from '../lib/approvalFlow.ts'
import type { TransactionRequest } from './useTransaction.ts'

// The steps' texts travel with the chain side: only a write that needs an approval shows them.
export { approvalStepText } from '../lib/approvalFlow.ts'

export type SubmitTransactionParameters = {
  /**
   * A token the contract will spend: its allowance is checked (and approved if needed) first; with `amount`, an
   * allowance below it is approved again too.
   */
  spend?: { token: Address; spender: Address; amount?: bigint }
  request: TransactionRequest
  /** Called once an approval sent on its own was mined, before the transaction itself is sent. */
  onApproved?(): void
  /** Called as each numbered step starts, when the approval is a transaction of its own (route `steps`). */
  onStep?(step: ApprovalStep): void
}

/** What the write flow needs of the action's mined transaction. */
export type MinedTransaction = { transactionHash: Hash; status: 'success' | 'reverted'; blockNumber: bigint }

type WalletClient = Client<Transport, Chain | undefined, Account>

/**
 * The chain side of the write flow (useTransaction): the connected wallet's client, then, when a token is spent
 * and its allowance is too low, one of two routes (lib/approvalFlow.ts):
 * - the wallet executes calls atomically (EIP-5792 `atomic` capability for the chain): the action is simulated
 *   with the approval granted (a state override), then approve and action go as one `wallet_sendCalls` (one
 *   confirmation) and its status is awaited (a wallet that then declines the batch as unsupported gets the steps);
 * - else the approval is step 1 of 2 (`ensureAllowance`, mined), the action step 2 of 2.
 * Every transaction sent on its own is simulated first (the gas policy's estimate refuses a revert). A module of
 * its own, loaded on the first write, so that viem's transaction machinery stays out of the first load of a page.
 */
export async function submitTransaction(
  config: Config,
  { spend, request, onApproved, onStep }: SubmitTransactionParameters,
): Promise<MinedTransaction> {
  const client = await getConnectorClient(config)
  const owner = client.account.address
  if (!spend) return sendOne(client, request)
  const allowance = await readContract(client, {
    address: spend.token,
    abi: erc20Abi,
    functionName: 'allowance',
    args: [owner, spend.spender],
  })
  const approve = needsApproval(allowance, spend.amount)
  const atomic = approve && (await canBatch(config, client))
  const stateOverride = atomic ? await allowanceOverride(client, { ...spend, owner, value: approvalAmount }) : undefined
  const route = approvalRoute({ approve, atomic, simulated: stateOverride !== undefined })
  if (route === 'direct') return sendOne(client, request)
  if (route === 'batch') {
    // The same checks as each transaction alone: the approval, and the action as if the approval were mined.
    await Promise.all([
      simulateContract(client, {
        address: spend.token,
        abi: erc20Abi,
        functionName: 'approve',
        args: [spend.spender, approvalAmount],
        account: client.account,
      }),
      simulateContract(client, { ...request, account: client.account, stateOverride } as Parameters<
        typeof simulateContract
      >[1]),
    ])
    const batched = await sendBatch(config, client, spend, request)
    if (batched) return batched
  }
  const symbol = await readContract(client, { address: spend.token, abi: erc20Abi, functionName: 'symbol' })
  onStep?.({ index: 1, total: 2, symbol })
  const approval = await ensureAllowance(client, { ...spend, owner })
  if (approval.approved) onApproved?.()
  onStep?.({ index: 2, total: 2 })
  return sendOne(client, request)
}

/** Whether the connected wallet reports atomic batches on the client's chain (a wallet without EIP-5792: no). */
async function canBatch(config: Config, client: WalletClient): Promise<boolean> {
  const chainId = client.chain?.id
  if (chainId === undefined) return false
  try {
    return supportsAtomicBatch(await getCapabilities(config, { account: client.account.address, chainId }))
  } catch {
    return false
  }
}

/** One transaction: the gas policy (its estimate refuses a revert), the wallet's signature, the receipt. */
async function sendOne(client: WalletClient, request: TransactionRequest): Promise<MinedTransaction> {
  const prepared = await withGasPolicy(client, { ...request, account: client.account })
  const hash = await writeContract(client, prepared as Parameters<typeof writeContract>[1])
  return waitForTransactionReceipt(client, { hash })
}

/**
 * Approve and act as one atomic `wallet_sendCalls`; the action's receipt once the wallet reports the batch, or
 * undefined when the wallet declines the batch itself as unsupported (nothing was sent).
 */
async function sendBatch(
  config: Config,
  client: WalletClient,
  spend: { token: Address; spender: Address },
  request: TransactionRequest,
): Promise<MinedTransaction | undefined> {
  const sent = await sendCalls(config, {
    account: client.account,
    chainId: client.chain?.id,
    forceAtomic: true,
    calls: [
      {
        to: spend.token,
        data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spend.spender, approvalAmount] }),
      },
      {
        to: request.address,
        data: encodeFunctionData(request as Parameters<typeof encodeFunctionData>[0]),
        value: request.value,
      },
    ],
  }).catch((error: unknown) => {
    // A wallet that reported atomic calls but will not take these (EIP-5792: unsupported capability or chain,
    // batch too large, atomicity not supported): the approval goes first, on its own.
    if (batchUnsupported(error)) return undefined
    throw error
  })
  if (!sent) return undefined
  const {
    status,
    statusCode,
    receipts = [],
  } = await waitForCallsStatus(config, {
    id: sent.id,
    pollingInterval: 500,
    timeout: 180_000,
  })
  const action = receipts.at(-1)
  if (status === 'success' && action) return action
  // An atomic batch that failed on chain leaves no approval; the action's receipt, when there is one, is shown.
  if (action && receipts.length === 2) return { ...action, status: 'reverted' }
  throw new BaseError(`The wallet reports that the calls did not go through (status ${statusCode}).`)
}
