import { useMemo } from 'react'
import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { idoAbi, logAbi, nftAbi } from '@nexus/abi'
import { erc20Abi } from 'viem'
import type { Address, ContractFunctionReturnType } from 'viem'
import { ok, useChainNow, useNamedChainReads } from '../../data/ChainData.tsx'
import { useIndexedQuery } from '../../data/indexer.ts'
import { writeRequest } from '../../hooks/useTransaction.ts'
import type { TransactionPlan } from '../../hooks/useTransaction.ts'
import { nativeBalanceRead } from '../../lib/nativeBalance.ts'
import { synthesisPowerChange } from '../../components/blocks/account/figures.ts'
import { tierOf } from '../../components/blocks/account/nftTiers.ts'
import { dailyBars } from './dailyBars.ts'
import type { DailyReward, SymbolBars } from './dailyBars.ts'
import { LOG_SYMBOL_CODES, LOG_SYMBOLS } from './logFilters.ts'
import { DAILY_REWARDS } from './queries.ts'
import type { DailyRewardsData } from './queries.ts'

/** Days the rewards chart covers. */
export const CHART_DAYS = 30

type LogSymbol = (typeof LOG_SYMBOLS)[number]
type NftRead<name extends 'getCards' | 'getUserInfo' | 'getLevelNames' | 'totalInfo'> = ContractFunctionReturnType<
  typeof nftAbi,
  'view',
  name
>
export type NftCard = NftRead<'getCards'>[number]
export type NftUserInfo = NftRead<'getUserInfo'>
export type NftLevelNames = NftRead<'getLevelNames'>
export type NftTotals = NftRead<'totalInfo'>
export type IdoSettings = ContractFunctionReturnType<typeof idoAbi, 'view', 'getSettings'>
export type LogRewards = ContractFunctionReturnType<typeof logAbi, 'view', 'getUserRewards'>

/** One asset row: the wallet's balance and the Log's rewards of that symbol. */
export type AssetRow = {
  symbol: LogSymbol
  balance: bigint | undefined
  total: bigint | undefined
  today: bigint | undefined
  yesterday: bigint | undefined
}

/** The asset rows (USDT, NEX, BNB) from the balances and `Log.getUserRewards` (in the symbols' order). */
export function assetRows(
  balances: Record<LogSymbol, bigint | undefined>,
  rewards: LogRewards | undefined,
): AssetRow[] {
  return LOG_SYMBOLS.map((symbol, i) => ({
    symbol,
    balance: balances[symbol],
    total: rewards?.[i]?.total,
    today: rewards?.[i]?.today,
    yesterday: rewards?.[i]?.yesterday,
  }))
}

/** Gathers the wallet's balances and the Log's rewards for {@link assetRows}. */
export function useAssetRows(account: Address, contracts: { usdt: Address; nex: Address; log: Address }): AssetRow[] {
  const { usdt, nex, log } = contracts
  const bnbRead = useMemo(() => nativeBalanceRead(account), [account])
  const data = useNamedChainReads(
    useMemo(
      () =>
        ({
          usdtBalance: { address: usdt, abi: erc20Abi, functionName: 'balanceOf', args: [account] },
          nexBalance: { address: nex, abi: erc20Abi, functionName: 'balanceOf', args: [account] },
          rewards: { address: log, abi: logAbi, functionName: 'getUserRewards', args: [account, LOG_SYMBOL_CODES] },
        }) as const,
      [usdt, nex, log, account],
    ),
  )
  const bnb = ok(useNamedChainReads(useMemo(() => (bnbRead ? { balance: bnbRead } : undefined), [bnbRead]))?.balance)
  return assetRows({ USDT: ok(data?.usdtBalance), NEX: ok(data?.nexBalance), BNB: bnb }, ok(data?.rewards))
}

/** What the daily rewards chart shows: an error, loading, no data, or the bars of the last {@link CHART_DAYS} days. */
export type RewardsChartModel =
  | { state: 'error' }
  | { state: 'loading' }
  | { state: 'empty' }
  | { state: 'ready'; bars: SymbolBars[]; firstDayStart: bigint; lastDayStart: bigint }

/** The chart's model from the Log's day length, the chain's time and the indexer's answer (pure). */
export function rewardsChartModel(input: {
  dayTimes: bigint | undefined
  now: number | undefined
  error: boolean
  rows: readonly DailyReward[] | undefined
}): RewardsChartModel {
  const { dayTimes, now, rows } = input
  if (input.error) return { state: 'error' }
  const today = dayTimes && now !== undefined ? BigInt(now) / dayTimes : undefined
  if (!rows || today === undefined || !dayTimes) return { state: 'loading' }
  const bars = dailyBars(rows, today, CHART_DAYS)
  if (bars.length === 0) return { state: 'empty' }
  return {
    state: 'ready',
    bars,
    firstDayStart: (today - BigInt(CHART_DAYS) + 1n) * dayTimes,
    lastDayStart: today * dayTimes,
  }
}

/** Gathers the chart's reads and derives its model. */
export function useRewardsChartModel(account: Address, log: Address): RewardsChartModel {
  const now = useChainNow()
  const dayTimes = ok(
    useNamedChainReads(
      useMemo(() => ({ dayTimes: { address: log, abi: logAbi, functionName: 'dayTimes' } }) as const, [log]),
    )?.dayTimes,
  )
  const [result] = useIndexedQuery<DailyRewardsData>({
    query: DAILY_REWARDS,
    variables: { account: account.toLowerCase(), days: CHART_DAYS },
  })
  return rewardsChartModel({ dayTimes, now, error: result.error !== undefined, rows: result.data?.dailyRewards })
}

