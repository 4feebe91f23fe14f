// Deploys Payouts (the legacy withdrawals' payout contract, contracts/Payouts.sol) behind its proxy, on every chain.
// Parameters: `payer` (the keeper's signer: the only account that may pay and cancel; the zero address leaves
// payouts stopped until the owner, the Timelock, sets one) and `$global.upgradeDelay`. The deployer is the first
// owner; scripts/deploy/timelock.ts hands it to the Timelock with the other contracts. The operator funds it with
// the payout tokens (a plain transfer); the owner takes a float back with `withdrawExcess`.
import { buildModule } from '@nomicfoundation/hardhat-ignition/modules'
import { zeroAddress } from 'viem'
import { localDefaults } from '../../config/defaults.ts'

export default buildModule('Payouts', (m) => {
  const deployer = m.getAccount(0)
  const implementation = m.contract('Payouts', [], { id: 'PayoutsImplementation' })
  const data = m.encodeFunctionCall(implementation, 'initialize', [
    deployer,
    m.getParameter('upgradeDelay', localDefaults.main.upgradeDelay),
    m.getParameter<string>('payer', zeroAddress),
  ])
  const proxy = m.contract('NexusProxy', [implementation, data], { id: 'PayoutsProxy' })
  const payouts = m.contractAt('Payouts', proxy, { id: 'Payouts' })
  return { payouts, payoutsImplementation: implementation }
})
