import * as nexusAbi from '@nexus/abi'
import { connect, createConfig, injected } from '@wagmi/core'
import { Contract, JsonRpcProvider, Wallet } from 'ethers'
import {
  type Abi,
  type AbiParameter,
  BaseError as ViemBaseError,
  createWalletClient,
  custom,
  encodeErrorResult,
  encodeFunctionData,
  type EIP1193RequestFn,
  getAddress,
  http,
  parseEther,
  toFunctionSelector,
  UserRejectedRequestError,
  zeroAddress,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { hardhat } from 'viem/chains'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { contractArtifact, deploy, fundedClient, type TestClient, testContract } from '../_test/chain.ts'
import { sampleArgs } from '../_test/sampleArgs.ts'
import { AmountSignError } from './amount.ts'
import { toUserError } from './toUserError.ts'
import { customErrorTexts, NON_USER_ERRORS } from './customErrorTexts.ts'
import { customErrorMessageId, userErrorMessages } from './userErrorMessages.ts'

let client: TestClient
let reverter: `0x${string}`
const reverterAbi = () => testContract('Reverter').abi

const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a rejection')
    },
    (error: unknown) => error,
  )

beforeAll(async () => {
  client = await fundedClient()
  reverter = await deploy(client, testContract('Reverter'))
})

/** Every custom error of every ABI exported by @nexus/abi (one entry per error signature). */
function everyCustomError() {
  const seen = new Map<string, { contract: string; name: string; inputs: readonly AbiParameter[] }>()
  for (const [exportName, abi] of Object.entries(nexusAbi)) {
    if (!exportName.endsWith('Abi') || !Array.isArray(abi)) continue
    for (const item of abi as Abi) {
      if (item.type !== 'error') continue
      const signature = `${item.name}(${item.inputs.map((input) => input.type).join(',')})`
      if (!seen.has(signature)) seen.set(signature, { contract: exportName, name: item.name, inputs: item.inputs })
    }
  }
  return [...seen.values()]
}

