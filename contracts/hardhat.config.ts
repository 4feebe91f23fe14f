import { createRequire } from 'node:module'
import hardhatToolboxViem from '@nomicfoundation/hardhat-toolbox-viem'
import { configVariable, defineConfig } from 'hardhat/config'

const require = createRequire(import.meta.url)
// Compile offline with the npm `solc` package (soljson.js); its exact version is the compiler version.
const solc = { version: require('solc/package.json').version as string, path: require.resolve('solc/soljson.js') }

// Deeper fuzz and invariant runs behind an environment switch (`FUZZ_DEEP=1`); CI uses the fixed seed below.
const deep = process.env.FUZZ_DEEP === '1'

export default defineConfig({
  plugins: [hardhatToolboxViem],
  solidity: {
    profiles: {
      default: {
        ...solc,
        settings: {
          optimizer: { enabled: true, runs: 200 },
          evmVersion: 'cancun',
          // storage layouts let the upgrade tests compare versions slot by slot
          outputSelection: { '*': { '*': ['storageLayout'] } },
        },
      },
      production: {
        ...solc,
        settings: { optimizer: { enabled: true, runs: 200 }, evmVersion: 'cancun' },
      },
    },
  },
  test: {
    solidity: {
      // the Solidity tests deploy the local DEX from the packages' compiled bytecode (vm.getCode)
      fsPermissions: {
        readFile: [
          '../node_modules/@uniswap/v2-core/build/UniswapV2Factory.json',
          '../node_modules/@uniswap/v2-periphery/build/UniswapV2Router02.json',
          '../node_modules/@uniswap/v2-periphery/build/WETH9.json',
        ],
      },
      fuzz: { runs: deep ? 20_000 : 1_000, seed: '0x4e4558' },
      invariant: { runs: deep ? 1_000 : 200, depth: deep ? 500 : 200 },
    },
  },
  networks: {
    localhost: { type: 'http', chainType: 'l1', url: process.env.RPC_URL ?? 'http://127.0.0.1:8545' },
    // BNB Smart Chain. The RPC URL and the deployer's key come from the environment (or `npx hardhat keystore set`),
    // never from the repository; they are read only when a task connects to the network. `chainId` makes Hardhat
    // refuse every request when the endpoint serves another chain, and scripts/deploy.ts checks it before anything.
    bsc: {
      type: 'http',
      chainType: 'l1',
      chainId: 56,
      url: configVariable('BSC_RPC_URL'),
      accounts: [configVariable('DEPLOYER_PRIVATE_KEY')],
    },
    bscTestnet: {
      type: 'http',
      chainType: 'l1',
      chainId: 97,
      url: configVariable('BSC_TESTNET_RPC_URL'),
      accounts: [configVariable('DEPLOYER_PRIVATE_KEY')],
    },
  },
  // `npx hardhat verify --network bsc <address> <constructor args...>`: BscScan through the Etherscan V2 API (one
  // key for every chain), and Sourcify. Blockscout has no BSC instance.
  verify: {
    etherscan: { apiKey: configVariable('ETHERSCAN_API_KEY') },
    sourcify: { enabled: true },
    blockscout: { enabled: false },
  },
})
