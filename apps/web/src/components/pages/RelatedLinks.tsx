import { Link } from '@tanstack/react-router'
import { useLingui } from '@lingui/react/macro'
import { usePages } from '../../hooks/usePage.ts'
import type { RoutePath } from '../../lib/routeMeta.ts'
import { Icon } from '../Icon.tsx'

/** Shortcuts to neighbouring pages. */
export function RelatedLinks({ paths }: { paths: readonly RoutePath[] }) {
  const { t, i18n } = useLingui()
  const pages = usePages()
  if (paths.length === 0) return null
  return (
    <nav className="app-related" aria-label={t`Related pages`}>
      {paths.map((path) => {
        const title = pages.get(path)?.page.title
        return (
          <Link key={path} to={path} className="app-related__link">
            <span>{title ? i18n._(title) : path}</span>
            <Icon name="chevron" size={16} />
          </Link>
        )
      })}
    </nav>
  )
}
