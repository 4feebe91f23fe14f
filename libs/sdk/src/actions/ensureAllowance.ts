import {
  type Account,
  type Address,
  type Chain,
  type Client,
  erc20Abi,
  type Hash,
  isAddressEqual,
  type ReadContractErrorType,
  type TransactionReceipt,
  type Transport,
  type WaitForTransactionReceiptErrorType,
  type WriteContractErrorType,
} from 'viem'
import { readContract, waitForTransactionReceipt, writeContract } from 'viem/actions'
import { approvalAmount, approvalThreshold } from '../constants.ts'
import {
  AllowanceOwnerMismatchError,
  type AllowanceOwnerMismatchErrorType,
  ApprovalRevertedError,
  type ApprovalRevertedErrorType,
} from '../errors/allowance.ts'
import { withGasPolicy } from './withGasPolicy.ts'

export type EnsureAllowanceParameters = {
  /** The ERC-20 token the spender will move. */
  token: Address
  /** The account whose tokens are spent: the client's account (or, without one, the wallet's selected account). */
  owner: Address
  /** The contract that will call `transferFrom`. */
  spender: Address
  /**
   * What the next call will spend, in base units, when known: an allowance above the threshold but below it is
   * approved again too (else that call could only fail).
   */
  amount?: bigint
}

export type EnsureAllowanceReturnType =
  | { approved: false; allowance: bigint }
  | { approved: true; allowance: bigint; hash: Hash; receipt: TransactionReceipt }

export type EnsureAllowanceErrorType =
  | AllowanceOwnerMismatchErrorType
  | ApprovalRevertedErrorType
  | ReadContractErrorType
  | WriteContractErrorType
  | WaitForTransactionReceiptErrorType

/**
 * Makes sure `spender` may spend the owner's `token` (SPEC.md §5): reads the allowance and, when it is at most
 * 1e18 base units (or below `amount`, when given), sends `approve(spender, 1e38)` with the gas policy of {@link withGasPolicy} and waits for
 * it to be mined. A larger allowance is left alone.
 *
 * - JSON-RPC methods: `eth_call` (allowance), then when needed `eth_estimateGas`, `eth_gasPrice`,
 *   `eth_sendTransaction` / `eth_sendRawTransaction` and `eth_getTransactionReceipt`.
 *
 * @param client - A viem wallet client for the owner (e.g. `await getConnectorClient(config)` with wagmi).
 * @returns Whether an approval was sent, the allowance read before, and the approval's hash and receipt.
 * @throws {EnsureAllowanceErrorType} `ApprovalRevertedError` when the approval is mined but reverts.
 *
 * @example
 * import { ensureAllowance } from '@nexus/sdk'
 *
 * await ensureAllowance(walletClient, { token: usdt, owner: account.address, spender: minting })
 * await writeContract(walletClient, { address: minting, abi: mintingAbi, functionName: 'mint', args: [1n, true] })
 */
export async function ensureAllowance(
  client: Client<Transport, Chain | undefined, Account | undefined>,
  { token, owner, spender, amount }: EnsureAllowanceParameters,
): Promise<EnsureAllowanceReturnType> {
  if (client.account && !isAddressEqual(client.account.address, owner)) {
    throw new AllowanceOwnerMismatchError({ owner, account: client.account.address })
  }
  const allowance = await readContract(client, {
    address: token,
    abi: erc20Abi,
    functionName: 'allowance',
    args: [owner, spender],
  })
  if (allowance > approvalThreshold && (amount === undefined || allowance >= amount)) {
    return { approved: false, allowance }
  }

  const request = await withGasPolicy(client, {
    address: token,
    abi: erc20Abi,
    functionName: 'approve',
    args: [spender, approvalAmount],
    account: client.account ?? owner,
  })
  const hash = await writeContract(client, { ...request, chain: client.chain ?? null })
  const receipt = await waitForTransactionReceipt(client, { hash })
  if (receipt.status !== 'success') throw new ApprovalRevertedError({ hash, token, spender })
  return { approved: true, allowance, hash, receipt }
}
