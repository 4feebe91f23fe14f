import { nexusErrorsAbi } from '@nexus/abi/errors'
import { type Abi, type AbiParameter, decodeErrorResult, type Hex, isHex } from 'viem'
import { walkCause } from './base.ts'
import { customErrorTexts } from './customErrorTexts.ts'
import {
  customErrorMessageId,
  renderUserErrorMessage,
  type UserErrorLocale,
  type UserErrorMessageId,
} from './userErrorMessages.ts'

/** What went wrong, for the user: each kind has its own message and toast. */
export type UserErrorKind =
  /** The user rejected the request (signature, transaction, connection) in the wallet. */
  | 'userRejected'
  /** No wallet is installed or injected. */
  | 'providerMissing'
  /** The account cannot pay for the transaction (value plus gas). */
  | 'insufficientFunds'
  /** A contract reverted with one of its custom errors (decoded against every ABI of `@nexus/abi`). */
  | 'contractError'
  /** A contract reverted with a reason string, a panic, unknown data or nothing (then `Operate Error`). */
  | 'reverted'
  /** Anything else: the raw message. */
  | 'unknown'

export type UserError = {
  kind: UserErrorKind
  /** The catalog id of the message (`userErrorMessages`), for the web app's own translations. */
  messageId: UserErrorMessageId
  /** The message in the requested locale. */
  message: string
  /** The values of the message's placeholders (`{reason}`). */
  values: Record<string, string>
  /**
   * The technical reason: the revert reason string, the decoded custom error (`MainSelfReferral(0x…)`), the
   * panic description, or the raw message. Undefined when nothing more is known.
   */
  reason: string | undefined
  /** The custom error's name, for `contractError`. */
  errorName?: string | undefined
  /** The custom error's decoded arguments, for `contractError`. */
  args?: readonly unknown[] | undefined
}

export type ToUserErrorParameters = {
  /** The language of `message`. @default 'zh-Hant' (the app's default language, SPEC.md §9) */
  locale?: UserErrorLocale | undefined
  /** `login` turns a rejection into "you do not want to log in" (SPEC.md §8). @default 'transaction' */
  context?: 'login' | 'transaction' | undefined
  /** More ABIs to decode custom errors with (e.g. a third-party token's), besides every ABI of `@nexus/abi`. */
  abis?: readonly (Abi | readonly unknown[])[] | undefined
}

/**
 * Turns any wallet, RPC or contract error — from viem, wagmi, ethers or a raw EIP-1193 provider — into what the
 * user should read (SPEC.md §8):
 *
 * - a rejection in the wallet (code 4001, `UserRejectedRequestError`, ethers `ACTION_REJECTED`) → `userRejected`
 *   (with `context: 'login'`: "you do not want to log in");
 * - no wallet (`ProviderNotFoundError`, `ConnectorNotFoundError`) → `providerMissing`, suggesting a wallet;
 * - not enough native coin for value plus gas → `insufficientFunds` ("Balance Insufficient");
 * - a revert with a custom error of any contract of this repository → `contractError`, decoded with its arguments,
 *   its message the error's own text where a user's action raises it (`customError`, e.g. `StakeRewardBelowMinimum`:
 *   "The price moved: …") or a shared one (`selfReferral`, …), else naming the error;
 * - internal JSON-RPC errors and execution reverts → the revert reason, or `Operate Error` when it is empty;
 * - anything else → the raw message.
 *
 * @param error - Whatever was thrown or rejected.
 * @returns The kind, the message (in `locale`), its catalog id and values, and the technical reason.
 *
 * @example
 * import { toUserError } from '@nexus/sdk'
 *
 * try {
 *   await writeMainRegister(config, { args: [referrer] })
 * } catch (error) {
 *   const { kind, message } = toUserError(error, { locale: 'en' })
 *   toast.error(message) // e.g. 'The referral address is not registered: enter a valid one.'
 * }
 */
