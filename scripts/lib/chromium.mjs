// Browser tests drive Debian's Chromium through playwright-core; no tool may download a browser.
// Chinese pages need a CJK font, or Chromium draws empty boxes in the screenshots.
// When a package is missing and we are root (CI, a fresh machine), install it with apt.
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const packages = ['chromium', 'fonts-wqy-microhei']

function installed(name) {
  const result = spawnSync('dpkg-query', ['-W', '-f=${Status}', name], { encoding: 'utf8' })
  return result.status === 0 && result.stdout.includes('install ok installed')
}

export function ensureChromium() {
  const missing = packages.filter((name) => !installed(name))
  if (missing.length === 0 && existsSync(chromiumPath)) return chromiumPath
  if (process.getuid?.() !== 0) {
    if (existsSync(chromiumPath)) return chromiumPath
    throw new Error(`Chromium is missing at ${chromiumPath}: install Debian's ${packages.join(' and ')} packages`)
  }
  process.stderr.write(`[chromium] installing ${missing.join(', ')} with apt\n`)
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env })
  execFileSync('apt-get', ['install', '-y', '-qq', ...missing], { stdio: 'inherit', env })
  return chromiumPath
}
