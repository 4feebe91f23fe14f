// Router trades for the tests: buys and sells of NEX against USDT, as a given wallet.
import { parseEther, type Address } from 'viem'
import type { deploySystem } from './system.ts'

type System = Awaited<ReturnType<typeof deploySystem>>
type Wallet = System['deployer']

const deadline = 2n ** 40n

/** Gives `wallet` USDT and approves the router for USDT and NEX. */
export async function fund(system: System, wallet: Wallet, usdtAmount = parseEther('100000')) {
  await system.usdt.write.mint([wallet.account.address, usdtAmount])
  await system.usdt.write.approve([system.router.address, 2n ** 255n], { account: wallet.account })
  await system.token.write.approve([system.router.address, 2n ** 255n], { account: wallet.account })
}

/** Buys NEX with `usdtAmount` USDT; returns the transaction hash. */
export function buy(system: System, wallet: Wallet, usdtAmount: bigint, to: Address = wallet.account.address) {
  return system.router.write.swapExactTokensForTokensSupportingFeeOnTransferTokens(
    [usdtAmount, 1n, [system.usdt.address, system.token.address], to, deadline],
    { account: wallet.account },
  )
}

/** Sells `nexAmount` NEX for USDT; returns the transaction hash. */
export function sell(system: System, wallet: Wallet, nexAmount: bigint) {
  return system.router.write.swapExactTokensForTokensSupportingFeeOnTransferTokens(
    [nexAmount, 1n, [system.token.address, system.usdt.address], wallet.account.address, deadline],
    { account: wallet.account },
  )
}
