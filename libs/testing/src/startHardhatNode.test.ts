import { describe, expect, it } from 'vitest'
import { startHardhatNode } from './startHardhatNode.ts'

const rpc = (url: string, method: string) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: [] }),
  }).then(async (response) => ((await response.json()) as { result: unknown }).result)

describe('startHardhatNode', () => {
  it('starts a local chain 31337 with unlocked accounts on its own port, and stops only it', async () => {
    const [first, second] = await Promise.all([startHardhatNode(), startHardhatNode()])
    try {
      expect(first.port).not.toBe(second.port)
      expect(await rpc(first.url, 'eth_chainId')).toBe('0x7a69')
      expect(((await rpc(first.url, 'eth_accounts')) as string[]).length).toBeGreaterThan(0)
      await first.stop()
      await expect(rpc(first.url, 'eth_chainId')).rejects.toThrow()
      expect(await rpc(second.url, 'eth_chainId')).toBe('0x7a69')
    } finally {
      await Promise.all([first.stop(), second.stop()])
    }
  }, 120_000)

  it('fails with the reason when the node cannot answer in time', async () => {
    await expect(startHardhatNode({ timeoutMs: 1 })).rejects.toThrow(/did not answer|exited/)
  })
})