describe('toUserError: custom errors of every contract, raised on the local chain', () => {
  const errors = everyCustomError()

  it('finds the custom errors of the contracts (Main at least)', () => {
    expect(errors.map((error) => error.name)).toEqual(
      expect.arrayContaining(['MainAlreadyRegistered', 'MainReferrerNotRegistered', 'MainSelfReferral']),
    )
  })

  it.each(errors.map((error) => [`${error.contract}: ${error.name}`, error] as const))(
    '%s reverts through eth_call and decodes',
    async (_, { name, inputs }) => {
      const abiItem = { type: 'error', name, inputs } as const
      const args = sampleArgs(inputs)
      const data = encodeErrorResult({ abi: [abiItem], errorName: name, args })
      // The Reverter knows none of these errors: viem cannot decode them, toUserError must.
      const error = await rejection(
        client.simulateContract({ address: reverter, abi: reverterAbi(), functionName: 'revertWith', args: [data] }),
      )
      const result = toUserError(error, { locale: 'en' })
      expect(result).toMatchObject({ kind: 'contractError', errorName: name })
      expect(result.args).toEqual(
        args.map((arg) => (typeof arg === 'string' && arg.length === 42 ? getAddress(arg) : arg)),
      )
      expect(result.reason?.startsWith(`${name}(`)).toBe(true)
      expect(result.message).not.toBe('')
    },
  )

  it('gives every custom error a user action can raise a text of its own or a shared one, in both languages', () => {
    const names = new Set(errors.map((error) => error.name))
    const withoutText = [...names].filter(
      (name) => customErrorMessageId(name) === 'contractError' && !NON_USER_ERRORS.has(name),
    )
    expect(withoutText, 'custom errors without a user text: add them to customErrorTexts or NON_USER_ERRORS').toEqual(
      [],
    )
    for (const [name, texts] of Object.entries(customErrorTexts)) {
      expect(names.has(name), `${name} is no contract's error`).toBe(true)
      expect(NON_USER_ERRORS.has(name), `${name} is listed twice`).toBe(false)
      expect(texts.en.trim() && texts['zh-Hant'].trim(), name).toBeTruthy()
    }
    for (const name of NON_USER_ERRORS) expect(names.has(name), `${name} is no contract's error`).toBe(true)
  })

  it("explains the staking deposit's minimum-reward revert (StakeRewardBelowMinimum) in both languages", async () => {
    const abiItem = errors.find((error) => error.name === 'StakeRewardBelowMinimum')
    expect(abiItem).toBeDefined()
    const data = encodeErrorResult({
      abi: [{ type: 'error', name: 'StakeRewardBelowMinimum', inputs: abiItem?.inputs ?? [] }],
      errorName: 'StakeRewardBelowMinimum',
      args: [90n, 100n],
    })
    const error = await rejection(
      client.simulateContract({ address: reverter, abi: reverterAbi(), functionName: 'revertWith', args: [data] }),
    )
    expect(toUserError(error, { locale: 'en' })).toMatchObject({
      kind: 'contractError',
      messageId: 'customError',
      errorName: 'StakeRewardBelowMinimum',
      message:
        'The price moved: this stake would earn less NEX than the minimum you accepted, so nothing was spent. Get a new quote and try again.',
      values: { reason: 'StakeRewardBelowMinimum(90, 100)', text: customErrorTexts.StakeRewardBelowMinimum?.en },
    })
    expect(toUserError(error).message).toBe(customErrorTexts.StakeRewardBelowMinimum?.['zh-Hant'])
  })

  it('decodes a custom error of a transaction that Hardhat rejects (unrecognized custom error)', async () => {
    const found = errors.find((error) => error.name === 'MainSelfReferral')
    if (!found) throw new Error('Main has no MainSelfReferral error')
    const { name, inputs } = found
    const data = encodeErrorResult({
      abi: [{ type: 'error', name, inputs }],
      errorName: name,
      args: sampleArgs(inputs),
    })
    const error = await rejection(
      client.writeContract({
        address: reverter,
        abi: reverterAbi(),
        functionName: 'revertWith',
        args: [data],
        gas: 200_000n,
      }),
    )
    expect(toUserError(error, { locale: 'en' })).toMatchObject({ kind: 'contractError', errorName: name })
  })
  it("explains Fomo's minimum-out revert (FomoSlippage) as a price move, in both languages", async () => {
    const found = errors.find((error) => error.name === 'FomoSlippage')
    if (!found) throw new Error('Fomo has no FomoSlippage error')
    const data = encodeErrorResult({
      abi: [{ type: 'error', name: found.name, inputs: found.inputs }],
      errorName: found.name,
      args: [1n, 2n],
    })
    const error = await rejection(
      client.simulateContract({ address: reverter, abi: reverterAbi(), functionName: 'revertWith', args: [data] }),
    )
    expect(toUserError(error, { locale: 'en' })).toMatchObject({
      errorName: 'FomoSlippage',
      messageId: 'priceMoved',
      message: userErrorMessages.priceMoved.en,
    })
    expect(toUserError(error).message).toBe(userErrorMessages.priceMoved['zh-Hant'])
  })
})

