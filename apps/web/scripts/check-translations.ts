// Fails (exit 1) when any message of the web app lacks a translation in either language, when a catalog is out of
// date with the code, when a translation's placeholders differ from its source, or when two catalogs translate the
// same message differently (the app merges them). Run from apps/web:
//   node scripts/check-translations.ts
import { getCatalogs } from '@lingui/cli/api'
import { getConfig } from '@lingui/conf'
import { findTranslationConflicts, findTranslationProblems } from './lib/findTranslationProblems.ts'

const config = getConfig({ cwd: process.cwd() })
let failures = 0
let messages = 0
const translations: Record<string, Parameters<typeof findTranslationConflicts>[0][string]> = {}
for (const catalog of await getCatalogs(config)) {
  const source = await catalog.collect()
  if (!source) {
    console.error(`Could not extract the messages of ${catalog.path}`)
    process.exit(1)
  }
  messages += Object.keys(source).length
  const read = await catalog.readAll(config.locales)
  translations[catalog.path] = read
  const problems = findTranslationProblems(source, read)
  for (const problem of problems) console.error(`${problem.locale}: [${problem.kind}] ${problem.detail}`)
  failures += problems.length
}
for (const { locale, id, translations: found } of findTranslationConflicts(translations)) {
  const texts = found.map(({ catalog, text }) => `"${text}" (${catalog.replace(/^.*\/src\//, 'src/')})`)
  console.error(`${locale}: [conflict] ${id} is translated differently: ${texts.join(', ')}`)
  failures++
}

if (failures > 0) {
  console.error(
    `\n${failures} translation problem(s). Fix src/locales/<locale>/messages.po (lingui extract updates them).`,
  )
  process.exit(1)
}
console.log(`Translations complete: ${messages} messages in ${config.locales.join(', ')}.`)
