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
        paymentToken
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
        orderIndex
        creditKind
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
