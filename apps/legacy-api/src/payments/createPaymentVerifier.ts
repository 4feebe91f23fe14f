import {
  type Address,
  decodeEventLog,
  erc20Abi,
  formatUnits,
  type Hash,
  type PublicClient,
  TransactionNotFoundError,
  TransactionReceiptNotFoundError,
} from 'viem'
import { rejected } from '../errors.ts'

export type PaymentVerifierSettings = {
  client: PublicClient
  /** The ERC-20 purchases are paid in (USDT, 18 decimals). */
  token: Address
  /** Where payments must go; a function is called once, when first needed (e.g. reading Main's owner). */
  receiver: Address | (() => Promise<Address>)
  /** Blocks a payment needs, counting its own (1 = mined). */
  confirmations: number
}

export type PaymentAsset = 'token' | 'native'

export type VerifiedPayment = {
  hash: Hash
  payer: Address
  recipient: Address
  /** The ERC-20 address, or null for the native coin. */
  token: Address | null
  amount: bigint
  blockNumber: bigint
}

export type PaymentVerifier = ReturnType<typeof createPaymentVerifier>

const symbols: Record<PaymentAsset, string> = { token: 'USDT', native: 'BNB' }

function isNotFound(error: unknown) {
  return error instanceof TransactionReceiptNotFoundError || error instanceof TransactionNotFoundError
}

/**
 * Checks on chain that a transaction paid what the API asks for: it succeeded, was sent by the user, paid
 * exactly `amount` to the receiver (ERC-20 `Transfer` logs of the payment token from the user to the receiver,
 * or the native value of a transfer to the receiver) and has enough confirmations. Each failure is a 4800 with
 * the reason; RPC failures propagate (a generic 5000).
 */
export function createPaymentVerifier(settings: PaymentVerifierSettings) {
  const { client, confirmations } = settings
  const token = settings.token.toLowerCase() as Address
  let receiver: Promise<Address> | undefined

  async function getReceiver(): Promise<Address> {
    if (typeof settings.receiver === 'string') return settings.receiver.toLowerCase() as Address
    receiver ??= settings.receiver().then((address) => address.toLowerCase() as Address)
    try {
      return await receiver
    } catch (error) {
      receiver = undefined
      throw error
    }
  }

  return {
    token,
    confirmations,
    getReceiver,

    async verify(parameters: {
      hash: Hash
      payer: Address
      amount: bigint
      asset: PaymentAsset
    }): Promise<VerifiedPayment> {
      const { hash, amount, asset } = parameters
      const payer = parameters.payer.toLowerCase() as Address
      const recipient = await getReceiver()
      const wrongAmount = () => rejected('txWrongAmount', { expected: formatUnits(amount, 18), symbol: symbols[asset] })

      let receipt
      try {
        receipt = await client.getTransactionReceipt({ hash })
      } catch (error) {
        if (isNotFound(error)) throw rejected('txNotFound')
        throw error
      }
      if (receipt.status !== 'success') throw rejected('txFailed')
      if (receipt.from.toLowerCase() !== payer) throw rejected('txWrongSender')

      if (asset === 'token') {
        let paid = 0n
        let paidElsewhere = false
        for (const log of receipt.logs) {
          if (log.address.toLowerCase() !== token) continue
          let decoded
          try {
            decoded = decodeEventLog({ abi: erc20Abi, eventName: 'Transfer', topics: log.topics, data: log.data })
          } catch {
            continue // another event of the token (Approval, ...)
          }
          if (decoded.args.from.toLowerCase() !== payer) continue
          if (decoded.args.to.toLowerCase() === recipient) paid += decoded.args.value
          else paidElsewhere = true
        }
        if (paid === 0n && paidElsewhere) throw rejected('txWrongRecipient')
        if (paid !== amount) throw wrongAmount()
      } else {
        let transaction
        try {
          transaction = await client.getTransaction({ hash })
        } catch (error) {
          if (isNotFound(error)) throw rejected('txNotFound')
          throw error
        }
        if (transaction.to?.toLowerCase() !== recipient) throw rejected('txWrongRecipient')
        if (transaction.value !== amount) throw wrongAmount()
      }

      const head = await client.getBlockNumber({ cacheTime: 0 })
      const have = head - receipt.blockNumber + 1n
      if (have < BigInt(confirmations)) {
        throw rejected('txNotConfirmed', { confirmations: String(have), required: String(confirmations) })
      }
      return {
        hash,
        payer,
        recipient,
        token: asset === 'token' ? token : null,
        amount,
        blockNumber: receipt.blockNumber,
      }
    },
  }
}
