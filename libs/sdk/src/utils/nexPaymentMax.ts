/** Basis points: 10,000 = 100 %. */
const BPS = 10_000n

/** How far above the quote a NEX payment may go by default: the TWAP's own update at the payment, in basis points. */
export const NEX_PAYMENT_ROOM_BPS = 200n

/**
 * The most NEX a payment valued at the TWAP may charge (`maxPayment` of `Ido.mint(times, false, maxPayment)`):
 * `quote`, the NEX the oracle's `consult` gives now, plus `roomBps` for the average's own update inside the
 * transaction, rounded up, plus `units` wei for the rounding of a per-unit quote multiplied by `units`. The contract
 * charges what its TWAP says after that update and refuses above this bound (`IdoPaymentAboveMax`), so the page can
 * show it as "at most". 0 without a quote. Throws a `RangeError` for a room outside 0..10,000.
 *
 * @example
 * nexPaymentMax({ quote: 1_000n * 10n ** 18n, units: 1n }) // 1,020 NEX and 1 wei
 */
export function nexPaymentMax(parameters: { quote: bigint; units: bigint; roomBps?: bigint }): bigint {
  const { quote, units, roomBps = NEX_PAYMENT_ROOM_BPS } = parameters
  if (roomBps < 0n || roomBps > BPS) throw new RangeError(`roomBps must be within 0..10000, got ${roomBps}`)
  if (quote <= 0n || units <= 0n) return 0n
  return (quote * (BPS + roomBps) + BPS - 1n) / BPS + units
}
