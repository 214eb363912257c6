import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { assertPortFree, freePort } from '../lib/anvil.ts'

const root = fileURLToPath(new URL('../..', import.meta.url))

type Run = { process: ChildProcess; stdout: () => string; stderr: () => string; exit: Promise<number | null> }

/** Runs `npm start`'s script directly (one process, so its pid is the script's own). */
function runStart(args: string[]): Run {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/demo/start.ts', ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString()
  })
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString()
  })
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  return { process: child, stdout: () => stdout, stderr: () => stderr, exit }
}

/** Processes whose command line passes `--port <port>` (anvil and the vite servers do). */
function processesOnPort(port: number): string[] {
  try {
    return execFileSync('pgrep', ['-af', '--', `--port ${port}( |$)`], { encoding: 'utf8' })
      .trim()
      .split('\n')
  } catch {
    return [] // pgrep exits with 1 when nothing matches.
  }
}

function listen(port: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve(server))
  })
}

async function until(condition: () => boolean | Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

describe('npm start', () => {
  const cleanups: Array<() => void | Promise<void>> = []
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
  })

  async function setUp() {
    const directory = mkdtempSync(join(tmpdir(), 'nai-demo-'))
    cleanups.push(() => rmSync(directory, { recursive: true, force: true }))
    const appPort = await freePort()
    let rpcPort = await freePort()
    while (rpcPort === appPort) rpcPort = await freePort()
    let relayPort = await freePort()
    while (relayPort === appPort || relayPort === rpcPort) relayPort = await freePort()
    const deploymentFile = join(directory, 'local.json')
    const args = [
      ...['--port', String(appPort), '--rpc-port', String(rpcPort), '--relay-port', String(relayPort)],
      ...['--deployment-file', deploymentFile],
    ]
    return { appPort, rpcPort, relayPort, deploymentFile, args }
  }

  function track(run: Run): Run {
    cleanups.push(() => {
      if (run.process.exitCode === null) run.process.kill('SIGKILL')
    })
    return run
  }

  it('exits 1 naming the app port and --port when the app port is taken, and starts nothing', async () => {
    const { appPort, rpcPort, deploymentFile, args } = await setUp()
    const blocker = await listen(appPort)
    cleanups.push(() => new Promise<void>((resolve) => blocker.close(() => resolve())))

    const run = track(runStart(args))
    expect(await run.exit).toBe(1)
    expect(run.stderr()).toContain(
      `npm start failed: Port ${appPort} on 127.0.0.1 is already in use, and the app needs it.`,
    )
    expect(run.stderr()).toContain('`npm start -- --port <port>`')
    expect(processesOnPort(rpcPort)).toEqual([])
    await expect(assertPortFree(rpcPort)).resolves.toBeUndefined()
    expect(existsSync(deploymentFile)).toBe(false)
  })

  it('exits 1 naming the RPC port and --rpc-port when the chain port is taken', async () => {
    const { appPort, rpcPort, args } = await setUp()
    const blocker = await listen(rpcPort)
    cleanups.push(() => new Promise<void>((resolve) => blocker.close(() => resolve())))

    const run = track(runStart(args))
    expect(await run.exit).toBe(1)
    expect(run.stderr()).toContain(
      `npm start failed: Port ${rpcPort} on 127.0.0.1 is already in use, and the local chain (anvil) needs it.`,
    )
    expect(run.stderr()).toContain('`npm start -- --rpc-port <port>`')
    expect(processesOnPort(rpcPort)).toEqual([])
    expect(processesOnPort(appPort)).toEqual([])
  })

  it('on SIGTERM after seeding stops anvil, the WalletConnect relay and the app server and exits 0', async () => {
    const { appPort, rpcPort, relayPort, deploymentFile, args } = await setUp()
    // The dev server needs no build, so the stop lands while the server starts or runs.
    const run = track(runStart([...args, '--dev', '--phase', 'locked']))
    await until(() => existsSync(deploymentFile) || run.process.exitCode !== null, 30_000)
    expect(processesOnPort(rpcPort)).toHaveLength(1)

    const deployment = JSON.parse(readFileSync(deploymentFile, 'utf8'))
    expect(deployment).toMatchObject({
      chainId: 31337,
      rpcUrl: `http://127.0.0.1:${rpcPort}`,
      appUrl: `http://127.0.0.1:${appPort}/`,
      phase: 'locked',
      env: { VITE_CHAIN_ID: '31337', VITE_RPC_URLS: `http://127.0.0.1:${rpcPort}` },
    })
    expect(deployment.accounts).toHaveLength(8)

    await until(() => processesOnPort(relayPort).length === 1 || run.process.exitCode !== null, 30_000)

    run.process.kill('SIGTERM')
    expect(await run.exit).toBe(0)
    expect(run.stdout()).toContain('SIGTERM: stopping the app server and anvil')
    expect(processesOnPort(rpcPort)).toEqual([])
    expect(processesOnPort(appPort)).toEqual([])
    expect(processesOnPort(relayPort)).toEqual([])
    await expect(assertPortFree(rpcPort)).resolves.toBeUndefined()
    await expect(assertPortFree(appPort)).resolves.toBeUndefined()
    await expect(assertPortFree(relayPort)).resolves.toBeUndefined()
  })
})
