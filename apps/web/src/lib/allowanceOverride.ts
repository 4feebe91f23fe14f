import { encodeAbiParameters, erc20Abi, keccak256, numberToHex } from 'viem'
import type { Account, Address, Chain, Client, Hex, StateOverride, Transport } from 'viem'
import { readContract } from 'viem/actions'

/** OpenZeppelin 5's namespaced ERC-20 storage (ERC-7201 `openzeppelin.storage.ERC20`); allowances at +1. */
const OZ_ERC20_STORAGE = 0x52c63247e1f47db19d5ce0460030c497f067ca4cebf71ba98eeadabe20bace00n
/** Where a Solidity ERC-20 keeps `mapping(owner => mapping(spender => amount))`: one of its first slots, or OZ's. */
const MAPPING_SLOTS = [0n, 1n, 2n, 3n, 4n, 5n, 6n, 7n, 8n, 9n, OZ_ERC20_STORAGE + 1n]
/** An allowance no token holds by chance, read back to find the slot. */
const MARKER = 0x5792_0000_0000_0000_0000_0000_5792n

/** The storage slot of `allowance(owner, spender)` when the allowances mapping is at `mappingSlot`. */
export function allowanceSlot(owner: Address, spender: Address, mappingSlot: bigint): Hex {
  const inner = keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [owner, mappingSlot]))
  return keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'bytes32' }], [spender, inner]))
}

/**
 * A state override (for `eth_call`) in which `owner` has approved `value` of `token` to `spender`: so that an action
 * sent in one batch after its approval can be simulated before the batch is signed. The slot is found by writing a
 * marker to each usual place of the allowances mapping and reading `allowance` back (all in one round trip); a token
 * with another layout gives undefined (the approval is then sent on its own first).
 *
 * @example
 * const stateOverride = await allowanceOverride(client, { token: usdt, owner, spender: burn, value: 10n ** 38n })
 * if (stateOverride) await simulateContract(client, { ...request, account: owner, stateOverride })
 */
export async function allowanceOverride(
  client: Client<Transport, Chain | undefined, Account | undefined>,
  { token, owner, spender, value }: { token: Address; owner: Address; spender: Address; value: bigint },
): Promise<StateOverride | undefined> {
  const override = (slot: Hex, amount: bigint): StateOverride => [
    { address: token, stateDiff: [{ slot, value: numberToHex(amount, { size: 32 }) }] },
  ]
  const found = await Promise.all(
    MAPPING_SLOTS.map(async (mappingSlot) => {
      const slot = allowanceSlot(owner, spender, mappingSlot)
      try {
        const read = await readContract(client, {
          address: token,
          abi: erc20Abi,
          functionName: 'allowance',
          args: [owner, spender],
          stateOverride: override(slot, MARKER),
        })
        return read === MARKER ? slot : undefined
      } catch {
        return undefined
      }
    }),
  )
  const slot = found.find((candidate) => candidate !== undefined)
  return slot && override(slot, value)
}
