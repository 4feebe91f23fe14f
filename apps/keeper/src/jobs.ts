// The keeper's jobs. An upkeep job asks a contract `checkUpkeep('0x')` (Chainlink Automation's interface, the same
// call an automation network makes) and, when work is due, sends `performUpkeep(performData)` through the journaled
// sender, which simulates it first. A contract that does not (yet) implement the interface is skipped.
import { automationCompatibleInterfaceAbi } from '@nexus/abi'
import { type Address, encodeFunctionData, type Hex, type PublicClient } from 'viem'
import type { JournaledSender, SendResult } from './sender.ts'

export type JobOutcome =
  { kind: 'idle'; detail?: string } | { kind: 'sent'; result: SendResult } | { kind: 'unsupported'; detail: string }

export type Job = {
  name: string
  intervalMs: number
  /** Does at most a bounded amount of work; throws on an error worth retrying. */
  run: () => Promise<JobOutcome>
}

/** Contracts of the deployments file that may implement the upkeep interface. */
export const UPKEEP_CONTRACTS = ['Token', 'Mining', 'Burn', 'Fomo', 'SuperFomo'] as const

/**
 * The upkeep job of the contract at `address`: one `performUpkeep` per due check, at most `maxPerRun` per run
 * (a contract that stays due, e.g. a conversion capped per call, continues in the next run).
 */
export function upkeepJob(options: {
  name: string
  address: Address
  client: PublicClient
  sender: JournaledSender
  intervalMs: number
  maxPerRun?: number
}): Job {
  const { name, address, client, sender, intervalMs, maxPerRun = 5 } = options
  const job = `upkeep:${name}`
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
        if (!needed) return i === 0 ? { kind: 'idle' } : last
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
      }
      return last
    },
  }
}
