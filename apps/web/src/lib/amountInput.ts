import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { parseAmount } from '@nexus/sdk'

export type AmountRules = {
  /** Base-unit decimals of the token (18 for USDT on BSC and NEX). */
  decimals?: number
  /** Smallest and largest accepted value, in base units. */
  min?: bigint
  max?: bigint
  /** The spendable balance, in base units; more is refused with "Balance Insufficient". */
  balance?: bigint
}

export type AmountCheck = { ok: true; value: bigint } | { ok: false; message: MessageDescriptor }

/**
 * A typed amount as the parser reads it: what Chinese input methods type in full width (the digits `０`–`９`, the dots
 * `．` and `。`, the comma `，` and the ideographic space) becomes its ASCII counterpart, and the ends are trimmed.
 *
 * @example
 * amountText(' ０．５ ') // '0.5'
 */
export function amountText(input: string): string {
  return input
    .replace(/[\uFF10-\uFF19]/g, (digit) => String.fromCharCode(digit.charCodeAt(0) - 0xff10 + 0x30))
    .replace(/[\uFF0E\u3002\uFF61]/g, '.')
    .replace(/[\uFF0C\u3001]/g, ',')
    .replace(/\u3000/g, ' ')
    .trim()
}

/**
 * Parses a typed amount with the SDK's strict parser and checks it against the rules of SPEC.md §5, in this
 * order: a number at all (else "not within the allowed range"; a comma gets its own message, since it is the
 * decimal mark in many languages), greater than 0, at least `min`, at most `max`, at most the balance. Full-width
 * digits and dots count as their ASCII counterparts ({@link amountText}).
 *
 * @example
 * checkAmount('12.5', { balance: 10n ** 19n }) // { ok: false, message: Balance Insufficient }
 * checkAmount('１２．５') // { ok: true, value: 12500000000000000000n }
 */
export function checkAmount(input: string, rules: AmountRules = {}): AmountCheck {
  const text = amountText(input)
  let value: bigint
  try {
    value = parseAmount(text, rules.decimals ?? 18)
  } catch {
    if (text === '') return { ok: false, message: msg`Quantity must be greater than 0` }
    if (/^[\d.,]*,[\d.,]*$/.test(text)) {
      return { ok: false, message: msg`Use a dot for decimals and no thousands separators, e.g. 1.5 or 1000` }
    }
    return { ok: false, message: msg`Amount not within the allowed range` }
  }
  if (value <= 0n) return { ok: false, message: msg`Quantity must be greater than 0` }
  if (rules.min !== undefined && value < rules.min) return { ok: false, message: msg`Below the minimum` }
  if (rules.max !== undefined && value > rules.max) return { ok: false, message: msg`Exceeds the maximum` }
  if (rules.balance !== undefined && value > rules.balance) return { ok: false, message: msg`Balance Insufficient` }
  return { ok: true, value }
}

/**
 * Checks a whole number of units (minting times) the same way.
 *
 * @example
 * checkUnits('3', { max: 2n }) // { ok: false, message: Exceeds the maximum }
 */
export function checkUnits(input: string, rules: Omit<AmountRules, 'decimals' | 'balance'> = {}): AmountCheck {
  const value = amountText(input)
  if (value === '') return { ok: false, message: msg`Quantity must be greater than 0` }
  if (!/^\d+$/.test(value)) {
    if (/^[\d.,]*,[\d.,]*$/.test(value)) return checkAmount(value)
    return { ok: false, message: msg`Amount not within the allowed range` }
  }
  return checkAmount(value, { ...rules, decimals: 0 })
}

/**
 * The amount a field holds, for the previews beside it: the parsed value when it is a positive amount, else
 * undefined (the preview then shows a dash rather than an example or 0). Every form starts with an empty field.
 *
 * @example
 * typedAmount('２.５') // 2500000000000000000n
 * typedAmount('') // undefined
 */
export function typedAmount(input: string, decimals = 18): bigint | undefined {
  const checked = checkAmount(input, { decimals })
  return checked.ok ? checked.value : undefined
}

/**
 * The whole number of units a field holds (minting and burn units), or undefined unless it is a positive count.
 *
 * @example
 * typedUnits('３') // 3n
 * typedUnits('1.5') // undefined
 */
export function typedUnits(input: string): bigint | undefined {
  const checked = checkUnits(input)
  return checked.ok ? checked.value : undefined
}
