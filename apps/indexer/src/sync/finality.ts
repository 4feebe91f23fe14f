/**
 * The highest block that counts as settled: the node's `finalized` block where it offers one below its head (BSC's
 * fast finality: a finalized block is never reorganised), else the head minus `confirmations` (a node without the
 * tag, or a development chain such as Hardhat that calls its head finalized). `final` says which: only a
 * finalized block of the node is final; a confirmation count is a bet that deeper reorgs do not happen.
 * @dev One home for the rule: the catch-up's anchor (`createIndexer.ts`) and the status (`createStatus.ts`).
 */
export function settledBlock(
  head: bigint,
  finalized: bigint | null,
  confirmations: number,
): { number: bigint; final: boolean } {
  if (finalized !== null && finalized < head) return { number: finalized, final: true }
  return { number: head - BigInt(confirmations), final: false }
}
