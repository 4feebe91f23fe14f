// Builds arguments for any ABI parameter list, so that a test can encode an instance of every custom error.
import type { AbiParameter } from 'viem'

type Parameter = AbiParameter & { components?: readonly Parameter[] }

export function sampleValue(parameter: Parameter, seed = 1): unknown {
  const array = /^(.*)\[(\d*)\]$/.exec(parameter.type)
  if (array) {
    const length = array[2] ? Number(array[2]) : 2
    return Array.from({ length }, (_, index) => sampleValue({ ...parameter, type: array[1] ?? '' }, seed + index))
  }
  if (parameter.type === 'tuple') {
    const components = parameter.components ?? []
    const values = components.map((component, index) => sampleValue(component, seed + index))
    return components.every((component) => component.name)
      ? Object.fromEntries(components.map((component, index) => [component.name, values[index]]))
      : values
  }
  if (parameter.type === 'address') return `0x${seed.toString(16).padStart(40, 'a')}`
  if (parameter.type === 'bool') return seed % 2 === 1
  if (parameter.type === 'string') return `sample ${seed}`
  if (parameter.type === 'bytes') return `0x${'ab'.repeat(seed + 2)}`
  const bytes = /^bytes(\d+)$/.exec(parameter.type)
  if (bytes) return `0x${seed.toString(16).padStart(Number(bytes[1]) * 2, '0')}`
  // Values that fit the type's width (uint8 holds at most 255), distinct per seed; viem decodes integers of
  // up to 48 bits as numbers, wider ones as bigints.
  const integer = /^(u?)int(\d*)$/.exec(parameter.type)
  if (integer) {
    const bits = Number(integer[2] || 256)
    const magnitude = (BigInt(seed) * 1000n + 7n) % 2n ** BigInt(integer[1] ? bits : bits - 1)
    const value = integer[1] ? magnitude : -magnitude
    return bits <= 48 ? Number(value) : value
  }
  throw new Error(`no sample for ABI type ${parameter.type}`)
}

export function sampleArgs(inputs: readonly Parameter[]): unknown[] {
  return inputs.map((input, index) => sampleValue(input, index + 1))
}
