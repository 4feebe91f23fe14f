// `wagmi generate` writes typed framework-free actions (src/generated/actions.ts) and React hooks
// (src/generated/react.ts) for every contract, from the Hardhat artifacts of contracts/.
// Run by the Nx `generate` target after `contracts:build`; the output is git-ignored.
import { defineConfig } from '@wagmi/cli'
import { actions, hardhat, react } from '@wagmi/cli/plugins'

const contracts = () =>
  hardhat({
    project: '../../contracts',
    artifacts: 'artifacts/contracts',
    // Nx already built the contracts (contracts:build); never let the plugin run Hardhat itself.
    commands: { build: false, clean: false, rebuild: false },
    exclude: ['build-info/**', '*.dbg.json', '**/test/**', '**/mocks/**/*.t.sol/**'],
  })

export default defineConfig([
  { out: 'src/generated/actions.ts', plugins: [contracts(), actions({ overridePackageName: '@wagmi/core' })] },
  { out: 'src/generated/react.ts', plugins: [contracts(), react()] },
])
