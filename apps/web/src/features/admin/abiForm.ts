import type { Abi, AbiFunction, AbiParameter } from 'viem'
import type { FieldKind, FieldSpec, Values } from '../../components/blocks/settings/formModel.ts'

/**
 * The fields of a setter read from its ABI, so that a form carries the contract's own parameter names: each
 * parameter is a field, and a struct parameter (a tuple) gives one field per member. `bounds` adds what the ABI
 * cannot tell: the contract's bounds, the unit, `amount` for token amounts, a longer label.
 *
 * @example
 * abiFields(doubleAbi, 'setConfig', { feeRate: { unit: 'bps', max: 2000n } })
 * // [{ key: 'dayTimes', kind: 'uint', … }, { key: 'feeRate', kind: 'uint', unit: 'bps', max: 2000n, … }, …]
 */
export function abiFields(
  abi: Abi | readonly unknown[],
  functionName: string,
  bounds: Readonly<Record<string, Partial<FieldSpec>>> = {},
): FieldSpec[] {
  return parametersOf(abi, functionName).map((parameter) => {
    const kind = kindOf(parameter.type)
    if (!kind) throw new Error(`${functionName}: parameter ${parameter.name} of type ${parameter.type} has no field`)
    return { key: parameter.name, label: nameLabel(parameter.name), kind, ...bounds[parameter.name] }
  })
}

/**
 * The arguments of a call from the form's values, in the ABI's order (a struct parameter as an object of its
 * members).
 *
 * @example
 * abiArgs(doubleAbi, 'setConfig', { dayTimes: 600n, feeRate: 0n, price: 5000n, openClaim: true })
 * // [{ dayTimes: 600n, feeRate: 0n, price: 5000n, openClaim: true }]
 */
export function abiArgs(abi: Abi | readonly unknown[], functionName: string, values: Values): unknown[] {
  const inputs = functionOf(abi, functionName).inputs
  const valueOf = (name: string) => {
    if (!(name in values)) throw new Error(`the form has no value for ${name}`)
    return values[name]
  }
  return inputs.map((input) =>
    input.type === 'tuple' && 'components' in input
      ? Object.fromEntries(input.components.map((member) => [member.name, valueOf(member.name ?? '')]))
      : valueOf(input.name ?? ''),
  )
}

/** The parameters a form shows: the inputs, with a struct's members in its place. */
function parametersOf(abi: Abi | readonly unknown[], functionName: string): { name: string; type: string }[] {
  return functionOf(abi, functionName).inputs.flatMap((input: AbiParameter) =>
    input.type === 'tuple' && 'components' in input
      ? input.components.map((member) => ({ name: member.name ?? '', type: member.type }))
      : [{ name: input.name ?? '', type: input.type }],
  )
}

function functionOf(abi: Abi | readonly unknown[], functionName: string): AbiFunction {
  const found = (abi as Abi).filter(
    (item): item is AbiFunction => item.type === 'function' && item.name === functionName,
  )
  if (found.length !== 1) throw new Error(`${functionName}: ${found.length} functions of that name in the ABI`)
  return found[0] as AbiFunction
}

function kindOf(type: string): FieldKind | undefined {
  if (/^uint\d*$/.test(type)) return 'uint'
  if (type === 'address') return 'address'
  if (type === 'address[]') return 'addresses'
  if (type === 'bool') return 'bool'
  if (type === 'string') return 'text'
  if (type === 'bytes') return 'bytes'
  return undefined
}

/**
 * A parameter's label: its name in the contract (the same in both languages, so not a catalog message), without
 * the trailing underscore of a constructor-style name (`guardian_`).
 */
function nameLabel(name: string): string {
  return name.replace(/_$/, '')
}
