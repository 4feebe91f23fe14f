// Deploys the Timelock (OpenZeppelin TimelockController) that becomes the owner of every contract
// (scripts/deploy/timelock.ts hands ownership over). Parameters (config/deployment.ts):
//   timelockDelay  seconds between scheduling and executing an owner action (48 h on BSC, 60 s locally)
//   admin          proposer and canceller (a multisig on BSC; the deployer locally)
// Executors are open (address(0): anyone may execute a ready operation); there is no extra admin role.
import { buildModule } from '@nomicfoundation/hardhat-ignition/modules'
import { zeroAddress } from 'viem'

export default buildModule('Timelock', (m) => {
  const minDelay = m.getParameter<bigint>('timelockDelay')
  const admin = m.getParameter<string>('admin')
  const timelock = m.contract('Timelock', [minDelay, [admin], [zeroAddress]], { id: 'Timelock' })
  return { timelock }
})
