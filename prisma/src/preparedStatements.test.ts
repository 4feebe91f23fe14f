import { expect, test } from 'vitest'
import { createPreparedStatements } from './preparedStatements.ts'

test('one name per text, the same in every registry of the prefix; unnamed past the bound', () => {
  const prepared = createPreparedStatements('t', 2)
  const a = prepared('SELECT 1', [])
  expect(a.name).toMatch(/^t_[0-9a-f]{24}$/)
  expect(prepared('SELECT 1', [1]).name).toBe(a.name)
  expect(createPreparedStatements('t')('SELECT 1', []).name).toBe(a.name)
  const b = prepared('SELECT 2', [])
  expect(b.name).not.toBe(a.name)
  expect(prepared('SELECT 3', [3])).toEqual({ text: 'SELECT 3', values: [3] })
  expect(prepared('SELECT 2', []).name).toBe(b.name)
})
