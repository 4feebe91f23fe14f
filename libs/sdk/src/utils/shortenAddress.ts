/**
 * Shortens an address for display: the first `head` characters, two dots, the last `tail` (SPEC.md §9).
 * Strings too short to shorten are returned unchanged.
 *
 * @example
 * shortenAddress('0x5FbDB2315678afecb367f032d93F642f64180aa3') // '0x5Fb..0aa3'
 * shortenAddress('0x5FbDB2315678afecb367f032d93F642f64180aa3', 10, 8) // '0x5FbDB231..64180aa3'
 */
export function shortenAddress(address: string, head = 5, tail = 4): string {
  if (!Number.isInteger(head) || !Number.isInteger(tail) || head < 0 || tail < 0) {
    throw new RangeError(`shortenAddress: head and tail must be non-negative integers (got ${head}, ${tail})`)
  }
  if (address.length <= head + tail + 2) return address
  return `${address.slice(0, head)}..${tail === 0 ? '' : address.slice(-tail)}`
}
