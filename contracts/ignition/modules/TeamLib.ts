// The team library (contracts/libraries/TeamLib.sol) that Burn (Contracts II) and Fomo (Contracts III) both link:
// one deployment per chain, shared by the two modules (`m.useModule`).
import { buildModule } from '@nomicfoundation/hardhat-ignition/modules'

export default buildModule('TeamLib', (m) => {
  const teamLib = m.library('TeamLib', { id: 'TeamLib' })
  return { teamLib }
})
