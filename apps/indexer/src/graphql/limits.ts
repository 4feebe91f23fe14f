// Query limits in the manner of graphql-armor (max depth, aliases, directives, tokens, cost), written against
// graphql 17 directly: @escape.tech/graphql-armor 3.2 pins graphql ^16, and a second copy of graphql in the
// process would turn its errors into masked "Unexpected error." answers.
import {
  GraphQLError,
  Kind,
  NoSchemaIntrospectionCustomRule,
  parse,
  type ASTNode,
  type FragmentDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
  type ValueNode,
} from 'graphql'
import type { Plugin } from 'graphql-yoga'

export type QueryLimits = {
  /** Deepest field nesting (fragments followed; introspection fields excluded, as graphql-armor does). */
  maxDepth: number
  /** Aliases in one document. */
  maxAliases: number
  /** Directives in one document. */
  maxDirectives: number
  /** Lexical tokens in one document (checked while parsing, before any other work). */
  maxTokens: number
  /** Estimated cost: 1 per field, times the page size (`first`, default `defaultPageSize`) of list fields. */
  maxCost: number
  defaultPageSize: number
  /** Allow introspection (`__schema`, `__type`). */
  introspection: boolean
}

export const defaultQueryLimits: QueryLimits = {
  maxDepth: 10,
  maxAliases: 15,
  maxDirectives: 50,
  maxTokens: 2_000,
  maxCost: 10_000,
  defaultPageSize: 20,
  introspection: true,
}

function limitError(message: string, code: string, node?: ASTNode) {
  return new GraphQLError(message, { ...(node && { nodes: [node] }), extensions: { code } })
}

function fragmentsOf(context: ValidationContext): Map<string, FragmentDefinitionNode> {
  const fragments = new Map<string, FragmentDefinitionNode>()
  for (const definition of context.getDocument().definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition)
  }
  return fragments
}

function depthOf(
  selectionSet: SelectionSetNode | undefined,
  fragments: Map<string, FragmentDefinitionNode>,
  visiting: Set<string>,
): number {
  if (!selectionSet) return 0
  let deepest = 0
  for (const selection of selectionSet.selections) {
    let depth = 0
    if (selection.kind === Kind.FIELD) {
      if (selection.name.value.startsWith('__')) continue
      depth = selection.selectionSet ? 1 + depthOf(selection.selectionSet, fragments, visiting) : 1
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      depth = depthOf(selection.selectionSet, fragments, visiting)
    } else if (selection.kind === Kind.FRAGMENT_SPREAD) {
      const name = selection.name.value
      const fragment = fragments.get(name)
      // A fragment cycle is reported by the standard NoFragmentCycles rule; stop here.
      if (!fragment || visiting.has(name)) continue
      visiting.add(name)
      depth = depthOf(fragment.selectionSet, fragments, visiting)
      visiting.delete(name)
    }
    if (depth > deepest) deepest = depth
  }
  return deepest
}

function maxDepthRule(max: number): ValidationRule {
  return (context) => ({
    OperationDefinition(operation) {
      const depth = depthOf(operation.selectionSet, fragmentsOf(context), new Set())
      if (depth > max) {
        context.reportError(
          limitError(
            `Query depth ${depth} exceeds the maximum of ${max}. Ask for fewer nested fields.`,
            'QUERY_TOO_DEEP',
            operation,
          ),
        )
      }
    },
  })
}

function countingRule(max: number, what: string, code: string, count: (node: ASTNode) => number): ValidationRule {
  return (context) => {
    let total = 0
    let reported = false
    const visit = (node: ASTNode) => {
      total += count(node)
      if (total > max && !reported) {
        reported = true
        context.reportError(limitError(`The document has more than ${max} ${what}.`, code, node))
      }
    }
    return { Field: visit, Directive: visit }
  }
}

/** The page size a list field asks for; a variable's value is unknown during validation: assume the largest page. */
function pageSizeOf(value: ValueNode): number {
  return value.kind === Kind.INT ? Math.max(1, Number(value.value)) : 100
}

function costOf(
  selectionSet: SelectionSetNode | undefined,
  fragments: Map<string, FragmentDefinitionNode>,
  defaultPageSize: number,
  visiting: Set<string>,
): number {
  if (!selectionSet) return 0
  let cost = 0
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      const children = costOf(selection.selectionSet, fragments, defaultPageSize, visiting)
      const first = selection.arguments?.find((a) => a.name.value === 'first')
      // A connection without `first` returns the default page.
      const isList = first !== undefined || selection.arguments?.some((a) => a.name.value === 'after')
      cost += 1 + (first ? pageSizeOf(first.value) : isList ? defaultPageSize : 1) * children
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      cost += costOf(selection.selectionSet, fragments, defaultPageSize, visiting)
    } else if (selection.kind === Kind.FRAGMENT_SPREAD) {
      const fragment = fragments.get(selection.name.value)
      if (!fragment || visiting.has(fragment.name.value)) continue
      visiting.add(fragment.name.value)
      cost += costOf(fragment.selectionSet, fragments, defaultPageSize, visiting)
      visiting.delete(fragment.name.value)
    }
  }
  return cost
}

function maxCostRule(max: number, defaultPageSize: number): ValidationRule {
  return (context) => ({
    OperationDefinition(operation) {
      const cost = costOf(operation.selectionSet, fragmentsOf(context), defaultPageSize, new Set())
      if (cost > max) {
        context.reportError(
          limitError(
            `Query cost ${cost} exceeds the maximum of ${max}. Ask for smaller pages (first) or fewer fields.`,
            'QUERY_TOO_COSTLY',
            operation,
          ),
        )
      }
    },
  })
}

/**
 * A Yoga plugin enforcing {@link QueryLimits}: the token limit while parsing, the others as validation rules,
 * so that a rejected document never reaches a resolver or the database.
 */
export function useQueryLimits(limits: Partial<QueryLimits> = {}): Plugin {
  const l = { ...defaultQueryLimits, ...limits }
  const rules: ValidationRule[] = [
    maxDepthRule(l.maxDepth),
    countingRule(l.maxAliases, 'aliases', 'TOO_MANY_ALIASES', (node) =>
      node.kind === Kind.FIELD && node.alias ? 1 : 0,
    ),
    countingRule(l.maxDirectives, 'directives', 'TOO_MANY_DIRECTIVES', (node) =>
      node.kind === Kind.DIRECTIVE ? 1 : 0,
    ),
    maxCostRule(l.maxCost, l.defaultPageSize),
  ]
  if (!l.introspection) rules.push(NoSchemaIntrospectionCustomRule)
  return {
    onParse({ setParseFn }) {
      setParseFn((source, options) => {
        try {
          return parse(source, { ...options, maxLexicalTokens: l.maxTokens })
        } catch (error) {
          if (error instanceof GraphQLError && /more than \d+ tokens/.test(error.message)) {
            throw limitError(`The document has more than ${l.maxTokens} tokens.`, 'TOO_MANY_TOKENS')
          }
          throw error
        }
      })
    },
    onValidate({ addValidationRule }) {
      for (const rule of rules) addValidationRule(rule)
    },
  }
}
