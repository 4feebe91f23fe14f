/** The top bar's form of an address: first 5 characters, two dots, last 4 (SPEC.md §9). */
export function shortAddress(address: string): string {
  return `${address.slice(0, 5)}..${address.slice(-4)}`
}
