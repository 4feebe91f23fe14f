// The contracts that have an owner, by deployments-file name: the Timelock owns every one of them (issue 19).
// scripts/deploy/timelock.ts hands them over; libs/abi generates `timelockOwnedContracts` from this list for the
// apps (the web's transparency page offers their owner actions). Plain data: loaded by path, without Hardhat.

/** The contracts the Timelock owns, by deployments-file name (those present in a deployment). */
export const TIMELOCK_OWNED = [
  'Main',
  'Log',
  'Token',
  'Nft',
  'Burn',
  'Ido',
  'Stake',
  'Mining',
  'Fomo',
  'SuperFomo',
  'Double',
  'Info',
  'Payouts',
] as const