describe('toUserError: Main reverts on the local chain', () => {
  let main: `0x${string}`
  let genesis: TestClient

  beforeAll(async () => {
    genesis = client
    // Main runs behind a proxy: deploy the implementation, then the proxy with the encoded initialize call.
    const implementation = await deploy(genesis, contractArtifact('Main'))
    const upgradeDelay = await genesis.readContract({
      address: implementation,
      abi: nexusAbi.mainAbi,
      functionName: 'MIN_UPGRADE_DELAY',
    })
    const initialize = encodeFunctionData({
      abi: nexusAbi.mainAbi,
      functionName: 'initialize',
      args: [
        genesis.account.address,
        upgradeDelay,
        genesis.account.address,
        { manager: zeroAddress, generations: 10n },
      ],
    })
    main = await deploy(genesis, contractArtifact('NexusProxy'), [implementation, initialize])
  })

  const register = (from: TestClient, referrer: `0x${string}`) =>
    rejection(
      from.simulateContract({ address: main, abi: nexusAbi.mainAbi, functionName: 'register', args: [referrer] }),
    )

  it('explains an unregistered referrer in both languages', async () => {
    const user = await fundedClient()
    const stranger = privateKeyToAccount(generatePrivateKey()).address
    const error = await register(user, stranger)
    expect(toUserError(error, { locale: 'en' })).toEqual({
      kind: 'contractError',
      messageId: 'referrerNotRegistered',
      message: 'The referral address is not registered: enter a valid one.',
      values: { reason: `MainReferrerNotRegistered(${stranger})` },
      reason: `MainReferrerNotRegistered(${stranger})`,
      errorName: 'MainReferrerNotRegistered',
      args: [stranger],
    })
    expect(toUserError(error).message).toBe(userErrorMessages.referrerNotRegistered['zh-Hant'])
  })

  it('explains a self referral and a second registration', async () => {
    const user = await fundedClient()
    expect(toUserError(await register(user, user.account.address))).toMatchObject({
      errorName: 'MainSelfReferral',
      messageId: 'selfReferral',
    })
    expect(toUserError(await register(genesis, (await fundedClient()).account.address))).toMatchObject({
      errorName: 'MainAlreadyRegistered',
      messageId: 'alreadyRegistered',
    })
  })

  it('maps the same revert from a sent transaction (estimate, then send with a fixed gas limit)', async () => {
    const user = await fundedClient()
    const call = {
      address: main,
      abi: nexusAbi.mainAbi,
      functionName: 'register',
      args: [user.account.address],
    } as const
    for (const error of [
      await rejection(user.writeContract(call)),
      await rejection(user.writeContract({ ...call, gas: 300_000n })),
    ]) {
      expect(toUserError(error, { locale: 'en' })).toMatchObject({
        kind: 'contractError',
        errorName: 'MainSelfReferral',
      })
    }
  })

  it('maps an unauthorized owner call (OpenZeppelin error) to "not authorized"', async () => {
    const user = await fundedClient()
    const error = await rejection(
      user.simulateContract({ address: main, abi: nexusAbi.mainAbi, functionName: 'setManager', args: [zeroAddress] }),
    )
    expect(toUserError(error, { locale: 'en' })).toMatchObject({
      kind: 'contractError',
      errorName: 'OwnableUnauthorizedAccount',
      messageId: 'notAuthorized',
      message: 'You are not authorized to do this.',
    })
  })

  it('maps the revert for ethers users too', async () => {
    const user = await fundedClient()
    const provider = new JsonRpcProvider(inject('rpcUrl'), undefined, { staticNetwork: true })
    const wallet = new Wallet(generatePrivateKey(), provider)
    await user.setBalance({ address: wallet.address as `0x${string}`, value: parseEther('1') })
    const contract = new Contract(main, nexusAbi.mainAbi as unknown as string[], wallet)
    const error = await rejection(contract.getFunction('register')(wallet.address))
    expect(toUserError(error, { locale: 'en' })).toMatchObject({ kind: 'contractError', errorName: 'MainSelfReferral' })
    provider.destroy()
  })
})

