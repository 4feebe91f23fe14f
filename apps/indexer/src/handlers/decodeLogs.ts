import { mainAbi } from '@nexus/abi'
import { decodeEventLog, type Address, type Hex } from 'viem'
import { NonRetryableError } from '../internal/errors.ts'
import type { RpcLog } from '../sync/types.ts'

/** A log with its decoded event, ready to write. */
export type DecodedLog = {
  blockNumber: bigint
  blockHash: Hex
  blockTimestamp: bigint
  logIndex: number
  transactionHash: Hex
  transactionIndex: number
  address: Address
  topics: Hex[]
  data: Hex
  eventName: string
  /** Decoded arguments by name; uint256 as bigint. */
  args: Record<string, unknown>
}

/**
 * Decodes logs with the contracts' ABIs (libs/abi). Logs of events the ABIs do not know are kept undecoded
 * (`eventName` 'unknown'), so nothing a contract emitted is lost.
 *
 * @param timestampOf Fallback for nodes whose logs carry no `blockTimestamp`.
 */
export function decodeLogs(logs: readonly RpcLog[], timestampOf: (blockNumber: bigint) => bigint): DecodedLog[] {
  return logs.map((log) => {
    const blockNumber = BigInt(log.blockNumber)
    let eventName = 'unknown'
    let args: Record<string, unknown> = {}
    try {
      const decoded = decodeEventLog({
        abi: mainAbi,
        topics: log.topics as [Hex, ...Hex[]],
        data: log.data,
        strict: true,
      })
      eventName = decoded.eventName
      args = (decoded.args ?? {}) as Record<string, unknown>
    } catch (error) {
      // An event of a known name that fails to decode means the ABI and the contract disagree: stop, never skip.
      if (error instanceof Error && error.name !== 'AbiEventSignatureNotFoundError') {
        throw new NonRetryableError(`Cannot decode log ${log.logIndex} of block ${blockNumber}`, { cause: error })
      }
    }
    return {
      blockNumber,
      blockHash: log.blockHash,
      blockTimestamp: log.blockTimestamp !== undefined ? BigInt(log.blockTimestamp) : timestampOf(blockNumber),
      logIndex: Number(log.logIndex),
      transactionHash: log.transactionHash,
      transactionIndex: Number(log.transactionIndex),
      address: log.address.toLowerCase() as Address,
      topics: log.topics,
      data: log.data,
      eventName,
      args,
    }
  })
}
