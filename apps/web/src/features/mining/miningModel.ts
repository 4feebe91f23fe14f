import { useMemo } from 'react'
import { msg } from '@lingui/core/macro'
import { miningAbi } from '@nexus/abi'
import { erc20Abi } from 'viem'
import type { Address, ContractFunctionReturnType } from 'viem'
import { ok, useChainNow, useNamedChainReads } from '../../data/ChainData.tsx'
import { useEveryPage } from '../../data/useEveryPage.ts'
import { CLAIMS } from '../../data/recordQueries.ts'
import type { ClaimsData } from '../../data/recordQueries.ts'
import { writeRequest } from '../../hooks/useTransaction.ts'
import type { TransactionPlan } from '../../hooks/useTransaction.ts'
import { contractsOf } from '../../lib/contracts.ts'
import { env } from '../../lib/env.ts'
import { showTime } from '../../lib/format.ts'
import { allowedRange, miningStakeState, secondsUntil } from '../../components/blocks/records/recordFormat.ts'
import type { RecordState } from '../../components/blocks/records/recordFormat.ts'
import { useReader } from '../../components/blocks/records/RecordParts.tsx'

type MiningRead<
  name extends 'getConfig' | 'getConfigMulti' | 'getTotals' | 'users' | 'getUserInfo' | 'stakes' | 'getInvitesInfo',
> = ContractFunctionReturnType<typeof miningAbi, 'view', name>
export type MiningConfig = MiningRead<'getConfig'>
export type MiningConfigMulti = MiningRead<'getConfigMulti'>
export type MiningTotals = MiningRead<'getTotals'>
export type MiningUser = MiningRead<'users'>
export type MiningUserInfo = MiningRead<'getUserInfo'>
export type MiningStake = MiningRead<'stakes'>
/** An invitees page (`getInvitesInfo`, `getIndirectsInfo`): the invitees and how many of them mine. */
export type MiningInvites = MiningRead<'getInvitesInfo'>

/** Invitees read from the contract's paged views (at most 100). */
export const INVITES_PAGE = 50n
/** Mining's six tiers. */
export const MINING_TIERS = [0, 1, 2, 3, 4, 5] as const

/** Mining and the token it stakes, or undefined when either is not deployed. */
export type MiningContracts = { mining: Address; nex: Address }

/** Mining's addresses on the app's chain, or undefined when it (or NEX) is not deployed. */
export function useMining(): MiningContracts | undefined {
  const contracts = contractsOf(env.chainId)
  return contracts.Mining && contracts.Token ? { mining: contracts.Mining, nex: contracts.Token } : undefined
}

/** The mining config, tiers and totals, read in the page's refresh cycle. */
function useMiningConfig(mining: Address) {
  const data = useNamedChainReads(
    useMemo(
      () =>
        ({
          config: { address: mining, abi: miningAbi, functionName: 'getConfig' },
          multi: { address: mining, abi: miningAbi, functionName: 'getConfigMulti' },
          totals: { address: mining, abi: miningAbi, functionName: 'getTotals' },
        }) as const,
      [mining],
    ),
  )
  return { config: ok(data?.config), multi: ok(data?.multi), totals: ok(data?.totals) }
}

/** What `/mining` is derived from: the config, the account's record and NEX balance, the form. */
export type MiningTiersInput = {
  contracts: MiningContracts
  account: Address | undefined
  config: MiningConfig | undefined
  multi: MiningConfigMulti | undefined
  totals: MiningTotals | undefined
  user: MiningUser | undefined
  balance: bigint | undefined
  tier: number
  input: string
}

/** `/mining`'s model: the emission, the six tiers, the allowed range and the stake's write plan. */
export type MiningTiersModel = {
  connected: boolean
  config: MiningConfig | undefined
  totals: MiningTotals | undefined
  tiers: {
    index: number
    days: bigint | undefined
    forceBps: bigint | undefined
    rateBps: bigint | undefined
    staked: bigint | undefined
  }[]
  balance: bigint | undefined
  /** The amounts a stake may have: at least `userMin`, at most the account's room under `userMax`. */
  range: { min: bigint; max: bigint } | undefined
  stake: TransactionPlan
}

