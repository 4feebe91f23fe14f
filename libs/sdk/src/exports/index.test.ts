import { describe, expect, it } from 'vitest'
import * as actions from './actions.ts'
import * as sdk from './index.ts'

describe('public API', () => {
  // A change of the public API must show in review: update the snapshot on purpose.
  it('exports exactly these names from @nexus/sdk', () => {
    expect(Object.keys(sdk).sort()).toMatchInlineSnapshot(`
      [
        "shortenAddress",
      ]
    `)
  })

  it('exports generated actions for every contract', () => {
    expect(Object.keys(actions)).toEqual(expect.arrayContaining(['readMainUsers', 'writeMainRegister', 'mainAbi']))
  })
})
