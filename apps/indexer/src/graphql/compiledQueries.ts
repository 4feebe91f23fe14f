// Execution by graphql-jit: each distinct document (already parsed, checked against the limits and validated once
// by Yoga's parser and validation cache) is compiled once into a JavaScript function, and every request runs that
// function instead of graphql-js's field-by-field interpreter, which was most of the CPU of an answer.
import {
  GraphQLError,
  type DocumentNode,
  type ExecutionArgs,
  type ExecutionResult,
  type GraphQLFormattedError,
  type Source,
} from 'graphql'
import { compileQuery, isCompiledQuery } from 'graphql-jit'
import type { Plugin } from 'graphql-yoga'

type Compiled = { query: (root: unknown, context: unknown, variables: unknown) => unknown }

/**
 * graphql-jit reports, on every compilation of a literal argument of a built-in scalar, that graphql 17's
 * `parseLiteral(valueNode, variables)` takes variables; our arguments never need them (literals are plain
 * values). That one message is left out; anything else it prints goes through.
 */
const variablesNotice = 'Scalar with variable inputs detected for parsing AST literals. This is not supported.'

function compile(args: ExecutionArgs): Compiled | ExecutionResult {
  const print = console.error
  console.error = (...message: unknown[]) => {
    if (message.length !== 1 || message[0] !== variablesNotice) print(...message)
  }
  try {
    const compiled = compileQuery(args.schema, args.document, args.operationName ?? undefined)
    return isCompiledQuery(compiled) ? (compiled as Compiled) : (compiled as ExecutionResult)
  } finally {
    console.error = print
  }
}

/** Offsets in `source` of 1-based line/column locations. */
function positionsIn(source: Source, locations: readonly { line: number; column: number }[]): number[] {
  const lineStarts = [0]
  for (let i = 0; i < source.body.length; i++) if (source.body[i] === '\n') lineStarts.push(i + 1)
  return locations.map(({ line, column }) => (lineStarts[line - 1] ?? 0) + column - 1)
}

/**
 * Errors as graphql-js (with Yoga's executor) makes them. graphql-jit's errors carry `locations` but not the source
 * and positions that GraphQLError derives them from, and Yoga rebuilds every error from those before answering
 * (which dropped the locations). An answer without `data` (invalid variables: nothing ran) is a request error,
 * HTTP 400, as Yoga's own executor marks it.
 */
function locatedErrors(result: ExecutionResult, document: DocumentNode): ExecutionResult {
  if (!result.errors?.length) return result
  const source = document.loc?.source
  const requestError = !('data' in result)
  const errors = result.errors.map((error) => {
    const { locations } = error as GraphQLFormattedError
    if (error.source && !requestError) return error
    const extensions = requestError
      ? { ...error.extensions, http: { ...(error.extensions?.http as object), status: 400 } }
      : error.extensions
    return new GraphQLError(error.message, {
      ...(source && locations?.length && { source, positions: positionsIn(source, locations) }),
      ...(error.path && { path: error.path }),
      ...(error.originalError && { originalError: error.originalError }),
      ...(extensions && { extensions }),
    })
  })
  return { ...result, errors }
}

/** A Yoga plugin executing queries with graphql-jit, compiled once per document and operation. */
export function useCompiledQueries(): Plugin {
  // Documents come from Yoga's bounded parser cache (the same object for the same text), so that entries here go
  // with them.
  const cache = new WeakMap<DocumentNode, Map<string, Compiled | ExecutionResult>>()
  const execute = (args: ExecutionArgs) => {
    let byOperation = cache.get(args.document)
    if (!byOperation) cache.set(args.document, (byOperation = new Map()))
    const operation = args.operationName ?? ''
    let entry = byOperation.get(operation)
    if (!entry) byOperation.set(operation, (entry = compile(args)))
    if (!('query' in entry)) return entry
    const result = entry.query(args.rootValue, args.contextValue, args.variableValues ?? {}) as
      ExecutionResult | Promise<ExecutionResult>
    return result instanceof Promise
      ? result.then((r) => locatedErrors(r, args.document))
      : locatedErrors(result, args.document)
  }
  return {
    onExecute({ setExecuteFn }) {
      setExecuteFn(execute as Parameters<typeof setExecuteFn>[0])
    },
  }
}
