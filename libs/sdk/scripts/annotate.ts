// Gives every action and hook that `wagmi generate` writes an explicit type that names its ABI:
//   export const useReadFomoOrders = createUseReadContract({ abi: fomoAbi, functionName: 'orders' })
// becomes
//   export const useReadFomoOrders: CreateUseReadContractReturnType<typeof fomoAbi, undefined, 'orders'> = ...
// Without the annotation, declaration emit prints the inferred type, which spells out the whole ABI literal for each
// of the ~1,700 exports: gigantic .d.ts files and a `tsc -p tsconfig.build.json` that runs out of memory. With it,
// each ABI is printed once (its `as const` declaration) and every export references it by name. The annotation is
// exactly the type wagmi infers (the same generic alias with the same arguments), so consumers lose no typing.
// `tsconfig.build.json` sets `isolatedDeclarations`, so an export this misses fails the build instead of bloating it.

const call =
  /^export const (\w+) =\s*\/\*#__PURE__\*\/\s*(create(?:Use)?(?:Read|Write|Simulate|WatchContractEvent)\w*)\(\{([^}]*)\}\)/gm

const property = /^\s*(\w+)\s*:\s*(?:(\w+)|'([^']*)'|"([^"]*)")\s*$/

/** The `import { ... } from '<module>'` of the factories, which also brings in their return types. */
const factoryImport = /^import \{([^}]*)\} from '((?:@wagmi\/core|wagmi)\/codegen)'$/m

export function annotate(text: string): string {
  const used = new Set<string>()
  const annotated = text.replace(call, (_match, name: string, factory: string, body: string) => {
    const props = new Map<string, string>()
    for (const part of body.split(',')) {
      if (part.trim() === '') continue
      const [, key, identifier, single, double] = property.exec(part) ?? []
      if (!key) throw new Error(`annotate: cannot read the arguments of ${name}: {${body}}`)
      props.set(key, identifier ?? `'${single ?? double}'`)
    }
    const abi = props.get('abi')
    const nameKey = factory.endsWith('WatchContractEvent') ? 'eventName' : 'functionName'
    const unknown = [...props.keys()].filter((key) => key !== 'abi' && key !== nameKey)
    if (!abi || unknown.length > 0) {
      throw new Error(`annotate: unexpected arguments of ${name}: {${body}} (expected abi and ${nameKey})`)
    }
    const type = `${factory[0]?.toUpperCase()}${factory.slice(1)}ReturnType`
    used.add(type)
    const typeArguments = `<typeof ${abi}, undefined, ${props.get(nameKey) ?? 'undefined'}>`
    return `export const ${name}: ${type}${typeArguments} = /*#__PURE__*/ ${factory}${typeArguments}({${body}})`
  })
  if (used.size === 0) return text
  const missed = /^export const \w+ =\s*\/\*#__PURE__\*\/.*/m.exec(annotated)
  if (missed) throw new Error(`annotate: an export has an unexpected form: ${missed[0]}`)
  if (!factoryImport.test(annotated)) throw new Error('annotate: cannot find the import of the codegen factories')
  return annotated.replace(factoryImport, (_match, names: string, module: string) => {
    const types = [...used].sort().map((type) => `  type ${type},`)
    return `import {${names}${types.join('\n')}\n} from '${module}'`
  })
}
