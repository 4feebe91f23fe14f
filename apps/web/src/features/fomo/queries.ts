import { gql } from 'urql'
import type { IndexedPage } from '../account/PagedList.tsx'

/** Round history of one pool, newest first, with the winners and the settlement transaction (apps/indexer). */
export const FOMO_ROUNDS = gql`
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
export type FomoRoundsData = {
  fomoRounds: {
    nodes: {
      round: string
      settled: boolean
      endTime: string
      pot: string | null
      paid: string | null
      settler: string | null
      settlementTransaction: string | null
      winners: { position: number; orderIndex: string; owner: string | null }[]
    }[]
  }
}

/** Amounts credited to an account by one contract, of one kind (event name), newest first. */
export const ACCOUNT_EVENTS = gql`
  query AccountEvents($account: String!, $contract: String, $kind: String, $first: Int) {
    accountEvents(account: $account, contract: $contract, kind: $kind, first: $first) {
      nodes {
        kind
        counterparty
        amount
        details
        timestamp
        transactionHash
      }
    }
  }
`
export type AccountEventsData = {
  accountEvents: {
    nodes: {
      kind: string
      counterparty: string | null
      amount: string
      details: string
      timestamp: string
      transactionHash: string
    }[]
  }
}

/** An account's orders in one pool or stakes in Mining, newest first (apps/indexer `orders`); the live record is read from the chain. */
export const RECORD_PAGE = gql`
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
export type RecordNode = { index: string }
export type RecordPageData = { orders: IndexedPage<RecordNode> }

/** Every round of one pool with its winners' owners (apps/indexer `fomoRounds`), to find the prizes to claim. */
export const ROUND_WINNERS = gql`
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
export type RoundWinnersNode = { round: string; settled: boolean; winners: { owner: string | null }[] }
export type RoundWinnersData = { fomoRounds: IndexedPage<RoundWinnersNode> }

/** An account's events of one kind in one contract (e.g. Mining's `RewardClaimed`), newest first, paged. */
export const CLAIMS = gql`
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
export type ClaimsData = { accountEvents: IndexedPage<{ amount: string; transactionHash: string }> }
