// Fails (exit 1) when any message of the web app lacks a translation in either language, when a catalog is out of
// date with the code, or when a translation's placeholders differ from its source. Run from apps/web:
//   node scripts/check-translations.ts
import { getCatalogs } from '@lingui/cli/api'
import { getConfig } from '@lingui/conf'
import { findTranslationProblems } from './lib/findTranslationProblems.ts'

const config = getConfig({ cwd: process.cwd() })
let failures = 0
let messages = 0
for (const catalog of await getCatalogs(config)) {
  const source = await catalog.collect()
  if (!source) {
    console.error(`Could not extract the messages of ${catalog.path}`)
    process.exit(1)
  }
  messages += Object.keys(source).length
  const problems = findTranslationProblems(source, await catalog.readAll(config.locales))
  for (const problem of problems) console.error(`${problem.locale}: [${problem.kind}] ${problem.detail}`)
  failures += problems.length
}

if (failures > 0) {
  console.error(
    `\n${failures} translation problem(s). Fix src/locales/<locale>/messages.po (lingui extract updates them).`,
  )
  process.exit(1)
}
console.log(`Translations complete: ${messages} messages in ${config.locales.join(', ')}.`)
