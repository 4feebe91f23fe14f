// The keeper's settings, from the environment only (README.md lists every variable).
import {
  addressSetting as address,
  amountSetting,
  booleanSetting as boolean,
  integerSetting as integer,
  parseRpcUrls,
  SettingsError as ConfigError,
  type WithdrawalPolicy,
  withdrawalPolicySetting,
  databaseSettings,
} from '@nexus/abi/node'
import type { Hex } from 'viem'

/** Hardhat's public development mnemonic (local chains only; the keys are public). */
export const DEV_MNEMONIC = 'test test test test test test test test test test test junk'
/**
 * HD index of the local development key: after the web tests' 0..9 and the seed's 10..45, so its nonces are its
 * own. On the local chain (31337) the keeper tops it up with `hardhat_setBalance` if it has less than 1 coin.
 */
export const DEV_KEY_INDEX = 46

/** A missing or bad setting; the message names the variable and the value. */
export { ConfigError }

export type KeeperConfig = {
  /** RPC_URL: one URL or several (comma-separated, tried in order); required on BSC (56) and its testnet (97). */
  rpcUrls: readonly string[]
  chainId: number
  /** KEEPER_PRIVATE_KEY; undefined on the local chain: the development key (HD index {@link DEV_KEY_INDEX}). */
  privateKey: Hex | undefined
  /** DATABASE_URL; undefined: the embedded PGlite of `@nexus/db`. */
  databaseUrl: string | undefined
  /** DATABASE_MIGRATE: true applies pending migrations at start; 'verify' (false) only checks they are applied. */
  databaseMigrate: true | 'verify'
  host: string
  port: number
  /**
   * Whether the keeper runs the contracts' upkeeps (KEEPER_UPKEEPS, default true); false when Chainlink Automation
   * or Gelato runs them: the keeper then only pays the legacy withdrawals.
   */
  upkeeps: boolean
  /** How often each upkeep job checks whether its work is due (KEEPER_INTERVAL_MS). */
  intervalMs: number
  /** How often the withdrawal job looks for payable withdrawals (WITHDRAW_INTERVAL_MS). */
  withdrawIntervalMs: number
  /** The most the keeper pays per gas, in wei (GAS_PRICE_CAP, given in gwei). */
  gasPriceCap: bigint
  /** How long a sent transaction may stay unmined before it is re-sent with a higher fee (TX_TIMEOUT_MS). */
  txTimeoutMs: number
  /** Each gas bump raises the fee by this percentage (GAS_BUMP_PERCENT, at least 10: nodes refuse less). */
  gasBumpPercent: number
  /**
   * Withdrawals above WITHDRAW_APPROVAL_THRESHOLD wait for a manager's approval; at most WITHDRAW_DAILY_CAP per
   * credit type is paid a UTC day (token units; the legacy API shows the same settings to managers).
   */
  withdrawPolicy: WithdrawalPolicy
  /** ERC-20 paid for each credit type; unset: USDT from the deployments file, ARB from WITHDRAW_TOKEN_ARB. */
  withdrawTokens: Partial<Record<'USDT' | 'ARB', Hex>>
  /** DEPLOYMENTS_FILE: the chain's deployments file, read and checked at start; unset: libs/abi's for the chain. */
  deploymentsFile: string | undefined
  /**
   * KEEPER_CONFIRMATIONS: blocks on top of a block before the keeper treats it as final (default 0 on the local
   * chain 31337, 15 elsewhere). Nothing is recorded done, paid, failed or cancelled from a block that is not final.
   */
  confirmations: number
  /** KEEPER_NOT_READY_AFTER: a job failing this many times in a row makes /readyz answer 503. @default 5 */
  notReadyAfterFailures: number
}

/** Reads and checks the settings; throws {@link ConfigError} with the variable's name on a bad value. */
export function readConfig(env: NodeJS.ProcessEnv): KeeperConfig {
  const chainId = integer(env, 'CHAIN_ID', 31337, 1)
  const rawKey = env.KEEPER_PRIVATE_KEY?.trim()
  if (rawKey && !/^0x[0-9a-fA-F]{64}$/.test(rawKey)) {
    throw new ConfigError('KEEPER_PRIVATE_KEY must be a 0x-prefixed 32-byte hex key')
  }
  if (!rawKey && chainId !== 31337) {
    throw new ConfigError(`KEEPER_PRIVATE_KEY is required on chain ${chainId} (the development key is for 31337 only)`)
  }
  const rpcUrls = parseRpcUrls(env.RPC_URL, chainId)
  const tokens: KeeperConfig['withdrawTokens'] = {}
  const usdt = address(env, 'WITHDRAW_TOKEN_USDT')
  const arb = address(env, 'WITHDRAW_TOKEN_ARB')
  if (usdt) tokens.USDT = usdt
  if (arb) tokens.ARB = arb
  return {
    rpcUrls,
    chainId,
    privateKey: rawKey ? (rawKey as Hex) : undefined,
    ...databaseSettings(env),
    host: env.HOST?.trim() || '127.0.0.1',
    port: integer(env, 'PORT', 4200, 0, 65535),
    upkeeps: boolean(env, 'KEEPER_UPKEEPS', true),
    intervalMs: integer(env, 'KEEPER_INTERVAL_MS', 15_000, 100),
    withdrawIntervalMs: integer(env, 'WITHDRAW_INTERVAL_MS', 15_000, 100),
    gasPriceCap: amountSetting(env, 'GAS_PRICE_CAP', '20', 9),
    txTimeoutMs: integer(env, 'TX_TIMEOUT_MS', 60_000, 100),
    gasBumpPercent: integer(env, 'GAS_BUMP_PERCENT', 20, 10, 500),
    withdrawPolicy: withdrawalPolicySetting(env),
    withdrawTokens: tokens,
    deploymentsFile: env.DEPLOYMENTS_FILE?.trim() || undefined,
    confirmations: integer(env, 'KEEPER_CONFIRMATIONS', chainId === 31337 ? 0 : 15, 0, 10_000),
    notReadyAfterFailures: integer(env, 'KEEPER_NOT_READY_AFTER', 5, 1, 1_000_000),
  }
}
