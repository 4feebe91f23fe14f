// Deploys Contracts II on top of the Contracts I system (module `Nexus`) and wires them:
//   BNB/USDT liquidity (local) -> TWAP oracles (NEX/USDT, BNB/USDT) -> Nft (proxy) + key and syndicate cards ->
//   Burn (proxy) -> Ido (proxy) -> Ido as Nft box, Burn and Ido as Log writers, NEX funding of the Ido.
// The addresses of Contracts I come in as parameters ({ "ContractsII": { "main": "0x..", ... } }); see
// scripts/deploy/contractsII.ts, which also points the token's fee receivers at Nft and Burn and opens round 0
// (its start time is the chain's time at deployment, so it is not an Ignition parameter).
import { buildModule } from '@nomicfoundation/hardhat-ignition/modules'
import { localDefaults } from '../../config/defaults.ts'
import { localContractsII as local } from '../../config/contractsII.ts'
import { routerArtifact } from '../../scripts/lib/dex.ts'

export default buildModule('ContractsII', (m) => {
  const deployer = m.getAccount(0)
  const upgradeDelay = localDefaults.main.upgradeDelay
  const main = m.contractAt('Main', m.getParameter<string>('main'), { id: 'Main' })
  const log = m.contractAt('Log', m.getParameter<string>('log'), { id: 'Log' })
  const token = m.contractAt('Token', m.getParameter<string>('token'), { id: 'Token' })
  const usdt = m.contractAt('LocalUSDT', m.getParameter<string>('usdt'), { id: 'USDT' })
  const router = m.contractAt('UniswapV2Router02', routerArtifact, m.getParameter<string>('router'), { id: 'Router' })
  const factory = m.contractAt('IUniswapV2Factory', m.getParameter<string>('factory'), { id: 'Factory' })
  const wbnb = m.getParameter<string>('wbnb')
  const pair = m.getParameter<string>('pair')

  // BNB/USDT liquidity (local chain): BNB payments are valued at its TWAP and swapped through it
  const approveUsdt = m.call(usdt, 'approve', [router, local.liquidityBnbUsdt], { id: 'ApproveBnbUsdt' })
  const liquidity = m.call(
    router,
    'addLiquidityETH',
    [usdt, local.liquidityBnbUsdt, local.liquidityBnbUsdt, local.liquidityBnb, deployer, 2n ** 40n],
    { id: 'AddBnbLiquidity', value: local.liquidityBnb, after: [approveUsdt] },
  )
  const bnbPair = m.staticCall(factory, 'getPair', [wbnb, usdt], 0, { id: 'BnbPair', after: [liquidity] })
  const nexOracle = m.contract('PriceOracle', [pair, local.oracleWindow], { id: 'NexOracle' })
  const bnbOracle = m.contract('PriceOracle', [bnbPair, local.oracleWindow], { id: 'BnbOracle', after: [liquidity] })

  // Nft
  const nftImplementation = m.contract('Nft', [], { id: 'NftImplementation' })
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
  const burnImplementation = m.contract('Burn', [], { id: 'BurnImplementation' })
  const burnInit = m.encodeFunctionCall(burnImplementation, 'initialize', [
    deployer,
    upgradeDelay,
    { main, usdt, token, router, nexOracle, bnbOracle, nft, market: deployer, log },
    { ...local.burn },
    { ...local.burnMulti },
  ])
  const burnProxy = m.contract('NexusProxy', [burnImplementation, burnInit], { id: 'BurnProxy' })
  const burn = m.contractAt('Burn', burnProxy, { id: 'Burn' })

  // Ido
  const idoImplementation = m.contract('Ido', [], { id: 'IdoImplementation' })
  const idoInit = m.encodeFunctionCall(idoImplementation, 'initialize', [
    deployer,
    upgradeDelay,
    { main, usdt, token, router, nexOracle, bnbOracle, nft, burn, treasury: deployer, log },
    { ...local.ido },
  ])
  const idoProxy = m.contract('NexusProxy', [idoImplementation, idoInit], { id: 'IdoProxy' })
  const ido = m.contractAt('Ido', idoProxy, { id: 'Ido' })

  // wiring
  m.call(nft, 'setBox', [ido, true], { id: 'IdoBox', after: previous ? [previous] : [] })
  m.call(log, 'setWriter', [burn, true], { id: 'BurnWriter' })
  m.call(log, 'setWriter', [ido, true], { id: 'IdoWriter' })
  m.call(token, 'transfer', [ido, local.idoRound.funding], { id: 'FundIdo' })

  return {
    main,
    nft,
    nftImplementation,
    burn,
    burnImplementation,
    ido,
    idoImplementation,
    nexOracle,
    bnbOracle,
  }
})
