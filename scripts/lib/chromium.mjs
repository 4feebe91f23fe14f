// Browser tests drive Debian's Chromium through playwright-core; no tool may download a browser.
// When it is missing and we are root (CI, a fresh machine), install it with apt.
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export function ensureChromium() {
  if (existsSync(chromiumPath)) return chromiumPath
  if (process.getuid?.() !== 0) {
    throw new Error(
      `Chromium is missing at ${chromiumPath}: install Debian's chromium package (apt-get install chromium)`,
    )
  }
  process.stderr.write('[chromium] installing Debian chromium with apt\n')
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env })
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env })
  return chromiumPath
}
