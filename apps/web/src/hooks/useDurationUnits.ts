import { useLingui } from '@lingui/react/macro'

/** The short units of a duration (days, hours, minutes, seconds) in the reader's language, for countdowns and lock periods. */
export function useDurationUnits() {
  const { t } = useLingui()
  return { d: t`d`, h: t`h`, m: t`min`, s: t`s` }
}
