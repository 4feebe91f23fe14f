// Writes generated/tables.ts (git-ignored) from schema.prisma: every table's columns and their PostgreSQL types,
// for code that writes SQL by column (the indexer's bulk writer). Run by `nx run db:generate` after `prisma generate`.
try {
  const { writeGeneratedTables } = await import('../src/writeGeneratedTables.ts')
  console.log(`wrote ${writeGeneratedTables()}`)
} catch (error) {
  if ((error as { code?: string }).code !== 'ERR_MODULE_NOT_FOUND') throw error
  console.error(
    `${String(error)}\nThe table columns are read with @prisma/get-dmmf (a dev dependency of prisma/): run \`npm install\` at the repository root.`,
  )
  process.exit(1)
}