/** `/mining`'s model from its reads (pure). */
export function miningTiersModel(input: MiningTiersInput): MiningTiersModel {
  const { config, user, multi, contracts } = input
  const room = config
    ? user
      ? config.userMax > user.amount
        ? config.userMax - user.amount
        : 0n
      : config.userMax
    : undefined
  const range = allowedRange(config?.userMin, [room])
  return {
    connected: input.account !== undefined,
    config,
    totals: input.totals,
    tiers: MINING_TIERS.map((index) => ({
      index,
      days: multi?.stakeDays[index],
      forceBps: multi?.stakeForces[index],
      rateBps: multi?.stakeRates[index],
      staked: multi?.stakeTotals[index],
    })),
    balance: input.balance,
    range,
    stake: {
      amount: { input: input.input, rules: { min: range?.min, max: range?.max, balance: input.balance } },
      spend: { token: contracts.nex, spender: contracts.mining },
      request: (amount) =>
        writeRequest({
          address: contracts.mining,
          abi: miningAbi,
          functionName: 'deposit',
          args: [BigInt(input.tier), amount ?? 0n],
        }),
      action: msg`Stake`,
      success: msg`Staked`,
    },
  }
}

/** Gathers `/mining`'s reads and derives its model. */
export function useMiningTiersModel(contracts: MiningContracts, tier: number, input: string): MiningTiersModel {
  const { account, who } = useReader()
  const { config, multi, totals } = useMiningConfig(contracts.mining)
  const { mining, nex } = contracts
  const data = useNamedChainReads(
    useMemo(
      () =>
        ({
          user: { address: mining, abi: miningAbi, functionName: 'users', args: [who] },
          balance: { address: nex, abi: erc20Abi, functionName: 'balanceOf', args: [who] },
        }) as const,
      [mining, nex, who],
    ),
  )
  return miningTiersModel({
    contracts,
    account,
    config,
    multi,
    totals,
    user: account ? ok(data?.user) : undefined,
    balance: account ? ok(data?.balance) : undefined,
    tier,
    input,
  })
}

/** What `/miningMine` is derived from. */
export type MiningMineInput = {
  mining: Address
  account: Address | undefined
  now: number | undefined
  config: MiningConfig | undefined
  info: MiningUserInfo | undefined
  /** The amounts of the account's indexed claims (`'error'` when a page failed). */
  claims: readonly { amount: string }[] | 'error' | undefined
}

/** `/miningMine`'s model: the account's mining, its next claim, its stakes list and the writes. */
export type MiningMineModel = {
  connected: boolean
  config: MiningConfig | undefined
  user: MiningUserInfo[0] | undefined
  /** The emission left (`getUserInfo`'s third answer). */
  emissionLeft: bigint | undefined
  /** What the account's claims took from its balance (the claim fee included), over every claim indexed. */
  claimed: bigint | undefined
  /** When the next claim is possible (0: now) and the seconds until then. */
  nextClaim: bigint
  waitClaim: number
  stakes: { variables: { account: string; contract: 'Mining' } | undefined }
  claim: TransactionPlan
  release(index: bigint, endTime: bigint): TransactionPlan
}

/** `/miningMine`'s model from its reads (pure). */
export function miningMineModel(input: MiningMineInput): MiningMineModel {
  const { config, info, now, mining, account } = input
  const user = info?.[0]
  const nextClaim = user && config && user.lastOut > 0n ? user.lastOut + config.addTime : 0n
  const waitClaim = secondsUntil(nextClaim, now)
  const claims = input.claims
  return {
    connected: account !== undefined,
    config,
    user,
    emissionLeft: info?.[2],
    claimed:
      claims === undefined || claims === 'error'
        ? undefined
        : claims.reduce((sum, claim) => sum + BigInt(claim.amount), 0n),
    nextClaim,
    waitClaim,
    stakes: { variables: account ? { account: account.toLowerCase(), contract: 'Mining' } : undefined },
    claim: {
      check: () =>
        user && user.balance === 0n
          ? msg`Nothing to claim yet`
          : waitClaim > 0
            ? msg`The next claim is possible at ${showTime(nextClaim)}.`
            : undefined,
      request: () =>
        writeRequest({ address: mining, abi: miningAbi, functionName: 'claimReward', value: config?.handleGas ?? 0n }),
    },
    release: (index, endTime) => ({
      check: () =>
        now !== undefined && BigInt(now) < endTime
          ? msg`This stake is locked until ${showTime(endTime)}: it can be released after that.`
          : undefined,
      request: () => writeRequest({ address: mining, abi: miningAbi, functionName: 'claimRelease', args: [index] }),
      success: msg`Released`,
    }),
  }
}

