import { miningAbi } from '@nexus/abi'
import { erc20Abi, maxUint256, parseEther } from 'viem'
import type { Abi } from 'viem'
import { describe, expect, it } from 'vitest'
import { chainClients, contract, prepareTestAccount } from './lib/chain.ts'
import { sentCount } from './lib/oneTransaction.ts'
import { openConnected } from './lib/session.ts'
import { ownerWrite } from './lib/web4Admin.ts'
import { POOL_ACCOUNT, writeAs } from './lib/web3Pools.ts'
import { baseUrl, rpcUrl, useBrowser } from './lib/fixture.ts'

const browser = useBrowser()

/** Approved and funded, so that nothing but the contract's own check stands between the click and the deposit. */
const DEPOSITOR = POOL_ACCOUNT(133)

describe('a transaction the chain would refuse (issue 23 item 12)', () => {
  it('shows the revert reason of the simulation in the page’s language and sends nothing', async () => {
    const mining = contract('Mining')
    const token = contract('Token')
    await prepareTestAccount(rpcUrl, DEPOSITOR, { nex: parseEther('500') })
    await writeAs(rpcUrl, DEPOSITOR, {
      address: token,
      abi: erc20Abi as Abi,
      functionName: 'approve',
      args: [mining, maxUint256],
    })
    const client = chainClients(rpcUrl).public
    const { page, problems, context } = await openConnected(browser, baseUrl, {
      rpcUrl,
      account: DEPOSITOR,
      path: '/mining',
    })
    // Paused: the web's own checks pass (amount in range, balance, allowance), only the contract refuses the deposit.
    await ownerWrite(rpcUrl, { address: mining, abi: miningAbi, functionName: 'pause', args: [] })
    try {
      await page.getByTestId('mining-range').filter({ hasText: /100/ }).waitFor({ timeout: 15_000 })
      await page.getByTestId('mining-tier-0').click()
      await page.getByTestId('mining-amount').fill('100')
      const sent = await sentCount(rpcUrl, DEPOSITOR)
      const stakes = await client.readContract({
        address: mining,
        abi: miningAbi as Abi,
        functionName: 'getUserStakes',
        args: [DEPOSITOR, 0n, 50n],
      })
      await page.getByTestId('mining-submit').click()
      // OpenZeppelin's EnforcedPause, in the SDK's zh-Hant text (an error toast: role alert)
      await page
        .getByRole('alert')
        .filter({ hasText: '此功能暫停中：新的存入暫時不開放，已欠您的款項仍可領取。' })
        .first()
        .waitFor({ timeout: 15_000 })
      // nothing sent: the account's nonce did not move (the injected wallet sends through the node), no stake added
      expect(await sentCount(rpcUrl, DEPOSITOR)).toBe(sent)
      expect(
        await client.readContract({
          address: mining,
          abi: miningAbi as Abi,
          functionName: 'getUserStakes',
          args: [DEPOSITOR, 0n, 50n],
        }),
      ).toEqual(stakes)
      expect(await page.getByTestId('mining-amount').inputValue()).toBe('100')
      expect(problems.list).toEqual([])
    } finally {
      await ownerWrite(rpcUrl, { address: mining, abi: miningAbi, functionName: 'unpause', args: [] })
      await context.close()
    }
  })
})
