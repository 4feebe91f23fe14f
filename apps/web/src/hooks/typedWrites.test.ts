// The write path is typed by the ABI: a plan's transaction names a state-changing function of its ABI with that
// function's arguments, or the typecheck (`tsc`, part of the web's typecheck) fails. Each `@ts-expect-error` below is
// itself an error when the line under it compiles, so a write path that stops checking arguments fails the
// typecheck. The runtime assertions check the types vitest sees too (expectTypeOf).
import { burnAbi, idoAbi } from '@nexus/abi'
import type { Abi } from 'viem'
import { describe, expectTypeOf, it } from 'vitest'
import type { ClaimButton, ClaimButtonProps } from '../components/forms/ClaimButton.tsx'
import type { SendTransaction, TransactionRequest } from './useTransaction.ts'
import { writeRequest } from './useTransaction.ts'

const ido = '0x0000000000000000000000000000000000000001'
declare const send: SendTransaction
declare const claimButton: typeof ClaimButton

/** Plans sent through the write flow's type (never called: only their types matter). */
export function plans() {
  void send({ request: (units) => ({ address: ido, abi: idoAbi, functionName: 'mint', args: [units ?? 0n, true] }) })
  void send({ request: () => ({ address: ido, abi: idoAbi, functionName: 'claim' }) })
  void send({ request: () => ({ address: ido, abi: idoAbi, functionName: 'ido', args: [1n], value: 5n }) })

  // @ts-expect-error a wrong argument type (a string where the ABI has a bool)
  void send({ request: () => ({ address: ido, abi: idoAbi, functionName: 'mint', args: [1n, 'yes'] }) })
  // @ts-expect-error an argument missing
  void send({ request: () => ({ address: ido, abi: idoAbi, functionName: 'ido', args: [] }) })
  // @ts-expect-error an argument too many
  void send({ request: () => ({ address: ido, abi: idoAbi, functionName: 'claim', args: [1n] }) })
  // @ts-expect-error a function the ABI does not have
  void send({ request: () => ({ address: ido, abi: idoAbi, functionName: 'mintTwice', args: [1n] }) })
  // @ts-expect-error a view function is no transaction
  void send({ request: () => ({ address: ido, abi: idoAbi, functionName: 'getConfig' }) })
  // @ts-expect-error the arguments of a function of another contract
  void send({ request: () => ({ address: ido, abi: burnAbi, functionName: 'burn', args: [1n, true] }) })

  claimButton({ testId: 'claim', request: () => ({ address: ido, abi: idoAbi, functionName: 'claim' }) })
  // @ts-expect-error a claim button's transaction with a wrong argument
  claimButton({ testId: 'claim', request: () => ({ address: ido, abi: idoAbi, functionName: 'claim', args: [1n] }) })

  // One branch of several functions, each checked on its own.
  writeRequest({ address: ido, abi: idoAbi, functionName: 'ido', args: [1n], value: 1n })
  // @ts-expect-error a wrong argument in one branch
  writeRequest({ address: ido, abi: idoAbi, functionName: 'ido', args: [true] })
}

describe('typed writes', () => {
  it('a request is typed by its ABI and function name', () => {
    expectTypeOf<TransactionRequest<typeof idoAbi, 'ido'>['args']>().toEqualTypeOf<readonly [bigint]>()
    expectTypeOf<'ido'>().toMatchTypeOf<TransactionRequest<typeof idoAbi, 'ido'>['functionName']>()
    expectTypeOf<'getConfig'>().not.toMatchTypeOf<TransactionRequest<typeof idoAbi>['functionName']>()
    // An ABI known only at run time (the Timelock's routes) takes any function and arguments.
    expectTypeOf<TransactionRequest<Abi>['functionName']>().toEqualTypeOf<string>()
  })

  it("a claim button's transaction is typed by its ABI", () => {
    expectTypeOf<ClaimButtonProps<typeof idoAbi, 'mint', readonly [bigint, boolean]>['request']>()
      .returns.toHaveProperty('args')
      .toEqualTypeOf<readonly [bigint, boolean]>()
  })
})
