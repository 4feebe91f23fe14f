import { join, resolve } from 'node:path'

/** The `prisma/` folder of the repository. */
export const packageDir = resolve(import.meta.dirname, '..')
/** The repository's root folder. */
export const repoRoot = resolve(packageDir, '..')
export const schemaPath = join(packageDir, 'schema.prisma')
export const migrationsDir = join(packageDir, 'migrations')
/** Where the embedded database lives when no DATABASE_URL is given (git-ignored `.data/`). */
export const defaultPgliteDir = join(repoRoot, '.data', 'pglite')
