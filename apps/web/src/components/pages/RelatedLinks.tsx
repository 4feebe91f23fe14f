import { Link } from '@tanstack/react-router'
import { useLingui } from '@lingui/react/macro'
import { PAGES } from '../../lib/pages.ts'
import type { PagePath } from '../../lib/pages.ts'
import { Icon } from '../Icon.tsx'

/** Shortcuts to neighbouring pages. */
export function RelatedLinks({ paths }: { paths: readonly PagePath[] }) {
  const { t, i18n } = useLingui()
  if (paths.length === 0) return null
  return (
    <nav className="app-related" aria-label={t`Related pages`}>
      {paths.map((path) => (
        <Link key={path} to={path} className="app-related__link">
          <span>{i18n._(PAGES[path].title)}</span>
          <Icon name="chevron" size={16} />
        </Link>
      ))}
    </nav>
  )
}
