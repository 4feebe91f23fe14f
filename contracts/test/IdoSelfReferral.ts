// Issue 19 leftover: self-referral in Ido. Main refuses an account as its own referrer, so an account can only get a
// referral share of its own mints through a second account registered under it (and a third under that one).
// SPEC.md's referral rewards then pay it exactly what any referrer gets, at once and in what was paid: the direct
// share of its second account's mint and the indirect share of its third's, at most `directRate + indirectRate`
// <= MAX_REWARD_RATES (30 %) of the price, and nothing more: the minting account gets the NEX and keys any mint
// gets, the treasury the rest, and the Ido keeps nothing.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { network } from 'hardhat'
import { getAddress, parseEventLogs } from 'viem'
import { localContractsII } from '../config/contractsII.ts'
import { deployContractsIISystem, fundWallet, register } from './helpers/contractsII.ts'
import { logCode } from '../scripts/lib/logCodes.ts'

const BPS = 10_000n
const PRICE = localContractsII.idoRound.idoAmount
const TOKENS = localContractsII.idoRound.idoTokens

describe('Ido self-referral (an account under itself through its own second and third accounts)', async () => {
  const connection = await network.create()
  const { networkHelpers } = connection

  async function fixture() {
    const system = await deployContractsIISystem(connection)
    const [owner, second, third, stranger] = system.users
    const { ido, deployer } = system
    // genesis <- owner <- second <- third (all three one person's), and an unrelated stranger under the genesis
    await register(system, owner, deployer.account.address)
    await register(system, second, owner.account.address)
    await register(system, third, second.account.address)
    await register(system, stranger, deployer.account.address)
    for (const wallet of [owner, second, third, stranger]) await fundWallet(system, wallet, ido.address)
    // the largest referral rates the contract accepts: 20 % + 10 % = MAX_REWARD_RATES
    const max = await ido.read.MAX_REWARD_RATES()
    assert.equal(max, 3_000n)
    await ido.write.setConfig([{ ...(await ido.read.getSettings()), directRate: 2_000n, indirectRate: max - 2_000n }])
    return { ...system, owner, second, third, stranger }
  }
  type S = Awaited<ReturnType<typeof fixture>>

  /** USDT balances of `accounts`, the treasury (the deployer) and the Ido. */
  const usdtOf = (s: S, accounts: `0x${string}`[]) =>
    Promise.all([...accounts, s.deployer.account.address, s.ido.address].map((a) => s.usdt.read.balanceOf([a])))

  async function mint(s: S, wallet: S['owner'], times: bigint) {
    const hash = await s.ido.write.mint([times, true], { account: wallet.account })
    const receipt = await s.publicClient.waitForTransactionReceipt({ hash })
    return {
      referrals: parseEventLogs({ abi: s.ido.abi, logs: receipt.logs, eventName: 'ReferralRewarded' }).map(
        (e) => e.args,
      ),
      entries: parseEventLogs({ abi: s.log.abi, logs: receipt.logs, eventName: 'LogAdded' }).map((e) => e.args),
    }
  }

  it("pays the account exactly the direct share of its second account's mint, the rest to the treasury, and the mint is any mint", async () => {
    const s = await networkHelpers.loadFixture(fixture)
    const { owner, second, stranger, ido } = s
    const paid = 3n * PRICE
    const direct = (paid * 2_000n) / BPS
    const indirect = (paid * 1_000n) / BPS
    const before = await usdtOf(s, [owner.account.address, second.account.address])
    const mine = await mint(s, second, 3n)
    const after = await usdtOf(s, [owner.account.address, second.account.address])
    const [ownerGain, secondGain, treasuryGain, idoGain] = after.map((v, i) => v - (before[i] as bigint))
    assert.deepEqual(
      mine.referrals.map((r) => [r.referrer, r.from, r.isDirect, r.isNEX, r.amount]),
      [
        [getAddress(owner.account.address), getAddress(second.account.address), true, false, direct],
        // the generation above the account is the genesis (here also the treasury), not the account
        [getAddress(s.deployer.account.address), getAddress(second.account.address), false, false, indirect],
      ],
    )
    assert.equal(ownerGain, direct)
    assert.equal(secondGain, -paid)
    assert.equal(treasuryGain, paid - direct) // the indirect share and the rest: both the deployer's here
    assert.equal(idoGain, 0n)
    const ownerRecord = await ido.read.users([owner.account.address])
    assert.equal(ownerRecord.rewardDirect, direct)
    assert.equal(ownerRecord.rewardIndirect, 0n)
    // the second account's record is a stranger's mint of the same size
    await mint(s, stranger, 3n)
    const mineRecord = await ido.read.users([second.account.address])
    const theirRecord = await ido.read.users([stranger.account.address])
    assert.deepEqual(mineRecord, theirRecord)
    assert.equal(mineRecord.tokens, 3n * TOKENS)
    // the Log: the mint and one credit each (a reward, paid at once), the account's with its second as counterparty
    assert.deepEqual(
      mine.entries.map((e) => [e.owner, e.from, e.action, e.amount, e.isReward]),
      [
        [getAddress(second.account.address), getAddress(ido.address), logCode('action', 'ido_mint'), paid, false],
        [
          getAddress(owner.account.address),
          getAddress(second.account.address),
          logCode('action', 'ido_direct'),
          direct,
          true,
        ],
        [
          getAddress(s.deployer.account.address),
          getAddress(second.account.address),
          logCode('action', 'ido_indirect'),
          indirect,
          true,
        ],
      ],
    )
    const reward = await s.log.read.getUserReward([owner.account.address, logCode('symbol', 'USDT')])
    assert.equal(reward.total, direct)
  })

  it("through a third account under the second, the person's accounts get 30 % of the price back at the largest rates, and no more", async () => {
    const s = await networkHelpers.loadFixture(fixture)
    const { owner, second, third, ido } = s
    const paid = 5n * PRICE
    const direct = (paid * 2_000n) / BPS
    const indirect = (paid * 1_000n) / BPS
    const accounts = [owner, second, third].map((w) => w.account.address)
    const before = await usdtOf(s, accounts)
    const mine = await mint(s, third, 5n)
    const after = await usdtOf(s, accounts)
    const [ownerGain, secondGain, thirdGain, treasuryGain, idoGain] = after.map((v, i) => v - (before[i] as bigint))
    assert.deepEqual(
      mine.referrals.map((r) => [r.referrer, r.isDirect, r.amount]),
      [
        [getAddress(second.account.address), true, direct],
        [getAddress(owner.account.address), false, indirect],
      ],
    )
    assert.equal(secondGain, direct)
    assert.equal(ownerGain, indirect)
    assert.equal(thirdGain, -paid)
    // together exactly 30 % back; the treasury gets the other 70 %, the Ido keeps nothing
    assert.equal(ownerGain + secondGain + thirdGain, -(paid * 7_000n) / BPS)
    assert.equal(treasuryGain, paid - direct - indirect)
    assert.equal(idoGain, 0n)
    assert.equal((await ido.read.users([third.account.address])).tokens, 5n * TOKENS)
    assert.equal((await ido.read.users([owner.account.address])).rewardIndirect, indirect)
    assert.equal((await ido.read.users([second.account.address])).rewardDirect, direct)
  })
})
