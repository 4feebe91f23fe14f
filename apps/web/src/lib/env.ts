import { parseEnv } from './parseEnv.ts'
import type { AppEnv } from './parseEnv.ts'

export * from './parseEnv.ts'

/** The settings of this build. */
export const env: AppEnv = parseEnv(import.meta.env)
