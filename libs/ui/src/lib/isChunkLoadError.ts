// What browsers and bundlers say when a lazily loaded script or stylesheet cannot be fetched.
const patterns = [
  /Failed to fetch dynamically imported module/i, // Chromium
  /error loading dynamically imported module/i, // Firefox
  /Importing a module script failed/i, // Safari
  /Unable to preload CSS/i, // Vite's preload helper
  /Loading (CSS )?chunk [\w-]+ failed/i, // webpack-style ChunkLoadError
]

/**
 * Whether an error means that a code-split chunk (script or stylesheet) failed to load, so that reloading the
 * page (which fetches the current build's chunks) is the fix (SPEC.md §8).
 *
 * @example
 * isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/burn-1a2b.js')) // true
 */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  if (error.name === 'ChunkLoadError') return true
  return patterns.some((pattern) => pattern.test(error.message))
}
