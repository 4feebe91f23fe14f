// Structured logs: one JSON object per line on stdout (pino), with the job and transaction in fields.
import { pino } from 'pino'

export type Logger = pino.Logger

/** The keeper's logger; LOG_LEVEL (default info) chooses what is written. */
export function createLogger(options: { level?: string; destination?: pino.DestinationStream } = {}): Logger {
  const base = { level: options.level ?? process.env.LOG_LEVEL ?? 'info', base: { service: 'keeper' } }
  return options.destination ? pino(base, options.destination) : pino(base)
}
