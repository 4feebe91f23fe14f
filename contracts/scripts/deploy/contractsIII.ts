// Contracts III deploy part: deploys and wires Stake, Mining, Fomo (FOM and super FOM), Double and Info on top of
// an already deployed Contracts I system, through ignition/modules/ContractsIII.ts (and a TWAP PriceOracle over
// the NEX/USDT pair when no oracle is given). scripts/deploy.ts calls it and records `contractsIIIFutures`.
import type { NetworkConnection } from 'hardhat/types/network'
import type { Address } from 'viem'
import { localContractsIII } from '../../config/contractsIII.ts'
import type { IgnitionParameters } from '../../config/deployment.ts'
import ContractsIIIModule, { ContractsIIIOracleModule } from '../../ignition/modules/ContractsIII.ts'

type Connection = NetworkConnection<'generic'>

/** The Contracts I addresses Contracts III builds on; `pair` is needed only when `oracle` is not given. */
export type ContractsIIIInputs = {
  main: Address
  log: Address
  token: Address
  usdt: Address
  router: Address
  oracle?: Address
  pair?: Address
}

/** Name in libs/abi/deployments/<chainId>.json -> Ignition future id of the transaction that created it. */
export const contractsIIIFutures = {
  Stake: 'ContractsIII#StakeProxy',
  StakeImplementation: 'ContractsIII#StakeImplementation',
  StakeLib: 'ContractsIII#StakeLib',
  Mining: 'ContractsIII#MiningProxy',
  MiningImplementation: 'ContractsIII#MiningImplementation',
  MiningLib: 'ContractsIII#MiningLib',
  Fomo: 'ContractsIII#FomoProxy',
  SuperFomo: 'ContractsIII#SuperFomoProxy',
  FomoImplementation: 'ContractsIII#FomoImplementation',
  FomoLib: 'ContractsIII#FomoLib',
  FomoViews: 'ContractsIII#FomoViews',
  FomoExpiryQueue: 'ContractsIII#ExpiryQueue',
  TeamLib: 'TeamLib#TeamLib',
  Double: 'ContractsIII#DoubleProxy',
  DoubleImplementation: 'ContractsIII#DoubleImplementation',
  Info: 'ContractsIII#InfoProxy',
  InfoImplementation: 'ContractsIII#InfoImplementation',
  PriceOracle: 'ContractsIIIOracle#PriceOracle',
} as const

/**
 * Deploys and wires Contracts III. Returns typed contracts (proxies typed as their implementation) and the
 * address of every deployed contract under its deployments-file name.
 * @example
 * const iii = await deployContractsIII(connection, { main, log, token, usdt, router, pair })
 */
export async function deployContractsIII(
  connection: Connection,
  inputs: ContractsIIIInputs,
  options: { deploymentId?: string; parameters?: Partial<IgnitionParameters> } = {},
) {
  const { ignition, viem } = connection
  const common = { displayUi: false, ...(options.deploymentId ? { deploymentId: options.deploymentId } : {}) }
  let oracle = inputs.oracle
  let oracleDeployed: Address | undefined
  if (!oracle) {
    if (!inputs.pair) throw new Error('deployContractsIII: give either an oracle or the NEX/USDT pair')
    const deployed = await ignition.deploy(ContractsIIIOracleModule, {
      ...common,
      parameters: { ContractsIIIOracle: { pair: inputs.pair, window: localContractsIII.oracleWindow } },
    })
    oracle = deployed.oracle.address
    oracleDeployed = oracle
  }
  const { main, log, token, usdt, router } = inputs
  const d = await ignition.deploy(ContractsIIIModule, {
    ...common,
    parameters: {
      ...options.parameters,
      ContractsIII: { ...options.parameters?.ContractsIII, main, log, token, usdt, router, oracle },
    },
  })
  const addresses: Partial<Record<keyof typeof contractsIIIFutures, Address>> = {
    Stake: d.stake.address,
    StakeImplementation: d.stakeImplementation.address,
    StakeLib: d.stakeLib.address,
    Mining: d.mining.address,
    MiningImplementation: d.miningImplementation.address,
    MiningLib: d.miningLib.address,
    Fomo: d.fomo.address,
    SuperFomo: d.superFomo.address,
    FomoImplementation: d.fomoImplementation.address,
    FomoLib: d.fomoLib.address,
    FomoViews: d.fomoViews.address,
    FomoExpiryQueue: d.expiryQueue.address,
    TeamLib: d.teamLib.address,
    Double: d.double.address,
    DoubleImplementation: d.doubleImplementation.address,
    Info: d.info.address,
    InfoImplementation: d.infoImplementation.address,
    ...(oracleDeployed ? { PriceOracle: oracleDeployed } : {}),
  }
  return {
    stake: await viem.getContractAt('Stake', d.stake.address),
    mining: await viem.getContractAt('Mining', d.mining.address),
    fomo: await viem.getContractAt('Fomo', d.fomo.address),
    superFomo: await viem.getContractAt('Fomo', d.superFomo.address),
    double: await viem.getContractAt('Double', d.double.address),
    info: await viem.getContractAt('Info', d.info.address),
    oracle: await viem.getContractAt('PriceOracle', oracle),
    /** The libraries Fomo links (to deploy further Fomo implementations): `fomoLibraries` as viem takes them. */
    fomoLib: d.fomoLib.address,
    fomoLibraries: { FomoLib: d.fomoLib.address, FomoViews: d.fomoViews.address, TeamLib: d.teamLib.address },
    /** The team library Burn and Fomo link. */
    teamLib: d.teamLib.address,
    addresses,
  }
}
