// Where a transaction's gas goes, from the chain's own opcode trace (debug_traceTransaction): storage writes by kind,
// storage reads, events, and each called contract's own gas (its code and storage, without the contracts it calls).
// Used by test/FomoWorstCase.ts with GAS_BREAKDOWN=1 to write the per-part figures of contracts/README.md.

import { CALL_OPS, callOwnGas, stackAddress, traceSteps } from './trace.ts'

type Provider = { request: (args: { method: string; params?: unknown[] }) => Promise<unknown> }

export type Breakdown = {
  /** SSTORE count and gas by what it did: a new slot (zero to non-zero), a rewrite of a slot, or a warm write. */
  sstore: Record<'new' | 'rewrite' | 'warm', { count: number; gas: number }>
  sload: { count: number; gas: number }
  logs: { count: number; gas: number }
  /** Own gas of each frame, by the code address it ran (a DELEGATECALL counts for the library or implementation). */
  frames: Record<string, number>
}

/** The breakdown of transaction `hash`; `names` labels addresses (lower case). */
export async function gasBreakdown(
  provider: Provider,
  hash: string,
  names: Record<string, string>,
): Promise<Breakdown> {
  const { steps } = await traceSteps(provider, hash)
  const result: Breakdown = {
    sstore: { new: { count: 0, gas: 0 }, rewrite: { count: 0, gas: 0 }, warm: { count: 0, gas: 0 } },
    sload: { count: 0, gas: 0 },
    logs: { count: 0, gas: 0 },
    frames: {},
  }
  const label = (address: string) => names[address.toLowerCase()] ?? address
  const frames: string[] = ['(transaction)']
  const charge = (gas: number) => {
    const frame = frames[frames.length - 1]
    result.frames[frame] = (result.frames[frame] ?? 0) + gas
  }
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i]
    const next = steps[i + 1]
    if (step.op === 'SSTORE') {
      const kind = step.gasCost >= 20_000 ? 'new' : step.gasCost >= 2_900 ? 'rewrite' : 'warm'
      result.sstore[kind].count++
      result.sstore[kind].gas += step.gasCost
    } else if (step.op === 'SLOAD') {
      result.sload.count++
      result.sload.gas += step.gasCost
    } else if (step.op.startsWith('LOG')) {
      result.logs.count++
      result.logs.gas += step.gasCost
    }
    if (!next) {
      charge(step.gasCost)
    } else if (next.depth === step.depth) {
      charge(step.gas - next.gas)
    } else if (next.depth > step.depth && CALL_OPS.has(step.op)) {
      charge(callOwnGas(steps, i))
      frames.push(label(stackAddress(step, 1).toLowerCase()))
    } else if (next.depth < step.depth) {
      charge(step.gasCost)
      frames.pop()
    } else {
      charge(step.gasCost)
    }
  }
  return result
}
