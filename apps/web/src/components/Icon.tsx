// Line icons of the shell. The active variant (CSS `.is-active`) fills their closed shapes.
import { iconPaths as paths } from '../lib/iconPaths.ts'
import type { IconName } from '../lib/iconPaths.ts'

export function Icon({ name, size = 22, className }: { name: IconName; size?: number; className?: string }) {
  return (
    <svg
      className={className ? `app-icon ${className}` : 'app-icon'}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
    >
      {paths[name].map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  )
}
