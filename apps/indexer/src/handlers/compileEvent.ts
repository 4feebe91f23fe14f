import { decodeAbiParameters, type AbiEvent, type AbiParameter, type Hex } from 'viem'

/** Decodes one log of a known event into its arguments (named: an object; any unnamed input: an array). */
export type EventDecoder = (topics: readonly Hex[], data: Hex) => Record<string, unknown> | unknown[]

/** A 32-byte word (64 hex digits, no 0x) into a value of a static type; undefined when the type is not simple. */
type WordDecoder = (word: string) => unknown

const fixedBytes = /^bytes([1-9]|[12][0-9]|3[0-2])$/
const integer = /^(u?)int(\d*)$/
const dynamicTopic = /^(string|bytes|tuple)$|\[\d*\]$/

function wordDecoder(type: string): WordDecoder | undefined {
  if (type === 'address') return (word) => `0x${word.slice(24)}`
  if (type === 'bool') {
    return (word) => {
      const value = BigInt(`0x${word}`)
      if (value > 1n) throw new Error(`invalid bool word 0x${word}`)
      return value === 1n
    }
  }
  const bytes = fixedBytes.exec(type)
  if (bytes) return (word) => `0x${word.slice(0, 2 * Number(bytes[1]))}`
  const int = integer.exec(type)
  if (int) {
    const signed = int[1] === ''
    const bits = Number(int[2] || '256')
    // @dev viem's shapes, which the handlers and stored JSON rely on: numbers up to 48 bits, bigints above.
    const asNumber = bits <= 48
    return (word) => {
      let value = BigInt(`0x${word}`)
      if (signed && value >= 1n << 255n) value -= 1n << 256n
      return asNumber ? Number(value) : value
    }
  }
  return undefined
}

const utf8 = new TextDecoder()

/** Lowercases the addresses viem's decoder checksummed, following the parameter's type (arrays, tuples). */
function lowercased(param: AbiParameter, value: unknown): unknown {
  const array = /^(.*)\[\d*\]$/.exec(param.type)
  if (array) return (value as unknown[]).map((item) => lowercased({ ...param, type: array[1] as string }, item))
  if (param.type === 'tuple') {
    const components = (param as { components: readonly AbiParameter[] }).components
    if (Array.isArray(value)) return value.map((item, i) => lowercased(components[i] as AbiParameter, item))
    const record = value as Record<string, unknown>
    return Object.fromEntries(components.map((c) => [c.name, lowercased(c, record[c.name as string])]))
  }
  return param.type === 'address' ? (value as string).toLowerCase() : value
}

/**
 * Compiles a decoder for one event, equal in output to viem's `decodeEventLog({ strict: true })` except that
 * addresses stay lowercase (no checksum: one keccak per address was most of the decoding time) and that no
 * selector is hashed per log. Static types and `string`/`bytes` are read straight from the hex; anything else
 * (arrays, tuples) goes through viem's `decodeAbiParameters`.
 * @dev Throws on topics or data that do not fit the event (the caller turns that into a NonRetryableError).
 */
export function compileEvent(event: AbiEvent): EventDecoder {
  const inputs = event.inputs
  const unnamed = inputs.some((input) => !input.name)
  const indexed = inputs.map((input, position) => ({ input, position })).filter(({ input }) => input.indexed)
  const nonIndexed = inputs.map((input, position) => ({ input, position })).filter(({ input }) => !input.indexed)

  const topicDecoders = indexed.map(({ input, position }) => {
    const key = unnamed ? position : (input.name as string)
    if (dynamicTopic.test(input.type)) return { key, decode: (topic: Hex) => topic as unknown }
    const word = wordDecoder(input.type)
    return {
      key,
      decode: word
        ? (topic: Hex) => word(topic.slice(2).padStart(64, '0'))
        : (topic: Hex) => lowercased(input, decodeAbiParameters([input], topic)[0]),
    }
  })

  const simple = nonIndexed.every(
    ({ input }) => input.type === 'string' || input.type === 'bytes' || wordDecoder(input.type),
  )
  const dataDecoders = simple
    ? nonIndexed.map(({ input }) => {
        const word = wordDecoder(input.type)
        if (word) return (hex: string, slot: number) => word(hex.slice(slot * 64, slot * 64 + 64))
        const asString = input.type === 'string'
        return (hex: string, slot: number) => {
          const offset = Number.parseInt(hex.slice(slot * 64, slot * 64 + 64), 16) * 2
          // the length word must be there too: parseInt of a missing word is NaN, and NaN passes every comparison
          const length = Number.parseInt(hex.slice(offset, offset + 64), 16) * 2
          if (!Number.isSafeInteger(offset) || !Number.isSafeInteger(length) || offset + 64 + length > hex.length) {
            throw new Error(`${input.type} at slot ${slot} is out of the data's bounds`)
          }
          const body = hex.slice(offset + 64, offset + 64 + length)
          return asString ? utf8.decode(Buffer.from(body, 'hex')) : `0x${body}`
        }
      })
    : null
  const dataParams: AbiParameter[] = nonIndexed.map(({ input }) => input)

  return (topics, data) => {
    if (topics.length !== indexed.length + 1) {
      throw new Error(`${event.name} expects ${indexed.length} indexed topics, got ${topics.length - 1}`)
    }
    const args = (unnamed ? [] : {}) as Record<string | number, unknown>
    for (let i = 0; i < topicDecoders.length; i++) {
      const { key, decode } = topicDecoders[i] as (typeof topicDecoders)[number]
      args[key] = decode(topics[i + 1] as Hex)
    }
    if (nonIndexed.length) {
      const hex = data.slice(2)
      if (hex.length < nonIndexed.length * 64 || hex.length % 64 !== 0) {
        throw new Error(`${event.name} data of ${hex.length / 2} bytes does not fit its ${nonIndexed.length} inputs`)
      }
      const values = dataDecoders
        ? dataDecoders.map((decode, slot) => decode(hex, slot))
        : decodeAbiParameters(dataParams, data).map((value, i) => lowercased(dataParams[i] as AbiParameter, value))
      for (let i = 0; i < nonIndexed.length; i++) {
        const { input, position } = nonIndexed[i] as (typeof nonIndexed)[number]
        args[unnamed ? position : (input.name as string)] = values[i]
      }
    }
    return args
  }
}
