// Issue 19 leftover: self-referral in Stake. Main refuses an account as its own referrer, so an account can only
// get a referral share of its own deposits through a second account registered under it (and a third under that
// one). SPEC.md's referral rewards then give it exactly what any referrer gets: the direct share of its second
// account's deposit and the indirect share of its third's, in NEX at the deposit's price, at most `directRate +
// indirectRate` <= MAX_REFERRAL_RATE (30 %) of the USDT back, and nothing more: the depositing account's own stake
// has the same terms as an unrelated account's deposit of the same amount.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { network } from 'hardhat'
import { getAddress, parseEther, parseEventLogs, type Address } from 'viem'
import { localContractsIII as local } from '../config/contractsIII.ts'
import { deployContractsIIISystem, join } from './InfoSystem.ts'
import { logCode } from '../scripts/lib/logCodes.ts'

const BPS = 10_000n
const E18 = 10n ** 18n

describe('Stake self-referral (an account under itself through its own second and third accounts)', async () => {
  const connection = await network.create()
  const { networkHelpers } = connection

  async function fixture() {
    const s = await deployContractsIIISystem(connection)
    const [owner, second, third, stranger] = s.users
    // genesis <- owner <- second <- third (all three one person's), and an unrelated stranger under the genesis
    await join(s, owner, s.deployer.account.address)
    await join(s, second, owner.account.address)
    await join(s, third, second.account.address)
    await join(s, stranger, s.deployer.account.address)
    // the largest referral rates the contract accepts: 20 % + 10 % = MAX_REFERRAL_RATE
    const max = await s.stake.read.MAX_REFERRAL_RATE()
    assert.equal(max, 3_000n)
    await s.stake.write.setConfig([{ ...local.stake, directRate: 2_000n, indirectRate: max - 2_000n }])
    return { ...s, owner, second, third, stranger }
  }

  type S = Awaited<ReturnType<typeof fixture>>
  const balances = async (s: S, accounts: Address[]) =>
    Promise.all(accounts.map(async (a) => (await s.stake.read.getUserInfo([a]))[0]))

  /** A deposit's receipt, its stake record and its referral events. */
  async function deposit(s: S, wallet: S['owner'], amount: bigint) {
    const hash = await s.stake.write.deposit([amount, 0n], { account: wallet.account })
    const receipt = await s.publicClient.waitForTransactionReceipt({ hash })
    const [deposited] = parseEventLogs({ abi: s.stake.abi, logs: receipt.logs, eventName: 'Deposited' })
    const referrals = parseEventLogs({ abi: s.stake.abi, logs: receipt.logs, eventName: 'ReferralRewarded' })
    const entries = parseEventLogs({ abi: s.log.abi, logs: receipt.logs, eventName: 'LogAdded' })
    assert.ok(deposited)
    return { deposited: deposited.args, referrals: referrals.map((e) => e.args), entries: entries.map((e) => e.args) }
  }

  it("pays the account exactly the direct share of its second account's deposit, and the second account's stake gets no more than a stranger's", async () => {
    const s = await networkHelpers.loadFixture(fixture)
    const { owner, second, stranger } = s
    const amount = parseEther('1000')
    const [ownerBefore, secondBefore] = await balances(s, [owner.account.address, second.account.address])
    const mine = await deposit(s, second, amount)
    const price = mine.deposited.startPrice
    const direct = (((amount * 2_000n) / BPS) * E18) / price
    const indirect = (((amount * 1_000n) / BPS) * E18) / price
    assert.deepEqual(
      mine.referrals.map((r) => [r.referrer, r.from, r.generation, r.tokens]),
      [
        [getAddress(owner.account.address), getAddress(second.account.address), 1n, direct],
        // the generation above the account is the genesis, not the account: nothing more comes back to it
        [getAddress(s.deployer.account.address), getAddress(second.account.address), 2n, indirect],
      ],
    )
    const [ownerAfter, secondAfter] = await balances(s, [owner.account.address, second.account.address])
    assert.equal(ownerAfter.balance - ownerBefore.balance, direct)
    assert.equal(ownerAfter.rewardDirect - ownerBefore.rewardDirect, direct)
    assert.equal(ownerAfter.rewardIndirect, ownerBefore.rewardIndirect)
    assert.equal(secondAfter.rewardDirect + secondAfter.rewardIndirect, 0n)
    // at most 20 % of the USDT back, in NEX at the deposit's price
    assert.ok((direct * price) / E18 <= (amount * 2_000n) / BPS)

    // a stranger's deposit of the same amount at the same price has the same terms and the same first release
    const theirs = await deposit(s, stranger, amount)
    assert.equal(theirs.deposited.startPrice, price)
    assert.equal(mine.deposited.rewardMax, theirs.deposited.rewardMax)
    assert.equal(mine.deposited.rewardTokens, theirs.deposited.rewardTokens)
    const [strangerAfter] = await balances(s, [stranger.account.address])
    assert.equal(secondAfter.balance - secondBefore.balance, strangerAfter.balance)
    // the Log: the deposit and one credit each, the account's credit with its second account as the counterparty
    assert.deepEqual(
      mine.entries.map((e) => [e.owner, e.from, e.action, e.amount]),
      [
        [getAddress(second.account.address), getAddress(s.stake.address), logCode('action', 'stake_deposit'), amount],
        [
          getAddress(owner.account.address),
          getAddress(second.account.address),
          logCode('action', 'stake_direct'),
          direct,
        ],
        [
          getAddress(s.deployer.account.address),
          getAddress(second.account.address),
          logCode('action', 'stake_indirect'),
          indirect,
        ],
      ],
    )
  })

  it("through a third account under the second, the person's accounts get 30 % of the deposit back at the largest rates, and no more", async () => {
    const s = await networkHelpers.loadFixture(fixture)
    const { owner, second, third, stranger } = s
    const amount = parseEther('2000')
    const accounts = [owner, second, third].map((w) => w.account.address)
    const before = await balances(s, accounts)
    const reserved = async () => (await s.stake.read.getTotals()).totalReserved
    const reservedBefore = await reserved()
    const mine = await deposit(s, third, amount)
    const reservedMine = (await reserved()) - reservedBefore
    const price = mine.deposited.startPrice
    const direct = (((amount * 2_000n) / BPS) * E18) / price
    const indirect = (((amount * 1_000n) / BPS) * E18) / price
    assert.deepEqual(
      mine.referrals.map((r) => [r.referrer, r.generation, r.tokens]),
      [
        [getAddress(second.account.address), 1n, direct],
        [getAddress(owner.account.address), 2n, indirect],
      ],
    )
    const after = await balances(s, accounts)
    const [ownerGain, secondGain, thirdGain] = after.map((u, i) => u.balance - (before[i] as typeof u).balance) as [
      bigint,
      bigint,
      bigint,
    ]
    assert.equal(ownerGain, indirect)
    assert.equal(secondGain, direct)
    // the depositing account gets what any depositor gets: its stake's first release, as a stranger's deposit
    const strangerBefore = await reserved()
    const theirs = await deposit(s, stranger, amount)
    const reservedTheirs = (await reserved()) - strangerBefore
    assert.equal(theirs.deposited.startPrice, price)
    const [strangerUser] = await balances(s, [stranger.account.address])
    assert.equal(thirdGain, strangerUser.balance)
    assert.equal(mine.deposited.rewardTokens, theirs.deposited.rewardTokens)
    // the referral part together: exactly 30 % of the USDT in NEX at the price (each share rounded down)
    assert.equal(ownerGain + secondGain, direct + indirect)
    assert.ok(((ownerGain + secondGain) * price) / E18 <= (amount * 3_000n) / BPS)
    // and Stake reserved for the deposit exactly what it reserves for a stranger's (referral NEX is balance, not reserve)
    assert.equal(reservedMine, reservedTheirs)
  })
})
