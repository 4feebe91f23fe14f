import { GraphQLError } from 'graphql'

export const maxPageSize = 100

/** A client error naming the argument at fault (code BAD_USER_INPUT, never masked). */
export function argumentError(argument: string, message: string) {
  return new GraphQLError(`Argument "${argument}": ${message}`, {
    extensions: { code: 'BAD_USER_INPUT', argument },
  })
}

/** `first`: 1..100, default 20. */
export function pageSize(first: number | null | undefined): number {
  if (first === undefined || first === null) return 20
  if (!Number.isInteger(first) || first < 1 || first > maxPageSize) {
    throw argumentError('first', `must be between 1 and ${maxPageSize} (got ${first})`)
  }
  return first
}

const address = /^0x[0-9a-fA-F]{40}$/

/** A lowercase address, or an error naming `argument`. */
export function addressArg(argument: string, value: string): string {
  if (typeof value !== 'string' || !address.test(value)) {
    throw argumentError(argument, 'must be a 0x-prefixed 20-byte hex address')
  }
  return value.toLowerCase()
}

/** A short free-text filter (symbol, action, kind): at most 64 characters; matched exactly, as a parameter. */
export function textArg(argument: string, value: string | null | undefined): string | null {
  if (value === undefined || value === null) return null
  if (value.length > 64) throw argumentError(argument, 'must be at most 64 characters')
  return value
}

/** One of `allowed`, or an error listing them. */
export function oneOf(argument: string, value: string, allowed: readonly string[]): string {
  if (!allowed.includes(value)) {
    throw argumentError(argument, `must be one of ${allowed.join(', ') || '(none indexed yet)'} (got "${value}")`)
  }
  return value
}

/**
 * Cursors are opaque base64url of the sort key (decimal integers), prefixed with the list's name so that a
 * cursor of one list is refused by another.
 */
export function encodeCursor(list: string, key: readonly (string | number | bigint)[]): string {
  return Buffer.from(`${list}:${key.map(String).join(':')}`).toString('base64url')
}

/** The sort key of `after` (as many decimal integers as `parts`), or null without a cursor. */
export function decodeCursor(list: string, after: string | null | undefined, parts: number): string[] | null {
  if (after === undefined || after === null) return null
  const invalid = () =>
    argumentError('after', `is not a cursor of ${list} (use pageInfo.endCursor of the previous page)`)
  if (typeof after !== 'string' || after.length > 200 || !/^[A-Za-z0-9_-]+$/.test(after)) throw invalid()
  const text = Buffer.from(after, 'base64url').toString('utf8')
  const [name, ...key] = text.split(':')
  if (name !== list || key.length !== parts || !key.every((k) => /^\d{1,78}$/.test(k))) throw invalid()
  return key
}

export type Page<T> = { nodes: T[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } }

/** Cuts `rows` (fetched with limit first + 1) into a page. */
export function toPage<T>(rows: T[], first: number, cursorOf: (row: T) => string): Page<T> {
  const nodes = rows.slice(0, first)
  const last = nodes.at(-1)
  return { nodes, pageInfo: { hasNextPage: rows.length > first, endCursor: last ? cursorOf(last) : null } }
}

/** The page arguments of every list. */
export type PageArgs = { first?: number | null; after?: string | null }

/**
 * A cursor page of `list` (sort key of `parts` decimal integers, newest first), for a query whose parameters are
 * `params`: `after` is the placeholders of the cursor's key (pushed onto `params`), or null on the first page;
 * `limit()` pushes first + 1 (call it last, after every other parameter); `of(rows, keyOf)` cuts the rows into the
 * page, each cursor the row's key.
 *
 * @example
 * const page = cursorPage('mints', args, 2, params)
 * const more = page.after ? ` AND (block_number, log_index) < (${page.after[0]}::bigint, ${page.after[1]}::int)` : ''
 * const found = await query(`... WHERE chain_id = $1${more} ORDER BY ... LIMIT ${page.limit()}`, params)
 * return page.of(found, (row) => [row.blockNumber, row.logIndex])
 */
export function cursorPage(list: string, args: PageArgs, parts: number, params: unknown[]) {
  const first = pageSize(args.first)
  const after = decodeCursor(list, args.after, parts)?.map((value) => `$${params.push(value)}`) ?? null
  return {
    first,
    after,
    limit: () => `$${params.push(first + 1)}`,
    of: <T>(rows: T[], keyOf: (row: T) => readonly unknown[]) =>
      toPage(rows, first, (row) => encodeCursor(list, keyOf(row).map(String))),
  }
}
