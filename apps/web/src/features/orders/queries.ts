import { gql } from 'urql'
import type {
  BurnOrdersQuery,
  BurnOrdersQueryVariables,
  InvitationOrdersQuery,
  InvitationOrdersQueryVariables,
} from '../../generated/graphql.ts'

/** The account's burn orders, newest first (apps/indexer `orders`). */
export const BURN_ORDERS = gql<BurnOrdersQuery, BurnOrdersQueryVariables>`
  query BurnOrders($account: String!, $first: Int, $after: String) {
    orders(account: $account, contract: "Burn", first: $first, after: $after) {
      nodes {
        index
        amount
        tokens
        status
        details
        startTime
        endTime
        transactionHash
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`
export type BurnOrdersData = BurnOrdersQuery
export type BurnOrderNode = BurnOrdersData['orders']['nodes'][number]

/** Referral and team rewards the account's invitees' orders credited (Burn `RewardCredited`), newest first. */
export const INVITATION_ORDERS = gql<InvitationOrdersQuery, InvitationOrdersQueryVariables>`
  query InvitationOrders($account: String!, $first: Int, $after: String) {
    accountEvents(account: $account, contract: "Burn", kind: "RewardCredited", first: $first, after: $after) {
      nodes {
        counterparty
        amount
        details
        timestamp
        transactionHash
        blockNumber
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`
export type InvitationOrdersData = InvitationOrdersQuery
export type InvitationOrderNode = InvitationOrdersData['accountEvents']['nodes'][number]

/**
 * The fields of a `RewardCredited` event's details (JSON of the arguments other than account and amount).
 *
 * @example
 * readCredit('{"from":"0xab","orderIndex":"7","kind":1}') // { orderIndex: 7n, kind: 1 }
 */
export function readCredit(details: string): { orderIndex: bigint | undefined; kind: number | undefined } {
  try {
    const parsed = JSON.parse(details) as { orderIndex?: string | number; kind?: string | number }
    return {
      orderIndex: parsed.orderIndex === undefined ? undefined : BigInt(parsed.orderIndex),
      kind: parsed.kind === undefined ? undefined : Number(parsed.kind),
    }
  } catch {
    return { orderIndex: undefined, kind: undefined }
  }
}

/**
 * Whether an order was paid in BNB, from its creating event's details.
 *
 * @example
 * paidInBnb('{"isBNB":true}') // true
 */
export function paidInBnb(details: string): boolean {
  try {
    return (JSON.parse(details) as { isBNB?: unknown }).isBNB === true
  } catch {
    return false
  }
}
