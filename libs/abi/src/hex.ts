/** A 0x-prefixed 20-byte address (the same shape as viem's `Address`, without depending on viem). */
export type Address = `0x${string}`
/** A 0x-prefixed hex string. */
export type Hex = `0x${string}`
