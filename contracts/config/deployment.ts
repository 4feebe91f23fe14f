// The settings of one chain's deployment: read from ignition/parameters/<chainId>.json (its `$global` section),
// checked in one place (`parseDeploymentSettings`), then turned into the Ignition parameters of the modules
// (`ignitionParameters`). On BSC (56) and BSC testnet (97) the local-chain values are refused with a message
// that names the file and the field: 600-second days, a zero start time (claims would stay locked), a zero owner,
// a timelock delay shorter than the chain's minimum.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { getAddress, isAddress, zeroAddress, type Address } from 'viem'
import {
  localContractsII,
  burnDefaults,
  burnMultiDefaults,
  idoDefaults,
  idoRoundDefaults,
  nftDefaults,
} from './contractsII.ts'
import {
  doubleConfig,
  fomoMulti,
  fomoSettings,
  localContractsIII,
  miningMulti,
  miningSettings,
  stakeConfig,
  stakeIdos,
  superFomoMulti,
  superFomoSettings,
} from './contractsIII.ts'
import { localDefaults, mainDefaults, tokenDefaults, tokenMultiDefaults } from './defaults.ts'

const day = 86_400n

/** Chains whose deployments hold real value: no local stand-ins, no local-only values. */
export const publicChains = {
  56: { name: 'BNB Smart Chain', network: 'bsc', minTimelockDelay: 2n * day },
  97: { name: 'BNB Smart Chain testnet', network: 'bscTestnet', minTimelockDelay: 3_600n },
} as const

export type PublicChainId = keyof typeof publicChains

export function isPublicChain(chainId: number): chainId is PublicChainId {
  return chainId in publicChains
}

/** The validated settings of one deployment. Times are unix seconds, periods seconds, amounts base units. */
export type DeploymentSettings = {
  chainId: number
  /** True on 56 and 97: the DEX, USDT and WBNB already exist there; nothing local is deployed. */
  public: boolean
  /** PancakeSwap V2 router and factory, wrapped BNB, USDT (18 decimals). Absent on a local chain: deployed there. */
  router?: Address
  factory?: Address
  wbnb?: Address
  usdt?: Address
  /** Proposer and canceller of the timelock that owns every contract (a multisig). Absent: the deployer (local). */
  admin?: Address
  /**
   * May pause inflows (deposits, orders, mints, registrations) of every upgradeable contract at once, for at most
   * 7 days; never claims. A fast key, not the multisig. Absent: the deployer (local).
   */
  guardian?: Address
  /**
   * The keeper's signer: the only account that may pay legacy withdrawals out of Payouts (and cancel them). Absent:
   * the keeper's local development key on a local chain; on 56 and 97 none, until the owner (the Timelock) sets it.
   */
  payer?: Address
  /** The timelock's minimum delay between scheduling and executing an owner action. */
  timelockDelay: bigint
  /** Length of a day for every contract that counts days (Log, Burn, Ido, Stake, Mining, Fomo, Double). */
  dayLength: bigint
  /** NEX trading opens for everyone at this time. */
  openTime: bigint
  /** IDO round 0 opens at this time. */
  roundStart: bigint
  /** Credited NEX of the IDO starts vesting at this time (0 would lock every claim). */
  claimStart: bigint
  /** TWAP window of the price oracles. */
  oracleWindow: bigint
  /** The NEX/USDT pool the deployer opens (its USDT must be in the deployer's wallet on a public chain). */
  liquidityNex: bigint
  liquidityUsdt: bigint
}

/** Thrown with every problem of a parameter file at once, each naming its field. */
export class DeploymentSettingsError extends Error {
  override name = 'DeploymentSettingsError' as const
  readonly source: string
  readonly problems: readonly string[]
  constructor(source: string, problems: readonly string[]) {
    super(`${source} cannot be deployed:\n${problems.map((p) => `  - ${p}`).join('\n')}`)
    this.source = source
    this.problems = problems
  }
}

/** Where a chain's parameter file lives. */
export function parameterFile(chainId: number, dir = join(import.meta.dirname, '..', 'ignition', 'parameters')) {
  return join(dir, `${isPublicChain(chainId) ? chainId : 'local'}.json`)
}

/** Reads and checks `ignition/parameters/<chainId>.json` (`local.json` for any other chain). */
export function readDeploymentSettings(chainId: number, file = parameterFile(chainId)): DeploymentSettings {
  const json = JSON.parse(readFileSync(file, 'utf8')) as { $global?: unknown }
  return parseDeploymentSettings(chainId, json.$global, file)
}

const fields = {
  addresses: ['router', 'factory', 'wbnb', 'usdt', 'admin', 'guardian'],
  /** May be absent or zero on every chain. */
  optionalAddresses: ['payer'],
  times: [
    'timelockDelay',
    'dayLength',
    'openTime',
    'roundStart',
    'claimStart',
    'oracleWindow',
    'liquidityNex',
    'liquidityUsdt',
  ],
} as const