/** A card's name: the contract's own (settable by the owner) in the current language, else the product's tier name. */
export type CardName = { text: string } | { tier: MessageDescriptor } | undefined

/** One NFT card with what the account holds of it. */
export type NftCardModel = {
  tokenId: bigint
  level: bigint
  name: CardName
  held: bigint
  power: bigint
  supply: bigint
  total: bigint
}

/** What the NFT part of Mine is derived from. */
export type NftsInput = {
  contracts: { nft: Address; ido: Address }
  cards: readonly NftCard[] | undefined
  info: NftUserInfo | undefined
  names: NftLevelNames | undefined
  totals: NftTotals | undefined
  settings: IdoSettings | undefined
  /** Whether the page is in English (the contract keeps a Chinese and an English list of names). */
  english: boolean
}

/** The NFT part of Mine: the cards, the dividends and the synthesis of keys into a syndicate. */
export type NftsModel = {
  cards: NftCardModel[] | undefined
  power: bigint | undefined
  totalPower: bigint | undefined
  /** Dividends still to claim (pending plus the account's balance). */
  pending: bigint | undefined
  received: bigint | undefined
  sharedTotal: bigint | undefined
  synthesis: {
    /** Keys a synthesis takes. */
    needed: bigint | undefined
    keys: bigint | undefined
    enough: boolean
    /** What the account holds after a synthesis (when it has enough keys). */
    after: { keys: bigint; keyName: CardName; syndicates: bigint; syndicateName: CardName } | undefined
    /** The account's power before and after a synthesis (when it has enough keys). */
    power: { from: bigint; to: bigint; change: bigint } | undefined
    /** The keys are read and fall short. */
    insufficient: boolean
  }
  claim: TransactionPlan
  synthesize: TransactionPlan
}

/** The NFT part's model from its reads (pure). */
export function nftsModel(input: NftsInput): NftsModel {
  const { cards, info, names, settings, contracts } = input
  const balanceOf = (tokenId: bigint) => info?.balances[Number(tokenId) - 1] ?? 0n
  const nameOf = (level: bigint): CardName => {
    const fromChain = names?.[input.english ? 1 : 0][Number(level) - 1]
    if (fromChain) return { text: fromChain }
    const tier = tierOf(level)
    return tier ? { tier } : undefined
  }
  const keyCard = cards?.find((card) => settings && card.tokenId === settings.keyId)
  const syndicate = cards?.find((card) => settings && card.tokenId === settings.cardId)
  const keys = settings ? balanceOf(settings.keyId) : undefined
  const needed = settings?.hecheng
  const enough = keys !== undefined && needed !== undefined && keys >= needed
  const change =
    needed !== undefined && keyCard && syndicate
      ? synthesisPowerChange(needed, keyCard.power, syndicate.power)
      : undefined
  return {
    cards: cards?.map((card) => ({
      tokenId: card.tokenId,
      level: card.level,
      name: nameOf(card.level),
      held: balanceOf(card.tokenId),
      power: card.power,
      supply: card.supply,
      total: card.total,
    })),
    power: info?.power,
    totalPower: input.totals?.totalPower,
    pending: info ? info.pending + info.user.balance : undefined,
    received: info?.user.total,
    sharedTotal: input.totals?.rewardTotal,
    synthesis: {
      needed,
      keys,
      enough,
      after:
        enough && keyCard && syndicate
          ? {
              keys: (keys ?? 0n) - (needed ?? 0n),
              keyName: nameOf(keyCard.level),
              syndicates: balanceOf(syndicate.tokenId) + 1n,
              syndicateName: nameOf(syndicate.level),
            }
          : undefined,
      power:
        enough && change !== undefined && info !== undefined
          ? { from: info.power, to: info.power + change, change }
          : undefined,
      insufficient: keys !== undefined && !enough,
    },
    claim: { request: () => writeRequest({ address: contracts.nft, abi: nftAbi, functionName: 'claimReward' }) },
    synthesize: {
      check: () => (enough ? undefined : msg`Insufficient NFTs`),
      request: () => writeRequest({ address: contracts.ido, abi: idoAbi, functionName: 'hecheng' }),
      success: msg`Synthesized`,
    },
  }
}

/** Gathers the NFT part's reads and derives its model. */
export function useNftsModel(account: Address, contracts: { nft: Address; ido: Address }, english: boolean): NftsModel {
  const { nft, ido } = contracts
  const data = useNamedChainReads(
    useMemo(
      () =>
        ({
          cards: { address: nft, abi: nftAbi, functionName: 'getCards' },
          info: { address: nft, abi: nftAbi, functionName: 'getUserInfo', args: [account] },
          names: { address: nft, abi: nftAbi, functionName: 'getLevelNames' },
          totals: { address: nft, abi: nftAbi, functionName: 'totalInfo' },
          settings: { address: ido, abi: idoAbi, functionName: 'getSettings' },
        }) as const,
      [nft, ido, account],
    ),
  )
  return nftsModel({
    contracts,
    cards: ok(data?.cards),
    info: ok(data?.info),
    names: ok(data?.names),
    totals: ok(data?.totals),
    settings: ok(data?.settings),
    english,
  })
}
