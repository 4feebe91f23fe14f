import { describe, expect, it } from 'vitest'
import {
  captureInviteCode,
  DEFAULT_INVITE_CODE,
  INVITE_CODE_KEY,
  parseInviteCodeParam,
  readInviteCode,
} from './inviteCode.ts'

const lower = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8'
const checksummed = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial))
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
  }
}

describe('parseInviteCodeParam', () => {
  it('accepts lower-case and checksummed addresses and returns them checksummed', () => {
    expect(parseInviteCodeParam(`?code=${lower}`)).toEqual({ kind: 'valid', address: checksummed })
    expect(parseInviteCodeParam(`?x=1&code=${checksummed}`)).toEqual({ kind: 'valid', address: checksummed })
  })

  it('reports no code', () => {
    expect(parseInviteCodeParam('')).toEqual({ kind: 'absent' })
    expect(parseInviteCodeParam('?codes=1')).toEqual({ kind: 'absent' })
  })

  it.each([
    '0x1234',
    '0x70997970C51812DC3a010c7d01b50e0d17dc79c8', // mixed case with a wrong checksum
    '<script>alert(1)</script>',
    '',
    `${lower}00`,
  ])('rejects %s', (code) => {
    expect(parseInviteCodeParam(`?code=${encodeURIComponent(code)}`)).toEqual({ kind: 'invalid', raw: code })
  })
})

describe('captureInviteCode', () => {
  it('stores a valid code under inviteCode', () => {
    const storage = memoryStorage()
    captureInviteCode(`?code=${lower}`, storage)
    expect(storage.data.get(INVITE_CODE_KEY)).toBe(checksummed)
  })

  it('leaves the saved code alone when the new one is invalid or absent', () => {
    const storage = memoryStorage({ [INVITE_CODE_KEY]: checksummed })
    expect(captureInviteCode('?code=%3Cimg%20src%3Dx%3E', storage).kind).toBe('invalid')
    expect(captureInviteCode('?other=1', storage).kind).toBe('absent')
    expect(storage.data.get(INVITE_CODE_KEY)).toBe(checksummed)
  })

  it('saves the default (zero address) when nothing valid is saved', () => {
    const storage = memoryStorage({ [INVITE_CODE_KEY]: 'garbage' })
    captureInviteCode('?code=nope', storage)
    expect(storage.data.get(INVITE_CODE_KEY)).toBe(DEFAULT_INVITE_CODE)
    const fresh = memoryStorage()
    captureInviteCode('', fresh)
    expect(fresh.data.get(INVITE_CODE_KEY)).toBe(DEFAULT_INVITE_CODE)
  })

  it('survives a storage that refuses writes', () => {
    const storage = {
      getItem: () => null,
      setItem() {
        throw new Error('QuotaExceededError')
      },
    }
    expect(captureInviteCode(`?code=${lower}`, storage)).toEqual({ kind: 'valid', address: checksummed })
  })
})

describe('readInviteCode', () => {
  it('defaults to the zero address', () => {
    expect(DEFAULT_INVITE_CODE).toBe('0x0000000000000000000000000000000000000000')
    expect(readInviteCode(memoryStorage())).toBe(DEFAULT_INVITE_CODE)
    expect(readInviteCode(memoryStorage({ [INVITE_CODE_KEY]: 'garbage' }))).toBe(DEFAULT_INVITE_CODE)
  })

  it('returns the saved code', () => {
    expect(readInviteCode(memoryStorage({ [INVITE_CODE_KEY]: lower }))).toBe(checksummed)
  })
})
