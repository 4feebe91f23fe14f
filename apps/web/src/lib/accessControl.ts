/**
 * The one function of OpenZeppelin's AccessControl that every page's session reads (is the account the Timelock's
 * admin?). The Timelock's whole ABI would add about 2 KB (gzip) to the first load of every page; this fragment is
 * checked against it (accessControl.test.ts), so it cannot drift from the contract. JSON, not viem's `parseAbi`: the
 * human-readable ABI parser would add about 4 KB (gzip) to the first load.
 */
export const hasRoleAbi = [
  {
    type: 'function',
    name: 'hasRole',
    stateMutability: 'view',
    inputs: [
      { name: 'role', type: 'bytes32' },
      { name: 'account', type: 'address' },
    ],
    outputs: [{ name: '', type: 'bool' }],
  },
] as const
