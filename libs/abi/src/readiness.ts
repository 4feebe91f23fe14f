// How the services (legacy API, keeper) tell /readyz whether their dependencies answer: one home for the checks'
// time limit and the reasons they name.

/** A dependency's check: resolves when it answers (e.g. `select 1`, the node's block number). */
export type DependencyChecks = {
  database: () => Promise<unknown>
  node?: () => Promise<unknown>
}

/**
 * Runs the checks at once, each allowed `timeoutMs`; resolves to the reason the service is not ready
 * (`database unreachable`, `chain node unreachable`, the database's first), or undefined when both answered.
 *
 * @example
 * const reason = await unreachableDependency({ database: () => pool.query('select 1'), node: () => client.getBlockNumber() })
 * reply.code(reason ? 503 : 200)
 */
export async function unreachableDependency(checks: DependencyChecks, timeoutMs = 3_000): Promise<string | undefined> {
  const answers = (check: () => Promise<unknown>) =>
    Promise.race([
      Promise.resolve()
        .then(check)
        .then(() => true),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), timeoutMs).unref()),
    ]).catch(() => false)
  const [database, node] = await Promise.all([
    answers(checks.database),
    checks.node ? answers(checks.node) : Promise.resolve(true),
  ])
  if (!database) return 'database unreachable'
  if (!node) return 'chain node unreachable'
  return undefined
}
