// A transaction's opcode trace (debug_traceTransaction) and the arithmetic every gas profile of this package does on
// it: the gas a step took, where a call returns, a call's own cost apart from its callee's, the address a call
// goes to. One home for it: the gas table's causes (gasTable.ts), the per-part figures (gasBreakdown.ts) and the
// profile scripts (scripts/*GasProfile.ts) all read the trace through these.
import { getAddress, type Address } from 'viem'

/** One step of the trace (storage and memory left out). */
export type TraceStep = { op: string; gas: number; gasCost: number; depth: number; stack?: string[] }

/** Anything that sends a JSON-RPC request (a viem client, an EIP-1193 provider). */
type Requester = { request: (args: never) => Promise<unknown> }

/** The opcodes that start a frame of another contract's code. */
export const CALL_OPS: ReadonlySet<string> = new Set(['CALL', 'STATICCALL', 'DELEGATECALL', 'CALLCODE'])

/** The steps of transaction `hash` (debug_traceTransaction without storage and memory) and its starting gas. */
export async function traceSteps(client: Requester, hash: string): Promise<{ gas: number; steps: TraceStep[] }> {
  const trace = (await client.request({
    method: 'debug_traceTransaction',
    params: [hash, { disableMemory: true, disableStorage: true }],
  } as never)) as { gas: number; structLogs: TraceStep[] }
  return { gas: trace.gas, steps: trace.structLogs }
}

/** The index of the first step after the call at `i` returned (its callee's steps are deeper). */
export function callEnd(steps: readonly TraceStep[], i: number): number {
  const depth = (steps[i] as TraceStep).depth
  let j = i + 1
  while (j < steps.length && (steps[j] as TraceStep).depth > depth) j++
  return j
}

/** The gas step `i` itself took (for a call with a callee frame, see {@link callOwnGas}). */
export function stepGas(steps: readonly TraceStep[], i: number): number {
  const step = steps[i] as TraceStep
  const next = steps[i + 1]
  return next && next.depth === step.depth ? step.gas - next.gas : step.gasCost
}

/**
 * The own cost of the call at step `i` (address access, value, memory expansion): what the caller lost less what
 * the callee used; a call that ran no code (an account without it, a precompile) costs what the caller lost.
 */
export function callOwnGas(steps: readonly TraceStep[], i: number): number {
  const step = steps[i] as TraceStep
  const next = steps[i + 1]
  if (!next) return step.gasCost
  if (next.depth <= step.depth) return step.gas - next.gas
  const j = callEnd(steps, i)
  const last = steps[j - 1] as TraceStep
  const calleeUsed = next.gas - (last.gas - last.gasCost)
  return step.gas - (steps[j]?.gas ?? last.gas - last.gasCost) - calleeUsed
}

/** The gas the call at step `i` took with everything its callee did (what the caller lost across it). */
export function callTotalGas(steps: readonly TraceStep[], i: number): number {
  const after = steps[callEnd(steps, i)]
  const step = steps[i] as TraceStep
  return after ? step.gas - after.gas : step.gasCost
}

/** The `k`-th stack entry from the top of step `step`, as an address (a call's target is k = 1). */
export function stackAddress(step: TraceStep, k: number): Address {
  const stack = step.stack ?? []
  const word = (stack[stack.length - 1 - k] ?? '0').replace(/^0x/, '')
  return getAddress(`0x${word.padStart(40, '0').slice(-40)}`)
}
