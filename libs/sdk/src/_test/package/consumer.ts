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
import { createWalletClient, erc20Abi, http, publicActions, type Address, type Hex } from 'viem'
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
  }),
)
