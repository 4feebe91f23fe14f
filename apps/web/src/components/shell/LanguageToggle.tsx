import { useState } from 'react'
import { useLingui } from '@lingui/react/macro'
import { activateLocale, toAppLocale } from '../../lib/i18n.ts'
import { Icon } from '../Icon.tsx'

/** Switches between Traditional Chinese and English and remembers the choice under `lang`. */
export function LanguageToggle() {
  const { t, i18n } = useLingui()
  const [busy, setBusy] = useState(false)
  const current = toAppLocale(i18n.locale) ?? 'zh-Hant'
  const next = current === 'zh-Hant' ? 'en' : 'zh-Hant'
  // Each language is offered in its own name, so that a reader of the other one finds it.
  const nextName =
    next === 'en' ? t({ id: 'language.en.short', message: 'EN' }) : t({ id: 'language.zh-Hant.short', message: '繁中' })
  return (
    <button
      type="button"
      className="app-iconbtn app-lang"
      data-testid="language-toggle"
      data-locale={current}
      disabled={busy}
      aria-label={t`Switch language`}
      title={t`Switch language`}
      onClick={() => {
        setBusy(true)
        activateLocale(next, window.localStorage).finally(() => setBusy(false))
      }}
    >
      <Icon name="globe" size={18} />
      <span lang={next}>{nextName}</span>
    </button>
  )
}
