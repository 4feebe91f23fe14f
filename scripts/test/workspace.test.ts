// The repository's own promises: the README's two commands, CI running exactly the test command, Node pinned
// and bootstrapped, Nx never contacting the network, every project tagged for the boundary rules.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '..', '..')
const read = (path: string) => readFileSync(join(root, path), 'utf8')
const pkg = JSON.parse(read('package.json'))

describe('README and CI', () => {
  const readme = read('README.md')
  const commands = [...readme.matchAll(/^(npm \w+)\s+#/gm)].map((m) => m[1])

  it('starts with the two set-up commands: start and test', () => {
    expect(commands).toEqual(['npm start', 'npm test'])
    expect(readme.indexOf('npm start')).toBeLessThan(readme.indexOf('## Local product'))
    expect(pkg.scripts.start).toBe('node scripts/run.mjs start')
    expect(pkg.scripts.test).toBe('node scripts/run.mjs test')
  })

  it('runs exactly the README test command in .ci/run', () => {
    const lines = read('.ci/run')
      .split('\n')
      .filter((line) => line.trim() && !line.startsWith('#') && !/^(set|cd|export) /.test(line))
    expect(lines).toEqual(['npm test'])
  })
})

describe('Node', () => {
  it('pins one version in .nvmrc that satisfies engines', () => {
    const wanted = read('.nvmrc').trim()
    expect(wanted).toMatch(/^\d+\.\d+\.\d+$/)
    const [major, minor] = wanted.split('.').map(Number) as [number, number]
    expect(pkg.engines.node).toBe('>=22.13.0')
    expect(major > 22 || (major === 22 && minor >= 13)).toBe(true)
  })

  it('runs the project with that Node even when started by an older one', () => {
    // The bootstrapped Node runs this test; start the entry script with the system's Node when it is older.
    const systemNode = ['/usr/bin/node', '/usr/local/bin/node'].find((path) => existsSync(path)) ?? process.execPath
    const result = spawnSync(systemNode, [join(root, 'scripts', 'run.mjs'), 'node', '-p', 'process.version'], {
      cwd: root,
      encoding: 'utf8',
      // the dependencies are installed (this test runs on them): only the Node bootstrap is under test
      env: { ...process.env, NEXUS_SKIP_INSTALL: '1' },
    })
    expect(result.status, result.stderr).toBe(0)
    expect(result.stdout.trim()).toBe(`v${read('.nvmrc').trim()}`)
  })

  it('passes a SIGTERM sent to the entry script on to the command it runs (a process manager stopping npm start)', async () => {
    const systemNode = ['/usr/bin/node', '/usr/local/bin/node'].find((path) => existsSync(path)) ?? process.execPath
    // the command stands for start.mjs: it reports the signal it got and exits with its own code
    const program =
      "process.on('SIGTERM', () => { console.log('stopping'); process.exit(7) }); console.log('ready'); setInterval(() => {}, 1000)"
    const wrapper = spawn(systemNode, [join(root, 'scripts', 'run.mjs'), 'node', '-e', program], {
      cwd: root,
      env: { ...process.env, NEXUS_SKIP_INSTALL: '1' },
    })
    let output = ''
    const ready = new Promise<void>((resolve) =>
      wrapper.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString()
        if (output.includes('ready')) resolve()
      }),
    )
    const exited = new Promise<number | null>((resolve) => wrapper.on('exit', (code) => resolve(code)))
    await ready
    wrapper.kill('SIGTERM')
    expect(await exited).toBe(7)
    expect(output).toContain('stopping')
  }, 60_000)

  it('keeps the tools folder and generated code out of git', () => {
    const ignore = read('.gitignore')
    for (const entry of [
      '.tools/',
      'node_modules/',
      'libs/sdk/src/generated/',
      'libs/abi/src/generated/',
      'prisma/generated/',
    ]) {
      expect(ignore).toContain(entry)
    }
  })
})

describe('Nx', () => {
  const nx = JSON.parse(read('nx.json'))

  it('never contacts the network: no cloud, no daemon, no analytics', () => {
    expect(nx.neverConnectToCloud).toBe(true)
    expect(nx.useDaemonProcess).toBe(false)
    expect(nx.analytics).toBe(false)
  })

  it('caches build, lint, typecheck and test, and regenerates code before using it', () => {
    for (const target of ['build', 'lint', 'typecheck', 'test']) expect(nx.targetDefaults[target].cache).toBe(true)
    for (const target of ['build', 'typecheck', 'test', 'lint']) {
      expect(nx.targetDefaults[target].dependsOn).toEqual(expect.arrayContaining(['^generate']))
    }
    const abi = JSON.parse(read('libs/abi/project.json'))
    const sdk = JSON.parse(read('libs/sdk/project.json'))
    expect(abi.targets.generate.dependsOn).toContain('contracts:build')
    expect(sdk.targets.generate.dependsOn).toContain('contracts:build')
  })

  it('builds every project after the builds of its dependencies, so `nx run sdk:build` works on a clean clone', () => {
    // the resolved graph, so that a project.json that overrides `dependsOn` is caught too
    const file = join(mkdtempSync(join(tmpdir(), 'nexus-graph-')), 'graph.json')
    const result = spawnSync(process.execPath, [join(root, 'node_modules', '.bin', 'nx'), 'graph', `--file=${file}`], {
      cwd: root,
      encoding: 'utf8',
    })
    expect(result.status, result.stderr).toBe(0)
    const graph = JSON.parse(readFileSync(file, 'utf8')) as {
      graph: { nodes: Record<string, { data: { targets: Record<string, { dependsOn?: string[] }> } }> }
    }
    const builds = Object.entries(graph.graph.nodes).filter(([, node]) => node.data.targets.build)
    expect(builds.map(([name]) => name)).toEqual(expect.arrayContaining(['abi', 'sdk', 'web']))
    for (const [name, node] of builds) expect(node.data.targets.build?.dependsOn, name).toContain('^build')
  })

  it('tags every project so that the boundary rules apply', () => {
    const projects = [
      'contracts',
      'prisma',
      ...['apps', 'libs'].flatMap((dir) => readdirSync(join(root, dir)).map((name) => `${dir}/${name}`)),
    ]
    const expected: Record<string, string[]> = {
      contracts: ['type:contracts'],
      prisma: ['type:lib', 'scope:db'],
      'libs/abi': ['type:lib', 'scope:abi'],
      'libs/sdk': ['type:lib', 'scope:sdk'],
      'libs/ui': ['type:lib', 'scope:ui'],
      'libs/testing': ['type:lib', 'scope:testing'],
      'apps/web': ['type:app', 'scope:web'],
      'apps/indexer': ['type:app', 'scope:indexer'],
      'apps/legacy-api': ['type:app', 'scope:legacy-api'],
      'apps/keeper': ['type:app', 'scope:keeper'],
    }
    expect(projects.sort()).toEqual(Object.keys(expected).sort())
    for (const project of projects) {
      const config = JSON.parse(read(`${project}/project.json`))
      expect(config.tags, project).toEqual(expected[project])
    }
  })
})
