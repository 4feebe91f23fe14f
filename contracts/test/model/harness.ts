// Shared parts of the model-based property tests (test/*Model.ts files of the pools): fast-check commands run
// against the deployed contracts and the exact reference model together (fc.asyncModelRun), each run restored from
// one snapshot of the deployment; FUZZ_DEEP=1 runs many more, FC_SEED/FC_PATH replay a failure.
import fc from 'fast-check'
import { fcParameters, revertName } from '../helpers/property.ts'

/** A command of a model-based test: `M` the reference model with what the test tracks, `R` the deployed system. */
export type ModelCommand<M extends object, R> = fc.AsyncCommand<M, R>

/**
 * Runs random command sequences (at most `maxCommands` each) from `commands` against a fresh `setup()` per run
 * (which restores the deployment's snapshot), then the fixed sequences `fixed` once each.
 */
export async function assertModelRuns<M extends object, R>(options: {
  setup: () => Promise<{ model: M; real: R }>
  commands: fc.Arbitrary<ModelCommand<M, R>>[]
  maxCommands: number
  defaultRuns: number
  deepRuns: number
}) {
  await fc.assert(
    fc.asyncProperty(
      fc.commands(options.commands, { maxCommands: options.maxCommands, size: 'max' }),
      async (commands) => {
        await fc.asyncModelRun(options.setup, commands)
        if (process.env.MODEL_TRACE === '1') console.log(`ran: ${commands.toString()}`)
      },
    ),
    fcParameters(options.defaultRuns, options.deepRuns),
  )
}

/** Runs one fixed sequence of commands against a fresh `setup()`. */
export async function runFixed<M extends object, R>(
  setup: () => Promise<{ model: M; real: R }>,
  commands: ModelCommand<M, R>[],
) {
  const { model, real } = await setup()
  for (const command of commands) {
    if (command.check(model)) await command.run(model, real)
  }
  return model
}

/**
 * Runs `call`, which the rules refuse with the custom error `expected` (or succeeds, when `expected` is null); any
 * other outcome fails with both names.
 */
export async function expectOutcome(label: string, expected: string | null, call: () => Promise<unknown>) {
  let got: string | null = null
  try {
    await call()
  } catch (error) {
    got = revertName(error)
  }
  if (got !== expected) {
    throw new Error(`${label}: expected ${expected ?? 'success'}, got ${got ?? 'success'}`)
  }
}

/** Amounts from 1 wei to `max`: the extremes, dust, ordinary amounts (whole units) and anything between. */
export function amountArbitrary(max: bigint, unit = 10n ** 18n): fc.Arbitrary<bigint> {
  return fc.oneof(
    { arbitrary: fc.constantFrom(1n, max), weight: 1 },
    { arbitrary: fc.bigInt({ min: 1n, max: 1_000n }), weight: 1 },
    { arbitrary: fc.bigInt({ min: 1n, max: 10_000n }).map((n) => (n * unit > max ? max : n * unit)), weight: 3 },
    { arbitrary: fc.bigInt({ min: 1n, max }), weight: 1 },
  )
}

/** The arguments of the custom error a contract call reverted with (as viem decoded them), if any. */
export function revertArgs(error: unknown): readonly unknown[] | undefined {
  let e = error as { cause?: unknown; data?: { errorName?: string; args?: readonly unknown[] } } | undefined
  while (e) {
    if (e.data?.errorName && e.data.args) return e.data.args
    e = e.cause as typeof e
  }
  return undefined
}

/**
 * Sets a bounded setting to `wanted`, or to its lower bound when that is higher (the setter's
 * `ValueOutOfBounds(name, value, min, max)` names it). Returns the value set.
 */
export async function setAtLeast(wanted: bigint, set: (value: bigint) => Promise<unknown>): Promise<bigint> {
  try {
    await set(wanted)
    return wanted
  } catch (error) {
    const args = revertArgs(error)
    if (revertName(error) !== 'ValueOutOfBounds' || !args || typeof args[2] !== 'bigint') throw error
    await set(args[2])
    return args[2]
  }
}
