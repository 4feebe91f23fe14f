// Line icons of the shell. The active variant (CSS `.is-active`) fills their closed shapes.
const paths = {
  home: ['M3 11.5L12 4l9 7.5', 'M5.5 10v9.5h13V10', 'M10 19.5v-5h4v5'],
  flame: ['M12 3c1 3.5 5.5 5.5 5.5 10.5a5.5 5.5 0 0 1-11 0C6.5 10 9 9 9 6c1.5 1 2.5 2.5 3-3z'],
  dice: ['M4.5 4.5h15v15h-15z', 'M9 9h.01M15 15h.01M15 9h.01M9 15h.01M12 12h.01'],
  user: ['M12 12.5a4 4 0 1 0 0-8 4 4 0 0 0 0 8z', 'M4.5 20.5c.8-4 3.7-6 7.5-6s6.7 2 7.5 6z'],
  pickaxe: ['M4 8.5C7.5 4.5 13 3.5 17.5 5L19 6.5C15 6 11 7 8.5 9.5z', 'M13 8.5l-8 11.5 2 1.5 8-11.5', 'M16 3l5 5'],
  rocket: [
    'M12 3c3.5 2.5 5 6.5 4.5 11L14 16.5h-4L7.5 14C7 9.5 8.5 5.5 12 3z',
    'M9.5 17.5L8 21l4-2 4 2-1.5-3.5',
    'M12 10.5h.01',
  ],
  users: [
    'M9 11.5a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7z',
    'M2.5 19.5c.7-3.5 3.2-5.5 6.5-5.5s5.8 2 6.5 5.5z',
    'M15.5 4.8a3.5 3.5 0 0 1 0 6.4M17.5 14.2c2 .7 3.5 2.4 4 5.3',
  ],
  shield: ['M12 3l8 3v5.5c0 4.5-3.4 8-8 9.5-4.6-1.5-8-5-8-9.5V6z', 'M8.5 12l2.5 2.5 4.5-5'],
  menu: ['M4 7h16M4 12h16M4 17h16'],
  close: ['M6 6l12 12M18 6L6 18'],
  globe: [
    'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z',
    'M3 12h18M12 3c2.5 2.7 3.5 5.7 3.5 9s-1 6.3-3.5 9c-2.5-2.7-3.5-5.7-3.5-9s1-6.3 3.5-9z',
  ],
  wallet: [
    'M4 7.5h14.5a1.5 1.5 0 0 1 1.5 1.5v9.5a1.5 1.5 0 0 1-1.5 1.5H5.5A1.5 1.5 0 0 1 4 18.5z',
    'M4 7.5L15 4v3.5',
    'M16.5 14h.01',
  ],
  swap: ['M4 8.5h14l-3.5-3.5', 'M20 15.5H6l3.5 3.5'],
  book: ['M5 4.5h10.5L19 8v11.5H5z', 'M15 4.5V8.5h4', 'M8.5 12.5h7M8.5 16h5'],
  clock: ['M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z', 'M12 7.5V12l3 2'],
  chevron: ['M9.5 6l6 6-6 6'],
  layers: ['M12 4l9 4.5-9 4.5-9-4.5z', 'M3 12.5l9 4.5 9-4.5', 'M3 16.5l9 4.5 9-4.5'],
  stake: ['M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z', 'M12 7v10M9 9.5c0-1.5 6-1.5 6 .5s-6 1.5-6 3.5 6 2 6 .5'],
} as const

export type IconName = keyof typeof paths

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
