import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'

/** Every route of SPEC.md §2 (all without parameters). */
export const PAGE_PATHS = [
  '/',
  '/home',
  '/burn',
  '/orders',
  '/team',
  '/invites',
  '/mine',
  '/stake',
  '/fomo',
  '/fomoMine',
  '/fomoTeam',
  '/superFom',
  '/superFomMine',
  '/superFomTeam',
  '/mining',
  '/miningMine',
  '/miningTeam',
  '/ido',
  '/swap',
  '/manager',
  '/managerSuper',
  '/managerFom',
  '/managerMining',
  '/wp',
] as const
/** Public pages beyond SPEC.md §2 (issue "Web app IV": admin actions and solvency for every user). */
export const EXTRA_PAGE_PATHS = ['/transparency'] as const
export type PagePath = (typeof PAGE_PATHS)[number] | (typeof EXTRA_PAGE_PATHS)[number]

export type PageInfo = {
  title: MessageDescriptor
  description: MessageDescriptor
  /** Pages shown as shortcuts on this page (sub-pages and neighbours). */
  related: readonly PagePath[]
  /** Admin screens show only to managers and never auto-refresh (SPEC.md §2). */
  admin?: boolean
}

export const PAGES: Readonly<Record<PagePath, PageInfo>> = {
  '/': {
    title: msg`Home`,
    description: msg`Minting with a round countdown, the next round, notes and advantages.`,
    related: ['/ido', '/swap', '/wp'],
  },
  '/home': {
    title: msg`Home`,
    description: msg`Minting with a round countdown, the next round, notes and advantages.`,
    related: ['/ido', '/swap', '/wp'],
  },
  '/burn': {
    title: msg`Burn dividends`,
    description: msg`Burn tokens for dividends, with direct, indirect and team rewards.`,
    related: ['/orders', '/team'],
  },
  '/orders': {
    title: msg`Orders`,
    description: msg`Your burn orders and invitation orders.`,
    related: ['/burn', '/invites'],
  },
  '/team': {
    title: msg`Community`,
    description: msg`Your team level, invitations and team performance.`,
    related: ['/invites', '/orders'],
  },
  '/invites': {
    title: msg`Invitations`,
    description: msg`Everyone who joined through your invitation link.`,
    related: ['/team'],
  },
  '/mine': {
    title: msg`Mine`,
    description: msg`Your assets, NFT dividends and NFT synthesis.`,
    related: ['/stake', '/orders', '/ido'],
  },
  '/stake': {
    title: msg`Staking`,
    description: msg`Stake with lock periods and claim the released rewards.`,
    related: ['/mine'],
  },
  '/fomo': {
    title: msg`FOM pool`,
    description: msg`The FOM round game: deposit before the round ends.`,
    related: ['/fomoMine', '/fomoTeam'],
  },
  '/fomoMine': {
    title: msg`My FOM`,
    description: msg`Your FOM orders, rewards and doubling deposits.`,
    related: ['/fomo', '/fomoTeam'],
  },
  '/fomoTeam': {
    title: msg`FOM team`,
    description: msg`The FOM performance of your team.`,
    related: ['/fomo', '/fomoMine'],
  },
  '/superFom': {
    title: msg`Super FOM`,
    description: msg`The super FOM pool: bigger rounds, bigger prizes.`,
    related: ['/superFomMine', '/superFomTeam'],
  },
  '/superFomMine': {
    title: msg`My super FOM`,
    description: msg`Your super FOM orders and rewards.`,
    related: ['/superFom', '/superFomTeam'],
  },
  '/superFomTeam': {
    title: msg`Super FOM team`,
    description: msg`The super FOM performance of your team.`,
    related: ['/superFom', '/superFomMine'],
  },
  '/mining': {
    title: msg`Mining`,
    description: msg`Stake in one of the mining tiers and earn by hash power.`,
    related: ['/miningMine', '/miningTeam'],
  },
  '/miningMine': {
    title: msg`My mining`,
    description: msg`Your mining stakes, power and rewards.`,
    related: ['/mining', '/miningTeam'],
  },
  '/miningTeam': {
    title: msg`Mining team`,
    description: msg`The mining power of your team.`,
    related: ['/mining', '/miningMine'],
  },
  '/ido': {
    title: msg`Minting history`,
    description: msg`Every minting round and your part in it.`,
    related: ['/', '/mine'],
  },
  '/swap': {
    title: msg`Flash exchange`,
    description: msg`Swap USDT and NEX through the exchange router.`,
    related: ['/'],
  },
  '/manager': {
    title: msg`NFT admin`,
    description: msg`Administration of the burn-node NFT contract.`,
    related: ['/managerSuper', '/managerFom', '/managerMining'],
    admin: true,
  },
  '/managerSuper': {
    title: msg`Super FOM admin`,
    description: msg`Administration of the super FOM pool.`,
    related: ['/manager', '/managerFom', '/managerMining'],
    admin: true,
  },
  '/managerFom': {
    title: msg`FOM admin`,
    description: msg`Administration of the FOM pool.`,
    related: ['/manager', '/managerSuper', '/managerMining'],
    admin: true,
  },
  '/managerMining': {
    title: msg`Mining admin`,
    description: msg`Administration of the mining contract.`,
    related: ['/manager', '/managerSuper', '/managerFom'],
    admin: true,
  },
  '/transparency': {
    title: msg`Transparency`,
    description: msg`Every privileged action on the contracts, and what each contract holds against what it owes users.`,
    related: ['/', '/wp'],
  },
  '/wp': {
    title: msg`White paper`,
    description: msg`The plan behind the product.`,
    related: ['/'],
  },
}

/** The page of a path, or undefined for unknown paths. */
export function pageOf(pathname: string): PageInfo | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
  return (PAGES as Record<string, PageInfo>)[path]
}
