import { msg } from '@lingui/core/macro'
import type { PageMeta } from '../../../lib/routeMeta.ts'

/** The home page, one description for its two addresses (`/` and `/home`, SPEC.md §2). */
export const HOME_PAGE: PageMeta = {
  title: msg`Home`,
  description: msg`Minting with a round countdown, the next round, notes and advantages.`,
  related: ['/ido', '/swap', '/wp'],
  catalogs: ['home'],
}