/**
 * Checks the `$global` section of a parameter file for `chainId` and returns it typed. Whole numbers may be JSON
 * numbers or decimal strings (`"86400"`, Ignition's `"86400n"`); addresses any checksum-valid 20-byte hex.
 * @throws DeploymentSettingsError listing every problem, each naming its field and what the chain needs.
 * @example
 * const settings = parseDeploymentSettings(97, JSON.parse(text).$global, 'ignition/parameters/97.json')
 */
export function parseDeploymentSettings(chainId: number, raw: unknown, source = `parameters of chain ${chainId}`) {
  const problems: string[] = []
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new DeploymentSettingsError(source, ['has no "$global" object with the deployment settings'])
  }
  const input = raw as Record<string, unknown>
  const known = new Set<string>([...fields.addresses, ...fields.optionalAddresses, ...fields.times])
  for (const key of Object.keys(input)) if (!known.has(key)) problems.push(`${key}: unknown setting`)

  const address = (
    key: (typeof fields.addresses)[number] | (typeof fields.optionalAddresses)[number],
  ): Address | undefined => {
    const value = input[key]
    if (value === undefined || value === null) return undefined
    if (typeof value !== 'string' || !isAddress(value, { strict: false })) {
      problems.push(`${key}: ${JSON.stringify(value)} is not an address`)
      return undefined
    }
    return getAddress(value)
  }
  const whole = (key: (typeof fields.times)[number]): bigint | undefined => {
    const value = input[key]
    if (value === undefined || value === null) {
      problems.push(`${key}: missing`)
      return undefined
    }
    const text = typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value
    if (typeof text !== 'string' || !/^\d+n?$/.test(text)) {
      problems.push(`${key}: ${JSON.stringify(value)} is not a whole number >= 0`)
      return undefined
    }
    return BigInt(text.replace(/n$/, ''))
  }

  const parsed = Object.fromEntries([
    ...fields.addresses.map((key) => [key, address(key)]),
    ...fields.optionalAddresses.map((key) => [key, address(key)]),
    ...fields.times.map((key) => [key, whole(key)]),
  ]) as Partial<Omit<DeploymentSettings, 'chainId' | 'public'>>
  const isPublic = isPublicChain(chainId)
  const { timelockDelay, dayLength, openTime, roundStart, claimStart, oracleWindow, liquidityNex, liquidityUsdt } =
    parsed

  if (isPublic) {
    const chain = publicChains[chainId]
    for (const key of fields.addresses) {
      const value = parsed[key]
      if (!value || value === zeroAddress) {
        problems.push(
          key === 'admin'
            ? "admin: the zero address; set the multisig that proposes and cancels the timelock's operations"
            : key === 'guardian'
              ? 'guardian: the zero address; set the account that may pause deposits and orders at once (at most 7 days, never claims)'
              : `${key}: missing or zero; ${chain.name} needs the existing contract's address`,
        )
      }
    }
    if (dayLength !== undefined && dayLength !== day) {
      problems.push(`dayLength: ${dayLength} s is a local-chain value; ${chain.name} needs ${day} (one day)`)
    }
    if (timelockDelay !== undefined && timelockDelay < chain.minTimelockDelay) {
      problems.push(
        `timelockDelay: ${timelockDelay} s is shorter than the ${chain.minTimelockDelay} s ${chain.name} needs`,
      )
    }
    for (const [key, value, meaning] of [
      ['openTime', openTime, 'NEX trading would never open'],
      ['roundStart', roundStart, 'IDO round 0 would never open'],
      ['claimStart', claimStart, 'minted NEX could never be claimed'],
    ] as const) {
      if (value === 0n) problems.push(`${key}: 0 is a local-chain value; ${meaning}: set a unix time`)
    }
    if (oracleWindow !== undefined && oracleWindow < 1_800n) {
      problems.push(
        `oracleWindow: ${oracleWindow} s is a local-chain value; ${chain.name} needs at least 1800 (30 min)`,
      )
    }
  } else {
    if (dayLength !== undefined && (dayLength < 60n || dayLength > 7n * day)) {
      problems.push(`dayLength: ${dayLength} s is outside 60..604800 (the contracts' bound)`)
    }
  }
  if (oracleWindow !== undefined && (oracleWindow < 60n || oracleWindow > day)) {
    problems.push(`oracleWindow: ${oracleWindow} s is outside 60..86400 (the oracle's bound)`)
  }
  if (roundStart && claimStart && claimStart < roundStart) {
    problems.push(`claimStart: ${claimStart} is before roundStart ${roundStart}; claims start after the round opens`)
  }
  if (liquidityNex === 0n) problems.push('liquidityNex: 0; the NEX/USDT pool needs NEX')
  if (liquidityUsdt === 0n) problems.push('liquidityUsdt: 0; the NEX/USDT pool needs USDT')
  if (problems.length) throw new DeploymentSettingsError(source, problems)
  return { chainId, public: isPublic, ...parsed } as DeploymentSettings
}

