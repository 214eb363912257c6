import { type ChildProcess, spawn } from 'node:child_process'

/**
 * A child process started in its own process group, so that stopping it also stops whatever it started (npm →
 * forge, vite's workers) and so that a Ctrl-C in the terminal reaches only this script, which then stops the
 * children in order.
 */
export type Child = {
  name: string
  process: ChildProcess
  /** The last lines the process printed (stdout and stderr). */
  output: () => string
  /** Resolves with the exit code (or the signal's name) once the process has exited. */
  exited: Promise<number | NodeJS.Signals>
}

const running = new Set<ChildProcess>()

export function spawnChild(
  name: string,
  command: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): Child {
  const child = spawn(command, args, { ...options, detached: true, stdio: ['ignore', 'pipe', 'pipe'] })
  running.add(child)
  let output = ''
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8_000)
  }
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  const exited = new Promise<number | NodeJS.Signals>((resolve) => {
    child.once('error', (error) => {
      keep(Buffer.from(`\n${error.message}\n`))
      running.delete(child)
      resolve(-1)
    })
    child.once('exit', (code, signal) => {
      running.delete(child)
      resolve(signal ?? code ?? -1)
    })
  })
  return { name, process: child, output: () => output, exited }
}

function hasExited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || hasExited(child)) return
  try {
    process.kill(-child.pid, signal)
  } catch {
    // The group is already gone.
  }
}

/** Stops a child's process group: SIGTERM, then SIGKILL if it has not exited after `graceMs`. */
export async function stopChild(child: Child, graceMs = 5_000): Promise<void> {
  if (hasExited(child.process)) return
  signalGroup(child.process, 'SIGTERM')
  const timer = setTimeout(() => signalGroup(child.process, 'SIGKILL'), graceMs)
  await child.exited
  clearTimeout(timer)
  // Anything the child left behind in its group.
  if (child.process.pid !== undefined) {
    try {
      process.kill(-child.process.pid, 'SIGKILL')
    } catch {
      // Nothing left.
    }
  }
}

/** Last resort when the script exits abruptly: kills every child group that is still running. */
export function killAllChildrenNow(): void {
  for (const child of running) signalGroup(child, 'SIGKILL')
}

/** Runs a command to completion; rejects with its last output when it fails. */
export async function runToCompletion(child: Child): Promise<void> {
  const result = await child.exited
  if (result !== 0) {
    const tail = child.output().trim().split('\n').slice(-30).join('\n')
    throw new ChildFailure(child.name, result, tail)
  }
}

export class ChildFailure extends Error {
  constructor(
    readonly childName: string,
    readonly result: number | NodeJS.Signals,
    readonly tail: string,
  ) {
    super(`${childName} failed (${typeof result === 'number' ? `exit code ${result}` : result}).`)
  }
}

/**
 * Resolves with the HTTP status once `url` answers; rejects when `server` exits first or after `timeoutMs`.
 */
export async function waitForUrl(url: string, server: Child, timeoutMs: number): Promise<number> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (hasExited(server.process)) {
      throw new ChildFailure(server.name, server.process.exitCode ?? server.process.signalCode ?? -1, server.output())
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) })
      await response.body?.cancel()
      return response.status
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs / 1000} s.`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}
