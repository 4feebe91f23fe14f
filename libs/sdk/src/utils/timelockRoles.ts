// The Timelock's role ids in a module of their own: every page's session reads `hasRole(proposer, account)`, and
// importing them from actions/timelock.ts would bring the Timelock's ABI and operation helpers into the first load.
import { keccak256, toHex } from 'viem'

/**
 * The Timelock's roles (OpenZeppelin's `keccak256` of the role name): the admin holds `proposer` (schedules owner
 * calls) and `canceller`; `executor` is open to anyone.
 *
 * @example
 * await readContract(client, { address: timelock, abi: timelockAbi, functionName: 'hasRole', args: [timelockRoles.proposer, account] })
 */
export const timelockRoles = {
  proposer: keccak256(toHex('PROPOSER_ROLE')),
  canceller: keccak256(toHex('CANCELLER_ROLE')),
  executor: keccak256(toHex('EXECUTOR_ROLE')),
} as const
