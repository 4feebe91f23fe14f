import type {} from 'vitest'

declare module 'vitest' {
  export interface ProvidedContext {
    /** Superuser URL of the test cluster (from the globalSetup); tests make their own databases from it. */
    databaseUrl: string
  }
}
