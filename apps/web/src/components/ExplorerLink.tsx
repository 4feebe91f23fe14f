import type { ReactNode } from 'react'
import { explorerUrl } from '../lib/appChain.ts'
import { env } from '../lib/env.ts'

/**
 * A transaction hash or an address, linked to the chain's block explorer (BscScan, testnet BscScan) where the chain
 * has one; on the local chain the bare value.
 *
 * @example
 * <ExplorerLink kind="tx" value={receipt.transactionHash} />
 */
export function ExplorerLink({
  kind,
  value,
  children,
  testId,
}: {
  kind: 'tx' | 'address'
  value: string
  children?: ReactNode
  testId?: string
}) {
  const url = explorerUrl(env.chainId, kind, value)
  return url ? (
    <a href={url} target="_blank" rel="noopener noreferrer" data-testid={testId}>
      {children ?? value}
    </a>
  ) : (
    <span data-testid={testId}>{children ?? value}</span>
  )
}
