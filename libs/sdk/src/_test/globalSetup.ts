// Vitest global setup: compiles the test-only contracts and starts a real Hardhat node (the same chain the app
// uses locally, chain id 31337) on a free port, from contracts/ so that it runs that project's Hardhat. Every
// test file funds fresh random accounts on it (see chain.ts), so files run in parallel without nonce clashes.
import { startHardhatNode } from '@nexus/testing'
import type { TestProject } from 'vitest/node'
import { compileTestContracts, type TestArtifact } from './compileTestContracts.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    rpcUrl: string
    testContracts: Record<string, TestArtifact>
  }
}

export default async function setup(project: TestProject) {
  project.provide('testContracts', compileTestContracts())
  const { url, stop } = await startHardhatNode()
  project.provide('rpcUrl', url)
  return stop
}
