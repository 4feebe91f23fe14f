import { parseAbi } from 'viem'

/**
 * The one function of OpenZeppelin's AccessControl that every page's session reads (is the account the Timelock's
 * admin?). The Timelock's whole ABI would add about 2 KB (gzip) to the first load of every page; this fragment is
 * checked against it (accessControl.test.ts), so it cannot drift from the contract.
 */
export const hasRoleAbi = parseAbi(['function hasRole(bytes32 role, address account) view returns (bool)'])
