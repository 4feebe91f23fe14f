import {
  type Chain,
  type Client,
  type ContractFunctionParameters,
  encodeFunctionData,
  type MulticallErrorType,
  type MulticallParameters,
  type MulticallReturnType,
  type Transport,
} from 'viem'
import { multicall } from 'viem/actions'

export type ReadPageParameters<
  contracts extends readonly unknown[] = readonly unknown[],
  allowFailure extends boolean = true,
> = MulticallParameters<contracts, allowFailure>

export type ReadPageReturnType<
  contracts extends readonly unknown[] = readonly unknown[],
  allowFailure extends boolean = true,
> = MulticallReturnType<contracts, allowFailure>

export type ReadPageErrorType = MulticallErrorType

/**
 * @dev A deployless call runs as contract creation: its code (about 6 KB of Multicall3 plus the `aggregate3` call
 * data) is capped at 49,152 bytes (EIP-3860) and the results it returns, as if they were the created code, at
 * 24,576 bytes (EIP-170). Each chunk stays below both with a margin.
 */
const deploylessCallDataLimit = 40_000
const deploylessReturnDataLimit = 22_000
/** @dev Assumed size of a dynamic return value (string, bytes, array) when planning chunks. */
const dynamicReturnGuess = 288

/**
 * Reads a page's whole on-chain state in one `eth_call`: every contract read is packed into a single Multicall3
 * `aggregate3`. On chains without a deployed Multicall3 (the local Hardhat chain) the call is deployless, so it
 * works everywhere without configuration. Results come back in order, each `{ status, result }` (or `error`);
 * with `allowFailure: false` a failing read throws instead.
 *
 * This is viem's `multicall` that never splits a page (`batchSize: 0`) and that goes deployless when the chain
 * has no Multicall3 address. A deployless call runs as contract creation, whose code and result sizes nodes
 * cap (EIP-3860, EIP-170): there a page of up to about 100 reads is one call, and a bigger one becomes a few
 * calls sent in parallel. Configure `chain.contracts.multicall3` where Multicall3 is deployed (BSC has it).
 *
 * - JSON-RPC method: `eth_call` (one per page)
 *
 * @example
 * import { erc20Abi } from 'viem'
 * import { mainAbi } from '@nexus/abi'
 * import { readPage } from '@nexus/sdk'
 *
 * const [user, config, balance] = await readPage(client, {
 *   contracts: [
 *     { address: main, abi: mainAbi, functionName: 'users', args: [account] },
 *     { address: main, abi: mainAbi, functionName: 'getConfig' },
 *     { address: usdt, abi: erc20Abi, functionName: 'balanceOf', args: [account] },
 *   ],
 * })
 * if (user.status === 'success') console.log(user.result[0]) // registration index
 */
export function readPage<const contracts extends readonly unknown[], allowFailure extends boolean = true>(
  client: Client<Transport, Chain | undefined>,
  parameters: ReadPageParameters<contracts, allowFailure>,
): Promise<ReadPageReturnType<contracts, allowFailure>> {
  const hasMulticall3 = Boolean(parameters.multicallAddress ?? client.chain?.contracts?.multicall3)
  if (hasMulticall3) return multicall(client, { ...parameters, batchSize: 0 })
  const chunks = chunkForDeployless(parameters.contracts as readonly ContractFunctionParameters[])
  return Promise.all(
    chunks.map((contracts) =>
      multicall(client, { ...parameters, contracts, batchSize: 0, deployless: true } as ReadPageParameters<
        contracts,
        allowFailure
      >),
    ),
  ).then((results) => results.flat() as ReadPageReturnType<contracts, allowFailure>)
}

type AbiParameterLike = { type: string; components?: readonly AbiParameterLike[] }

/** The ABI-encoded size of a value of this type, or undefined when it is dynamic. */
function staticSize(parameter: AbiParameterLike): number | undefined {
  const array = /^(.*)\[(\d*)\]$/.exec(parameter.type)
  if (array) {
    if (!array[2]) return undefined
    const item = staticSize({ ...parameter, type: array[1] ?? '' })
    return item === undefined ? undefined : item * Number(array[2])
  }
  if (parameter.type === 'tuple') {
    let total = 0
    for (const component of parameter.components ?? []) {
      const size = staticSize(component)
      if (size === undefined) return undefined
      total += size
    }
    return total
  }
  return parameter.type === 'string' || parameter.type === 'bytes' ? undefined : 32
}

function returnSize(contract: ContractFunctionParameters) {
  const item = (
    contract.abi as readonly { type?: string; name?: string; outputs?: readonly AbiParameterLike[] }[]
  ).find((entry) => entry.type === 'function' && entry.name === contract.functionName)
  return (item?.outputs ?? []).reduce((total, output) => total + (staticSize(output) ?? 32 + dynamicReturnGuess), 0)
}

/** Splits the reads so that each chunk's call data and results stay below the deployless limits. */
function chunkForDeployless(contracts: readonly ContractFunctionParameters[]) {
  const chunks: ContractFunctionParameters[][] = [[]]
  let input = 68 // selector, offset and length of the Call3[] array
  let output = 64 // offset and length of the Result[] array
  for (const contract of contracts) {
    let callData = 0
    try {
      callData = (encodeFunctionData(contract as Parameters<typeof encodeFunctionData>[0]).length - 2) / 2
    } catch {
      // multicall reports the encoding error of this read in its place
    }
    const callSize = 192 + Math.ceil(callData / 32) * 32 // offset, target, allowFailure, bytes offset, length, data
    const resultSize = 128 + Math.ceil(returnSize(contract) / 32) * 32 // offset, success, bytes offset, length, data
    const current = chunks.at(-1) ?? []
    const full = input + callSize > deploylessCallDataLimit || output + resultSize > deploylessReturnDataLimit
    if (current.length > 0 && full) {
      chunks.push([contract])
      input = 68 + callSize
      output = 64 + resultSize
    } else {
      current.push(contract)
      input += callSize
      output += resultSize
    }
  }
  return chunks
}
