// The module boundaries of the project graph are enforced by lint (@nx/enforce-module-boundaries in
// eslint.config.mjs). These cases prove that a violation fails lint and an allowed import passes.
import { join } from 'node:path'
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '..', '..')
const eslint = new ESLint({ cwd: root })

async function boundaryErrors(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: join(root, file) })
  return (result?.messages ?? []).filter((m) => m.ruleId === '@nx/enforce-module-boundaries').map((m) => m.message)
}

describe('module boundaries', () => {
  it.each([
    ['libs/ui/src/probe.ts', "import { parseEther } from 'viem'\nexport const x = parseEther('1')\n", 'viem'],
    ['libs/ui/src/probe.ts', "import { useAccount } from 'wagmi'\nexport const x = useAccount\n", 'wagmi'],
    [
      'libs/ui/src/probe.ts',
      "import { shortenAddress } from '@nexus/sdk'\nexport const x = shortenAddress\n",
      '@nexus/sdk',
    ],
    ['libs/sdk/src/probe.ts', "import { x } from '@nexus/web'\nexport const y = x\n", '@nexus/web'],
    [
      'libs/abi/src/probe.ts',
      "import { shortenAddress } from '@nexus/sdk'\nexport const x = shortenAddress\n",
      '@nexus/sdk',
    ],
    ['apps/indexer/src/probe.ts', "import { x } from '@nexus/legacy-api'\nexport const y = x\n", 'app → app'],
    ['apps/web/src/probe.ts', "import { x } from '@nexus/db'\nexport const y = x\n", 'web → db'],
  ])('%s importing %s fails lint (%s)', async (file, code) => {
    expect((await boundaryErrors(file, code)).length).toBeGreaterThan(0)
  })

  it.each([
    ['apps/web/src/probe.ts', "import { shortenAddress } from '@nexus/sdk'\nexport const x = shortenAddress\n"],
    ['apps/indexer/src/probe.ts', "import { getDeployment } from '@nexus/abi'\nexport const x = getDeployment\n"],
    ['libs/sdk/src/probe.ts', "import { getDeployment } from '@nexus/abi'\nexport const x = getDeployment\n"],
  ])('%s may import what the graph allows', async (file, code) => {
    expect(await boundaryErrors(file, code)).toEqual([])
  })
})
