import { describe, expect, it } from 'vitest'
import { isChunkLoadError } from './isChunkLoadError.ts'

describe('isChunkLoadError', () => {
  it.each([
    'Failed to fetch dynamically imported module: http://127.0.0.1:4173/assets/burn-x1.js',
    'error loading dynamically imported module: http://127.0.0.1/assets/a.js',
    'Importing a module script failed.',
    'Unable to preload CSS for /assets/burn-x1.css',
    'Loading chunk 42 failed.',
  ])('recognises %s', (message) => {
    expect(isChunkLoadError(new TypeError(message))).toBe(true)
  })

  it('recognises a ChunkLoadError by name', () => {
    const error = new Error('timeout')
    error.name = 'ChunkLoadError'
    expect(isChunkLoadError(error)).toBe(true)
  })

  it('leaves other errors alone', () => {
    expect(isChunkLoadError(new Error('execution reverted'))).toBe(false)
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false)
    expect(isChunkLoadError(undefined)).toBe(false)
  })
})
