import { InvalidRoundsError, type InvalidRoundsErrorType, type InvalidTimestampErrorType } from '../errors/time.ts'
import { countdown, type CountdownReturnType } from './countdown.ts'
import { type Timestamp, toSeconds } from './toSeconds.ts'

/** One round: it runs from `start` (inclusive) to `end` (exclusive). */
export type Round = { start: Timestamp; end: Timestamp }

/** The phases of a series of rounds, in the order a user sees them (SPEC.md §4). */
export type RoundPhase = 'notStarted' | 'countdown' | 'inProgress' | 'cooldown' | 'ended'

export type RoundPhaseParameters = {
  /**
   * The rounds in start order, e.g. the minting (IDO) rounds of the minting contract, or the FOM rounds built
   * from the round game's index and end time (`{ start: previousEnd, end }`). Rounds whose start and end are
   * both 0 (unset in the contract) are ignored; indexes in the result still refer to this array.
   */
  rounds: readonly Round[]
  /** The current time. @default new Date() */
  now?: Timestamp | undefined
  /**
   * Seconds before a round's start during which the phase is `countdown`; further away it is `notStarted`
   * (before the first round) or `ended` (between rounds). @default Infinity (always count down)
   */
  countdownWindow?: number | undefined
  /** Seconds after a round's end during which the phase is `cooldown`, when another round follows. @default 0 */
  cooldown?: number | undefined
  /** True when the running round has nothing left to mint: it counts as ended. @default false */
  soldOut?: boolean | undefined
}

/** The preview of a round: its index in `rounds` and its times in Unix seconds. */
export type RoundPreview = { index: number; start: number; end: number }

export type RoundPhaseReturnType = {
  phase: RoundPhase
  /** The running round, or the last one that ended; undefined before the first round. */
  current: RoundPreview | undefined
  /** The next round to start, for the "next round" preview; undefined when none follows. */
  next: RoundPreview | undefined
  /** What the countdown points at: the running round's end, or the next round's start. */
  target: number | undefined
  /** Time left until `target` (all zeros when there is no target). */
  countdown: CountdownReturnType
}

export type RoundPhaseErrorType = InvalidRoundsErrorType | InvalidTimestampErrorType

/**
 * Tells which phase a series of minting rounds is in — not started, counting down to a start, in progress, in
 * the cooldown after a round, or ended — with the next round's preview and the countdown to show. The same
 * helper serves the FOM rounds.
 *
 * @example
 * const rounds = [{ start: 1_000n, end: 2_000n }, { start: 3_000n, end: 4_000n }]
 * roundPhase({ rounds, now: 1_500, cooldown: 600 }).phase // 'inProgress' (counts down to 2000)
 * roundPhase({ rounds, now: 2_100, cooldown: 600 }).phase // 'cooldown' (next: round 1)
 * roundPhase({ rounds, now: 2_700, cooldown: 600 }).phase // 'countdown' (to 3000)
 * roundPhase({ rounds, now: 4_000 }).phase // 'ended'
 */
export function roundPhase(parameters: RoundPhaseParameters): RoundPhaseReturnType {
  const { countdownWindow = Number.POSITIVE_INFINITY, cooldown = 0, soldOut = false } = parameters
  const now = toSeconds('now', parameters.now ?? new Date())
  const rounds: RoundPreview[] = []
  parameters.rounds.forEach((round, index) => {
    const start = toSeconds(`rounds[${index}].start`, round.start)
    const end = toSeconds(`rounds[${index}].end`, round.end)
    if (start === 0 && end === 0) return
    if (end <= start) throw new InvalidRoundsError(`round ${index} ends (${end}) before it starts (${start})`)
    const previous = rounds.at(-1)
    if (previous && start < previous.end) {
      throw new InvalidRoundsError(
        `round ${index} starts (${start}) before round ${previous.index} ends (${previous.end})`,
      )
    }
    rounds.push({ index, start, end })
  })

  const result = (phase: RoundPhase, current?: RoundPreview, next?: RoundPreview, target?: number) => ({
    phase,
    current,
    next,
    target,
    countdown: countdown(target ?? now, now),
  })

  if (rounds.length === 0) return result('notStarted')
  const upcoming = rounds.findIndex((round) => now < round.end)
  const running = upcoming === -1 ? undefined : rounds[upcoming]
  if (running && now >= running.start) {
    const next = rounds[upcoming + 1]
    return soldOut ? result('ended', running, next, next?.start) : result('inProgress', running, next, running.end)
  }
  const previous = upcoming === -1 ? rounds.at(-1) : rounds[upcoming - 1]
  if (!running) return result('ended', previous)
  if (previous && now < previous.end + cooldown) return result('cooldown', previous, running, running.start)
  if (running.start - now <= countdownWindow) return result('countdown', previous, running, running.start)
  return result(previous ? 'ended' : 'notStarted', previous, running, running.start)
}
