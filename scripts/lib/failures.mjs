// The failed tests of a run, named with their first lines of error, for the test command's summary: a CI log's
// tail may be all a reader sees, and a count alone does not say which test to run again.

const MAX_LINES = 8

/**
 * The reports that follow each "N failing" line of a mocha-style log (Hardhat's node:test and Solidity runners):
 * one per numbered entry ("1) group / test: the error, where it was thrown").
 */
export function failureReports(text) {
  const reports = []
  const lines = text.split('\n')
  for (let i = 0; i < lines.length; i++) {
    if (!/^\s*\d+ failing/.test(lines[i])) continue
    let report = []
    const flush = () => {
      if (report.join('').trim()) reports.push(report.join('\n').trim())
      report = []
    }
    for (let j = i + 1; j < lines.length && !/^(Running |\s*\d+ (passing|failing))/.test(lines[j]); j++) {
      if (/^\s{0,4}\d+\) /.test(lines[j])) flush()
      report.push(lines[j])
    }
    flush()
  }
  return reports
}

/**
 * The failed tests in one project's results file: Vitest's JSON report (`testResults[].assertionResults[]`) or the
 * contracts runner's `failures` list. Each is a few lines: where, which test, the start of its error.
 */
export function failedTests(results) {
  const out = []
  for (const report of results.failures ?? []) out.push(clip(String(report)))
  for (const file of results.testResults ?? []) {
    const failed = (file.assertionResults ?? []).filter((test) => test.status === 'failed')
    for (const test of failed)
      out.push(clip(`${file.name ?? ''}\n${test.fullName ?? test.title}\n${(test.failureMessages ?? [])[0] ?? ''}`))
    // A file that failed without a failed test (an error while loading it, a failed hook) has only its message.
    if (!failed.length && file.status === 'failed' && file.message)
      out.push(clip(`${file.name ?? ''}\n${file.message}`))
  }
  return out
}

function clip(text) {
  const lines = text
    .split('\n')
    .map((line) => line.trimEnd())
    // the runner's own frames say nothing about the test
    .filter((line) => line.trim() && !/^\s*at .*node_modules\//.test(line))
  return lines.slice(0, MAX_LINES).join('\n') + (lines.length > MAX_LINES ? '\n…' : '')
}
