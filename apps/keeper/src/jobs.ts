// The keeper's jobs. An upkeep job asks a contract `checkUpkeep('0x')` (Chainlink Automation's interface, the same
// call an automation network makes) and, when work is due, sends `performUpkeep(performData)` through the journaled
// sender, which simulates it first. A contract that does not (yet) implement the interface is skipped. A job whose
// send did no work while the contract still says it is due backs off (see isNoWorkEvent).
import { automationCompatibleInterfaceAbi, burnAbi, fomoAbi, tokenAbi } from '@nexus/abi'
import {
  type Address,
  decodeEventLog,
  encodeFunctionData,
  getAbiItem,
  type Hex,
  isAddressEqual,
  type PublicClient,
  toEventSelector,
} from 'viem'
import type { JournaledSender, SendResult } from './sender.ts'

export type JobOutcome =
  { kind: 'idle'; detail?: string } | { kind: 'sent'; result: SendResult } | { kind: 'unsupported'; detail: string }

export type Job = {
  name: string
  intervalMs: number
  /** Does at most a bounded amount of work; throws on an error worth retrying. */
  run: () => Promise<JobOutcome>
}

/**
 * Events of an upkeep that say no work was done: Token's marker of every upkeep (its work has events of its own),
 * Burn's skipped buy-and-burn, and Fomo's failed surplus burn (`SurplusBurned` with `success` false). A
 * `performUpkeep` whose receipt has no other event of the contract made no progress.
 */
const UPKEEP_PERFORMED = toEventSelector(getAbiItem({ abi: tokenAbi, name: 'UpkeepPerformed' }))
const SWAP_BURN_SKIPPED = toEventSelector(getAbiItem({ abi: burnAbi, name: 'SwapBurnSkipped' }))
const SURPLUS_BURNED = toEventSelector(getAbiItem({ abi: fomoAbi, name: 'SurplusBurned' }))

/** Whether `log` (of the upkeep's contract) says no work was done (see above). */
export function isNoWorkEvent(log: { topics: readonly Hex[]; data: Hex }): boolean {
  const topic = log.topics[0]
  if (topic === UPKEEP_PERFORMED || topic === SWAP_BURN_SKIPPED) return true
  if (topic !== SURPLUS_BURNED) return false
  const { args } = decodeEventLog({ abi: fomoAbi, eventName: 'SurplusBurned', topics: [topic], data: log.data })
  return args?.success === false
}

/** Contracts of the deployments file that may implement the upkeep interface. */
export const UPKEEP_CONTRACTS = ['Token', 'Mining', 'Burn', 'Fomo', 'SuperFomo'] as const

/**
 * The upkeep job of the contract at `address`: one `performUpkeep` per due check, at most `maxPerRun` per run
 * (a contract that stays due, e.g. a conversion capped per call, continues in the next block, and after
 * `maxPerRun` in the next run).
 *
 * The keeper's own defence against a contract that stays due without progress (Burn's failing buy-and-burn was
 * due on every block until dbf32c1): a send whose receipt has no work event of the contract (see
 * {@link isNoWorkEvent}), while `checkUpkeep` still answers the same, is not repeated in the next block; the job
 * holds that work for `intervalMs × 2^n` after the n-th such send in a row (at most `maxHoldMs`), and resumes at
 * once when the contract's answer changes or it is no longer due.
 */
export function upkeepJob(options: {
  name: string
  address: Address
  client: PublicClient
  sender: JournaledSender
  intervalMs: number
  maxPerRun?: number
  /** Longest hold of a work that made no progress. @default 300_000 */
  maxHoldMs?: number
  /** The clock of the holds (tests). @default Date.now */
  now?: () => number
}): Job {
  const { name, address, client, sender, intervalMs, maxPerRun = 5, maxHoldMs = 300_000, now = Date.now } = options
  const job = `upkeep:${name}`
  /** The work (performData) held after sends without progress, until when, and how many such sends in a row. */
  let held: { performData: Hex; until: number; sends: number } | undefined
  /** Whether the send's receipt shows work of the contract (an event other than the no-work ones). */
  const progressed = async (txHash: Hex) => {
    const receipt = await client.getTransactionReceipt({ hash: txHash })
    return receipt.logs.some((log) => isAddressEqual(log.address, address) && !isNoWorkEvent(log))
  }
  return {
    name: job,
    intervalMs,
    async run() {
      let last: JobOutcome = { kind: 'idle' }
      for (let i = 0; i < maxPerRun; i++) {
        let due: readonly [boolean, Hex]
        try {
          const { result } = await client.simulateContract({
            address,
            abi: automationCompatibleInterfaceAbi,
            functionName: 'checkUpkeep',
            args: ['0x'],
            account: sender.address,
          })
          due = result
        } catch (error) {
          // no such function (an older implementation), or no contract: nothing this job can do
          if (/reverted|returned no data|does not have the function/i.test(String(error))) {
            return { kind: 'unsupported', detail: `${name} at ${address} has no checkUpkeep` }
          }
          throw error
        }
        const [needed, performData] = due
        if (!needed || (held && held.performData !== performData)) held = undefined
        if (!needed) return i === 0 ? { kind: 'idle' } : last
        if (held && now() < held.until) {
          const detail = `held after ${held.sends} send(s) without progress, until ${new Date(held.until).toISOString()}`
          return i === 0 ? { kind: 'idle', detail } : last
        }
        // the current block, never viem's cached one (a stale number would repeat a finished work key)
        const block = await client.getBlockNumber({ cacheTime: 0 })
        // a new work key per due check: the sender will not repeat it, and the contract re-checks that it is due
        const result = await sender.send(job, `${job}:${block}:${performData}`, {
          to: address,
          data: encodeFunctionData({
            abi: automationCompatibleInterfaceAbi,
            functionName: 'performUpkeep',
            args: [performData],
          }),
        })
        last = { kind: 'sent', result }
        if (result.status !== 'done' || result.resumed) return last
        if (await progressed(result.txHash)) {
          held = undefined
          continue
        }
        // no work done: not again in the next block; held longer after each such send in a row while still due
        const sends = (held?.sends ?? 0) + 1
        held = { performData, sends, until: now() + Math.min(intervalMs * 2 ** sends, maxHoldMs) }
        return last
      }
      return last
    },
  }
}
