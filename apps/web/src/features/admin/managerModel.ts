import { msg } from '@lingui/core/macro'
import type { burnAbi, nftAbi } from '@nexus/abi'
import type { ContractFunctionReturnType } from 'viem'
import { arrayValues } from '../../components/blocks/settings/formModel.ts'
import type { FieldSpec, Problem, Values } from '../../components/blocks/settings/formModel.ts'
import { NFT_LEVEL_MAX, NFT_MAX_SUPPLY, NFT_SEND_MIN } from '../../components/blocks/settings/specs.ts'

/**
 * The model of `/manager`'s NFT and Burn forms: the contracts' reads in, each form's fields (with the bounds the
 * chain sets now), values on chain and checks out. No React, no language.
 */

export type NftConfig = ContractFunctionReturnType<typeof nftAbi, 'view', 'getConfig'>
export type NftCard = ContractFunctionReturnType<typeof nftAbi, 'view', 'getCards'>[number]
export type BurnConfig = ContractFunctionReturnType<typeof burnAbi, 'view', 'getConfig'>
export type BurnConfigMulti = ContractFunctionReturnType<typeof burnAbi, 'view', 'getConfigMulti'>

/** A card's name in the card list: `#1 Gold`, or `#1` without a name. */
export const cardLabel = (tokenId: bigint, name: string) => `#${tokenId}${name ? ` ${name}` : ''}`

/** The maximum power of a new card before the settings are read (the contract's default). */
const DEFAULT_MAX_POWER = 1_000_000n

export const URI_FIELDS: readonly FieldSpec[] = [{ key: 'uri', label: msg`Base URI`, kind: 'text', required: true }]
export const SEND_MIN_FIELDS: readonly FieldSpec[] = [NFT_SEND_MIN]
export const BOX_FIELDS: readonly FieldSpec[] = [{ key: 'allowed', label: msg`May mint and burn`, kind: 'bool' }]
export const LEVEL_NAME_FIELDS: readonly FieldSpec[] = [
  { key: 'nameZh', label: msg`Name in Chinese`, kind: 'text', required: true },
  { key: 'nameEn', label: msg`Name in English`, kind: 'text', required: true },
]
const MINT_FIELDS: readonly FieldSpec[] = [
  { key: 'to', label: msg`Recipient`, kind: 'address' },
  { key: 'amount', label: msg`Quantity`, kind: 'uint', min: 1n },
]

/** The chosen card's forms: its supply bound, level and name, and minting within its maximum supply. */
export type CardModel = {
  card: NftCard
  label: string
  maxSupplyFields: FieldSpec[]
  nameFields: FieldSpec[]
  mintFields: readonly FieldSpec[]
  /** Refuses a mint beyond the card's maximum supply. */
  mintProblems(values: Values): Problem[]
}

export type NftModel = {
  maxLevel: bigint
  /** The settings' values on chain (undefined while loading). */
  uri: Partial<Values> | undefined
  sendMin: Partial<Values> | undefined
  createFields: FieldSpec[]
  /** Refuses a new card once the contract holds as many as it may. */
  createProblems(): Problem[]
  /** The cards to choose from (their ids), empty before any is created or while loading. */
  cardIds: string[]
  labelOf(tokenId: string): string
  /** The chosen card (the first unless another is chosen), undefined without cards. */
  chosen: CardModel | undefined
  /** The tier levels whose names can be set (1 to the maximum level). */
  levels: number[]
}

/** The NFT forms from `getConfig` and `getCards` (undefined while loading) and the card chosen (by its id). */
export function nftModel(
  config: NftConfig | undefined,
  cards: readonly NftCard[] | undefined,
  chosen?: bigint,
): NftModel {
  const card = cards?.find((c) => c.tokenId === chosen) ?? cards?.[0]
  const maxLevel = config?.maxLevel ?? NFT_LEVEL_MAX
  return {
    maxLevel,
    uri: config ? { uri: config.uri } : undefined,
    sendMin: config ? { sendMin: config.sendMin } : undefined,
    createFields: [
      { key: 'power', label: msg`Power`, kind: 'uint', min: 1n, max: config?.maxPower ?? DEFAULT_MAX_POWER },
      { key: 'maxSupply', label: msg`Maximum supply`, kind: 'uint', min: 0n, max: NFT_MAX_SUPPLY },
      { key: 'cid', label: msg`Metadata CID`, kind: 'text', required: true },
      { key: 'suffix', label: msg`File suffix`, kind: 'text' },
    ],
    createProblems: () =>
      cards && config && BigInt(cards.length) >= config.maxCards
        ? [{ message: msg`No more cards can be created (at most {max})`, values: { max: String(config.maxCards) } }]
        : [],
    cardIds: cards?.map((c) => String(c.tokenId)) ?? [],
    labelOf: (tokenId) => cardLabel(BigInt(tokenId), cards?.find((c) => String(c.tokenId) === tokenId)?.name ?? ''),
    chosen: card && cardModel(card, maxLevel),
    levels: Array.from({ length: Number(maxLevel) }, (_, index) => index + 1),
  }
}

function cardModel(card: NftCard, maxLevel: bigint): CardModel {
  return {
    card,
    label: cardLabel(card.tokenId, card.name),
    // never below what was minted already
    maxSupplyFields: [
      { key: 'maxSupply', label: msg`Maximum supply`, kind: 'uint', min: card.mints, max: NFT_MAX_SUPPLY },
    ],
    nameFields: [
      { key: 'level', label: msg`Level`, kind: 'uint', min: 1n, max: maxLevel },
      { key: 'name', label: msg`Name`, kind: 'text', required: true },
    ],
    mintFields: MINT_FIELDS,
    mintProblems: (values) =>
      card.mints + (values.amount as bigint) > card.total
        ? [
            {
              key: 'amount',
              message: msg`Minting would exceed the maximum supply ({max}, minted {minted})`,
              values: { max: String(card.total), minted: String(card.mints) },
            },
          ]
        : [],
  }
}

/** A tier's names now (`getLevelNames`: the Chinese names, then the English ones), empty where none is set. */
export function levelNameValues(
  names: readonly [readonly string[], readonly string[]] | undefined,
  level: number,
): Partial<Values> | undefined {
  return names ? { nameZh: names[0][level - 1] ?? '', nameEn: names[1][level - 1] ?? '' } : undefined
}

/** Burn's multi settings as the form's fields (one per array element). */
export function burnMultiValues(multi: BurnConfigMulti | undefined): Values | undefined {
  return (
    multi && {
      ...arrayValues('burnRates', multi.burnRates),
      ...arrayValues('teamAmounts', multi.teamAmounts),
      ...arrayValues('teamRates', multi.teamRates),
      slippage: multi.slippage,
    }
  )
}
