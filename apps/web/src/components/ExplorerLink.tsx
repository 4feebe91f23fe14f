import type { ReactNode } from 'react'
import { appExplorerUrl } from '../lib/explorer.ts'

/**
 * A transaction hash or an address, linked to the block explorer (`VITE_EXPLORER_URL`, else BscScan or testnet
 * BscScan) where there is one; on the local chain without one the bare value.
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
  const url = appExplorerUrl(kind, value)
  return url ? (
    <a href={url} target="_blank" rel="noopener noreferrer" data-testid={testId}>
      {children ?? value}
    </a>
  ) : (
    <span data-testid={testId}>{children ?? value}</span>
  )
}
