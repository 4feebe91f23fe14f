/** `list[i]`, or an error naming `what` when there is no such element (the models' and tests' checked index). */
export function nth<T>(list: readonly T[], i: number, what = 'element'): T {
  const value = list[i]
  if (value === undefined) throw new Error(`no ${what} ${i} (there are ${list.length})`)
  return value
}

/** `value`, or an error naming `what` when it is missing (e.g. an event a receipt must hold). */
export function must<T>(value: T | undefined | null, what = 'value'): T {
  if (value === undefined || value === null) throw new Error(`missing ${what}`)
  return value
}
