import * as abis from '@nexus/abi'
import {
  decodeEventLog,
  encodeAbiParameters,
  toEventSelector,
  type Abi,
  type AbiEvent,
  type AbiParameter,
  type Hex,
} from 'viem'
import { describe, expect, test } from 'vitest'
import { jsonArgs } from '../store/writeRange.ts'
import { compileEvent } from './compileEvent.ts'

// A deterministic generator (xorshift) so that a failure reproduces.
let seed = 0x2545f491
function random() {
  seed ^= seed << 13
  seed ^= seed >>> 17
  seed ^= seed << 5
  return (seed >>> 0) / 2 ** 32
}
const randomHex = (bytes: number) =>
  `0x${Array.from({ length: bytes }, () =>
    Math.floor(random() * 256)
      .toString(16)
      .padStart(2, '0'),
  ).join('')}` as Hex

function valueOf(param: AbiParameter): unknown {
  const array = /^(.*)\[(\d*)\]$/.exec(param.type)
  if (array) {
    const length = array[2] ? Number(array[2]) : Math.floor(random() * 3)
    return Array.from({ length }, () => valueOf({ ...param, type: array[1] as string }))
  }
  if (param.type === 'tuple') {
    const components = (param as { components: readonly AbiParameter[] }).components
    return components.some((c) => !c.name)
      ? components.map(valueOf)
      : Object.fromEntries(components.map((c) => [c.name, valueOf(c)]))
  }
  if (param.type === 'address') return randomHex(20)
  if (param.type === 'bool') return random() < 0.5
  if (param.type === 'string') return ['', 'USDT', 'burn', 'ünïcode ✓', 'x'.repeat(70)][Math.floor(random() * 5)]
  if (param.type === 'bytes') return randomHex(Math.floor(random() * 70))
  const fixed = /^bytes(\d+)$/.exec(param.type)
  if (fixed) return randomHex(Number(fixed[1]))
  const int = /^(u?)int(\d*)$/.exec(param.type)
  if (int) {
    const bits = Number(int[2] || 256)
    const edge = [0n, 1n, (1n << BigInt(bits)) - 1n][Math.floor(random() * 3)] as bigint
    const magnitude = random() < 0.5 ? edge : BigInt(randomHex(bits / 8)) & ((1n << BigInt(bits)) - 1n)
    const value = int[1] === 'u' ? magnitude : magnitude - (1n << BigInt(bits - 1))
    return bits <= 48 ? Number(value) : value
  }
  throw new Error(`no generator for ${param.type}`)
}

/** Topics of an event's indexed values (dynamic types are hashed by the chain: any 32 bytes stand for them). */
const topicsOf = (event: AbiEvent, values: unknown[]): Hex[] => [
  toEventSelector(event),
  ...event.inputs.flatMap((input, i) =>
    !input.indexed
      ? []
      : [/^(string|bytes|tuple)$|\]$/.test(input.type) ? randomHex(32) : encodeAbiParameters([input], [values[i]])],
  ),
]

/** Addresses lowercased everywhere in a value (the decoder's one deliberate difference from viem). */
function lowerAddresses(value: unknown): unknown {
  if (typeof value === 'string' && /^0x[0-9a-fA-F]{40}$/.test(value)) return value.toLowerCase()
  if (Array.isArray(value)) return value.map(lowerAddresses)
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, lowerAddresses(v)]))
  }
  return value
}

const events = new Map<string, AbiEvent>()
for (const [name, abi] of Object.entries(abis)) {
  if (!name.endsWith('Abi') || !Array.isArray(abi)) continue
  for (const item of abi as Abi) if (item.type === 'event') events.set(`${name}.${item.name}`, item)
}

describe('compileEvent', () => {
  test('the ABIs have events to check', () => {
    expect(events.size).toBeGreaterThan(50)
  })

  test.each([...events])('%s decodes as viem does (addresses lowercase)', (_name, event) => {
    const decode = compileEvent(event)
    for (let round = 0; round < 20; round++) {
      const values = event.inputs.map(valueOf)
      const topics = topicsOf(event, values)
      const nonIndexed = event.inputs.filter((input) => !input.indexed)
      const data = encodeAbiParameters(
        nonIndexed,
        event.inputs.flatMap((input, i) => (input.indexed ? [] : [values[i]])),
      )
      const expected = decodeEventLog({ abi: [event], topics: topics as [Hex, ...Hex[]], data, strict: true })
      const actual = decode(topics, data)
      expect(actual).toEqual(lowerAddresses(expected.args ?? {}))
      // Same key order as viem (stored JSON and positional reads depend on it).
      expect(Object.keys(actual)).toEqual(Object.keys(expected.args ?? {}))
      // The stored JSON (event_log.args) is exactly JSON.stringify's with bigints as decimal strings.
      expect(jsonArgs(actual as Record<string, unknown>)).toBe(
        JSON.stringify(actual, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value)),
      )
    }
  })

  test('data or topics that do not fit the event are refused', () => {
    const event = [...events].find(([name]) => name === 'logAbi.LogAdded')?.[1] as AbiEvent
    const decode = compileEvent(event)
    const values = event.inputs.map(valueOf)
    const topics = topicsOf(event, values)
    const data = encodeAbiParameters(
      event.inputs.filter((input) => !input.indexed),
      event.inputs.flatMap((input, i) => (input.indexed ? [] : [values[i]])),
    )
    expect(() => decode(topics, data.slice(0, -64) as Hex)).toThrow()
    expect(() => decode(topics.slice(0, -1), data)).toThrow(/indexed topics/)
    expect(() => decode(topics, '0x')).toThrow()
    // a last string that is empty is its length word alone: without that word the data is short too (an event
    // whose last data field is a string; LogAdded carries codes, no strings)
    const withString = [...events]
      .map(([, candidate]) => candidate)
      .find((candidate) => candidate.inputs.filter((input) => !input.indexed).at(-1)?.type === 'string')
    if (!withString) throw new Error('no event ends with a string')
    const withStringValues = withString.inputs.map(valueOf)
    const empty = withString.inputs.map((input, i) => (input.type === 'string' ? '' : withStringValues[i]))
    const emptyData = encodeAbiParameters(
      withString.inputs.filter((input) => !input.indexed),
      withString.inputs.flatMap((input, i) => (input.indexed ? [] : [empty[i]])),
    )
    expect(() => compileEvent(withString)(topicsOf(withString, empty), emptyData.slice(0, -64) as Hex)).toThrow(
      /out of the data's bounds/,
    )
  })
})
