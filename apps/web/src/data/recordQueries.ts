import { gql } from 'urql'
import type {
  FomoRoundsQuery,
  FomoRoundsQueryVariables,
  AccountEventsQuery,
  AccountEventsQueryVariables,
  RecordPageQuery,
  RecordPageQueryVariables,
  RoundWinnersQuery,
  RoundWinnersQueryVariables,
  ClaimsQuery,
  ClaimsQueryVariables,
} from '../generated/graphql.ts'

/** Round history of one pool, newest first, with the winners and the settlement transaction (apps/indexer). */
export const FOMO_ROUNDS = gql<FomoRoundsQuery, FomoRoundsQueryVariables>`
  query FomoRounds($contract: String!, $first: Int) {
    fomoRounds(contract: $contract, first: $first) {
      nodes {
        round
        settled
        endTime
        pot
        paid
        settler
        settlementTransaction
        winners {
          position
          orderIndex
          owner
        }
      }
    }
  }
`
export type FomoRoundsData = FomoRoundsQuery

/** Amounts credited to an account by one contract, of one kind (event name), newest first. */
export const ACCOUNT_EVENTS = gql<AccountEventsQuery, AccountEventsQueryVariables>`
  query AccountEvents($account: String!, $contract: String, $kind: String, $first: Int) {
    accountEvents(account: $account, contract: $contract, kind: $kind, first: $first) {
      nodes {
        kind
        counterparty
        amount
        level
        timestamp
        transactionHash
      }
    }
  }
`
export type AccountEventsData = AccountEventsQuery

/** An account's orders in one pool or stakes in Mining, newest first (apps/indexer `orders`); the live record is read from the chain. */
export const RECORD_PAGE = gql<RecordPageQuery, RecordPageQueryVariables>`
  query RecordPage($account: String!, $contract: String!, $first: Int, $after: String) {
    orders(account: $account, contract: $contract, first: $first, after: $after) {
      nodes {
        index
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`
export type RecordPageData = RecordPageQuery
export type RecordNode = RecordPageData['orders']['nodes'][number]

/** Every round of one pool with its winners' owners (apps/indexer `fomoRounds`), to find the prizes to claim. */
export const ROUND_WINNERS = gql<RoundWinnersQuery, RoundWinnersQueryVariables>`
  query RoundWinners($contract: String!, $first: Int, $after: String) {
    fomoRounds(contract: $contract, first: $first, after: $after) {
      nodes {
        round
        settled
        winners {
          owner
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`
export type RoundWinnersData = RoundWinnersQuery
export type RoundWinnersNode = RoundWinnersData['fomoRounds']['nodes'][number]

/** An account's events of one kind in one contract (e.g. Mining's `RewardClaimed`), newest first, paged. */
export const CLAIMS = gql<ClaimsQuery, ClaimsQueryVariables>`
  query Claims($account: String!, $contract: String, $kind: String, $first: Int, $after: String) {
    accountEvents(account: $account, contract: $contract, kind: $kind, first: $first, after: $after) {
      nodes {
        amount
        transactionHash
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`
export type ClaimsData = ClaimsQuery
