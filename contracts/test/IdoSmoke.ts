import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { network } from 'hardhat'
import { deployContractsIISystem } from './helpers/contractsII.ts'

describe('smoke', async () => {
  const connection = await network.create()
  it('deploys', async () => {
    const s = await deployContractsIISystem(connection)
    const c = await s.ido.read.getConfig()
    console.log(c, await s.ido.read.getRoundState(), await s.nft.read.getCards(), await s.burn.read.getConfig())
    assert.ok(c)
  })
})
