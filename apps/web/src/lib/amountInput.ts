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
 * Parses a typed amount with the SDK's strict parser and checks it against the rules of SPEC.md §5, in this
 * order: a number at all (else "not within the allowed range"), greater than 0, at least `min`, at most `max`,
 * at most the balance.
 *
 * @example
 * checkAmount('12.5', { balance: 10n ** 19n }) // { ok: false, message: Balance Insufficient }
 */
export function checkAmount(input: string, rules: AmountRules = {}): AmountCheck {
  let value: bigint
  try {
    value = parseAmount(input.trim(), rules.decimals ?? 18)
  } catch {
    if (input.trim() === '') return { ok: false, message: msg`Quantity must be greater than 0` }
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
  const value = input.trim()
  if (value === '') return { ok: false, message: msg`Quantity must be greater than 0` }
  if (!/^\d+$/.test(value)) return { ok: false, message: msg`Amount not within the allowed range` }
  return checkAmount(value, { ...rules, decimals: 0 })
}
