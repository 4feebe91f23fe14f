import type { AdminActionNode } from './adminActions.ts'

/** An admin action as the indexer lists it, for tests: a `ConfigUpdated` of `contract` unless `over` says otherwise. */
export const adminActionNode = (contract: string, over: Partial<AdminActionNode> = {}): AdminActionNode => ({
  contract,
  eventName: 'ConfigUpdated',
  target: null,
  oldValue: null,
  newValue: null,
  previousValue: null,
  args: '{}',
  blockNumber: '1',
  timestamp: '1',
  transactionHash: '0x01',
  ...over,
})
