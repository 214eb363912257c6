import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'

const require = createRequire(import.meta.url)

/** The anvil binary shipped by `@foundry-rs/anvil`, run directly so that its pid is the process to stop. */
export function anvilBinary(): string {
  const platformPackage = `@foundry-rs/anvil-${process.platform}-${process.arch === 'x64' ? 'amd64' : process.arch}`
  try {
    return join(dirname(require.resolve(`${platformPackage}/package.json`)), 'bin', 'anvil')
  } catch {
    throw new Error(`anvil is missing (${platformPackage} is not installed): run \`npm install\`.`)
  }
}

/** Resolves when nothing listens on 127.0.0.1:`port`; rejects with a clear message otherwise. */
export function assertPortFree(port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', () => reject(new Error(`Port ${port} on 127.0.0.1 is already in use.`)))
    server.listen(port, '127.0.0.1', () => server.close(() => resolve()))
  })
}

/**
 * A free TCP port on 127.0.0.1, picked below the system's ephemeral range (32768 and up on Linux): the system hands
 * ports in that range to every outgoing connection and `listen(0)`, so one of them could take a port picked there
 * before the caller binds it.
 */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = 20_000 + Math.floor(Math.random() * 12_000)
    if (await isFree(port)) return port
  }
  throw new Error('No free TCP port on 127.0.0.1 between 20000 and 31999.')
}

/** Whether nothing listens on 127.0.0.1:`port`. */
export function isFree(port: number): Promise<boolean> {
  return assertPortFree(port).then(
    () => true,
    () => false,
  )
}

export type Anvil = {
  rpcUrl: string
  port: number
  process: ChildProcess
  /** Where this anvil writes the state of older blocks; removed once it has exited. */
  statesDirectory: string
  stop: () => Promise<void>
}

export type AnvilOptions = {
  port?: number
  chainId?: number
  /** Start time of the chain's first block, in seconds since the epoch. */
  timestamp?: number
  /** Extra arguments, e.g. ['--block-time', '1']. */
  args?: string[]
}

/** Starts anvil on 127.0.0.1 and resolves once it answers JSON-RPC. */
export async function startAnvil(options: AnvilOptions = {}): Promise<Anvil> {
  const port = options.port ?? (await freePort())
  await assertPortFree(port)
  const args = ['--host', '127.0.0.1', '--port', String(port), '--chain-id', String(options.chainId ?? 31337)]
  if (options.timestamp !== undefined) args.push('--timestamp', String(options.timestamp))
  // Past its first few hundred blocks anvil writes every older block's state to disk, about 150 KB a block, and
  // leaves the files behind when it exits: each anvil gets a directory of its own, removed once it has exited.
  const statesDirectory = mkdtempSync(join(tmpdir(), 'nai-anvil-states-'))
  args.push('--cache-path', statesDirectory)
  args.push(...(options.args ?? []))
  const child = spawn(anvilBinary(), args, { stdio: ['ignore', 'pipe', 'pipe'] })
  child.once('exit', () => rmSync(statesDirectory, { recursive: true, force: true }))
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => {
    if (output.length < 20_000) output += chunk.toString()
  })
  child.stderr?.on('data', (chunk: Buffer) => {
    if (output.length < 20_000) output += chunk.toString()
  })
  const rpcUrl = `http://127.0.0.1:${port}`
  // SIGTERM first; an anvil that has not exited 5 s later is killed, so that nothing waits on it for ever.
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve()
      const kill = setTimeout(() => child.kill('SIGKILL'), 5_000)
      child.once('exit', () => {
        clearTimeout(kill)
        resolve()
      })
      child.kill('SIGTERM')
    })
  const deadline = Date.now() + 15_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`anvil exited with code ${child.exitCode}:\n${output}`)
    try {
      const response = await fetch(rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
        // A connection accepted but never answered must not outlast the deadline.
        signal: AbortSignal.timeout(2_000),
      })
      if (response.ok) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop()
      throw new Error(`anvil did not answer on ${rpcUrl} within 15 s:\n${output}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return { rpcUrl, port, process: child, statesDirectory, stop }
}
