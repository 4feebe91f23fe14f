import { createSchema, createYoga } from 'graphql-yoga'
import { describe, expect, test } from 'vitest'
import { useQueryLimits, type QueryLimits } from './limits.ts'

// A recursive schema, so that documents of any depth and page size are valid apart from the limits.
const schema = createSchema({
  typeDefs: /* GraphQL */ `
    type Node {
      id: Int!
      child: Node
      items(first: Int, after: String): [Node!]!
    }
    type Query {
      node: Node
    }
  `,
  resolvers: {
    Query: { node: () => ({ id: 1 }) },
    Node: { child: () => ({ id: 2 }), items: () => [{ id: 3 }] },
  },
})

type Result = { data?: unknown; errors?: { message: string; extensions?: { code?: string } }[] }

async function run(query: string, limits: Partial<QueryLimits> = {}, variables?: Record<string, unknown>) {
  const yoga = createYoga({ schema, plugins: [useQueryLimits(limits)], logging: false })
  const response = await yoga.fetch('http://localhost/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  })
  return (await response.json()) as Result
}

const nest = (depth: number) => `{ ${'node { '.repeat(1)}${'child { '.repeat(depth - 2)}id${' }'.repeat(depth - 1)} }`

describe('depth', () => {
  test('a document at the limit runs; one level more is rejected and nothing executes', async () => {
    expect((await run(nest(10))).errors).toBeUndefined()
    const rejected = await run(nest(11))
    expect(rejected.data).toBeUndefined()
    expect(rejected.errors).toEqual([
      expect.objectContaining({
        message: 'Query depth 11 exceeds the maximum of 10. Ask for fewer nested fields.',
        extensions: { code: 'QUERY_TOO_DEEP' },
      }),
    ])
  })

  test('depth through fragment spreads counts; a fragment cycle does not hang the check', async () => {
    const viaFragments = `{ node { ...A } } fragment A on Node { child { ...B } } fragment B on Node { child { child { child { child { child { child { child { child { child { id } } } } } } } } } }`
    expect((await run(viaFragments)).errors?.[0]?.extensions?.code).toBe('QUERY_TOO_DEEP')
    const cycle = `{ node { ...A } } fragment A on Node { child { ...B } } fragment B on Node { child { ...A } }`
    const response = await run(cycle)
    expect(response.errors?.some((e) => /Cannot spread fragment "A" within itself/.test(e.message))).toBe(true)
  })

  test('depth 50 is rejected', async () => {
    expect((await run(nest(50))).errors?.[0]?.extensions?.code).toBe('QUERY_TOO_DEEP')
  })
})

test('aliases: 15 run, 16 are rejected', async () => {
  const aliases = (n: number) => `{ ${Array.from({ length: n }, (_, i) => `a${i}: node { id }`).join(' ')} }`
  expect((await run(aliases(15))).errors).toBeUndefined()
  expect((await run(aliases(16))).errors?.[0]).toMatchObject({ extensions: { code: 'TOO_MANY_ALIASES' } })
})

test('directives: more than 50 are rejected', async () => {
  const query = `{ node { ${'id @include(if: true) '.repeat(51)} } }`
  expect((await run(query)).errors?.[0]).toMatchObject({ extensions: { code: 'TOO_MANY_DIRECTIVES' } })
})

test('cost: nested pages multiply; literal and variable page sizes both count', async () => {
  expect((await run('{ node { items(first: 100) { items(first: 50) { id } } } }')).errors).toBeUndefined()
  const costly = await run('{ node { items(first: 100) { items(first: 100) { id child { id } } } } }')
  expect(costly.errors?.[0]).toMatchObject({ extensions: { code: 'QUERY_TOO_COSTLY' } })
  expect(costly.errors?.[0]?.message).toMatch(/^Query cost \d+ exceeds the maximum of 10000/)
  const viaVariable = await run(
    'query ($n: Int) { node { items(first: $n) { items(first: $n) { id child { id } } } } }',
    {},
    { n: 1 },
  )
  expect(viaVariable.errors?.[0]).toMatchObject({ extensions: { code: 'QUERY_TOO_COSTLY' } })
})

test('tokens: a document over the limit is rejected while parsing', async () => {
  const response = await run(`{ node { ${'id '.repeat(100)} } }`, { maxTokens: 50 })
  expect(response.errors).toEqual([
    expect.objectContaining({
      message: 'The document has more than 50 tokens.',
      extensions: { code: 'TOO_MANY_TOKENS' },
    }),
  ])
})

test('introspection is allowed by default and refused when turned off', async () => {
  expect((await run('{ __schema { queryType { name } } }')).data).toEqual({
    __schema: { queryType: { name: 'Query' } },
  })
  const refused = await run('{ __schema { queryType { name } } }', { introspection: false })
  expect(refused.data).toBeUndefined()
  expect(refused.errors?.[0]?.message).toMatch(/introspection/i)
})
