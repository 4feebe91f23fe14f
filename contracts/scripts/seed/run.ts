// The local seed: fills every contract of the deployed system (Contracts I, II and III) with realistic data, through
// the contracts' real functions called by the seeded users (never by writing storage). See scripts/seed.ts.
//
// Timeline (local parameters: 10-minute days, 1-hour IDO rounds with a 10-minute cooldown, a 1-hour FOM clock,
// a 30-minute super FOM clock, a 70-minute shortest mining lock): everything that needs time is started first, then
// the chain moves once past the latest of those moments (about 75 minutes ahead of real time), and the second half
// claims, settles, releases and opens the live rounds. Hardhat also gives every block at least one second, so the
// chain ends about 78 minutes ahead of the wall clock (the summary prints it); web countdowns use the latest block's
// time, so they stay consistent.
import type { NetworkConnection } from 'hardhat/types/network'
import {
  encodeFunctionData,
  formatEther,
  isAddressEqual,
  parseEther,
  type Abi,
  type Address,
  type Hash,
  type TransactionReceipt,
} from 'viem'
import { localDefaults } from '../../config/defaults.ts'
import { ownableAbi, timelockCall } from '../deploy/timelock.ts'
import {
  FIRST_INDEX,
  KEEPER_INDEX,
  PAYOUTS_USDT,
  keeperAddress,
  parentOf,
  SEED_ACCOUNTS,
  seedAccounts,
  seedWallets,
  type SeedWallet,
} from './accounts.ts'

type Connection = NetworkConnection<'generic'>

const ether = 10n ** 18n
const deadline = 2n ** 40n
const maxApproval = 10n ** 38n

/** IDO rounds the seed configures after round 0 (deployed): round 1 (live at the end) and round 2 (preview). */
export const SEED_IDO_ROUNDS = [
  { idoMax: 5_000n, idoAmount: 120n * ether, idoTokens: 1_000n * ether },
  { idoMax: 5_000n, idoAmount: 150n * ether, idoTokens: 1_000n * ether },
] as const

/** What a seed run created (or found: `alreadySeeded`). */
export type SeedSummary = {
  alreadySeeded: boolean
  accounts: number
  transactions: number
  idoUnits: bigint
  idoRound: bigint
  syntheses: number
  burnOrders: bigint
  forcedOut: number
  teamLeaders: number
  stakes: bigint
  stakeRounds: number
  miningStakes: bigint
  miningReleased: number
  fomoOrders: bigint
  superFomoOrders: bigint
  settledRounds: { fomo: bigint; superFomo: bigint }
  doubleRecords: bigint
  logEntries: bigint
  chainAhead: bigint
}

/** The addresses the seed needs, by deployments-file name. */
const REQUIRED = [
  'Main',
  'Log',
  'Token',
  'USDT',
  'Router',
  'Ido',
  'Nft',
  'Burn',
  'NexOracle',
  'BnbOracle',
  'Stake',
  'Mining',
  'Fomo',
  'SuperFomo',
  'Double',
  'Payouts',
] as const

/**
 * Seeds the local chain. Refuses any chain but 31337; returns `alreadySeeded` without a transaction when the seed
 * ran before, and throws on a partly seeded chain.
 * @example
 * const summary = await seed(connection, addresses, console.log)
 */
