// Reads storage layouts from Hardhat 3's build-info outputs (the config asks solc for `storageLayout`).
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

export type StorageEntry = { label: string; slot: string; offset: number; type: string }

const buildInfoDir = join(import.meta.dirname, '..', '..', 'artifacts', 'build-info')

const artifactsDir = join(import.meta.dirname, '..', '..', 'artifacts')

/** The build-info outputs to search: the one the current artifact names first (older ones may linger). */
function buildInfoFiles(sourceName: string, contractName: string): string[] {
  const all = readdirSync(buildInfoDir).filter((f) => f.endsWith('.output.json'))
  try {
    const artifact = JSON.parse(readFileSync(join(artifactsDir, sourceName, `${contractName}.json`), 'utf8')) as {
      buildInfoId?: string
    }
    const current = `${artifact.buildInfoId}.output.json`
    if (artifact.buildInfoId && all.includes(current)) return [current, ...all.filter((f) => f !== current)]
  } catch {
    // no artifact yet: search every build-info
  }
  return all
}

/** The storage layout of `contractName` in `sourceName` (e.g. `contracts/Main.sol`), ast ids stripped. */
export function storageLayout(sourceName: string, contractName: string): StorageEntry[] {
  for (const file of buildInfoFiles(sourceName, contractName)) {
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
