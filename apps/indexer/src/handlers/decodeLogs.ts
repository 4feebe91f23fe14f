import type { Address, Hex } from 'viem'
import { NonRetryableError } from '../internal/errors.ts'
import type { RpcLog, Source } from '../sync/types.ts'
import { compileEvent, type EventDecoder } from './compileEvent.ts'
import { eventsBySelector } from './resolveSources.ts'

/** A log with its decoded event, ready to write. */
export type DecodedLog = {
  blockNumber: bigint
  blockHash: Hex
  blockTimestamp: bigint
  logIndex: number
  transactionHash: Hex
  transactionIndex: number
  address: Address
  /** Deployment name of the emitting contract ('' when the address is not a source). */
  contract: string
  /** The contract it is (`SuperFomo` is a `Fomo`). */
  kind: string
  topics: Hex[]
  data: Hex
  eventName: string
  /** Decoded arguments by name; uint256 as bigint. */
  args: Record<string, unknown>
}

export type LogDecoder = (logs: readonly RpcLog[], timestampOf: (blockNumber: bigint) => bigint) => DecodedLog[]

/**
 * A decoder for the logs of `sources`, each with its own ABI (libs/abi). Logs of events an ABI does not know
 * are kept undecoded (`eventName` 'unknown'), so nothing a contract emitted is lost.
 * @dev A log whose event is known but does not decode means the ABI and the contract disagree: it throws a
 * NonRetryableError (the range is not written), never skips.
 */
export function createLogDecoder(sources: readonly Source[]): LogDecoder {
  // address -> (topic0 -> compiled decoder): one map lookup per log, no selector hashed per log.
  const byAddress = new Map(
    sources.map((source) => [
      source.address.toLowerCase(),
      {
        source,
        events: new Map(
          [...eventsBySelector(source.abi)].map(([selector, event]) => [
            selector,
            { name: event.name, decode: compileEvent(event) as EventDecoder },
          ]),
        ),
      },
    ]),
  )
  return (logs, timestampOf) =>
    logs.map((log) => {
      const blockNumber = BigInt(log.blockNumber)
      const address = log.address.toLowerCase() as Address
      const known = byAddress.get(address)
      let eventName = 'unknown'
      let args: Record<string, unknown> = {}
      const event = log.topics[0] ? known?.events.get(log.topics[0]) : undefined
      if (event) {
        try {
          args = event.decode(log.topics, log.data) as Record<string, unknown>
          eventName = event.name
        } catch (error) {
          throw new NonRetryableError(
            `Cannot decode ${event.name} of ${known?.source.name} in log ${log.logIndex} of block ${blockNumber}`,
            { cause: error },
          )
        }
      }
      return {
        blockNumber,
        blockHash: log.blockHash,
        blockTimestamp: log.blockTimestamp !== undefined ? BigInt(log.blockTimestamp) : timestampOf(blockNumber),
        logIndex: Number(log.logIndex),
        transactionHash: log.transactionHash,
        transactionIndex: Number(log.transactionIndex),
        address,
        contract: known?.source.name ?? '',
        kind: known?.source.kind ?? '',
        topics: log.topics,
        data: log.data,
        eventName,
        args,
      }
    })
}
