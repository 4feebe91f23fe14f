// Fills the local chain with realistic data after scripts/deploy.ts:
//   36 accounts in a referral tree 6 levels below genesis (a binary tree), funded with BNB and USDT;
//   every account buys NEX through the router, every third one sells part of it; the fee swaps run;
//   every registration and trade is also written to the Log (as the Log admin).
//   npx hardhat run scripts/seed.ts --network localhost
// Idempotent: if the seed accounts are registered already it says so and changes nothing.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { network } from 'hardhat'
import { createWalletClient, custom, keccak256, parseEther, stringToHex, type Address } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { localDefaults } from '../config/defaults.ts'

const SEED_ACCOUNTS = 36
const deadline = 2n ** 40n

const connection = await network.getOrCreate()
const { viem, networkHelpers } = connection
const publicClient = await viem.getPublicClient()
const chainId = await publicClient.getChainId()
if (chainId !== 31337)
  throw new Error(`seed: refusing to seed chain ${chainId}; the seed is for the local chain 31337 only`)

const file = join(import.meta.dirname, '..', '..', 'libs', 'abi', 'deployments', `${chainId}.json`)
const { contracts } = JSON.parse(readFileSync(file, 'utf8')) as { contracts: Record<string, { address: Address }> }
const [deployer] = await viem.getWalletClients()
const main = await viem.getContractAt('Main', contracts.Main.address)
const log = await viem.getContractAt('Log', contracts.Log.address)
const token = await viem.getContractAt('Token', contracts.Token.address)
const usdt = await viem.getContractAt('LocalUSDT', contracts.USDT.address)
const router = await viem.getContractAt('IUniswapV2Router02', contracts.Router.address)

// deterministic accounts, so that a second run recognises its own work
const accounts = Array.from({ length: SEED_ACCOUNTS }, (_, i) =>
  privateKeyToAccount(keccak256(stringToHex(`nexus local seed account ${i}`))),
)
const wallets = accounts.map((account) =>
  createWalletClient({ account, chain: publicClient.chain, transport: custom(connection.provider) }),
)

const [firstIndex] = await main.read.users([accounts[0].address])
if (firstIndex !== 0n) {
  console.log(`seed: already seeded (${await main.read.totalUsers()} registered accounts); nothing to do`)
  process.exit(0)
}

async function wait(hash: `0x${string}`) {
  const receipt = await publicClient.waitForTransactionReceipt({ hash })
  if (receipt.status !== 'success') throw new Error(`seed: transaction ${hash} reverted`)
}

const genesis = await main.read.genesis()
const referrerOf = (i: number): Address => (i === 0 ? genesis : accounts[Math.floor((i - 1) / 2)].address)

console.log(`seed: funding and registering ${SEED_ACCOUNTS} accounts`)
for (const [i, wallet] of wallets.entries()) {
  const address = accounts[i].address
  await wait(await deployer.sendTransaction({ to: address, value: parseEther('10') }))
  await wait(await usdt.write.transfer([address, parseEther(String(1_000 + 100 * i))]))
  await wait(
    await wallet.writeContract({
      address: main.address,
      abi: main.abi,
      functionName: 'register',
      args: [referrerOf(i)],
    }),
  )
  const [index] = await main.read.users([address])
  await wait(await log.write.addLog([address, referrerOf(i), 'NEX', 'register', index, 0n, false]))
}

console.log('seed: trading NEX/USDT through the router')
for (const [i, wallet] of wallets.entries()) {
  const address = accounts[i].address
  const spend = parseEther(String(200 + 25 * i))
  await wait(
    await wallet.writeContract({
      address: usdt.address,
      abi: usdt.abi,
      functionName: 'approve',
      args: [router.address, 2n ** 255n],
    }),
  )
  await wait(
    await wallet.writeContract({
      address: token.address,
      abi: token.abi,
      functionName: 'approve',
      args: [router.address, 2n ** 255n],
    }),
  )
  const before = await token.read.balanceOf([address])
  await wait(
    await wallet.writeContract({
      address: router.address,
      abi: router.abi,
      functionName: 'swapExactTokensForTokensSupportingFeeOnTransferTokens',
      args: [spend, 1n, [usdt.address, token.address], address, deadline],
    }),
  )
  const bought = (await token.read.balanceOf([address])) - before
  await wait(
    await log.write.addLog([address, router.address, 'USDT', 'buy', spend, await usdt.read.balanceOf([address]), true]),
  )
  await wait(await log.write.addLog([address, router.address, 'NEX', 'buy', bought, bought, false]))
  if (i % 3 === 2) {
    const sell = bought / 3n
    await wait(
      await wallet.writeContract({
        address: router.address,
        abi: router.abi,
        functionName: 'swapExactTokensForTokensSupportingFeeOnTransferTokens',
        args: [sell, 1n, [token.address, usdt.address], address, deadline],
      }),
    )
    await wait(await log.write.addLog([address, router.address, 'NEX', 'sell', sell, bought - sell, true]))
  }
}

console.log('seed: letting one TWAP window pass, then running the fee swaps')
await networkHelpers.time.increase(Number(localDefaults.tokenMulti.oracleWindow))
await wait(await token.write.updatePrice())
const [liquidityKept, transKept] = await token.read.getSwapBalances()
const min = await token.read.getAutoSwapMin()
if (transKept >= min) await wait(await token.write.swapAndTrans())
if (liquidityKept >= min) await wait(await token.write.swapAndLiquify())

const info = await token.read.getInfo()
console.log(
  `seed: done: ${await main.read.totalUsers()} registered, ${await log.read.totalLog()} log entries, ` +
    `NEX price ${Number(info.price) / 1e18} USDT, TWAP value of 1 NEX ${Number(await token.read.getSwapValue([10n ** 18n])) / 1e18} USDT`,
)
await connection.close()
