import * as abis from '@nexus/abi'
import type { Abi, AbiEvent, Address } from 'viem'
import { toEventSelector } from 'viem'
import type { Source } from '../sync/types.ts'

/**
 * Deployment names that are not the product's contracts: implementations behind proxies, linked libraries (`*Lib`, `*Views`,
 * `*ExpiryQueue`: their events are emitted from the contract that calls them, never from their own address), the
 * local DEX and tokens of others.
 */
const skipped = /Implementation$|Lib$|Views$|ExpiryQueue$|^(USDT|WBNB|Factory|Router|Pair|Multicall3)$/

const lowerFirst = (name: string) => name.charAt(0).toLowerCase() + name.slice(1)

/**
 * The ABI of a deployment name: `<name>Abi` from @nexus/abi, else the ABI of its last word for a second
 * deployment of a contract (`SuperFomo` is a `Fomo`). Undefined when @nexus/abi has none.
 */
export function abiOf(name: string): { kind: string; abi: Abi } | undefined {
  const table = abis as unknown as Record<string, Abi | undefined>
  const direct = table[`${lowerFirst(name)}Abi`]
  if (direct) return { kind: name, abi: direct }
  const lastWord = name.match(/[A-Z][a-z0-9]*$/)?.[0]
  const base = lastWord && lastWord !== name ? table[`${lowerFirst(lastWord)}Abi`] : undefined
  return base ? { kind: lastWord as string, abi: base } : undefined
}

/**
 * The contracts to index from a deployments file: every deployed name with an ABI in @nexus/abi (so each new
 * contract joins as soon as it is deployed and its ABI generated), from its deployment block on.
 *
 * @example
 * const sources = resolveSources(getDeployment(31337).contracts)
 */
export function resolveSources(
  contracts: Record<string, { address: string; blockNumber: number }>,
  only?: readonly string[],
): Source[] {
  return Object.entries(contracts).flatMap(([name, contract]) => {
    if (only ? !only.includes(name) : skipped.test(name)) return []
    const resolved = abiOf(name)
    if (!resolved) return []
    return [
      {
        name,
        kind: resolved.kind,
        abi: resolved.abi,
        address: contract.address.toLowerCase() as Address,
        startBlock: BigInt(contract.blockNumber),
      },
    ]
  })
}

/** topic0 -> event of an ABI (selectors computed once, not per log). */
export function eventsBySelector(abi: Abi): Map<string, AbiEvent> {
  const events = new Map<string, AbiEvent>()
  for (const item of abi) if (item.type === 'event') events.set(toEventSelector(item), item)
  return events
}
