import { fallback, http } from 'viem'
import type { HttpTransportConfig, Transport } from 'viem'

/**
 * The transport for an operator's list of RPC URLs: one URL is used as it is; several are tried in order, each
 * request moving on to the next URL when one fails or times out (viem's `fallback`), so one provider's outage does
 * not stop an app or a service.
 *
 * @example
 * createPublicClient({ transport: rpcTransport(['https://a.example/rpc', 'https://b.example/rpc'], { batch: true }) })
 */
export function rpcTransport(rpcUrls: readonly string[], config: HttpTransportConfig = {}): Transport {
  const [first, ...rest] = rpcUrls.map((url) => http(url, config))
  if (!first) throw new Error('rpcTransport needs at least one RPC URL')
  return rest.length === 0 ? first : fallback([first, ...rest])
}
