import type { Address, Hash } from 'viem'
import { BaseError } from './base.ts'

export type AllowanceOwnerMismatchErrorType = AllowanceOwnerMismatchError & { name: 'AllowanceOwnerMismatchError' }
/** `ensureAllowance` was asked about one owner while the client signs for another account. */
export class AllowanceOwnerMismatchError extends BaseError {
  override name = 'AllowanceOwnerMismatchError' as const
  constructor({ owner, account }: { owner: Address; account: Address }) {
    super('The owner is not the account of the client.', {
      docsPath: '#ensureallowance',
      metaMessages: [
        `Owner:   ${owner}`,
        `Account: ${account}`,
        'Only the owner can approve its tokens: pass the connected account as `owner`.',
      ],
    })
  }
}

export type ApprovalRevertedErrorType = ApprovalRevertedError & { name: 'ApprovalRevertedError' }
/** The approval transaction was mined but reverted. */
export class ApprovalRevertedError extends BaseError {
  override name = 'ApprovalRevertedError' as const
  readonly hash: Hash
  constructor({ hash, token, spender }: { hash: Hash; token: Address; spender: Address }) {
    super('The approval transaction reverted.', {
      docsPath: '#ensureallowance',
      metaMessages: [
        `Token:       ${token}`,
        `Spender:     ${spender}`,
        `Transaction: ${hash}`,
        'Check that the token address is an ERC-20 and that the spender is not blocked by the token.',
      ],
    })
    this.hash = hash
  }
}
