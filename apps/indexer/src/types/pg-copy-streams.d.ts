// The part of pg-copy-streams 7 the indexer uses (the package ships no types).
declare module 'pg-copy-streams' {
  import type { Writable } from 'node:stream'
  import type { Submittable } from 'pg'
  /** A `COPY ... FROM STDIN` query: pass it to `client.query`, write the rows, end it, await 'finish'. */
  export function from(text: string): Writable & Submittable & { rowCount: number }
}