describe('toUserError: reverts with a reason, a panic or nothing', () => {
  const call = (functionName: 'revertWithReason' | 'revertEmpty' | 'divide', args: readonly unknown[] = []) =>
    rejection(client.simulateContract({ address: reverter, abi: reverterAbi(), functionName, args } as never))

  it('shows the revert reason', async () => {
    expect(toUserError(await call('revertWithReason', ['Balance Insufficient']), { locale: 'en' })).toMatchObject({
      kind: 'reverted',
      messageId: 'revertReason',
      message: 'Balance Insufficient',
      reason: 'Balance Insufficient',
    })
  })

  it.each([
    ['an empty reason', 'revertWithReason', ['']],
    ['no data at all', 'revertEmpty', []],
  ] as const)('shows Operate Error for %s', async (_, functionName, args) => {
    const error = await call(functionName, args)
    expect(toUserError(error, { locale: 'en' })).toMatchObject({ kind: 'reverted', message: 'Operate Error' })
    expect(toUserError(error).message).toBe('操作失敗')
  })

  it('describes a panic', async () => {
    expect(toUserError(await call('divide', [1n, 0n]), { locale: 'en' })).toMatchObject({
      kind: 'reverted',
      message: 'Operate Error',
      reason: 'Panic 0x12: Division or modulo by zero (e.g. `5 / 0` or `23 % 0`).',
    })
  })

  it('reads the reason of a sent transaction that Hardhat rejects', async () => {
    const error = await rejection(
      client.writeContract({
        address: reverter,
        abi: reverterAbi(),
        functionName: 'revertWithReason',
        args: ['Amount not within allowed range'],
        gas: 200_000n,
      }),
    )
    expect(toUserError(error, { locale: 'en' }).message).toBe('Amount not within allowed range')
  })

  it('reads the revert reason out of an internal JSON-RPC error (MetaMask)', async () => {
    // MetaMask wraps the node's error: { code: -32603, message: 'Internal JSON-RPC error.', data: <node error> }.
    const url = inject('rpcUrl')
    const request = (async ({ method, params }) => {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      })
      const body = (await response.json()) as { result?: unknown; error?: unknown }
      if (body.error) throw Object.assign(new Error('Internal JSON-RPC error.'), { code: -32603, data: body.error })
      return body.result
    }) as EIP1193RequestFn
    const wallet = createWalletClient({ chain: hardhat, transport: custom({ request }), account: client.account })
    for (const [args, expected] of [
      [['Referral address cannot be yourself'], 'Referral address cannot be yourself'],
      [[''], 'Operate Error'],
    ] as const) {
      const error = await rejection(
        wallet.writeContract({ address: reverter, abi: reverterAbi(), functionName: 'revertWithReason', args }),
      )
      expect((error as ViemBaseError).details).toBe('Internal JSON-RPC error.')
      expect(toUserError(error, { locale: 'en' })).toMatchObject({ kind: 'reverted', message: expected })
    }
  })

  it('handles the raw shape MetaMask rejects with, outside viem', () => {
    const raw = {
      code: -32603,
      message: 'Internal JSON-RPC error.',
      data: { code: 3, message: 'execution reverted: Exceeds maximum', data: '0x' },
    }
    expect(toUserError(raw, { locale: 'en' })).toMatchObject({ kind: 'reverted', message: 'Operate Error' })
    const withReason = { ...raw, data: { code: 3, message: 'execution reverted: Exceeds maximum' } }
    expect(toUserError(withReason, { locale: 'en' })).toMatchObject({ kind: 'reverted', message: 'Exceeds maximum' })
    expect(toUserError({ message: 'execution reverted' }, { locale: 'en' }).message).toBe('Operate Error')
  })

  it('decodes OpenZeppelin token errors, and errors of extra ABIs', async () => {
    const token = await deploy(client, testContract('TestToken'), ['Tether USD', 'USDT', 18])
    const error = await rejection(
      client.simulateContract({
        address: token,
        abi: testContract('TestToken').abi,
        functionName: 'transfer',
        args: [client.account.address, 1n],
      }),
    )
    expect(toUserError(error, { locale: 'en' })).toMatchObject({
      kind: 'contractError',
      errorName: 'ERC20InsufficientBalance',
      message: 'Balance Insufficient',
    })
    const unknownSelector = encodeErrorResult({
      abi: [{ type: 'error', name: 'SomethingElse', inputs: [] }],
      errorName: 'SomethingElse',
    })
    const foreign = await rejection(
      client.simulateContract({
        address: reverter,
        abi: reverterAbi(),
        functionName: 'revertWith',
        args: [unknownSelector],
      }),
    )
    expect(toUserError(foreign, { locale: 'en' })).toMatchObject({
      kind: 'reverted',
      message: 'Operate Error',
      reason: `Unknown custom error ${toFunctionSelector('SomethingElse()')}`,
    })
    expect(toUserError(foreign, { abis: [[{ type: 'error', name: 'SomethingElse', inputs: [] }]] })).toMatchObject({
      kind: 'contractError',
      errorName: 'SomethingElse',
    })
  })
})

