import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { packageDir, schemaPath } from '../paths.ts'

/**
 * Runs `prisma generate` when the generated client (git-ignored) is missing, as Ponder's globalSetup does for
 * its generated test code, and writes generated/tables.ts when it is missing. The environment keeps the CLI
 * offline (no engine download, no update check).
 */
export function ensurePrismaClient(): void {
  if (!existsSync(join(packageDir, 'generated', 'tables.ts'))) {
    // A child process: the DMMF reader (@prisma/get-dmmf, a dev dependency) loads only when the file is missing.
    execFileSync(process.execPath, [join(packageDir, 'scripts', 'generateTables.ts')], {
      cwd: packageDir,
      stdio: 'inherit',
    })
  }
  if (existsSync(join(packageDir, 'generated', 'client', 'client.ts'))) return
  const cli = createRequire(join(packageDir, 'package.json')).resolve('prisma/build/index.js')
  execFileSync(process.execPath, [cli, 'generate', '--schema', schemaPath], {
    cwd: packageDir,
    stdio: 'inherit',
    env: {
      ...process.env,
      CHECKPOINT_DISABLE: '1',
      PRISMA_SCHEMA_ENGINE_BINARY: '/bin/true',
      PRISMA_HIDE_UPDATE_MESSAGE: '1',
    },
  })
}
