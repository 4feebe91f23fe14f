import { Link } from '@tanstack/react-router'
import { useLingui } from '@lingui/react/macro'
import { Card } from '@nexus/ui'
import { PAGES } from '../../lib/pages.ts'
import type { PagePath } from '../../lib/pages.ts'
import type { IconName } from '../Icon.tsx'
import { Icon } from '../Icon.tsx'
import { RelatedLinks } from './RelatedLinks.tsx'

const SECTIONS: readonly { path: PagePath; icon: IconName }[] = [
  { path: '/burn', icon: 'flame' },
  { path: '/fomo', icon: 'dice' },
  { path: '/superFom', icon: 'rocket' },
  { path: '/mining', icon: 'pickaxe' },
  { path: '/stake', icon: 'stake' },
  { path: '/swap', icon: 'swap' },
  { path: '/team', icon: 'users' },
  { path: '/mine', icon: 'user' },
]

/** Home (`/` and `/home`): the minting panel arrives with the next release; until then the way into every section. */
export function HomePage({ path }: { path: '/' | '/home' }) {
  const { t, i18n } = useLingui()
  return (
    <div className="app-page" data-testid="page" data-path={path}>
      <section className="app-hero">
        <p className="app-hero__eyebrow">{t`Based on Binance Smart Chain`}</p>
        <h1 className="app-hero__title">{t`Mint, burn, stake and mine with NEX`}</h1>
        <p className="app-hero__lead">{i18n._(PAGES[path].description)}</p>
        <ul className="app-hero__facts">
          <li>
            <strong>{t`15 keys`}</strong>
            <span>{t`synthesize a syndicate`}</span>
          </li>
          <li>
            <strong>{t`50%`}</strong>
            <span>{t`community dividends`}</span>
          </li>
          <li>
            <strong>{t`1.5×`}</strong>
            <span>{t`fee yield`}</span>
          </li>
          <li>
            <strong>{t`30 days`}</strong>
            <span>{t`to forced redemption`}</span>
          </li>
        </ul>
      </section>

      <Card className="app-soon" data-testid="coming-soon">
        <div className="app-soon__icon">
          <Icon name="clock" size={30} />
        </div>
        <h2 className="app-soon__title">{t`Minting is coming with the next release`}</h2>
        <p className="app-soon__text">{t`Rounds, the countdown and your minted totals will show here.`}</p>
      </Card>

      <h2 className="app-section-title">{t`Explore`}</h2>
      <div className="app-grid">
        {SECTIONS.map(({ path: to, icon }) => (
          <Link key={to} to={to} className="app-tile">
            <span className="app-tile__icon">
              <Icon name={icon} />
            </span>
            <span className="app-tile__title">{i18n._(PAGES[to].title)}</span>
            <span className="app-tile__text">{i18n._(PAGES[to].description)}</span>
          </Link>
        ))}
      </div>
      <RelatedLinks paths={PAGES[path].related} />
    </div>
  )
}
