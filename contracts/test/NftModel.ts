// Nft dividends against the exact reference model (test/model/nftModel.ts, issue 32): random sequences of owner
// mints, transfers, burns, USDT arriving (1 wei to 1e30), the fee hook, `sendMin` changes, new cards (power 1 to
// MAX_POWER) and claims, run on the deployed Nft and on the model together (fast-check commands). After every
// step: each holder's credited dividends (settled `total` + `pending`) equal the model's exact share within the
// rounding bound (test/model/sharePool.ts: weight / 1e18 a distribution below, 1 wei a life; Nft's powers are
// small, so in practice exactly), a claim pays exactly what was shown, what all holders are credited never exceeds
// what entered, and the contract holds what it owes. No action reverts but for a refusal the rules name.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import fc from 'fast-check'
import { network } from 'hardhat'
import type { Address } from 'viem'
import { deployContractsIISystem } from './helpers/contractsII.ts'
import { amountArbitrary, assertModelRuns, expectOutcome, runFixed, type ModelCommand } from './model/harness.ts'
import { NftModel } from './model/nftModel.ts'
import { assertInRange } from './model/sharePool.ts'
import { nth } from './model/nth.ts'

const HOLDERS = 4
const MAX_USDT = 10n ** 30n

describe('Nft dividends against the exact model', async () => {
  const connection = await network.create()
  const { networkHelpers } = connection
  const s = await deployContractsIISystem(connection)
  const { nft, usdt } = s
  const holders = s.users.slice(0, HOLDERS)
  const start = await networkHelpers.takeSnapshot()
  const powerFloor = 0n

  type Real = typeof s
  type Model = NftModel & { step: number; entered: bigint; cardCount: number }

  async function setup() {
    await start.restore()
    const model = new NftModel(powerFloor) as Model
    model.step = 0
    model.entered = 0n
    const cards = await nft.read.getCards()
    for (const card of cards) model.createCard(card.tokenId, card.power)
    model.cardCount = cards.length
    return { model, real: s }
  }

  const holder = (i: number) => nth(holders, i, 'holder')
  const address = (i: number): Address => holder(i).account.address

  /** After every step: every holder against the model, the sum against what entered, the contract's cover. */
  async function check(model: Model, label: string) {
    model.distribute() // the views show what a distribution now would give
    let credited = 0n
    let owedNow = 0n
    for (let i = 0; i < HOLDERS; i++) {
      const info = await nft.read.getUserInfo([address(i)])
      const actual = info.user.total + info.pending
      credited += actual
      owedNow += info.user.balance + info.pending
      assertInRange(model.pool, address(i), actual, `${label} (step ${model.step})`)
      assert.equal(info.power, model.pool.weightOf(address(i)), `${label}: power of ${address(i)}`)
    }
    assert.ok(credited <= model.entered, `${label}: holders credited ${credited} > ${model.entered} that entered`)
    const held = await usdt.read.balanceOf([nft.address])
    assert.ok(held >= owedNow, `${label}: Nft holds ${held} < ${owedNow} it owes`)
  }

  const cmd = <A>(
    arb: fc.Arbitrary<A>,
    name: string,
    run: (a: A, model: Model, real: Real) => Promise<void>,
    applies: (a: A, model: Readonly<Model>) => boolean = () => true,
  ) =>
    arb.map((a): ModelCommand<Model, Real> => ({
      check: (model) => applies(a, model),
      run: async (model, real) => {
        model.step++
        await run(a, model, real)
        await check(model, `${name} ${JSON.stringify(a, (_, v) => (typeof v === 'bigint' ? `${v}` : v))}`)
      },
      toString: () => `${name}(${JSON.stringify(a, (_, v) => (typeof v === 'bigint' ? `${v}` : v))})`,
    }))

  const holderIndex = fc.nat(HOLDERS - 1)
  const cardIndex = fc.nat(49)
  const cardOf = (model: Readonly<Model>, i: number) => BigInt((i % model.cardCount) + 1)

  const mint = cmd(
    fc.record({
      to: holderIndex,
      card: cardIndex,
      count: fc.oneof(fc.constant(1n), fc.bigInt({ min: 1n, max: 100n })),
    }),
    'mint',
    async ({ to, card, count }, model) => {
      const id = cardOf(model, card)
      await nft.write.mint([address(to), id, count])
      model.mint(address(to), id, count)
    },
  )
  const transfer = cmd(
    fc.record({ from: holderIndex, to: holderIndex, card: cardIndex, count: fc.bigInt({ min: 1n, max: 100n }) }),
    'transfer',
    async ({ from, to, card, count }, model) => {
      const id = cardOf(model, card)
      const held = model.balanceOf(address(from), id)
      const moved = held === 0n ? count : ((count - 1n) % held) + 1n
      await expectOutcome('transfer', held === 0n ? 'InsufficientBalance' : null, () =>
        nft.write.safeTransferFrom([address(from), address(to), id, moved, '0x'], { account: holder(from).account }),
      )
      if (held > 0n) model.transfer(address(from), address(to), id, moved)
    },
  )
  const burn = cmd(
    fc.record({ from: holderIndex, card: cardIndex, count: fc.bigInt({ min: 1n, max: 100n }) }),
    'burn',
    async ({ from, card, count }, model) => {
      const id = cardOf(model, card)
      const held = model.balanceOf(address(from), id)
      const burned = held === 0n ? count : ((count - 1n) % held) + 1n
      await expectOutcome('burn', held === 0n ? 'InsufficientBalance' : null, () =>
        nft.write.burn([address(from), id, burned], { account: holder(from).account }),
      )
      if (held > 0n) model.burn(address(from), id, burned)
    },
  )
  const fund = cmd(amountArbitrary(MAX_USDT), 'fund', async (amount, model) => {
    await usdt.write.mint([nft.address, amount])
    model.fund(amount)
    model.entered += amount
  })
  const feeHook = cmd(fc.constant(null), 'onFeeReceived', async (_, model) => {
    await nft.write.onFeeReceived([usdt.address, 0n])
    model.distribute()
  })
  const sendMin = cmd(amountArbitrary(MAX_USDT), 'setSendMin', async (value) => {
    await nft.write.setSendMin([value])
  })
  const createCard = cmd(
    fc.oneof(fc.constantFrom(1n, 1_000_000n), fc.bigInt({ min: 1n, max: 1_000_000n })),
    'createNFT',
    async (power, model) => {
      await nft.write.createNFT([power, 1_000_000n, 'model', '.json'])
      model.cardCount++
      model.createCard(BigInt(model.cardCount), power)
    },
    (_, model) => model.cardCount < 6,
  )
  const claim = cmd(holderIndex, 'claimReward', async (i, model) => {
    model.distribute()
    const info = await nft.read.getUserInfo([address(i)])
    const shown = info.user.balance + info.pending
    const before = await usdt.read.balanceOf([address(i)])
    await expectOutcome('claimReward', shown === 0n ? 'NftNothingToClaim' : null, () =>
      nft.write.claimReward({ account: holder(i).account }),
    )
    const paid = (await usdt.read.balanceOf([address(i)])) - before
    assert.equal(paid, shown, `claim of ${address(i)} paid ${paid}, the page showed ${shown}`)
    model.claim(address(i), paid)
  })

  const commands = [mint, mint, transfer, burn, fund, fund, feeHook, sendMin, createCard, claim, claim]

  it('holders are credited exactly their share of what arrived, in any sequence', async () => {
    await assertModelRuns({ setup, commands, maxCommands: 30, defaultRuns: 6, deepRuns: 150 })
  })

  it('a first holder of one power unit takes no more than its share (the first-order attack)', async () => {
    const step = (f: (model: Model) => Promise<void>): ModelCommand<Model, Real> => ({
      check: () => true,
      run: async (model) => {
        model.step++
        await f(model)
        await check(model, `fixed step ${model.step}`)
      },
    })
    const key = 1n // power 1
    const model = await runFixed(setup, [
      step(async (m) => {
        await nft.write.mint([address(0), key, 1n]) // the smallest weight there is, alone in the pool
        m.mint(address(0), key, 1n)
      }),
      step(async (m) => {
        await usdt.write.mint([nft.address, MAX_USDT]) // funding while it is the only weight
        m.fund(MAX_USDT)
        m.entered += MAX_USDT
      }),
      step(async () => {
        await networkHelpers.time.increase(30 * 86_400)
      }),
      step(async (m) => {
        await nft.write.mint([address(1), 2n, 100n]) // ordinary holders arrive
        m.mint(address(1), 2n, 100n)
        await nft.write.mint([address(2), key, 100n])
        m.mint(address(2), key, 100n)
      }),
      step(async (m) => {
        await nft.write.safeTransferFrom([address(1), address(3), 2n, 50n, '0x'], { account: holder(1).account })
        m.transfer(address(1), address(3), 2n, 50n)
      }),
      step(async (m) => {
        await usdt.write.mint([nft.address, 2_100n * 10n ** 18n])
        m.fund(2_100n * 10n ** 18n)
        m.entered += 2_100n * 10n ** 18n
      }),
      ...[0, 1, 2, 3].map((i) =>
        step(async (m) => {
          const before = await usdt.read.balanceOf([address(i)])
          await nft.write.claimReward({ account: holder(i).account })
          m.claim(address(i), (await usdt.read.balanceOf([address(i)])) - before)
        }),
      ),
    ])
    // the dust holder keeps what arrived while it was alone and exactly its 1/2,101 of what came later; the others
    // are paid their 2,100/2,101 of the later 2,100 USDT (each at most 1 wei short)
    const paid = (i: number) => model.claimed.get(address(i)) ?? 0n
    const later = 2_100n * 10n ** 18n
    assert.equal(paid(0), MAX_USDT + later / 2_101n)
    const others = paid(1) + paid(2) + paid(3)
    assert.ok(others <= (later * 2_100n) / 2_101n && others >= (later * 2_100n) / 2_101n - 3n, `others ${others}`)
  })
})
