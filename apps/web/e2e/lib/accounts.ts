/**
 * Hardhat's well-known development accounts (public test keys of every local node; never real funds). The local
 * node holds their keys and signs for them, so the injected test wallet forwards eth_sendTransaction to it.
 */
export const TEST_ACCOUNTS = [
  '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
  '0x90F79bf6EB2c4f870365E785982E1f101E93b906',
  '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65',
  '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc',
  '0x976EA74026E726554dB657fA54763abd0C3a0aa9',
  '0x14dC79964da2C08b23698B3D3cc7Ca32193d9955',
  '0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f',
  '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720',
  '0xBcd4042DE499D14e55001CcbB24a551F3b954096',
  '0x71bE63f3384f5fb98995898A86B02Fb2426c5788',
  '0xFABB0ac9d68B0B445fB7357272Ff202C5651694a',
  '0x1CBd3b2770909D4e10f157cABC84C7264073C9Ec',
  '0xdF3e18d64BC6A983f673Ab319CCaE4f1a57C7097',
] as const

/** The deployer: owner of Main (a manager on chain), genesis of the referral tree, holder of USDT and NEX. */
export const E2E_OWNER = TEST_ACCOUNTS[0]
/** The account the e2e build grants the admin screens through VITE_EXTRA_MANAGERS (not registered). */
export const E2E_MANAGER = TEST_ACCOUNTS[1]
/** An account without any privilege, registered by the setup. */
export const E2E_VISITOR = TEST_ACCOUNTS[2]
/**
 * Accounts the setup leaves unregistered, for the registration overlay; a test that registers one takes the first
 * still unregistered (`firstUnregistered` in lib/chain.ts), so the suite can run again on the same chain.
 */
export const E2E_NEWCOMERS = [
  TEST_ACCOUNTS[3],
  TEST_ACCOUNTS[7],
  TEST_ACCOUNTS[8],
  TEST_ACCOUNTS[10],
  TEST_ACCOUNTS[11],
  TEST_ACCOUNTS[12],
  TEST_ACCOUNTS[13],
  TEST_ACCOUNTS[14],
] as const
/** Registered and funded with USDT and NEX: minting, claims and swaps. */
export const E2E_MINTER = TEST_ACCOUNTS[4]
export const E2E_SWAPPER = TEST_ACCOUNTS[5]
/** Registered; the account the wallet switches to in the account-change test. */
export const E2E_OTHER = TEST_ACCOUNTS[6]
/** Registered; observation wallet and wrong network tests. */
export const E2E_WATCHER = TEST_ACCOUNTS[9]
