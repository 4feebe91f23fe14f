// Reads storage layouts from Hardhat 3's build-info outputs (the config asks solc for `storageLayout`).
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

export type StorageEntry = { label: string; slot: string; offset: number; type: string }

const buildInfoDir = join(import.meta.dirname, '..', '..', 'artifacts', 'build-info')

/** The storage layout of `contractName` in `sourceName` (e.g. `contracts/Main.sol`), ast ids stripped. */
export function storageLayout(sourceName: string, contractName: string): StorageEntry[] {
  for (const file of readdirSync(buildInfoDir).filter((f) => f.endsWith('.output.json'))) {
    const { output } = JSON.parse(readFileSync(join(buildInfoDir, file), 'utf8')) as {
      output: { contracts?: Record<string, Record<string, { storageLayout?: { storage: StorageEntry[] } }>> }
    }
    const layout = output.contracts?.[`project/${sourceName}`]?.[contractName]?.storageLayout
    if (layout) {
      return layout.storage.map(({ label, slot, offset, type }) => ({
        label,
        slot,
        offset,
        type: type.replace(/\)\d+(?=_|$|\))/g, ')'),
      }))
    }
  }
  throw new Error(`no storage layout for ${sourceName}:${contractName}; run \`hardhat build\` first`)
}
