// The legacy API's calls are typed by route (`LegacyRoutes` of @nexus/sdk, the types the server's routes answer
// through): a field the route does not take, a wrong value or a misread answer fails the typecheck (each
// `@ts-expect-error` is itself an error when the line under it compiles).
import type { LegacyData } from '@nexus/sdk'
import { describe, expect, expectTypeOf, it } from 'vitest'
import { legacyCall } from './legacyApi.ts'

const options = { baseUrl: 'http://127.0.0.1:9', locale: 'en' } as const

/** Calls checked by their types only (never run). */
export async function calls() {
  const list = await legacyCall('walletList', { credit_type: 'USDT', page: 1 }, options)
  expectTypeOf(list.list[0]?.withdrawal?.payoutHash).toEqualTypeOf<string | null | undefined>()
  await legacyCall('withdrawQueue', {}, options)
  await legacyCall('withdrawReject', { id: 1, reason: 'duplicate' }, options)

  // @ts-expect-error a credit type the server refuses
  await legacyCall('walletList', { credit_type: 'BNB', page: 1 }, options)
  // @ts-expect-error a field missing (the reason of a rejection)
  await legacyCall('withdrawReject', { id: 1 }, options)
  // @ts-expect-error a route the web has no types for
  await legacyCall('teamList', {}, options)
  const team = await legacyCall('teamInfo', {}, options)
  // @ts-expect-error a field the answer does not have
  void team.teamVolume
}

describe('legacyCall', () => {
  it("answers the route's typed data and sends only the fields given", async () => {
    const sent: { url: string; body: string; headers: Record<string, string> }[] = []
    const queue: LegacyData<'withdrawQueue'> = {
      page: 2,
      pageSize: 20,
      status: 'paid',
      total: 0,
      policy: { approvalThreshold: '100', dailyCap: '1000', paidToday: { USDT: '0', ARB: '0' } },
      list: [],
    }
    const answer = await legacyCall(
      'withdrawQueue',
      { page: 2, status: undefined },
      {
        ...options,
        token: 'abc',
        fetch: async (url, init) => {
          sent.push({
            url: String(url),
            body: String(init?.body),
            headers: init?.headers as Record<string, string>,
          })
          return new Response(JSON.stringify({ code: 0, msg: 'ok', data: queue }))
        },
      },
    )
    expectTypeOf(answer).toEqualTypeOf<LegacyData<'withdrawQueue'>>()
    expect(answer).toEqual(queue)
    expect(sent).toEqual([
      {
        url: 'http://127.0.0.1:9/api/api/invest/withdrawQueue',
        body: 'page=2',
        headers: { 'content-type': 'application/x-www-form-urlencoded', lang: 'en', token: 'abc' },
      },
    ])
  })
})
