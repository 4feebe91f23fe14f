// Paths every script shares.
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..')
export const nxBin = join(root, 'node_modules', 'nx', 'dist', 'bin', 'nx.js')
export const hardhatBin = join(root, 'node_modules', 'hardhat', 'dist', 'src', 'cli.js')
export const viteBin = join(root, 'node_modules', 'vite', 'bin', 'vite.js')
export const dataDir = join(root, '.data')
