// Owner actions through the Timelock (OpenZeppelin TimelockController, issue 19): every Nexus contract is owned by
// it, so an owner call is scheduled (`schedule`), waits `getMinDelay()` seconds in public, then anyone executes it.
import { timelockAbi } from '@nexus/abi'
import {
  type Abi,
  type Address,
  type Client,
  decodeFunctionData,
  getAddress,
  type Hex,
  isAddressEqual,
  toHex,
  zeroHash,
} from 'viem'
import { getBlock, getBlockNumber, getLogs } from 'viem/actions'

/**
 * The widest block range asked of one `eth_getLogs` by default: BSC's public RPC endpoints refuse wider ranges
 * (a provider that allows fewer blocks: pass a smaller `maxRange`).
 */
const LOG_RANGE_LIMIT = 5_000n

/** A call the Timelock makes when the operation runs. */
export type TimelockCall = { target: Address; value?: bigint; data: Hex }

/**
 * The `schedule` request (for `writeContract` / `simulateContract`) that makes the Timelock run `call` after
 * `minDelay` seconds, with a fresh random salt so that the same call can be scheduled again.
 *
 * @example
 * const request = timelockScheduleRequest({ timelock, minDelay, call: { target: ido, data } })
 * await walletClient.writeContract({ ...request, account })
 */
export function timelockScheduleRequest({
  timelock,
  minDelay,
  call,
  salt = randomSalt(),
}: {
  timelock: Address
  minDelay: bigint
  call: TimelockCall
  salt?: Hex
}) {
  return {
    address: timelock,
    abi: timelockAbi,
    functionName: 'schedule',
    args: [call.target, call.value ?? 0n, call.data, zeroHash, salt, minDelay],
  } as const
}

/** 32 random bytes (Web Crypto), the salt that keeps two schedulings of the same call apart. */
export function randomSalt(): Hex {
  return toHex(globalThis.crypto.getRandomValues(new Uint8Array(32)))
}

/** The `execute` request of a ready operation (anyone may execute: the executor role is open). */
export function timelockExecuteRequest(timelock: Address, operation: Pick<TimelockOperation, 'call' | 'salt'>) {
  return {
    address: timelock,
    abi: timelockAbi,
    functionName: 'execute',
    args: [operation.call.target, operation.call.value ?? 0n, operation.call.data, zeroHash, operation.salt],
  } as const
}

/** The `cancel` request of a pending or ready operation (cancellers only: the admin). */
export function timelockCancelRequest(timelock: Address, id: Hex) {
  return { address: timelock, abi: timelockAbi, functionName: 'cancel', args: [id] } as const
}

export type TimelockOperationState = 'pending' | 'ready' | 'done' | 'cancelled'

export type TimelockOperation = {
  id: Hex
  state: TimelockOperationState
  call: TimelockCall
  salt: Hex
  /** Unix seconds from which the operation may be executed. */
  readyAt: bigint
  scheduledBlock: bigint
  scheduledTx: Hex
  /** The target's name and the decoded call, when the target is one of `contracts` and its ABI has the function. */
  contract?: string
  functionName?: string
  args?: readonly unknown[]
}

/**
 * Every operation of the Timelock from its events (`CallScheduled`, `CallSalt`, `CallExecuted`, `Cancelled`) since
 * `fromBlock` (its deployment block) up to `toBlock` (the latest by default), newest first, with its state at `now`
 * (unix seconds; `toBlock`'s time by default) and the call decoded with the ABI of the named contract it targets. Single-call operations only, as
 * scheduled by `timelockScheduleRequest` (a batch is listed by its first call). The events are read in ranges of
 * at most `maxRange` blocks (5,000 by default): BSC's public endpoints refuse a wider
 * `eth_getLogs`, and the deployment block lies ever further back.
 *
 * @example
 * const operations = await readTimelockOperations(client, { timelock, fromBlock: 12n, contracts: { Ido: { address: ido, abi: idoAbi } } })
 */
export async function readTimelockOperations(
  client: Client,
  {
    timelock,
    fromBlock = 0n,
    toBlock,
    contracts = {},
    now,
    maxRange = LOG_RANGE_LIMIT,
  }: {
    timelock: Address
    fromBlock?: bigint
    /** The last block read (e.g. the block a page shows); the latest by default. */
    toBlock?: bigint
    contracts?: Record<string, { address: Address; abi: Abi | readonly unknown[] }>
    now?: bigint
    /** The widest block range of one `eth_getLogs` request. */
    maxRange?: bigint
  },
): Promise<TimelockOperation[]> {
  const events = timelockAbi.filter(
    (item) => item.type === 'event' && ['CallScheduled', 'CallSalt', 'CallExecuted', 'Cancelled'].includes(item.name),
  )
  const last = toBlock ?? (await getBlockNumber(client, { cacheTime: 0 }))
  const time = now ?? (await getBlock(client, { blockNumber: last })).timestamp
  const logs = []
  for (let from = fromBlock; from <= last; from += maxRange) {
    const to = from + maxRange - 1n < last ? from + maxRange - 1n : last
    logs.push(...(await getLogs(client, { address: timelock, events, fromBlock: from, toBlock: to, strict: true })))
  }
  const salts = new Map<Hex, Hex>()
  const executed = new Set<Hex>()
  const cancelled = new Set<Hex>()
  const scheduled: { id: Hex; delay: bigint; call: TimelockCall; block: bigint; tx: Hex }[] = []
  for (const log of logs) {
    const args = log.args as Record<string, unknown>
    const id = args.id as Hex
    if (log.eventName === 'CallSalt') salts.set(id, args.salt as Hex)
    else if (log.eventName === 'CallExecuted') executed.add(id)
    else if (log.eventName === 'Cancelled') cancelled.add(id)
    else if (log.eventName === 'CallScheduled' && args.index === 0n)
      scheduled.push({
        id,
        delay: args.delay as bigint,
        call: { target: getAddress(args.target as Address), value: args.value as bigint, data: args.data as Hex },
        block: log.blockNumber,
        tx: log.transactionHash,
      })
  }
  // The ready time is the scheduling block's time + the delay (getTimestamp forgets it once done or cancelled).
  const blockTimes = new Map<bigint, bigint>()
  for (const block of new Set(scheduled.map((entry) => entry.block)))
    blockTimes.set(block, (await getBlock(client, { blockNumber: block })).timestamp)
  const operations = scheduled.map((entry): TimelockOperation => {
    const readyAt = (blockTimes.get(entry.block) ?? 0n) + entry.delay
    const state: TimelockOperationState = executed.has(entry.id)
      ? 'done'
      : cancelled.has(entry.id)
        ? 'cancelled'
        : readyAt <= time
          ? 'ready'
          : 'pending'
    return {
      id: entry.id,
      state,
      call: entry.call,
      salt: salts.get(entry.id) ?? zeroHash,
      readyAt,
      scheduledBlock: entry.block,
      scheduledTx: entry.tx,
      ...decodeCall(entry.call, contracts),
    }
  })
  return operations.reverse()
}

function decodeCall(
  call: TimelockCall,
  contracts: Record<string, { address: Address; abi: Abi | readonly unknown[] }>,
): Pick<TimelockOperation, 'contract' | 'functionName' | 'args'> {
  const found = Object.entries(contracts).find(([, contract]) => isAddressEqual(contract.address, call.target))
  if (!found) return {}
  const [contract, { abi }] = found
  try {
    const decoded = decodeFunctionData({ abi: abi as Abi, data: call.data })
    return { contract, functionName: decoded.functionName, args: decoded.args ?? [] }
  } catch {
    return { contract }
  }
}
