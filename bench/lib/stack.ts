import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Address } from 'viem'
import type { Anvil } from '../../scripts/lib/anvil.ts'
import {
  type DemoDeployment,
  knownDeploymentEnv,
  scheduleForPhase,
  seedDemo,
  startDemoChain,
} from '../../scripts/lib/seed.ts'
import { type RpcProxy, startRpcProxy } from '../../testing/rpcProxy.ts'
import { type Listening, readBuild, type StaticFile, serveBuild } from './server.ts'

export const root = fileURLToPath(new URL('../../', import.meta.url))
const require = createRequire(import.meta.url)

/** A placeholder WalletConnect project id, the same for both apps, so that both list their WalletConnect wallets. */
const WALLETCONNECT_PROJECT_ID = 'bench0walletconnect0project0id'

export type AppName = 'ours' | 'baseline'

export type BuiltApp = {
  name: AppName
  outDir: string
  files: Map<string, StaticFile>
  server: Listening
  rpc: RpcProxy
}

/**
 * Runs `command` to its end, killed with everything it started after `timeoutMs`; a failure carries the end of its
 * output (`keepChars`), which is all a bench run needs to say why.
 */
export function run(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  what: string,
  { timeoutMs = 600_000, keepChars = 6_000 }: { timeoutMs?: number; keepChars?: number } = {},
): Promise<void> {
  return new Promise((resolve, reject) => {
    // Its own process group, so that a stop also reaches the workers it starts.
    const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true })
    let output = ''
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-keepChars)
    }
    child.stdout.on('data', keep)
    child.stderr.on('data', keep)
    const timer = setTimeout(() => {
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL')
    }, timeoutMs)
    child.once('error', (error) => {
      clearTimeout(timer)
      reject(new Error(`${what} could not start: ${error.message}`))
    })
    child.once('exit', (code) => {
      clearTimeout(timer)
      if (code === 0) resolve()
      else reject(new Error(`${what} failed (exit ${code}):\n${output}`))
    })
  })
}

/** Compiles the contracts unless forge's output is already there (a fresh clone has none). */
export async function ensureContracts(): Promise<void> {
  const names = ['DemoToken', 'Vesting', 'LegacyClaim', 'Multicall3']
  if (names.every((name) => existsSync(`${root}contracts/out/${name}.sol/${name}.json`))) return
  await run('npm', ['run', 'contracts:build'], process.env, 'The contracts build')
}

export type Chain = { anvil: Anvil; deployment: DemoDeployment }

/** anvil with the demo deployment in its claim window (countdowns running), mining a block every second. */
export async function startChain(): Promise<Chain> {
  const now = BigInt(Math.floor(Date.now() / 1000))
  const anvil = await startDemoChain(scheduleForPhase('claim', now), now)
  try {
    const deployment = await seedDemo({ rpcUrl: anvil.rpcUrl, phase: 'claim', now, blockTime: 1 })
    return { anvil, deployment }
  } catch (error) {
    await anvil.stop()
    throw error
  }
}

/**
 * The build environment of an app reading `deployment` through `rpcUrl`, with none of the shell's own `VITE_*`
 * variables. With `walletConnect`, a placeholder project id lists the WalletConnect wallets too.
 */
export function buildEnv(
  rpcUrl: string,
  deployment: DemoDeployment,
  { walletConnect = true }: { walletConnect?: boolean } = {},
): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env }
  for (const key of Object.keys(env)) if (key.startsWith('VITE_')) delete env[key]
  return {
    ...env,
    VITE_CHAIN_ID: String(deployment.chainId),
    VITE_RPC_URLS: rpcUrl,
    VITE_VESTING_ADDRESS: deployment.vesting,
    VITE_LEGACY_ADDRESS: deployment.legacyClaim,
    ...knownDeploymentEnv(deployment),
    ...(walletConnect ? { VITE_WALLETCONNECT_PROJECT_ID: WALLETCONNECT_PROJECT_ID } : {}),
  }
}

/** `vite build` into `outDir` (emptied first), with `args` added (e.g. another config). */
export function viteBuild(outDir: string, env: NodeJS.ProcessEnv, what: string, args: string[] = []): Promise<void> {
  const vite = join(dirname(require.resolve('vite/package.json')), 'bin', 'vite.js')
  return run(
    process.execPath,
    [vite, 'build', ...args, '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
    env,
    what,
  )
}

const OUT_DIRS: Record<AppName, string> = {
  ours: `${root}bench/results/app`,
  baseline: `${root}bench/baseline/dist`,
}

/**
 * Builds one app against its own counting RPC proxy and serves the build. The RPC URL is baked in at build time,
 * which is why each app is built during the run.
 */
export async function buildAndServe(
  name: AppName,
  chain: Chain,
  options: { sourcemap?: boolean } = {},
): Promise<BuiltApp> {
  const rpc = await startRpcProxy({ upstream: chain.anvil.rpcUrl })
  try {
    const outDir = OUT_DIRS[name]
    const config = name === 'ours' ? [] : ['--config', 'bench/baseline/vite.config.ts']
    await viteBuild(
      outDir,
      buildEnv(rpc.url, chain.deployment),
      `Building ${name === 'ours' ? 'the portal' : 'the baseline app'}`,
      [...config, ...(options.sourcemap ? ['--sourcemap'] : [])],
    )
    const files = readBuild(outDir)
    const server = await serveBuild(files)
    return { name, outDir, files, server, rpc }
  } catch (error) {
    await rpc.stop()
    throw error
  }
}

export type Holder = { address: Address; marker: string }
