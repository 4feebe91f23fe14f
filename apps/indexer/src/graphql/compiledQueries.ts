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
 * Errors as graphql-js makes them: graphql-jit's errors carry `locations` but not the source and positions that
 * GraphQLError derives them from, and Yoga rebuilds every error from those before answering (which dropped the
 * locations).
 */
function locatedErrors(result: ExecutionResult, document: DocumentNode): ExecutionResult {
  if (!result.errors?.length) return result
  const source = document.loc?.source
  const errors = result.errors.map((error) => {
    const { locations } = error as GraphQLFormattedError
    if (error.source || !source || !locations?.length) return error
    return new GraphQLError(error.message, {
      source,
      positions: positionsIn(source, locations),
      ...(error.path && { path: error.path }),
      ...(error.originalError && { originalError: error.originalError }),
      ...(error.extensions && { extensions: error.extensions }),
    })
  })
  // graphql-js's order of keys: errors first.
  return Object.assign({ errors }, result, { errors })
}

/**
 * A Yoga plugin executing queries with graphql-jit, compiled once per document and operation, from a document's
 * second run on: compiling costs more than interpreting once, and a document seen once (say one with an account
 * written into its text instead of passed as a variable) may never come again. Its first run is graphql-js's.
 */
export function useCompiledQueries(): Plugin {
  // Documents come from Yoga's bounded parser cache (the same object for the same text), so that entries here go
  // with them.
  const cache = new WeakMap<DocumentNode, Map<string, Compiled | ExecutionResult>>()
  const seenOnce = new WeakSet<DocumentNode>()
  const execute = (args: ExecutionArgs, interpret: (args: ExecutionArgs) => unknown) => {
    let byOperation = cache.get(args.document)
    if (!byOperation) cache.set(args.document, (byOperation = new Map()))
    const operation = args.operationName ?? ''
    let entry = byOperation.get(operation)
    if (!entry) byOperation.set(operation, (entry = compile(args)))
    if (!('query' in entry)) return entry
    // Invalid variables (nothing ran: no data): graphql-js words those errors a little differently, and they are
    // rare; its answer is the one clients get on a document's first run, and the one they keep getting.
    const settle = (result: ExecutionResult) =>
      'data' in result ? locatedErrors(result, args.document) : interpret(args)
    const result = entry.query(args.rootValue, args.contextValue, args.variableValues ?? {}) as
      ExecutionResult | Promise<ExecutionResult>
    return result instanceof Promise ? result.then(settle) : settle(result)
  }
  return {
    onExecute({ args, executeFn, setExecuteFn }) {
      if (!cache.has(args.document) && !seenOnce.has(args.document)) {
        seenOnce.add(args.document)
        return
      }
      const interpret = executeFn as (args: ExecutionArgs) => unknown
      setExecuteFn(((a: ExecutionArgs) => execute(a, interpret)) as Parameters<typeof setExecuteFn>[0])
    },
  }
}