/** Config objects with mutable arrays (Ignition's parameter type has no readonly tuples). */
export function plain<T extends Record<string, unknown>>(config: T) {
  return Object.fromEntries(Object.entries(config).map(([k, v]) => [k, Array.isArray(v) ? [...v] : v])) as {
    -readonly [K in keyof T]: T[K] extends readonly (infer E)[] ? E[] : T[K]
  }
}

/**
 * The contracts' settings for a deployment: the production defaults on a public chain, the local-chain overrides
 * (short periods so a demo moves) elsewhere; in both, every day is `dayLength` long and the IDO vests from
 * `claimStart`.
 */
export function contractSettings(settings: DeploymentSettings) {
  const days = settings.dayLength
  if (settings.public) {
    return {
      upgradeDelay: mainDefaults.upgradeDelay,
      token: { ...tokenDefaults, burnTime: days },
      tokenMulti: { ...tokenMultiDefaults, oracleWindow: settings.oracleWindow },
      nft: nftDefaults,
      burn: { ...burnDefaults, dayTimes: days },
      burnMulti: burnMultiDefaults,
      ido: { ...idoDefaults, dayTimes: days, roundCool: days, claimStart: settings.claimStart },
      idoRound: idoRoundDefaults,
      stake: { ...stakeConfig, dayTimes: days, roundCool: days },
      stakeIdos,
      mining: { ...miningSettings, dayTimes: days, addTime: days },
      miningMulti,
      fomo: { ...fomoSettings, dayTimes: days },
      fomoMulti,
      superFomo: { ...superFomoSettings, dayTimes: days },
      superFomoMulti,
      double: { ...doubleConfig, dayTimes: days },
      stakeFund: localContractsIII.stakeFund,
      miningFund: localContractsIII.miningFund,
    }
  }
  return {
    upgradeDelay: localDefaults.main.upgradeDelay,
    token: localDefaults.token,
    tokenMulti: { ...localDefaults.tokenMulti, oracleWindow: settings.oracleWindow },
    nft: localContractsII.nft,
    burn: { ...localContractsII.burn, dayTimes: days },
    burnMulti: localContractsII.burnMulti,
    ido: { ...localContractsII.ido, dayTimes: days, claimStart: settings.claimStart },
    idoRound: localContractsII.idoRound,
    stake: { ...localContractsIII.stake, dayTimes: days },
    stakeIdos: localContractsIII.stakeIdos,
    mining: { ...localContractsIII.mining, dayTimes: days },
    miningMulti: localContractsIII.miningMulti,
    fomo: { ...localContractsIII.fomo, dayTimes: days },
    fomoMulti: localContractsIII.fomoMulti,
    superFomo: { ...localContractsIII.superFomo, dayTimes: days },
    superFomoMulti: localContractsIII.superFomoMulti,
    double: { ...localContractsIII.double, dayTimes: days },
    stakeFund: localContractsIII.stakeFund,
    miningFund: localContractsIII.miningFund,
  }
}

/** The addresses of what the system builds on: the DEX and USDT (PancakeSwap and BSC's USDT, or local stand-ins). */
export type ExternalContracts = { router: Address; factory: Address; wbnb: Address; usdt: Address }

/** The DEX and USDT the settings name, when all four are given (always on a public chain). */
export function externalContracts(settings: DeploymentSettings): ExternalContracts | undefined {
  const { router, factory, wbnb, usdt } = settings
  return router && factory && wbnb && usdt ? { router, factory, wbnb, usdt } : undefined
}

/**
 * The Ignition parameters of the modules Nexus, ContractsII and ContractsIII for a deployment: chain settings in
 * `$global`, the contracts' settings (contractSettings) per module.
 */
export function ignitionParameters(settings: DeploymentSettings, external: ExternalContracts) {
  const c = contractSettings(settings)
  return {
    $global: {
      ...external,
      ...(settings.admin ? { admin: settings.admin } : {}),
      timelockDelay: settings.timelockDelay,
      upgradeDelay: c.upgradeDelay,
      dayLength: settings.dayLength,
      openTime: settings.openTime,
      oracleWindow: settings.oracleWindow,
      liquidityNex: settings.liquidityNex,
      liquidityUsdt: settings.liquidityUsdt,
    },
    Nexus: { burnTime: c.token.burnTime },
    ContractsII: {
      burn: plain(c.burn),
      burnMulti: plain(c.burnMulti),
      ido: plain(c.ido),
      idoFunding: c.idoRound.funding,
    },
    ContractsIII: {
      stake: plain(c.stake),
      mining: plain(c.mining),
      miningMulti: plain(c.miningMulti),
      fomo: plain(c.fomo),
      fomoMulti: plain(c.fomoMulti),
      superFomo: plain(c.superFomo),
      superFomoMulti: plain(c.superFomoMulti),
      double: plain(c.double),
      stakeFund: c.stakeFund,
      miningFund: c.miningFund,
    },
  }
}

export type IgnitionParameters = ReturnType<typeof ignitionParameters>
