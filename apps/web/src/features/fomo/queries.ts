import { gql } from 'urql'

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
