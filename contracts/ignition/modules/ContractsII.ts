// Deploys Contracts II on top of the Contracts I system (module `Nexus`) and wires them:
//   TWAP oracles (NEX/USDT, and BNB/USDT over the DEX's existing WBNB/USDT pair) -> Nft (proxy) + key and syndicate cards ->
//   Burn (proxy) -> Ido (proxy) -> Ido as Nft box, Burn and Ido as Log writers, NEX funding of the Ido.
// The addresses of Contracts I come in as parameters ({ "ContractsII": { "main": "0x..", ... } }); see
// scripts/deploy/contractsII.ts, which also points the token's fee receivers at Nft and Burn and opens round 0
// (its start time is the chain's time at deployment, so it is not an Ignition parameter).
// The settings (burn, burnMulti, ido, idoFunding; $global upgradeDelay, oracleWindow) default to the local chain's;
// config/deployment.ts gives a public chain's.
import { buildModule } from '@nomicfoundation/hardhat-ignition/modules'
import { localDefaults } from '../../config/defaults.ts'
import { localContractsII as local } from '../../config/contractsII.ts'
import { plain } from '../../config/deployment.ts'
import { routerArtifact } from '../../scripts/lib/dex.ts'
import TeamLibModule from './TeamLib.ts'

export default buildModule('ContractsII', (m) => {
  const deployer = m.getAccount(0)
  const upgradeDelay = m.getParameter('upgradeDelay', localDefaults.main.upgradeDelay)
  const oracleWindow = m.getParameter('oracleWindow', BigInt(local.oracleWindow))
  const main = m.contractAt('Main', m.getParameter<string>('main'), { id: 'Main' })
  const log = m.contractAt('Log', m.getParameter<string>('log'), { id: 'Log' })
  const token = m.contractAt('Token', m.getParameter<string>('token'), { id: 'Token' })
  const usdt = m.contractAt('LocalUSDT', m.getParameter<string>('usdt'), { id: 'USDT' })
  const router = m.contractAt('UniswapV2Router02', routerArtifact, m.getParameter<string>('router'), { id: 'Router' })
  const factory = m.contractAt('IUniswapV2Factory', m.getParameter<string>('factory'), { id: 'Factory' })
  const wbnb = m.getParameter<string>('wbnb')
  const pair = m.getParameter<string>('pair')

  // BNB payments are valued at the TWAP of the DEX's WBNB/USDT pair and swapped through it
  const bnbPair = m.staticCall(factory, 'getPair', [wbnb, usdt], 0, { id: 'BnbPair' })
  const nexOracle = m.contract('PriceOracle', [pair, oracleWindow], { id: 'NexOracle' })
  const bnbOracle = m.contract('PriceOracle', [bnbPair, oracleWindow], { id: 'BnbOracle' })

  // Nft, with its card setters and card views in a linked library (outside its 24 KB)
  const nftLib = m.library('NftLib', { id: 'NftLib' })
  const nftImplementation = m.contract('Nft', [], { id: 'NftImplementation', libraries: { NftLib: nftLib } })
  const nftInit = m.encodeFunctionCall(nftImplementation, 'initialize', [
    deployer,
    upgradeDelay,
    usdt,
    local.nft.uri,
    local.nft.sendMin,
  ])
  const nftProxy = m.contract('NexusProxy', [nftImplementation, nftInit], { id: 'NftProxy' })
  const nft = m.contractAt('Nft', nftProxy, { id: 'Nft' })
  let previous = undefined as ReturnType<typeof m.call> | undefined
  local.nft.cards.forEach((card, i) => {
    const created = m.call(nft, 'createNFT', [card.power, card.maxSupply, card.cid, card.suffix], {
      id: `CreateCard${i + 1}`,
      after: previous ? [previous] : [],
    })
    previous = m.call(nft, 'setName', [BigInt(i + 1), card.level, card.name], {
      id: `NameCard${i + 1}`,
      after: [created],
    })
  })

  // Burn
  const { teamLib } = m.useModule(TeamLibModule)
  // Burn's own linked libraries: its cold paths (BurnLib) and its expiry queue (ExpiryQueue), outside its 24 KB
  const burnLib = m.library('BurnLib', { id: 'BurnLib', libraries: { TeamLib: teamLib } })
  const expiryQueue = m.library('ExpiryQueue', { id: 'ExpiryQueue' })
  const burnImplementation = m.contract('Burn', [], {
    id: 'BurnImplementation',
    libraries: { TeamLib: teamLib, BurnLib: burnLib, ExpiryQueue: expiryQueue },
  })
  const burnInit = m.encodeFunctionCall(burnImplementation, 'initialize', [
    deployer,
    upgradeDelay,
    { main, usdt, token, router, nexOracle, bnbOracle, nft, market: deployer, log },
    m.getParameter('burn', plain(local.burn)),
    m.getParameter('burnMulti', plain(local.burnMulti)),
  ])
  const burnProxy = m.contract('NexusProxy', [burnImplementation, burnInit], { id: 'BurnProxy' })
  const burn = m.contractAt('Burn', burnProxy, { id: 'Burn' })

  // Ido, with its packed records' cold paths (setters, BNB swap, Burn forwarding, synthesis) in a linked library
  const idoLib = m.library('IdoLib', { id: 'IdoLib' })
  const idoImplementation = m.contract('Ido', [], { id: 'IdoImplementation', libraries: { IdoLib: idoLib } })
  const idoInit = m.encodeFunctionCall(idoImplementation, 'initialize', [
    deployer,
    upgradeDelay,
    { main, usdt, token, router, nexOracle, bnbOracle, nft, burn, treasury: deployer, log },
    m.getParameter('ido', plain(local.ido)),
  ])
  const idoProxy = m.contract('NexusProxy', [idoImplementation, idoInit], { id: 'IdoProxy' })
  const ido = m.contractAt('Ido', idoProxy, { id: 'Ido' })

  // wiring
  m.call(nft, 'setBox', [ido, true], { id: 'IdoBox', after: previous ? [previous] : [] })
  m.call(log, 'setWriter', [burn, true], { id: 'BurnWriter' })
  m.call(log, 'setWriter', [ido, true], { id: 'IdoWriter' })
  // NFT dividend claims write their `claim` entry
  m.call(log, 'setWriter', [nft, true], { id: 'NftWriter' })
  m.call(nft, 'setLog', [log], { id: 'NftLog' })
  m.call(token, 'transfer', [ido, m.getParameter('idoFunding', local.idoRound.funding)], { id: 'FundIdo' })

  return {
    main,
    nft,
    nftImplementation,
    nftLib,
    burn,
    burnImplementation,
    teamLib,
    burnLib,
    expiryQueue,
    ido,
    idoImplementation,
    idoLib,
    nexOracle,
    bnbOracle,
  }
})