describe('toUserError: wallet and account errors', () => {
  it('maps a rejection in the wallet (EIP-1193 code 4001) through viem', async () => {
    const request = (async () => {
      throw Object.assign(new Error('MetaMask Tx Signature: User denied transaction signature.'), { code: 4001 })
    }) as EIP1193RequestFn
    const wallet = createWalletClient({ chain: hardhat, transport: custom({ request }) })
    const error = await rejection(wallet.requestAddresses())
    expect(error).toBeInstanceOf(UserRejectedRequestError)
    expect(toUserError(error, { locale: 'en' })).toEqual({
      kind: 'userRejected',
      messageId: 'userRejected',
      message: 'You rejected the request in your wallet.',
      values: {},
      reason: undefined,
    })
    expect(toUserError(error, { context: 'login', locale: 'en' })).toMatchObject({
      messageId: 'loginRejected',
      message: 'You rejected the signature: you do not want to log in.',
    })
  })

  it.each([
    ['a raw EIP-1193 error', { code: 4001, message: 'User rejected the request.' }],
    ['an ethers error', { code: 'ACTION_REJECTED', message: 'user rejected action' }],
  ])('maps %s', (_, error) => {
    expect(toUserError(error).kind).toBe('userRejected')
  })

  it('maps a missing wallet (wagmi injected connector without window.ethereum)', async () => {
    const config = createConfig({ chains: [hardhat], connectors: [injected()], transports: { [hardhat.id]: http() } })
    const connector = config.connectors[0]
    if (!connector) throw new Error('no connector')
    const error = await rejection(connect(config, { connector }))
    expect((error as Error).name).toBe('ProviderNotFoundError')
    expect(toUserError(error, { locale: 'en' })).toMatchObject({
      kind: 'providerMissing',
      message: userErrorMessages.providerMissing.en,
    })
    expect(toUserError(error).message).toContain('錢包')
  })

  it('maps insufficient funds to Balance Insufficient', async () => {
    const poor = await fundedClient()
    await poor.setBalance({ address: poor.account.address, value: 1000n })
    const error = await rejection(poor.sendTransaction({ to: zeroAddress, value: parseEther('1') }))
    expect(toUserError(error, { locale: 'en' })).toMatchObject({
      kind: 'insufficientFunds',
      message: 'Balance Insufficient',
    })
    expect(toUserError(error).message).toBe('餘額不足')
  })
})

describe('toUserError: anything else', () => {
  it.each([
    [new Error('boom'), 'boom'],
    [new AmountSignError('-1'), 'The amount has a sign.'],
    [new ViemBaseError('Short message.', { details: 'long details' }), 'Short message.'],
    ['a string', 'a string'],
    [42, '42'],
  ])('shows the raw message of %s', (error, message) => {
    expect(toUserError(error, { locale: 'en' })).toMatchObject({
      kind: 'unknown',
      messageId: 'raw',
      message,
      reason: message,
    })
  })

  it('survives undefined, null and cyclic causes', () => {
    expect(toUserError(undefined)).toMatchObject({ kind: 'unknown', reason: undefined })
    expect(toUserError(null)).toMatchObject({ kind: 'unknown', reason: undefined })
    const cyclic = new Error('loop') as Error & { cause?: unknown }
    cyclic.cause = cyclic
    expect(toUserError(cyclic).reason).toBe('loop')
  })

  it('has every message in both languages', () => {
    for (const [id, texts] of Object.entries(userErrorMessages)) {
      expect([id, Object.keys(texts).sort()]).toEqual([id, ['en', 'zh-Hant']])
      expect(texts.en && texts['zh-Hant']).toBeTruthy()
    }
  })
})
