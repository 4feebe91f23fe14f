import { gql } from 'urql'
import type { IndexedPage } from '../account/PagedList.tsx'
import type { DailyReward } from './dailyBars.ts'

/** The account's rewards per symbol and Log day over the last 30 days (apps/indexer `dailyRewards`). */
export const DAILY_REWARDS = gql`
  query DailyRewards($account: String!, $days: Int) {
    dailyRewards(account: $account, days: $days) {
      symbol
      day
      startTime
      amount
    }
  }
`
export type DailyRewardsData = { dailyRewards: DailyReward[] }

/** The account's Log entries, newest first, optionally of one symbol and/or action. */
export const ACTION_LOG = gql`
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
export type ActionLogNode = {
  index: string
  from: string
  symbol: string
  action: string
  isReduce: boolean
  isReward: boolean
  amount: string
  balance: string
  startTime: string
}
export type ActionLogData = { actionLog: IndexedPage<ActionLogNode> }