export function toUserError(error: unknown, parameters: ToUserErrorParameters = {}): UserError {
  const locale = parameters.locale ?? 'zh-Hant'
  const make = (
    kind: UserErrorKind,
    messageId: UserErrorMessageId,
    reason: string | undefined,
    extra: Pick<UserError, 'errorName' | 'args'> = {},
  ): UserError => {
    const values: Record<string, string> = reason === undefined ? {} : { reason }
    const text = messageId === 'customError' && extra.errorName ? customErrorTexts[extra.errorName] : undefined
    if (text) values.text = text[locale]
    return { kind, messageId, message: renderUserErrorMessage(messageId, locale, values), values, reason, ...extra }
  }

  const chain = causes(error)

  if (chain.some(isUserRejection)) {
    return make('userRejected', parameters.context === 'login' ? 'loginRejected' : 'userRejected', undefined)
  }
  if (chain.some(isProviderMissing)) return make('providerMissing', 'providerMissing', undefined)

  const revert = findRevert(chain, parameters.abis ?? [])
  if (revert) {
    switch (revert.type) {
      case 'custom':
        return make('contractError', customErrorMessageId(revert.errorName), revert.reason, {
          errorName: revert.errorName,
          args: revert.args,
        })
      case 'reason':
        return revert.reason.trim() && revert.reason !== 'execution reverted'
          ? make('reverted', 'revertReason', revert.reason)
          : make('reverted', 'operateError', undefined)
      case 'other':
        return make('reverted', 'operateError', revert.reason)
    }
  }
  if (chain.some(isInsufficientFunds)) return make('insufficientFunds', 'balanceInsufficient', undefined)
  return make('unknown', 'raw', rawMessage(error))
}

type AbiError = Extract<Abi[number], { type: 'error' }>

/** Solidity's panic codes (the same texts as viem's). */
const panicReasons: Record<number, string> = {
  0x01: 'An `assert` condition failed.',
  0x11: 'Arithmetic operation resulted in underflow or overflow.',
  0x12: 'Division or modulo by zero (e.g. `5 / 0` or `23 % 0`).',
  0x21: 'Attempted to convert to an invalid type.',
  0x22: 'Attempted to access a storage byte array that is incorrectly encoded.',
  0x31: 'Performed `.pop()` on an empty array',
  0x32: 'Array index is out of bounds.',
  0x41: 'Allocated too much memory or created an array which is too large.',
  0x51: 'Attempted to call a zero-initialized variable of internal function type.',
}

type Revert =
  | { type: 'custom'; errorName: string; args: readonly unknown[]; reason: string }
  | { type: 'reason'; reason: string }
  | { type: 'other'; reason: string | undefined }

type Node = Record<string, unknown>

/** Every error of the `cause` chain, with the nested `error`/`data` objects of raw RPC and ethers errors. */
function causes(error: unknown): Node[] {
  const found: Node[] = []
  const visit = (value: unknown, depth: number) => {
    if (depth > 8 || !value || typeof value !== 'object' || found.includes(value as Node)) return
    walkCause(value, (link) => {
      if (!link || typeof link !== 'object' || found.includes(link as Node)) return false
      const node = link as Node
      found.push(node)
      // MetaMask nests the node's error as `data` (Internal JSON-RPC error); ethers keeps it in `error`/`info`.
      for (const key of ['data', 'error', 'info', 'originalError']) visit(node[key], depth + 1)
      return false
    })
  }
  visit(error, 0)
  return found
}

const text = (node: Node, key: string) => (typeof node[key] === 'string' ? (node[key] as string) : '')

function isUserRejection(node: Node) {
  return (
    node.code === 4001 ||
    node.name === 'UserRejectedRequestError' ||
    node.code === 'ACTION_REJECTED' ||
    /\buser (?:rejected|denied|cancell?ed)\b/i.test(text(node, 'message'))
  )
}

function isProviderMissing(node: Node) {
  return (
    node.name === 'ProviderNotFoundError' ||
    node.name === 'ConnectorNotFoundError' ||
    /provider not found|no (?:ethereum|injected|wallet) provider|window\.ethereum is (?:undefined|not defined)/i.test(
      text(node, 'message'),
    )
  )
}

function isInsufficientFunds(node: Node) {
  return (
    node.name === 'InsufficientFundsError' ||
    node.code === 'INSUFFICIENT_FUNDS' ||
    /insufficient funds (?:for|to)|doesn't have enough funds/i.test(`${text(node, 'message')} ${text(node, 'details')}`)
  )
}

/** Finds the revert in the chain: revert data first (decodable exactly), then the reason in a message. */
function findRevert(chain: Node[], extraAbis: readonly (Abi | readonly unknown[])[]): Revert | undefined {
  for (const node of chain) {
    const data = revertData(node)
    if (data !== undefined) return decodeRevert(data, extraAbis)
  }
  for (const node of chain) {
    // viem already decoded a reason string or panic (ContractFunctionRevertedError without data).
    if (node.name === 'ContractFunctionRevertedError' && typeof node.reason === 'string') {
      return { type: 'reason', reason: node.reason }
    }
  }
  for (const node of chain) {
    const revert = revertFromMessage(`${text(node, 'details')}\n${text(node, 'message')}`, extraAbis)
    if (revert) return revert
  }
  return undefined
}

