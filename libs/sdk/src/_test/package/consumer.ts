// A small program of an outside developer, run by package.test.ts against the packed tarball in a project
// outside the workspace: it must type-check and run with nothing but the published packages.
import { contractNames, mainAbi } from '@nexus/abi'
// eslint-disable-next-line @nx/enforce-module-boundaries -- imports the package by name, as its users do
import {
  AmountSeparatorError,
  ensureAllowance,
  formatAmount,
  parseAmount,
  readPage,
  shortenAddress,
  toUserError,
  type UserError,
  withGasPolicy,
} from '@nexus/sdk'
// eslint-disable-next-line @nx/enforce-module-boundaries -- imports the package by name, as its users do
import { readTokenBalanceOf, readTokenSymbol, simulateTokenTransfer, writeTokenTransfer } from '@nexus/sdk/actions'
import { createConfig, waitForTransactionReceipt } from '@wagmi/core'
import { createWalletClient, erc20Abi, formatEther, http, publicActions, type Address, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { hardhat } from 'viem/chains'

const rpcUrl = process.env.RPC_URL ?? ''
const token = process.env.TOKEN as Address
const account = privateKeyToAccount(process.env.PRIVATE_KEY as Hex)
const client = createWalletClient({ account, chain: hardhat, transport: http(rpcUrl) }).extend(publicActions)
const spender: Address = '0x000000000000000000000000000000000000bEEF'

const approval = await ensureAllowance(client, { token, owner: account.address, spender })
const [balance, allowance] = await readPage(client, {
  contracts: [
    { address: token, abi: erc20Abi, functionName: 'balanceOf', args: [account.address] },
    { address: token, abi: erc20Abi, functionName: 'allowance', args: [account.address, spender] },
  ],
  allowFailure: false,
})
const request = await withGasPolicy(client, {
  address: token,
  abi: erc20Abi,
  functionName: 'transfer',
  args: [spender, parseAmount('1.5')],
})
const hash = await client.writeContract(request)
await client.waitForTransactionReceipt({ hash })

let separator = ''
try {
  parseAmount('1,000')
} catch (error) {
  if (error instanceof AmountSeparatorError) separator = error.shortMessage
}
let failure: UserError | undefined
try {
  await client.simulateContract({
    address: token,
    abi: erc20Abi,
    functionName: 'transfer',
    args: [spender, 10n ** 30n],
  })
} catch (error) {
  failure = toUserError(error, { locale: 'en' })
}

// The framework-free actions (wagmi core, no React): read, simulate and write through a wagmi config in plain Node.
const config = createConfig({ chains: [hardhat], transports: { [hardhat.id]: http(rpcUrl) } })
const actionsBalance = await readTokenBalanceOf(config, { address: token, args: [account.address] })
const symbol = await readTokenSymbol(config, { address: token })
const simulation = await simulateTokenTransfer(config, { account, address: token, args: [spender, parseAmount('1.5')] })
const sent = await writeTokenTransfer(config, { account, address: token, args: [spender, parseAmount('1.5')] })
await waitForTransactionReceipt(config, { hash: sent })
const after = await readTokenBalanceOf(config, { address: token, args: [account.address] })

console.log(
  JSON.stringify({
    approved: approval.approved,
    balance: formatAmount(balance),
    allowance: allowance.toString(),
    gasAboveEstimate: request.gas > 21_000n,
    separator,
    failure: failure && { kind: failure.kind, errorName: failure.errorName, message: failure.message },
    short: shortenAddress(account.address).length,
    abis: contractNames.includes('Main') && mainAbi.length > 0,
    actions: { balance: formatEther(actionsBalance), symbol, simulated: simulation.result, after: formatEther(after) },
  }),
)