export async function seed(
  connection: Connection,
  addresses: Record<string, Address>,
  say: (line: string) => void = () => undefined,
): Promise<SeedSummary> {
  // The keys first: deriving them keeps the event loop busy for a while on a loaded machine, and doing it between two
  // requests lets the node close the idle keep-alive connection under the client's feet (see accounts.ts).
  const accounts = seedAccounts()
  const { viem, networkHelpers } = connection
  const publicClient = await viem.getPublicClient()
  const chainId = await publicClient.getChainId()
  if (chainId !== 31337) throw new Error(`seed: refusing to seed chain ${chainId}; the seed is for 31337 only`)
  for (const name of REQUIRED) if (!addresses[name]) throw new Error(`seed: no ${name} in the deployments`)

  const [deployer] = await viem.getWalletClients()
  const main = await viem.getContractAt('Main', addresses.Main)
  const log = await viem.getContractAt('Log', addresses.Log)
  const token = await viem.getContractAt('Token', addresses.Token)
  const usdt = await viem.getContractAt('LocalUSDT', addresses.USDT)
  const router = await viem.getContractAt('IUniswapV2Router02', addresses.Router)
  const ido = await viem.getContractAt('Ido', addresses.Ido)
  const nft = await viem.getContractAt('Nft', addresses.Nft)
  const burn = await viem.getContractAt('Burn', addresses.Burn)
  const nexOracle = await viem.getContractAt('PriceOracle', addresses.NexOracle)
  const bnbOracle = await viem.getContractAt('PriceOracle', addresses.BnbOracle)
  const stake = await viem.getContractAt('Stake', addresses.Stake)
  const mining = await viem.getContractAt('Mining', addresses.Mining)
  const fomo = await viem.getContractAt('Fomo', addresses.Fomo)
  const superFomo = await viem.getContractAt('Fomo', addresses.SuperFomo)
  const double = await viem.getContractAt('Double', addresses.Double)

  const wallets = seedWallets(accounts, publicClient.chain, connection.provider)
  const address = (i: number) => accounts[i].address
  const genesis = await main.read.genesis()
  const referrerOf = (i: number): Address => {
    const parent = parentOf(i)
    return parent === undefined ? genesis : address(parent)
  }

  const [firstIndex] = await main.read.users([address(0)])
  if (firstIndex !== 0n) {
    if ((await ido.read.idos([2n])).startTime === 0n)
      throw new Error('seed: the chain is partly seeded (an earlier run stopped); restart the node and deploy again')
    return { ...(await summarize(true)), transactions: 0 }
  }

  let transactions = 0
  async function confirm(hash: Hash, label: string): Promise<TransactionReceipt> {
    const receipt =
      (await publicClient.getTransactionReceipt({ hash }).catch(() => undefined)) ??
      (await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 }))
    if (receipt.status !== 'success') throw new Error(`seed: ${label} reverted (${hash})`)
    transactions++
    return receipt
  }
  /** Sends `functionName(args)` to `contract` from `wallet` and waits for it; failures name the step. */
  async function send(
    wallet: SeedWallet | typeof deployer,
    contract: { address: Address; abi: Abi },
    functionName: string,
    args: readonly unknown[] = [],
    value?: bigint,
  ) {
    const label = `${functionName}(${args.map(String).join(', ')}) from ${wallet.account.address}`
    const pulled = wallet === deployer ? undefined : tokenPulled(contract.address, functionName, args)
    if (pulled) await approveOnce(wallet as SeedWallet, pulled, contract.address)
    try {
      const hash = await wallet.writeContract({
        address: contract.address,
        abi: contract.abi,
        functionName,
        args,
        value,
        account: wallet.account,
        chain: wallet.chain,
      } as never)
      return await confirm(hash, label)
    } catch (error) {
      const reason = (error as { shortMessage?: string }).shortMessage ?? String(error)
      throw new Error(`seed: ${label} failed: ${reason}`, { cause: error })
    }
  }
  /** The token a user's call makes `contract` pull from it (approved first, once, as the app does). */
  function tokenPulled(contract: Address, functionName: string, args: readonly unknown[]) {
    const is = (...targets: { address: Address }[]) => targets.some((t) => isAddressEqual(t.address, contract))
    if (is(router)) return isAddressEqual((args[2] as Address[])[0], usdt.address) ? usdt : token
    if (is(ido) && functionName === 'mint') return args[1] ? usdt : token
    if (is(ido) && functionName === 'burn') return args[1] ? undefined : usdt
    if (is(burn) && functionName === 'burn') return args[3] ? undefined : usdt
    if (is(stake, double) && functionName === 'deposit') return usdt
    if (is(mining) && functionName === 'deposit') return token
    if (is(fomo, superFomo) && functionName === 'burn') return args[3] ? usdt : token
    return undefined
  }
  const approved = new Set<string>()
  async function approveOnce(wallet: SeedWallet, erc20: typeof usdt | typeof token, spender: Address) {
    const key = `${wallet.account.address}:${erc20.address}:${spender}`
    if (approved.has(key)) return
    approved.add(key)
    await send(wallet, erc20, 'approve', [spender, maxApproval])
  }
  /** An owner call: through the Timelock (schedule, move the clock past its delay, execute) once it owns `contract`. */
  async function asOwner(contract: { address: Address; abi: Abi }, functionName: string, args: readonly unknown[]) {
    const owner = await publicClient.readContract({ address: contract.address, abi: ownableAbi, functionName: 'owner' })
    if (!addresses.Timelock || !isAddressEqual(owner, addresses.Timelock))
      return send(deployer, contract, functionName, args)
    const data = encodeFunctionData({ abi: contract.abi, functionName, args } as never)
    await timelockCall(connection, addresses.Timelock, [{ target: contract.address, data }])
    transactions += 2
  }
  const as = (i: number) => wallets[i]
  const now = async () => (await publicClient.getBlock()).timestamp

  // ---------------------------------------------------------------------------------------------------------------
  say(
    `seed: funding and registering ${SEED_ACCOUNTS} accounts (HD indexes ${FIRST_INDEX}..${FIRST_INDEX + SEED_ACCOUNTS - 1})`,
  )
  for (let i = 0; i < SEED_ACCOUNTS; i++) {
    await confirm(await deployer.sendTransaction({ to: address(i), value: parseEther('10') }), 'fund BNB')
    await send(deployer, usdt, 'mint', [address(i), parseEther(String(30_000 + 100 * i))])
    await send(deployer, token, 'transfer', [address(i), parseEther(String(30_000 + 250 * i))])
    await send(as(i), main, 'register', [referrerOf(i)])
  }
  // the keeper pays legacy withdrawals from the Payouts contract (its local wallet is the payer) and its own gas
  const keeperWallet = keeperAddress()
  say(
    `seed: ${formatEther(PAYOUTS_USDT)} USDT in Payouts ${addresses.Payouts}, 10 BNB for the keeper's local wallet ${keeperWallet} (HD index ${KEEPER_INDEX})`,
  )
  await confirm(await deployer.sendTransaction({ to: keeperWallet, value: parseEther('10') }), 'fund keeper BNB')
  await send(deployer, usdt, 'mint', [addresses.Payouts, PAYOUTS_USDT])

  say('seed: trading NEX/USDT through the router')
  for (let i = 0; i < SEED_ACCOUNTS; i++) {
    const spend = parseEther(String(200 + 25 * i))
    const before = await token.read.balanceOf([address(i)])
    await send(as(i), router, 'swapExactTokensForTokensSupportingFeeOnTransferTokens', [
      spend,
      1n,
      [usdt.address, token.address],
      address(i),
      deadline,
    ])
    const bought = (await token.read.balanceOf([address(i)])) - before
    if (i % 3 === 2) {
      const sell = bought / 3n
      await send(as(i), router, 'swapExactTokensForTokensSupportingFeeOnTransferTokens', [
        sell,
        1n,
        [token.address, usdt.address],
        address(i),
        deadline,
      ])
    }
  }

  // --- Mining: every tier ----------------------------------------------------------------------------------------
  say('seed: Mining deposits in the 6 tiers')
  const miningTiers = (await mining.read.getConfigMulti()).stakeDays.length
  for (let i = 0; i < 12; i++)
    await send(as(i), mining, 'deposit', [BigInt(i % miningTiers), BigInt(500 + 100 * i) * ether])
  const firstMiningStake = (await mining.read.getTotals()).totalStakes - 11n // the 12 stakes just made

  say('seed: letting one TWAP window pass, then running the fee swaps')
  await networkHelpers.time.increase(Number(localDefaults.tokenMulti.oracleWindow))
  await send(deployer, token, 'updatePrice')
  await send(deployer, nexOracle, 'update')
  await send(deployer, bnbOracle, 'update')
  const [liquidityKept, transKept, burnFeeKept] = await token.read.getSwapBalances()
  const autoSwapMin = await token.read.getAutoSwapMin()
  if (transKept + burnFeeKept >= autoSwapMin) await send(deployer, token, 'swapAndTrans')
  if (liquidityKept >= autoSwapMin) await send(deployer, token, 'swapAndLiquify')

  // --- IDO round 0 -----------------------------------------------------------------------------------------------
  say('seed: IDO round 0: mints in USDT and NEX')
  for (let i = 0; i < 24; i++) {
    if (i < 2) await send(as(i), ido, 'mint', [10n, true])
    else if (i === 2) {
      await send(as(i), ido, 'mint', [5n, true])
      await send(as(i), ido, 'mint', [5n, false])
    } else await send(as(i), ido, 'mint', [BigInt(1 + ((i * 7) % 10)), i % 3 !== 2])
  }

  // --- Burn --------------------------------------------------------------------------------------------------------
  say('seed: Burn registrations and orders (USDT and BNB)')
  for (let i = 0; i < 16; i++) await send(as(i), burn, 'register', [referrerOf(i)])
  const burnEvery = (await burn.read.getConfig()).burnEvery
  // an early order that community dividends push to its 1.5x cap: forced out
  const early = 33
  await send(as(early), burn, 'burn', [address(early), 1n, burnEvery, false])
  await send(deployer, usdt, 'transfer', [burn.address, 2n * burnEvery])
  await send(deployer, burn, 'updatePool')
  await send(deployer, burn, 'updateUser', [address(early)])
  // one account pays a burn order through the IDO
  await send(as(24), ido, 'burn', [2n, false])
  // leaders' teams: accounts 7..14 (grandchildren of 1 and 2) burn 5,000 USDT each, so 0, 1 and 2 reach V1
  for (let i = 7; i <= 14; i++) await send(as(i), burn, 'burn', [address(i), 50n, 50n * burnEvery, false])
  for (let i = 0; i <= 6; i++) await send(as(i), burn, 'burn', [address(i), BigInt(1 + (i % 3)), 3n * burnEvery, false])
  for (let i = 15; i < 28; i++) {
    const times = BigInt(1 + (i % 5))
    await send(as(i), burn, 'burn', [address(i), times, times * burnEvery, false])
  }
  // BNB orders (the BNB is swapped to USDT at no worse than the TWAP; what is above the price comes back)
  for (let i = 28; i < 32; i++) {
    const times = BigInt(1 + (i % 2))
    const value = (times * parseEther('0.2') * burnEvery) / (100n * ether)
    await send(as(i), burn, 'burn', [address(i), times, value, true], value)
  }
  // a parent pays an order for its child
  await send(as(3), burn, 'burn', [address(15), 1n, burnEvery, false])

  // --- FOM and super FOM pools -----------------------------------------------------------------------------------
  say('seed: FOM and super FOM orders (round 1 of each)')
  for (let i = 0; i < 10; i++)
    await send(as(i), fomo, 'burn', [BigInt(i % 5), BigInt(1 + (i % 3)), 100n * ether, i % 4 !== 3, 1n])
  for (let i = 10; i < 18; i++)
    await send(as(i), superFomo, 'burn', [BigInt(i % 5), BigInt(1 + (i % 2)), 1_000n * ether, i % 4 !== 3, 1n])
  // the owner adds to the FOM gold pool (static rewards)
  await send(deployer, usdt, 'approve', [fomo.address, 2_000n * ether])
  await send(deployer, fomo, 'addBalance', [2_000n * ether])

  // --- Double: direct deposits (FOM orders add records too) -------------------------------------------------------
  say('seed: Double deposits')
  for (let i = 18; i < 24; i++) await send(as(i), double, 'deposit', [address(i), BigInt(500 + 100 * i) * ether, 0n])

  // --- Stake: rounds 0 (filled), 1 (filled after the cooldown), 2 (open) ----------------------------------------------
  say('seed: Stake deposits in three rounds')
  // the owner tops the reward pool up (Stake.fund) so that rounds 0 and 1 can fill
  await send(deployer, token, 'approve', [stake.address, 5_000_000n * ether])
  await send(deployer, stake, 'fund', [5_000_000n * ether])
  const stakeConfig = await stake.read.getConfig()
  // rounds 0 and 1: accounts deposit up to their cap (userMax) in turn until the round fills
  let staker = 0
  for (const round of [0n, 1n]) {
    for (;;) {
      const { idoMax, idoTotal, idoMin } = (await stake.read.getIdos())[Number(round)]
      const left = idoMax - idoTotal
      if (left === 0n) break
      if (staker >= SEED_ACCOUNTS) throw new Error(`seed: Stake round ${round} needs more than the seed accounts`)
      const [user] = await stake.read.getUserInfo([address(staker)])
      const room = stakeConfig.userMax - user.amount
      const amount = room < left ? room : left
      if (amount >= idoMin || amount === left) await send(as(staker), stake, 'deposit', [amount, 0n])
      staker++
    }
    await networkHelpers.time.increase(Number(stakeConfig.roundCool))
  }
  // round 2: the remaining accounts deposit a part of it
  for (; staker < SEED_ACCOUNTS; staker++)
    await send(as(staker), stake, 'deposit', [BigInt(1_000 + 500 * (staker % 6)) * ether, 0n])

  // --- move the chain past the IDO cooldown, the FOM clocks and the shortest mining lock ----------------------------
  const roundState = await ido.read.getRoundState()
  const round1Start = roundState.coolEnd
  await asOwner(ido, 'setIdo', [1n, ...Object.values(SEED_IDO_ROUNDS[0]), round1Start])
  const targets = [
    round1Start,
    (await fomo.read.getTotals()).roundEndTime,
    (await superFomo.read.getTotals()).roundEndTime,
    (await mining.read.stakes([firstMiningStake])).endTime,
  ]
  const target = targets.reduce((a, b) => (a > b ? a : b)) + 1n
  say(`seed: moving the chain ${target - (await now())} s ahead (IDO cooldown, FOM clocks, mining locks)`)
  await networkHelpers.time.increaseTo(target)
  await send(deployer, nexOracle, 'update')
  await send(deployer, bnbOracle, 'update')
  await send(deployer, token, 'updatePrice')

  // --- IDO round 1: mints, synthesis, claims ------------------------------------------------------------------------
  say('seed: IDO round 1: mints, syntheses (15 keys), vesting claims')
  await send(deployer, ido, 'sync')
  for (let i = 0; i < 3; i++) await send(as(i), ido, 'mint', [5n, i !== 1])
  for (let i = 24; i < 32; i++) await send(as(i), ido, 'mint', [BigInt(1 + (i % 4)), i % 2 === 0])
  // two units paid in BNB (swapped to USDT at no worse than the TWAP; the USDT above the price comes back)
  await send(as(32), ido, 'ido', [2n], parseEther('0.5'))
  for (let i = 0; i < 2; i++) await send(as(i), ido, 'hecheng')
  for (let i = 3; i < 9; i++) await send(as(i), ido, 'claim')

  // --- settle the FOM rounds with new orders (which open the live rounds), winners claim --------------------------
  say('seed: settling FOM round 1 of each pool, opening round 2, prize claims')
  for (let i = 18; i < 22; i++) await send(as(i), fomo, 'burn', [BigInt(i % 5), 1n, 200n * ether, true])
  for (let i = 22; i < 25; i++) await send(as(i), superFomo, 'burn', [BigInt(i % 5), 1n, 1_500n * ether, true])
  for (const pool of [fomo, superFomo]) {
    const running = (await pool.read.getTotals()).roundEndIndex
    const settled = await pool.read.getRound([running - 1n])
    // the two latest winners claim their prizes; the others leave them to claim in the app
    const claimed = new Set<Address>()
    for (let w = 0; w < Math.min(2, Number(settled.count)); w++) {
      const owner = (await pool.read.orders([settled.winners[w]])).owner
      if (claimed.has(owner)) continue
      claimed.add(owner)
      const i = accounts.findIndex((a) => isAddressEqual(a.address, owner))
      await send(as(i), pool, 'claimReward', [running - 1n])
    }
  }
  for (let i = 0; i < 3; i++) await send(as(i), fomo, 'claimReward', [0n])

  // --- Mining: releases after the lock, reward claims -----------------------------------------------------------------
  say('seed: Mining releases and claims')
  for (let s = firstMiningStake; s < firstMiningStake + 12n; s++) {
    const record = await mining.read.stakes([s])
    if (record.endTime <= (await now())) {
      const i = accounts.findIndex((a) => isAddressEqual(a.address, record.owner))
      await send(as(i), mining, 'claimRelease', [s])
    }
  }
  for (let i = 1; i < 6; i++) await send(as(i), mining, 'claimReward')

  // --- Stake, Burn, Nft, Double claims --------------------------------------------------------------------------------
  say('seed: Stake, Burn, NFT and Double claims')
  for (let i = 0; i < 5; i++) await send(as(i), stake, 'claim')
  for (const i of [early, 0, 1, 2, 15, 20]) await send(as(i), burn, 'claimReward')
  for (let i = 3; i < 6; i++) await send(as(i), nft, 'claimReward')
  for (let i = 18; i < 21; i++) await send(as(i), double, 'claim')

  // last (the mark of a complete seed): round 2 configured as the next-round preview, after round 1's cooldown
  const round1 = await ido.read.getRoundState()
  await asOwner(ido, 'setIdo', [2n, ...Object.values(SEED_IDO_ROUNDS[1]), round1.coolEnd])

  return { ...(await summarize(false)), transactions }

  async function summarize(alreadySeeded: boolean): Promise<Omit<SeedSummary, 'transactions'>> {
    const burnTotals = await burn.read.totalInfo()
    let forcedOut = 0
    let teamLeaders = 0
    for (let i = 0; i < SEED_ACCOUNTS; i++) if ((await burn.read.teams([address(i)])).level > 0n) teamLeaders++
    for (let o = 1n; o <= burnTotals.totalOrder; o++) {
      if (!(await burn.read.orders([o])).isValid) forcedOut++ // orders only end by being forced out
    }
    let miningReleasedNow = 0
    const miningTotals = await mining.read.getTotals()
    for (let s = 1n; s <= miningTotals.totalStakes; s++)
      if ((await mining.read.stakes([s])).status === 3n) miningReleasedNow++
    const stakeRounds = new Set<bigint>()
    const stakeTotals = await stake.read.getTotals()
    for (let s = 1n; s <= stakeTotals.totalStakes; s++) stakeRounds.add((await stake.read.stakes([s])).period)
    let syntheses = 0
    for (let i = 0; i < SEED_ACCOUNTS; i++) syntheses += Number(await nft.read.balanceOf([address(i), 2n]))
    const fomoIndex = (await fomo.read.getTotals()).roundEndIndex
    const superIndex = (await superFomo.read.getTotals()).roundEndIndex
    const block = await publicClient.getBlock()
    return {
      alreadySeeded,
      accounts: SEED_ACCOUNTS,
      idoUnits: (await ido.read.totalInfo()).totalIDO,
      idoRound: (await ido.read.getRoundState()).round,
      syntheses,
      burnOrders: burnTotals.totalOrder,
      forcedOut,
      teamLeaders,
      stakes: stakeTotals.totalStakes,
      stakeRounds: stakeRounds.size,
      miningStakes: miningTotals.totalStakes,
      miningReleased: miningReleasedNow,
      fomoOrders: (await fomo.read.getTotals()).totalOrder,
      superFomoOrders: (await superFomo.read.getTotals()).totalOrder,
      settledRounds: { fomo: fomoIndex - 1n, superFomo: superIndex - 1n },
      doubleRecords: (await double.read.getTotals()).totalStakes,
      logEntries: await log.read.totalLog(),
      chainAhead: block.timestamp - BigInt(Math.floor(Date.now() / 1000)),
    }
  }
}

/** One line per part, for the console. */
export function formatSummary(s: SeedSummary): string[] {
  return [
    `seed: ${s.alreadySeeded ? 'already seeded; nothing to do' : `done in ${s.transactions} transactions`}`,
    `  accounts          ${s.accounts} in a referral tree 6 deep`,
    `  IDO               ${s.idoUnits} units sold, round ${s.idoRound} live, ${s.syntheses} syndicate cards`,
    `  Burn              ${s.burnOrders} orders, ${s.forcedOut} forced out, ${s.teamLeaders} team leaders above V0`,
    `  Stake             ${s.stakes} stakes in ${s.stakeRounds} rounds`,
    `  Mining            ${s.miningStakes} stakes, ${s.miningReleased} released`,
    `  FOM / super FOM   ${s.fomoOrders} / ${s.superFomoOrders} orders, ${s.settledRounds.fomo} / ${s.settledRounds.superFomo} settled rounds`,
    `  Double            ${s.doubleRecords} records`,
    `  Log               ${s.logEntries} entries`,
    `  chain time        ${s.chainAhead} s ahead of the wall clock`,
  ]
}
