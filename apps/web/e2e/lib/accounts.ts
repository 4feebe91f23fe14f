/** Hardhat's well-known development accounts (public test keys of every local node; never real funds). */
export const TEST_ACCOUNTS = [
  '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
] as const

/** The account the e2e build grants the admin screens through VITE_EXTRA_MANAGERS. */
export const E2E_MANAGER = TEST_ACCOUNTS[1]
/** An account without any privilege. */
export const E2E_VISITOR = TEST_ACCOUNTS[2]
