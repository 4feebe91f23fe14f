import { gql } from 'urql'
import type {
  DailyRewardsQuery,
  DailyRewardsQueryVariables,
  ActionLogQuery,
  ActionLogQueryVariables,
} from '../../generated/graphql.ts'

/** The account's rewards per symbol and Log day over the last 30 days (apps/indexer `dailyRewards`). */
export const DAILY_REWARDS = gql<DailyRewardsQuery, DailyRewardsQueryVariables>`
  query DailyRewards($account: String!, $days: Int) {
    dailyRewards(account: $account, days: $days) {
      symbol
      day
      startTime
      amount
    }
  }
`
export type DailyRewardsData = DailyRewardsQuery

/** The account's Log entries, newest first, optionally of one symbol and/or action. */
export const ACTION_LOG = gql<ActionLogQuery, ActionLogQueryVariables>`
  query ActionLog($account: String!, $symbol: String, $action: String, $first: Int, $after: String) {
    actionLog(account: $account, symbol: $symbol, action: $action, first: $first, after: $after) {
      nodes {
        index
        from
        symbol
        action
        isReduce
        isReward
        amount
        balance
        startTime
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`
export type ActionLogData = ActionLogQuery
export type ActionLogNode = ActionLogData['actionLog']['nodes'][number]
