// Kept out of chain.ts, which the global setup imports: that one stays free of workspace packages.
import { idoAbi } from '@nexus/abi'
import { maxUint256, toHex } from 'viem'
import { E2E_OWNER } from './accounts.ts'
import { chainClients, contract, send } from './chain.ts'

const IN_PROGRESS = 2 // IIdo.RoundStatus.InProgress
const COUNTDOWN = 1

/**
 * Makes sure a minting round is in progress, whatever other test files did to the chain's clock (the FOM and mining
 * tests move it by hours): when the current round has ended or is cooling down, the owner schedules the next round
 * with the same figures at the earliest time the contract allows, and the clock moves to it. Returns the round.
 */
export async function ensureIdoRoundInProgress(rpcUrl: string): Promise<bigint> {
  const { public: client, wallet } = chainClients(rpcUrl)
  const address = contract('Ido')
  for (let attempt = 0; attempt < 3; attempt++) {
    const state = await client.readContract({ address, abi: idoAbi, functionName: 'getRoundState' })
    if (state.status === IN_PROGRESS) return state.round
    const { timestamp } = await client.getBlock()
    let start = state.status === COUNTDOWN ? state.startTime : state.hasNext ? state.nextStartTime : 0n
    if (start === 0n) {
      // No next round scheduled: schedule one like the current, right after its cooldown (or now).
      const round = await client.readContract({ address, abi: idoAbi, functionName: 'idos', args: [state.round] })
      start = state.coolEnd > timestamp && state.coolEnd !== maxUint256 ? state.coolEnd : timestamp + 1n
      await send(rpcUrl, () =>
        wallet.writeContract({
          account: E2E_OWNER,
          chain: null,
          address,
          abi: idoAbi,
          functionName: 'setIdo',
          args: [state.round + 1n, round.idoMax, round.idoAmount, round.idoTokens, start],
        }),
      )
    }
    // The scheduling transaction itself mined a block: read the clock again before moving it.
    const latest = await client.getBlock()
    if (start > latest.timestamp) {
      await client.request({ method: 'evm_setNextBlockTimestamp' as never, params: [toHex(start)] as never })
    }
    await client.request({ method: 'evm_mine' as never, params: [] as never })
  }
  throw new Error('could not bring a minting round into progress')
}
