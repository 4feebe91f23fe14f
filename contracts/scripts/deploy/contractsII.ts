// Deploy part of Contracts II: given the deployed Contracts I system, deploys Nft, Burn, Ido and their TWAP
// oracles with the Ignition module `ContractsII`, then points the NEX token's fee receivers (`nft`, `burn`,
// `ido`) at them. Idempotent within one Ignition deployment id (Ignition skips what is done; the token wiring
// only writes when an address differs).
import type { NetworkConnection } from 'hardhat/types/network'
import { getAddress, type Address } from 'viem'
import { localContractsII } from '../../config/contractsII.ts'
import type { IgnitionParameters } from '../../config/deployment.ts'
import ContractsIIModule from '../../ignition/modules/ContractsII.ts'

type Connection = NetworkConnection<'generic'>

/** The Contracts I addresses Contracts II builds on. */
export type ContractsIParameters = {
  main: Address
  log: Address
  token: Address
  usdt: Address
  router: Address
  factory: Address
  wbnb: Address
  /** The NEX/USDT pair. */
  pair: Address
}

/** Contract name in the deployments file -> Ignition future id of the transaction that created it. */
export const contractsIIFutures: Record<string, string> = {
  Nft: 'ContractsII#NftProxy',
  NftImplementation: 'ContractsII#NftImplementation',
  NftLib: 'ContractsII#NftLib',
  Burn: 'ContractsII#BurnProxy',
  BurnImplementation: 'ContractsII#BurnImplementation',
  TeamLib: 'TeamLib#TeamLib',
  BurnLib: 'ContractsII#BurnLib',
  ExpiryQueue: 'ContractsII#ExpiryQueue',
  Ido: 'ContractsII#IdoProxy',
  IdoImplementation: 'ContractsII#IdoImplementation',
  IdoLib: 'ContractsII#IdoLib',
  NexOracle: 'ContractsII#NexOracle',
  BnbOracle: 'ContractsII#BnbOracle',
}

/**
 * Deploys and wires Contracts II; opens IDO round 0 at `idoStart` (default: the chain's current time) if unset.
 * `parameters`: a deployment's Ignition parameters (config/deployment.ts); default: the local chain's settings.
 * @example
 * const { addresses } = await deployContractsII(connection, { main, log, token, usdt, router, factory, wbnb, pair })
 */
export async function deployContractsII(
  connection: Connection,
  parameters: ContractsIParameters,
  options: { deploymentId?: string; idoStart?: bigint; parameters?: Partial<IgnitionParameters> } = {},
) {
  const { viem, ignition } = connection
  const deployed = await ignition.deploy(ContractsIIModule, {
    deploymentId: options.deploymentId,
    displayUi: false,
    parameters: { ...options.parameters, ContractsII: { ...options.parameters?.ContractsII, ...parameters } },
  })
  const publicClient = await viem.getPublicClient()
  const token = await viem.getContractAt('Token', parameters.token)
  const config = await token.read.getConfig()
  const nft = getAddress(deployed.nft.address)
  const burn = getAddress(deployed.burn.address)
  const ido = getAddress(deployed.ido.address)
  if (config.nft !== nft || config.burn !== burn || config.ido !== ido) {
    const settings = {
      openTime: config.openTime,
      buyRate: config.buyRate,
      addPoolRate: config.addPoolRate,
      feeUSDT: config.feeUSDT,
      feeNex: config.feeNex,
      autoSwapMin: config.autoSwapMin,
      burnTime: config.burnTime,
      burnMin: config.burnMin,
      dividendGas: config.dividendGas,
      burnReward: config.burnReward,
      sendMin: config.sendMin,
      whiteTime: config.whiteTime,
      market: config.market,
    }
    const hash = await token.write.setConfig([{ ...settings, nft, burn, ido }])
    await publicClient.waitForTransactionReceipt({ hash })
  }
  const idoContract = await viem.getContractAt('Ido', ido)
  if ((await idoContract.read.idos([0n])).startTime === 0n) {
    const round = localContractsII.idoRound
    const start = options.idoStart ?? (await publicClient.getBlock()).timestamp
    const hash = await idoContract.write.setIdo([0n, round.idoMax, round.idoAmount, round.idoTokens, start])
    await publicClient.waitForTransactionReceipt({ hash })
  }
  const addresses: Record<string, Address> = {
    Nft: nft,
    NftImplementation: getAddress(deployed.nftImplementation.address),
    NftLib: getAddress(deployed.nftLib.address),
    Burn: burn,
    BurnImplementation: getAddress(deployed.burnImplementation.address),
    TeamLib: getAddress(deployed.teamLib.address),
    BurnLib: getAddress(deployed.burnLib.address),
    ExpiryQueue: getAddress(deployed.expiryQueue.address),
    Ido: ido,
    IdoImplementation: getAddress(deployed.idoImplementation.address),
    IdoLib: getAddress(deployed.idoLib.address),
    NexOracle: getAddress(deployed.nexOracle.address),
    BnbOracle: getAddress(deployed.bnbOracle.address),
  }
  return {
    nft: await viem.getContractAt('Nft', nft),
    burn: await viem.getContractAt('Burn', burn),
    ido: idoContract,
    nexOracle: await viem.getContractAt('PriceOracle', addresses.NexOracle),
    bnbOracle: await viem.getContractAt('PriceOracle', addresses.BnbOracle),
    addresses,
  }
}
