import { shortAccount } from '../../components/blocks/account/figures.ts'
import type { InvitationNode } from '../../data/teamQueries.ts'

/** The variables of the account's invitation list (the indexer keys accounts in lower case). */
export function invitationsVariables(account: string): { account: string } {
  return { account: account.toLowerCase() }
}

/** One invitee as its row shows it: address shortened, registration number, amount burned, registration time. */
export type InviteeRowModel = { account: string; short: string; index: string; amount: bigint; registeredAt: bigint }

export function inviteeRowModel(node: InvitationNode): InviteeRowModel {
  return {
    account: node.account,
    short: shortAccount(node.account),
    index: node.index,
    amount: BigInt(node.amount),
    registeredAt: BigInt(node.registeredAt),
  }
}
