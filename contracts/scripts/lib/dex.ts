// The PancakeSwap-V2-compatible DEX for the local chain, from the real compiled bytecode of the
// @uniswap/v2-core (factory, pair) and @uniswap/v2-periphery (router, WETH9 as WBNB) packages.
// The router hard-codes the pair init-code hash; `pairInitCodeHash` checks it matches the pair bytecode.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { keccak256, type Abi, type Hex } from 'viem'

const require = createRequire(import.meta.url)

export type CompiledArtifact = {
  _format: 'hh3-artifact-1'
  contractName: string
  sourceName: string
  abi: Abi
  bytecode: Hex
  deployedBytecode: Hex
  linkReferences: Record<string, never>
  deployedLinkReferences: Record<string, never>
}

function load(pkg: '@uniswap/v2-core' | '@uniswap/v2-periphery', name: string): CompiledArtifact {
  const json = JSON.parse(readFileSync(require.resolve(`${pkg}/build/${name}.json`), 'utf8')) as {
    abi: Abi
    bytecode: string
    evm?: { deployedBytecode?: { object?: string } }
  }
  const hex = (code: string) => (code.startsWith('0x') ? code : `0x${code}`) as Hex
  return {
    _format: 'hh3-artifact-1',
    contractName: name,
    sourceName: `${pkg}/build/${name}.json`,
    abi: json.abi,
    bytecode: hex(json.bytecode),
    deployedBytecode: hex(json.evm?.deployedBytecode?.object ?? ''),
    linkReferences: {},
    deployedLinkReferences: {},
  }
}

/** UniswapV2Factory (v2-core 1.0.1): `constructor(feeToSetter)`. */
export const factoryArtifact = load('@uniswap/v2-core', 'UniswapV2Factory')
/** UniswapV2Pair (v2-core 1.0.1), created by the factory. */
export const pairArtifact = load('@uniswap/v2-core', 'UniswapV2Pair')
/** UniswapV2Router02 (v2-periphery 1.1.0-beta.0): `constructor(factory, WETH)`. */
export const routerArtifact = load('@uniswap/v2-periphery', 'UniswapV2Router02')
/** WETH9, deployed as wrapped BNB. */
export const wbnbArtifact = load('@uniswap/v2-periphery', 'WETH9')

/** The init-code hash that UniswapV2Router02 (UniswapV2Library.pairFor) has compiled in. */
export const ROUTER_PAIR_INIT_CODE_HASH = '0x96e8ac4277198ff8b6f785478aa9a39f403cb768dd02cbee326c3e7da348845f'

/** keccak256 of the pair's creation code: must equal {@link ROUTER_PAIR_INIT_CODE_HASH}. */
export function pairInitCodeHash(): Hex {
  return keccak256(pairArtifact.bytecode)
}
