import type {
  Abi,
  Account,
  Address,
  Chain,
  Client,
  EstimateContractGasParameters,
  EstimateGasParameters,
  Hex,
  Transport,
} from 'viem'
import { BaseError, ContractFunctionRevertedError, ExecutionRevertedError } from 'viem'
import { estimateContractGas, estimateGas, getGasPrice } from 'viem/actions'
import { fallbackGas, fallbackGasPrice, gasMultiplier } from '../constants.ts'

/** A contract write (`address`, `abi`, `functionName`, `args`) or a plain transaction (`to`, `data`, `value`). */
export type WithGasPolicyParameters =
  | {
      address: Address
      abi: Abi | readonly unknown[]
      functionName: string
      args?: readonly unknown[] | undefined
      account?: Account | Address | undefined
      value?: bigint | undefined
      gas?: bigint | undefined
      gasPrice?: bigint | undefined
      maxFeePerGas?: bigint | undefined
    }
  | {
      to?: Address | null | undefined
      data?: Hex | undefined
      account?: Account | Address | undefined
      value?: bigint | undefined
      gas?: bigint | undefined
      gasPrice?: bigint | undefined
      maxFeePerGas?: bigint | undefined
    }

/** The request with `gas` set and, unless it carries EIP-1559 fees, `gasPrice`. */
export type WithGasPolicyReturnType<request extends WithGasPolicyParameters> = request & {
  gas: bigint
} & (request extends {
    maxFeePerGas: bigint
  }
    ? unknown
    : { gasPrice: bigint })

/**
 * Throws only when the estimate shows that the call reverts (viem's `ContractFunctionRevertedError` or
 * `ExecutionRevertedError` in the error's causes): sending it would only spend gas on a certain failure. Any other
 * failed estimate or gas price read falls back to the policy's constants.
 */
export type WithGasPolicyErrorType = ContractFunctionRevertedError | ExecutionRevertedError | BaseError

/**
 * Applies the gas policy of SPEC.md §7 to a transaction request: estimates the gas and uses 1.1 times the
 * estimate (rounded up), or 6,000,000 when the estimate fails for another reason than a revert (a call that
 * reverts is refused with the revert: nothing is sent); reads the gas price, or uses 100,000,000 wei
 * when that fails. Values already set on the request (`gas`, `gasPrice` or `maxFeePerGas`) are kept.
 *
 * Returns the request with `gas` and `gasPrice` added, ready for viem's `writeContract` or `sendTransaction`.
 *
 * - JSON-RPC methods: `eth_estimateGas`, `eth_gasPrice`
 *
 * @param client - A viem client (public or wallet) connected to the chain.
 * @param request - A contract write or a plain transaction request.
 *
 * @example
 * import { createWalletClient, custom, erc20Abi } from 'viem'
 * import { writeContract } from 'viem/actions'
 * import { withGasPolicy } from '@nexus/sdk'
 *
 * const client = createWalletClient({ account, chain, transport: custom(window.ethereum) })
 * const request = await withGasPolicy(client, {
 *   address: token,
 *   abi: erc20Abi,
 *   functionName: 'transfer',
 *   args: [to, 10n ** 18n],
 * })
 * const hash = await writeContract(client, request)
 */
export async function withGasPolicy<const request extends WithGasPolicyParameters>(
  client: Client<Transport, Chain | undefined, Account | undefined>,
  request: request,
): Promise<WithGasPolicyReturnType<request>> {
  const hasFees = request.gasPrice !== undefined || request.maxFeePerGas !== undefined
  const [gas, gasPrice] = await Promise.all([
    request.gas ?? estimate(client, request),
    hasFees ? undefined : getGasPrice(client).catch(() => fallbackGasPrice),
  ])
  return (
    gasPrice === undefined ? { ...request, gas } : { ...request, gas, gasPrice }
  ) as WithGasPolicyReturnType<request>
}

async function estimate(
  client: Client<Transport, Chain | undefined, Account | undefined>,
  request: WithGasPolicyParameters,
) {
  try {
    const { gasPrice: _gasPrice, maxFeePerGas: _maxFeePerGas, ...rest } = request
    const estimated =
      'abi' in request
        ? await estimateContractGas(client, rest as EstimateContractGasParameters)
        : await estimateGas(client, rest as EstimateGasParameters)
    const [numerator, denominator] = gasMultiplier
    return (estimated * numerator + denominator - 1n) / denominator
  } catch (error) {
    // A revert is the call's own answer: refuse it (SPEC.md's fallback is for estimates that fail otherwise).
    if (isRevert(error)) throw error
    return fallbackGas
  }
}

/** Whether an estimate failed because the call itself reverts. */
function isRevert(error: unknown): boolean {
  return (
    error instanceof BaseError &&
    error.walk((cause) => cause instanceof ContractFunctionRevertedError || cause instanceof ExecutionRevertedError) !==
      null
  )
}
