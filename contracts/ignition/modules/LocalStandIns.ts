// What exists on BSC but not on a local chain, deployed first and handed to the production modules as parameters
// (router, factory, wbnb, usdt), exactly as PancakeSwap and USDT are on BSC: the DEX (WBNB, factory, router from
// real bytecode), a mintable USDT with test funds for the deployer, BNB/USDT liquidity (BNB payments are valued at
// its TWAP and swapped through it) and Multicall3 (the web app batches its reads with it, as on BSC).
// Never deployed on 56 or 97 (scripts/deploy/system.ts).
import { buildModule } from '@nomicfoundation/hardhat-ignition/modules'
import { localContractsII } from '../../config/contractsII.ts'
import { localDefaults } from '../../config/defaults.ts'
import { DexModule } from './Nexus.ts'

export default buildModule('LocalStandIns', (m) => {
  // the account that deploys them (a test may pass another with `defaultSender` and this parameter)
  const deployer = m.getParameter('owner', m.getAccount(0))
  const { wbnb, factory, router } = m.useModule(DexModule)
  const usdt = m.contract('LocalUSDT', [deployer], { id: 'USDT' })
  const minted = m.call(usdt, 'mint', [deployer, localDefaults.usdtMint])
  const approveUsdt = m.call(usdt, 'approve', [router, localContractsII.liquidityBnbUsdt], {
    id: 'ApproveBnbUsdt',
    after: [minted],
  })
  const bnbUsdt = localContractsII.liquidityBnbUsdt
  m.call(router, 'addLiquidityETH', [usdt, bnbUsdt, bnbUsdt, localContractsII.liquidityBnb, deployer, 2n ** 40n], {
    id: 'AddBnbLiquidity',
    value: localContractsII.liquidityBnb,
    after: [approveUsdt],
  })
  const multicall3 = m.contract('Multicall3', [], { id: 'Multicall3' })
  return { wbnb, factory, router, usdt, multicall3 }
})