/** A stake's row: its state on the chain's clock, whether it can be released and the force it gives referrers. */
export function stakeRowModel(
  stake: MiningStake | undefined,
  now: number | undefined,
): { state: RecordState | undefined; releasable: boolean; forceToReferrers: bigint | undefined } {
  const state = stake ? miningStakeState(stake.status, stake.endTime, now) : undefined
  return {
    state,
    releasable: stake !== undefined && state !== 'completed',
    forceToReferrers: stake ? stake.forceDirect + stake.forceIndirect + stake.forceInvite : undefined,
  }
}

/** Gathers `/miningMine`'s reads (chain and index) and derives its model. */
export function useMiningMineModel(mining: Address): MiningMineModel {
  const { account, who } = useReader()
  const now = useChainNow()
  const { config } = useMiningConfig(mining)
  const data = useNamedChainReads(
    useMemo(
      () => ({ info: { address: mining, abi: miningAbi, functionName: 'getUserInfo', args: [who] } }) as const,
      [mining, who],
    ),
  )
  const claims = useEveryPage(
    CLAIMS,
    useMemo(
      () => (account ? { account: account.toLowerCase(), contract: 'Mining', kind: 'RewardClaimed' } : undefined),
      [account],
    ),
    (answer: ClaimsData) => answer.accountEvents,
  )
  return miningMineModel({ mining, account, now, config, info: account ? ok(data?.info) : undefined, claims })
}

/** The live record of one stake (the list's pages come from the index). */
export function useStake(mining: Address, index: bigint): MiningStake | undefined {
  return ok(
    useNamedChainReads(
      useMemo(
        () => ({ stake: { address: mining, abi: miningAbi, functionName: 'stakes', args: [index] } }) as const,
        [mining, index],
      ),
    )?.stake,
  )
}

/** What `/miningTeam` is derived from. */
export type MiningTeamInput = {
  account: Address | undefined
  /** Whether the account's reads have answered at all. */
  answered: boolean
  multi: MiningConfigMulti | undefined
  user: MiningUser | undefined
  invites: { result: MiningInvites | undefined; failed: boolean }
  indirects: { result: MiningInvites | undefined; failed: boolean }
}

/** One invitee list of `/miningTeam`. */
export type InviteListModel = {
  loading: boolean
  error: boolean
  invites: MiningInvites[0]
  /** How many of them mine. */
  mining: bigint | undefined
}

/** `/miningTeam`'s model: the force from the team, the referrers' rates and the invitee lists. */
export type MiningTeamModel = {
  user: MiningUser | undefined
  /** The three generations' share of a stake's force (basis points). */
  inviteRates: readonly (bigint | undefined)[]
  invites: InviteListModel
  indirects: InviteListModel
}

/** `/miningTeam`'s model from its reads (pure). */
export function miningTeamModel(input: MiningTeamInput): MiningTeamModel {
  const loading = input.account !== undefined && !input.answered
  const list = ({ result, failed }: MiningTeamInput['invites']): InviteListModel => ({
    loading,
    error: failed,
    invites: result?.[0] ?? [],
    mining: result?.[1],
  })
  return {
    user: input.user,
    inviteRates: [0, 1, 2].map((generation) => input.multi?.inviteRates[generation]),
    invites: list(input.invites),
    indirects: list(input.indirects),
  }
}

/** Gathers `/miningTeam`'s reads and derives its model. */
export function useMiningTeamModel(mining: Address): MiningTeamModel {
  const { account, who } = useReader()
  const { multi } = useMiningConfig(mining)
  const data = useNamedChainReads(
    useMemo(
      () =>
        ({
          user: { address: mining, abi: miningAbi, functionName: 'users', args: [who] },
          invites: { address: mining, abi: miningAbi, functionName: 'getInvitesInfo', args: [who, 0n, INVITES_PAGE] },
          indirects: {
            address: mining,
            abi: miningAbi,
            functionName: 'getIndirectsInfo',
            args: [who, 0n, INVITES_PAGE],
          },
        }) as const,
      [mining, who],
    ),
  )
  return miningTeamModel({
    account,
    answered: data !== undefined,
    multi,
    user: account ? ok(data?.user) : undefined,
    invites: { result: account ? ok(data?.invites) : undefined, failed: data?.invites?.status === 'failure' },
    indirects: { result: account ? ok(data?.indirects) : undefined, failed: data?.indirects?.status === 'failure' },
  })
}
