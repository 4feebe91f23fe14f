// `npm start`'s Ctrl-C (stopAll of scripts/lib/procs.mjs) stops the services first and the processes they depend on
// (the chain, the database) only once every service has exited: a service that shuts down still reaches them.
import { afterAll, expect, it } from 'vitest'
import { startProcess, stopAll } from '../lib/procs.mjs'

afterAll(() => stopAll())

/** A Node one-liner as a child process. */
const node = (source: string) => ({ command: process.execPath, args: ['-e', source], quiet: true })

it('stops every service before any dependency, and the dependencies after the slowest service', async () => {
  const { freePort } = await import('@nexus/testing')
  const port = await freePort()
  // the dependency: a TCP server that answers "up" to every connection
  const dependency = await startProcess({
    name: 'db',
    ...node(
      `require('node:net').createServer((s) => s.end('up')).listen(${port}, '127.0.0.1', () => console.log('listening'))`,
    ),
    dependency: true,
    ready: async () => {
      for (;;) {
        const up = await fetch(`http://127.0.0.1:${port}`).then(
          () => true,
          (error: Error & { cause?: { code?: string } }) => error.cause?.code !== 'ECONNREFUSED',
        )
        if (up) return
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    },
  })
  // two services that, asked to stop, take a while and then reach the dependency before they exit
  const shutdownCheck = (delayMs: number) =>
    node(`
      setInterval(() => {}, 1000)
      process.on('SIGTERM', () => setTimeout(() => {
        const socket = require('node:net').connect(${port}, '127.0.0.1')
        socket.on('data', (data) => { console.log('dependency ' + data); process.exit(0) })
        socket.on('error', (error) => { console.log('dependency gone: ' + error.code); process.exit(1) })
      }, ${delayMs}))
      console.log('serving')
    `)
  const slow = await startProcess({ name: 'slow-service', ...shutdownCheck(1_500) })
  const quick = await startProcess({ name: 'quick-service', ...shutdownCheck(100) })
  // both have installed their SIGTERM handler (a loaded machine starts a Node process slowly)
  while (!slow.output().includes('serving') || !quick.output().includes('serving'))
    await new Promise((resolve) => setTimeout(resolve, 50))

  await stopAll()
  const [slowExit, quickExit, dependencyExit] = await Promise.all([slow.exited, quick.exited, dependency.exited])
  expect(slow.output()).toContain('dependency up')
  expect(quick.output()).toContain('dependency up')
  expect([slowExit.code, quickExit.code]).toEqual([0, 0])
  expect(dependencyExit.signal).toBe('SIGTERM')
}, 60_000)
