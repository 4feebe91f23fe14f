/** The package version printed in every error message (kept in step with package.json by a test). */
export const version = '0.1.0'
