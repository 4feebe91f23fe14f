// stopOnSignals in a real child process: SIGTERM runs the steps in order once and exits 0, a second signal while
// stopping changes nothing, a failing step still lets the later ones run and exits 1.
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'

const helper = pathToFileURL(join(import.meta.dirname, 'shutdown.ts')).href

/**
 * Starts a process whose steps print their names, sends the first signal once it is ready and the others once it is
 * stopping; returns its output and exit code.
 */
async function run(failSecond: boolean, signals: NodeJS.Signals[]) {
  const script = `
    import { stopOnSignals } from ${JSON.stringify(helper)}
    const step = (name, fail) => async () => {
      await new Promise((resolve) => setTimeout(resolve, 100))
      console.log('step ' + name)
      if (fail) throw new Error(name + ' failed')
    }
    stopOnSignals({
      steps: [step('server'), step('work', ${failSecond}), step('database')],
      log: (message, detail) => console.log(message + ' ' + detail.signal + (detail.error ? ' ' + detail.error.message : '')),
    })
    setInterval(() => {}, 1000)
    console.log('ready')
  `
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] })
  let output = ''
  const [first, ...later] = signals
  child.stdout.on('data', (chunk: Buffer) => {
    const before = output
    output += chunk.toString()
    if (!before.includes('ready') && output.includes('ready')) child.kill(first)
    // the later signals once it is stopping
    if (!before.includes('shutting down') && output.includes('shutting down'))
      for (const signal of later) child.kill(signal)
  })
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve))
  return { lines: output.trim().split('\n'), code }
}

describe('stopOnSignals', () => {
  it('runs the steps in order once on SIGTERM, ignores a second signal and exits 0', async () => {
    expect(await run(false, ['SIGTERM', 'SIGINT'])).toEqual({
      lines: ['ready', 'shutting down SIGTERM', 'step server', 'step work', 'step database'],
      code: 0,
    })
  })

  it('runs the later steps after a failing one and exits 1', async () => {
    expect(await run(true, ['SIGINT'])).toEqual({
      lines: [
        'ready',
        'shutting down SIGINT',
        'step server',
        'step work',
        'a shutdown step failed SIGINT work failed',
        'step database',
      ],
      code: 1,
    })
  })
})
