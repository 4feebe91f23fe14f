// How the services (indexer, legacy API, keeper) stop on SIGINT/SIGTERM: one home for the order of the steps, the
// second signal and the exit code.

export type ShutdownOptions = {
  /** Run in order on the first signal (e.g. stop the work, close the server, close the database). */
  steps: readonly (() => Promise<unknown>)[]
  /** Told the signal when stopping starts, and the error of a step that failed. */
  log: (message: string, detail: { signal: NodeJS.Signals; error?: unknown }) => void
  /** @default ['SIGINT', 'SIGTERM'] */
  signals?: readonly NodeJS.Signals[]
}

/**
 * Stops the service once on the first of `signals`: runs `steps` one after the other, then exits 0 (1 when a step
 * failed; the later steps still run, so the database is closed even when the server was not). A signal while
 * stopping is ignored.
 * @dev The process exits explicitly: Prisma's wasm schema engine leaves a 10 s timer behind.
 *
 * @example
 * stopOnSignals({ steps: [() => app.close(), () => db.close()], log: (message, detail) => app.log.info(detail, message) })
 */
export function stopOnSignals({ steps, log, signals = ['SIGINT', 'SIGTERM'] }: ShutdownOptions) {
  let stopping = false
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return
    stopping = true
    log('shutting down', { signal })
    let code = 0
    for (const step of steps) {
      try {
        await step()
      } catch (error) {
        code = 1
        log('a shutdown step failed', { signal, error })
      }
    }
    process.exit(code)
  }
  for (const signal of signals) process.on(signal, (received: NodeJS.Signals) => void stop(received))
}
