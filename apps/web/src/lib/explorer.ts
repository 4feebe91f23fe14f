import { explorerUrl } from './appChain.ts'
import { env } from './env.ts'

/**
 * This build's link to a transaction or an account on the block explorer (`VITE_EXPLORER_URL`, else BscScan on 56
 * and 97), or undefined on a chain without one: the one home of the links in toasts and pages.
 *
 * @example
 * appExplorerUrl('tx', receipt.transactionHash) // 'https://bscscan.com/tx/0x…' in a BSC build
 */
export function appExplorerUrl(kind: 'tx' | 'address', value: string): string | undefined {
  return explorerUrl(env.chainId, kind, value, env.explorerUrl)
}
