import { useLingui } from '@lingui/react/macro'
import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { Card } from '@nexus/ui'
import { usePage } from '../../hooks/usePage.ts'
import { RelatedLinks } from './RelatedLinks.tsx'

type Section = { title: MessageDescriptor; paragraphs: readonly MessageDescriptor[] }

const SECTIONS: readonly Section[] = [
  {
    title: msg`Overview`,
    paragraphs: [
      msg`NEXUS is a decentralized finance product on Binance Smart Chain, used through your own wallet. Everything you do is a transaction you sign; the contracts hold the rules and anyone can audit them.`,
      msg`The platform token NEX has a total supply of 21,000,000. It is minted in rounds, traded on the exchange, burned for dividends, staked and mined.`,
    ],
  },
  {
    title: msg`Minting`,
    paragraphs: [
      msg`Minting (IDO) runs in timed rounds with a countdown, a preview of the next round and a cooldown between rounds. Pay with USDT or NEX; minted NEX vests and is claimed over time, and each unit brings NFT keys.`,
    ],
  },
  {
    title: msg`The plan`,
    paragraphs: [
      msg`15 keys synthesize a syndicate.`,
      msg`50% community dividends.`,
      msg`1.5 times fee yield.`,
      msg`Forced redemption after 30 days.`,
    ],
  },
  {
    title: msg`Burn, staking and mining`,
    paragraphs: [
      msg`Burning for dividends pays direct, indirect and team rewards. Staking has lock periods; mining has several stake tiers and earns by hash power.`,
      msg`The FOM pool and the super FOM pool are round games: the last deposits before a round ends share its prize. A doubling deposit pays out with claims.`,
    ],
  },
  {
    title: msg`Community`,
    paragraphs: [
      msg`Every wallet binds the referrer who invited it, once and on chain. Team levels show as V plus a number, V0 by default. Invitation links carry your address as the code.`,
    ],
  },
]

/** White paper (`/wp`) in both languages, with the plan of SPEC.md §1. */
export function WhitePaperPage() {
  const { t, i18n } = useLingui()
  const { path, page } = usePage()
  return (
    <div className="app-page" data-testid="page" data-path={path}>
      <header className="app-page__header">
        <h1 className="app-page__title">{i18n._(page.title)}</h1>
        <p className="app-page__lead">{i18n._(page.description)}</p>
      </header>
      {SECTIONS.map((section) => (
        <Card key={section.title.id} title={i18n._(section.title)} className="app-wp">
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph.id}>{i18n._(paragraph)}</p>
          ))}
        </Card>
      ))}
      <p className="app-muted">{t`This paper describes the product; it is not financial advice.`}</p>
      <RelatedLinks paths={page.related} />
    </div>
  )
}
