import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import type { IconName } from '../components/Icon.tsx'
import type { PagePath } from './pages.ts'

export type NavItem = {
  to: PagePath
  label: MessageDescriptor
  icon: IconName
  /** Routes under which this entry shows as active. */
  activeOn: readonly PagePath[]
}

/** The side menu of SPEC.md §2, in its order. */
export const SIDE_MENU: readonly NavItem[] = [
  { to: '/', label: msg`Home`, icon: 'home', activeOn: ['/', '/home'] },
  { to: '/superFom', label: msg`Super FOM`, icon: 'rocket', activeOn: ['/superFom', '/superFomMine', '/superFomTeam'] },
  { to: '/mining', label: msg`Mining`, icon: 'pickaxe', activeOn: ['/mining', '/miningMine', '/miningTeam'] },
  { to: '/burn', label: msg`Burn dividends`, icon: 'flame', activeOn: ['/burn', '/orders'] },
  { to: '/team', label: msg`Community`, icon: 'users', activeOn: ['/team', '/invites'] },
  { to: '/mine', label: msg`Mine`, icon: 'user', activeOn: ['/mine'] },
]

/** The four admin entries, shown only to managers (SPEC.md §6). */
export const ADMIN_MENU: readonly NavItem[] = [
  { to: '/manager', label: msg`NFT admin`, icon: 'shield', activeOn: ['/manager'] },
  { to: '/managerSuper', label: msg`Super FOM admin`, icon: 'shield', activeOn: ['/managerSuper'] },
  { to: '/managerFom', label: msg`FOM admin`, icon: 'shield', activeOn: ['/managerFom'] },
  { to: '/managerMining', label: msg`Mining admin`, icon: 'shield', activeOn: ['/managerMining'] },
]

/** The bottom navigation: home, burn, fomo, mine, mining and super fomo (SPEC.md §2). */
export const BOTTOM_TABS: readonly NavItem[] = [
  { to: '/', label: msg`Home`, icon: 'home', activeOn: ['/', '/home', '/ido', '/swap', '/wp'] },
  { to: '/burn', label: msg`Burn`, icon: 'flame', activeOn: ['/burn', '/orders'] },
  { to: '/fomo', label: msg`FOM`, icon: 'dice', activeOn: ['/fomo', '/fomoMine', '/fomoTeam'] },
  { to: '/mine', label: msg`Mine`, icon: 'user', activeOn: ['/mine', '/stake', '/team', '/invites'] },
  { to: '/mining', label: msg`Mining`, icon: 'pickaxe', activeOn: ['/mining', '/miningMine', '/miningTeam'] },
  { to: '/superFom', label: msg`Super FOM`, icon: 'rocket', activeOn: ['/superFom', '/superFomMine', '/superFomTeam'] },
]

/** Whether `item` is the active entry for `pathname`. */
export function isNavActive(item: NavItem, pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
  return (item.activeOn as readonly string[]).includes(path)
}
