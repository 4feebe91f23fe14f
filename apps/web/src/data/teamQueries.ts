import { gql } from 'urql'
import type {
  TeamQuery,
  TeamQueryVariables,
  InvitationsQuery,
  InvitationsQueryVariables,
} from '../generated/graphql.ts'

/** The account's team in Burn (apps/indexer `team`): direct and indirect members, size and volume. */
export const TEAM = gql<TeamQuery, TeamQueryVariables>`
  query Team($account: String!) {
    team(account: $account, contract: "Burn") {
      registered
      directCount
      indirectCount
      teamSize
      teamVolume
      level
    }
  }
`
export type TeamData = TeamQuery

/** The account's direct invitations with what each burned, newest first. */
export const INVITATIONS = gql<InvitationsQuery, InvitationsQueryVariables>`
  query Invitations($account: String!, $first: Int, $after: String) {
    invitations(account: $account, contract: "Burn", first: $first, after: $after) {
      nodes {
        account
        index
        registeredAt
        amount
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`
export type InvitationsData = InvitationsQuery
export type InvitationNode = InvitationsData['invitations']['nodes'][number]

/**
 * The invite link of an account: the app's address with the account as the `code` query parameter, which the
 * app stores as the invite code and prefills in the registration (SPEC.md §2).
 *
 * @example
 * inviteLink('https://app.example', '0xabc') // 'https://app.example/?code=0xabc'
 */
export function inviteLink(origin: string, account: string): string {
  return `${origin.replace(/\/$/, '')}/?code=${account}`
}