/** Revert data carried by viem (`raw`), ethers (`data` on a CALL_EXCEPTION) or a raw RPC error (`data`). */
function revertData(node: Node): Hex | undefined {
  if (node.name === 'ContractFunctionRevertedError' && isHex(node.raw)) return node.raw
  const data = node.data
  if (typeof data !== 'string' || !isHex(data)) return undefined
  // Bare `data` only means revert data on revert-shaped errors (not e.g. a transaction's calldata).
  const revertShaped =
    node.name === 'RawContractError' ||
    node.code === 3 ||
    node.code === -32603 ||
    node.code === -32000 ||
    node.code === 'CALL_EXCEPTION' ||
    /revert/i.test(text(node, 'message'))
  return revertShaped ? data : undefined
}

function decodeRevert(data: Hex, extraAbis: readonly (Abi | readonly unknown[])[]): Revert {
  if (data === '0x') return { type: 'reason', reason: '' }
  try {
    const { errorName, args = [] } = decodeErrorResult({ abi: errorAbi(extraAbis), data })
    if (errorName === 'Error') return { type: 'reason', reason: String(args[0] ?? '') }
    if (errorName === 'Panic') {
      const code = Number(args[0])
      const description = panicReasons[code] ?? 'Unknown panic.'
      return { type: 'other', reason: `Panic 0x${code.toString(16).padStart(2, '0')}: ${description}` }
    }
    return { type: 'custom', errorName, args, reason: `${errorName}(${args.map(formatArg).join(', ')})` }
  } catch {
    return { type: 'other', reason: `Unknown custom error ${data.slice(0, 10)}` }
  }
}

const hardhatReason = /reverted with reason string '([\s\S]*)'/
const hardhatUnrecognized = /unrecognized custom error \(return data: (0x[0-9a-fA-F]*)\)/
const executionReverted = /execution reverted(?::\s*([^\n]*))?/i

/** The revert reason written in a message by Hardhat, geth-style nodes or MetaMask. */
function revertFromMessage(message: string, extraAbis: readonly (Abi | readonly unknown[])[]): Revert | undefined {
  const unrecognized = hardhatUnrecognized.exec(message)
  if (unrecognized?.[1]) return decodeRevert(unrecognized[1] as Hex, extraAbis)
  const reason = hardhatReason.exec(message)
  if (reason) return { type: 'reason', reason: reason[1] ?? '' }
  if (/reverted without a reason string|transaction reverted silently/i.test(message))
    return { type: 'reason', reason: '' }
  const panic = /reverted with panic code (0x[0-9a-f]+)/i.exec(message)
  if (panic?.[1]) return decodeRevert(`0x4e487b71${BigInt(panic[1]).toString(16).padStart(64, '0')}`, extraAbis)
  const reverted = executionReverted.exec(message)
  if (reverted) return { type: 'reason', reason: reverted[1]?.trim() ?? '' }
  return undefined
}

function formatArg(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(formatArg).join(', ')}]`
  if (value && typeof value === 'object') {
    return `{${Object.entries(value)
      .map(([key, item]) => `${key}: ${formatArg(item)}`)
      .join(', ')}}`
  }
  return typeof value === 'string' ? value : String(value)
}

function rawMessage(error: unknown): string | undefined {
  if (error && typeof error === 'object') {
    const node = error as Node
    const message = text(node, 'shortMessage') || text(node, 'message')
    if (message) return message
  }
  if (typeof error === 'string') return error
  return error === undefined || error === null ? undefined : String(error)
}

/**
 * @dev Every error of every `@nexus/abi` ABI, de-duplicated by signature. `@nexus/abi/errors` carries only the errors,
 * so an app that decodes reverts does not bundle every ABI.
 */
const nexusErrors = collectErrors([nexusErrorsAbi])

function collectErrors(abis: readonly (Abi | readonly unknown[])[]): AbiError[] {
  const bySelector = new Map<string, AbiError>()
  for (const abi of abis) {
    for (const item of abi as readonly { type?: string }[]) {
      if (item.type !== 'error') continue
      const error = item as AbiError
      const signature = `${error.name}(${error.inputs.map(canonicalType).join(',')})`
      if (!bySelector.has(signature)) bySelector.set(signature, error)
    }
  }
  return [...bySelector.values()]
}

function canonicalType(parameter: AbiParameter): string {
  if (!parameter.type.startsWith('tuple')) return parameter.type
  const components = 'components' in parameter ? parameter.components : []
  return `(${components.map(canonicalType).join(',')})${parameter.type.slice('tuple'.length)}`
}

function errorAbi(extraAbis: readonly (Abi | readonly unknown[])[]): Abi {
  return extraAbis.length ? [...nexusErrors, ...collectErrors(extraAbis)] : nexusErrors
}
