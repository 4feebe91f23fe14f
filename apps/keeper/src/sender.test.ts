// errorText: what the sender's checks read of a failed RPC call (sender.ts). A used nonce answered with JSON-RPC
// -32000 becomes viem's InvalidInputRpcError, whose short message is its class's; the node's words ("nonce too low")
// must reach the checks, or a fee bump that races with the mining of the first transaction fails the work.
import { BaseError, InvalidInputRpcError, RpcRequestError } from 'viem'
import { describe, expect, it } from 'vitest'
import { errorText } from './sender.ts'

const nodeAnswer = (message: string) =>
  new InvalidInputRpcError(
    new RpcRequestError({ body: { method: 'eth_sendRawTransaction' }, error: { code: -32000, message }, url: 'x' }),
  )

describe('errorText', () => {
  it("keeps the node's own words of an RPC error (a used nonce, no funds), not only viem's class text", () => {
    const text = errorText(nodeAnswer('Transaction nonce too low. Expected nonce to be at least 5 but got 4.'))
    expect(text).toMatch(/nonce too low/i)
    expect(errorText(nodeAnswer('insufficient funds for gas * price + value'))).toMatch(/insufficient funds/)
  })

  it('gives a plain error its message, and no more than 500 characters', () => {
    expect(errorText(new Error('boom'))).toBe('boom')
    expect(errorText('text')).toBe('text')
    expect(errorText(new BaseError('x'.repeat(900))).length).toBe(500)
  })
})
