/**
 * The owner tool as the tests run it: in this process with captured output, or as the real entry point in a child
 * process, with exactly the ADMIN_* environment a test gives it.
 */
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { OWNER_KEY, type TestChain } from '../../testing/testChain.ts'
import type { Io } from './io.ts'
import { runCli } from './program.ts'

/** The environment a test run of the tool gets: this chain's RPC, its contracts and the owner's key. */
export function toolEnv(chain: TestChain, overrides: Record<string, string> = {}): Record<string, string> {
  return {
    ADMIN_RPC_URL: chain.rpcUrl,
    ADMIN_VESTING_ADDRESS: chain.vesting,
    ADMIN_LEGACY_ADDRESS: chain.legacy,
    ADMIN_PRIVATE_KEY: OWNER_KEY,
    ...overrides,
  }
}

export type CliResult = { code: number; out: string; err: string }

/** Runs `run` with exactly `env`'s ADMIN_* variables set, as a shell that exports only those would. */
async function withToolEnv<T>(env: Record<string, string | undefined>, run: () => Promise<T>): Promise<T> {
  const isTool = (name: string) => name.startsWith('ADMIN_') || name in env
  const saved = Object.entries(process.env).filter(([name]) => isTool(name))
  const clear = () => {
    for (const name of Object.keys(process.env)) if (isTool(name)) delete process.env[name]
  }
  clear()
  Object.assign(process.env, env)
  try {
    return await run()
  } finally {
    clear()
    Object.assign(process.env, Object.fromEntries(saved))
  }
}

/**
 * Runs the CLI in this process with captured output (no terminal, so no progress bar). `afterBatch` runs after each
 * batch a load confirms: where a test lands a transaction between two batches.
 */
export async function runInProcess(
  argv: readonly string[],
  env: Record<string, string | undefined>,
  options: { afterBatch?: Io['afterBatch'] } = {},
): Promise<CliResult> {
  const out: string[] = []
  const err: string[] = []
  const io: Io = {
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    terminal: undefined,
    promptPassword: () => Promise.reject(new Error('no terminal in tests')),
    afterBatch: options.afterBatch,
  }
  const code = await withToolEnv(env, () => runCli(argv, io))
  return { code, out: out.join('\n'), err: err.join('\n') }
}

export type ProcessResult = { code: number | null; signal: NodeJS.Signals | null; out: string; err: string }

const repoRoot = fileURLToPath(new URL('../../', import.meta.url))

/**
 * Runs the real entry point, `npx tsx scripts/admin/cli.ts …`, as a separate process; with `crashAfterBatches`,
 * the crash rehearsal's entry point instead, which kills itself after that many confirmed batches.
 */
export function runProcess(
  argv: readonly string[],
  env: Record<string, string | undefined>,
  options: { crashAfterBatches?: number } = {},
): Promise<ProcessResult> {
  const entry =
    options.crashAfterBatches === undefined
      ? ['scripts/admin/cli.ts']
      : ['scripts/admin/crash-rehearsal.ts', String(options.crashAfterBatches)]
  return new Promise((resolve, reject) => {
    const child = spawn('npx', ['tsx', ...entry, ...argv], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let out = ''
    let err = ''
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString()
    })
    child.stderr.on('data', (chunk: Buffer) => {
      err += chunk.toString()
    })
    child.once('error', reject)
    // npm's own notices about the machine's npm configuration are not the tool's output.
    const withoutNpmNotices = (text: string) =>
      text
        .split('\n')
        .filter((line) => !line.startsWith('npm warn '))
        .join('\n')
    child.once('close', (code, signal) => resolve({ code, signal, out, err: withoutNpmNotices(err) }))
  })
}
