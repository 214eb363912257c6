/**
 * `npm start`: the whole product on one machine. Starts anvil, deploys DemoToken, Vesting, LegacyClaim and
 * Multicall3 with a schedule set relative to now, seeds demo holders that show every state, builds the app pointed
 * at them, serves it, and prints the URL and the test accounts. Ctrl-C stops everything. With `--rpc-faults`, the app
 * talks to anvil through a proxy that fails the way public RPCs do on launch day.
 */
import type { ChildProcess } from 'node:child_process'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Command, CommanderError } from 'commander'
import { isPhase, PHASES, type Phase } from '../../src/domain/schedule.ts'
import {
  FAULT_PROFILES,
  type FaultOptions,
  parseFaultProfile,
  type RpcProxy,
  startRpcProxy,
} from '../../testing/rpcProxy.ts'
import { type Anvil, anvilBinary, assertPortFree } from '../lib/anvil.ts'
import type { ContractName } from '../lib/artifacts.ts'
import {
  type DemoDeployment,
  type HolderState,
  knownDeploymentEnv,
  readHolderStates,
  scheduleForPhase,
  seedDemo,
  startDemoChain,
} from '../lib/seed.ts'
import {
  type Child,
  ChildFailure,
  killAllChildrenNow,
  runToCompletion,
  spawnChild,
  stopChild,
  waitForUrl,
} from './children.ts'
import { accountTable, deploymentFile, PHASE_TITLES, privateKeyTable } from './report.ts'

const root = fileURLToPath(new URL('../../', import.meta.url))
const require = createRequire(import.meta.url)

/** A failure explained to the person who ran the command. */
class DemoError extends Error {}

type Options = {
  phase: Phase
  port: number
  rpcPort: number
  relayPort: number
  proxyPort: number
  /** The fault profile the app's RPC goes through, if any. */
  rpcFaults: { profile: string; faults: FaultOptions } | undefined
  dev: boolean
  deploymentFile: string
}

function parsePort(value: string, option: string): number {
  const port = /^\d+$/.test(value) ? Number(value) : Number.NaN
  if (!Number.isInteger(port) || port < 1 || port > 65_535) {
    throw new DemoError(`${option} must be a port number between 1 and 65535, got "${value}".`)
  }
  return port
}

type Values = {
  phase: string
  port: string
  rpcPort: string
  relayPort: string
  rpcFaults?: string
  proxyPort: string
  dev: boolean
  deploymentFile: string
}

/**
 * The command line. Values stay strings here: `parseOptions` checks them together (ports that must differ) and says
 * what is wrong in the demo's own words.
 */
function program(): Command {
  return (
    new Command('npm start --')
      .description('Runs the NAI Vesting & Claim Portal against a local anvil chain with demo holders.')
      .option('--phase <phase>', `where "now" falls in the schedule: ${PHASES.join(', ')}`, 'claim')
      .option('--port <port>', 'port of the app on 127.0.0.1', '5173')
      .option('--rpc-port <port>', 'port of the anvil JSON-RPC endpoint on 127.0.0.1', '8545')
      .option('--relay-port <port>', 'port of the local WalletConnect relay on 127.0.0.1', '8546')
      .option(
        '--rpc-faults <profile>',
        "the app's RPC goes through a proxy that fails like a public RPC (profiles below); the seeding and the owner tooling keep talking to anvil directly",
      )
      .option('--proxy-port <port>', 'port of that proxy on 127.0.0.1', '8547')
      .option('--dev', 'serve with the Vite dev server (hot reload) instead of a production build', false)
      .option('--deployment-file <path>', 'where to write the deployment', '.deployments/local.json')
      .addHelpText(
        'after',
        `
Phases: before = the claim window opens in 2 days; claim = it opened a day ago and closes in 14 days;
locked = it closed 10 days ago; unlocking = unlocking started 120 days ago; ended = unlocking ended a day ago.

RPC fault profiles (--rpc-faults; counts start when the proxy starts):
${Object.entries(FAULT_PROFILES)
  .map(([name, profile]) => `  ${name.padEnd(13)}${profile.description}`)
  .join('\n')}`,
      )
      .exitOverride()
      // A wrong command line is explained like any other failure of the demo (below), not by commander itself.
      .configureOutput({ outputError: () => {} })
  )
}

/** The command line's values; `undefined` once `--help` has printed the help. */
function readArgs(argv: string[]): Values | undefined {
  try {
    return program().parse(argv, { from: 'user' }).opts<Values>()
  } catch (error) {
    if (error instanceof CommanderError && error.code === 'commander.helpDisplayed') return undefined
    const message = (error instanceof Error ? error.message : String(error)).replace(/^error: /, '')
    throw new DemoError(`${message.replace(/\.?$/, '.')} Run \`npm start -- --help\`.`)
  }
}

/** The options of a run; `undefined` once `--help` has printed the help. */
function parseOptions(argv: string[]): Options | undefined {
  const values = readArgs(argv)
  if (!values) return undefined
  const { phase } = values
  if (!isPhase(phase)) throw new DemoError(`--phase must be one of ${PHASES.join(', ')}, got "${phase}".`)
  const port = parsePort(values.port, '--port')
  const rpcPort = parsePort(values.rpcPort, '--rpc-port')
  if (port === rpcPort) throw new DemoError(`--port and --rpc-port must differ (both are ${port}).`)
  const relayPort = parsePort(values.relayPort, '--relay-port')
  if (relayPort === port || relayPort === rpcPort) {
    throw new DemoError(`--relay-port must differ from --port and --rpc-port (${relayPort}).`)
  }
  const proxyPort = parsePort(values.proxyPort, '--proxy-port')
  let rpcFaults: Options['rpcFaults']
  const profile = values.rpcFaults
  if (profile !== undefined) {
    try {
      rpcFaults = { profile, faults: parseFaultProfile(profile) }
    } catch {
      throw new DemoError(
        `--rpc-faults must be one of ${Object.keys(FAULT_PROFILES).join(', ')}, got "${profile}" (\`npm start -- --help\` describes them).`,
      )
    }
    // The proxy only listens with --rpc-faults: without it, --proxy-port may share a port with anything.
    if (proxyPort === port || proxyPort === rpcPort || proxyPort === relayPort) {
      throw new DemoError(`--proxy-port must differ from --port, --rpc-port and --relay-port (${proxyPort}).`)
    }
  }
  return {
    phase,
    port,
    rpcPort,
    relayPort,
    proxyPort,
    rpcFaults,
    dev: values.dev,
    deploymentFile: resolve(root, values.deploymentFile),
  }
}

/*//////////////////////////////////////////////////////////////
                          PROCESS LIFECYCLE
//////////////////////////////////////////////////////////////*/

let anvilStarting: Promise<Anvil> | undefined
let anvilProcess: ChildProcess | undefined
let server: Child | undefined
let relay: Child | undefined
/** The fault proxy runs in this process: stopping it closes its connections, hung ones included. */
let proxyStarting: Promise<RpcProxy> | undefined
const builds = new Set<Child>()
let stopping: Promise<never> | undefined

/** Stops the builds, the server and anvil (whatever has started so far), then exits with `code`. Runs once. */
function shutDown(code: number, message?: string): Promise<never> {
  if (stopping) return stopping
  stopping = (async () => {
    if (message) console.error(`\n${message}`)
    await Promise.all([...builds].map((build) => stopChild(build)))
    if (server) await stopChild(server)
    if (relay) await stopChild(relay)
    const proxy = await proxyStarting?.catch(() => undefined)
    if (proxy) await proxy.stop()
    const anvil = await anvilStarting?.catch(() => undefined)
    if (anvil) await stopAnvil(anvil)
    process.exit(code)
  })()
  return stopping
}

async function stopAnvil(anvil: Anvil): Promise<void> {
  const timer = setTimeout(() => anvil.process.kill('SIGKILL'), 5_000)
  await anvil.stop()
  clearTimeout(timer)
}

/** Called right before starting a process, so that nothing new starts once a stop has begun. */
function guardNotStopping(): void {
  if (stopping) throw new DemoError('Stopped.')
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    if (!stopping) console.log(`\n${signal === 'SIGINT' ? 'Ctrl-C' : signal}: stopping the app server and anvil…`)
    void shutDown(0)
  })
}
process.on('uncaughtException', (error) => void shutDown(1, explain(error)))
process.on('unhandledRejection', (error) => void shutDown(1, explain(error)))
process.on('exit', () => {
  // Normally everything has been stopped by now; this covers an exit nobody planned for.
  killAllChildrenNow()
  if (anvilProcess && anvilProcess.exitCode === null && anvilProcess.signalCode === null) anvilProcess.kill('SIGKILL')
})

function explain(error: unknown): string {
  const prefix = 'npm start failed:'
  const suffix = 'Nothing was left running.'
  if (error instanceof ChildFailure) {
    const tail = error.tail.trim().split('\n').slice(-25).join('\n')
    return `${tail ? `${tail}\n\n` : ''}${prefix} ${error.message} ${hintFor(error.childName)} ${suffix}`
  }
  if (error instanceof DemoError) return `${prefix} ${error.message} ${suffix}`
  const text = error instanceof Error ? error.message : String(error)
  return `${prefix} ${text} ${suffix}`
}

function hintFor(childName: string): string {
  if (childName === 'contracts build') return 'The contracts did not compile: run `npm run contracts:build` to see why.'
  if (childName === 'app build') return 'The app did not build (its output is above): fix it and run `npm start` again.'
  return 'Its output is above.'
}

/*//////////////////////////////////////////////////////////////
                               STEPS
//////////////////////////////////////////////////////////////*/

const step = (text: string) => console.log(`• ${text}`)
const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1)

const ARTIFACTS: ContractName[] = ['DemoToken', 'Vesting', 'LegacyClaim', 'Multicall3']

async function ensureContractsBuilt(): Promise<void> {
  const missing = ARTIFACTS.filter((name) => !existsSync(join(root, 'contracts', 'out', `${name}.sol`, `${name}.json`)))
  if (missing.length === 0) return
  step(`Building the contracts (${missing.join(', ')} not compiled yet)…`)
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'
  guardNotStopping()
  const build = spawnChild('contracts build', npm, ['run', 'contracts:build'], { cwd: root })
  builds.add(build)
  await runToCompletion(build)
  builds.delete(build)
}

async function assertPortAvailable(port: number, what: 'rpc' | 'app' | 'relay' | 'proxy'): Promise<void> {
  try {
    await assertPortFree(port)
  } catch {
    const [needs, option] = {
      rpc: ['the local chain (anvil)', '--rpc-port'],
      app: ['the app', '--port'],
      relay: ['the local WalletConnect relay', '--relay-port'],
      proxy: ['the RPC fault proxy', '--proxy-port'],
    }[what]
    throw new DemoError(
      `Port ${port} on 127.0.0.1 is already in use, and ${needs} needs it. Another \`npm start\`, anvil or dev server may still be running: stop it (\`lsof -iTCP:${port} -sTCP:LISTEN\` shows which process holds it), or pick another port with \`npm start -- ${option} <port>\`.`,
    )
  }
}

function viteCommand(): string {
  return join(dirname(require.resolve('vite/package.json')), 'bin', 'vite.js')
}

/** The app's build and server environment; `rpcUrl` is anvil's, or the fault proxy's with `--rpc-faults`. */
function appEnv(deployment: DemoDeployment, rpcUrl: string, relayUrl: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    VITE_CHAIN_ID: String(deployment.chainId),
    VITE_RPC_URLS: rpcUrl,
    VITE_VESTING_ADDRESS: deployment.vesting,
    VITE_LEGACY_ADDRESS: deployment.legacyClaim,
    ...knownDeploymentEnv(deployment),
    // The local relay checks no project id: a placeholder enables WalletConnect in the demo.
    VITE_WALLETCONNECT_PROJECT_ID: 'local-relay',
    VITE_WALLETCONNECT_RELAY_URL: relayUrl,
  }
}

/** The local WalletConnect relay, as a child process of its own; resolves with its URL once it listens. */
async function startRelay(options: Options): Promise<string> {
  guardNotStopping()
  const tsx = join(dirname(require.resolve('tsx/package.json')), 'dist', 'cli.mjs')
  const script = join(root, 'scripts', 'walletconnect', 'relay-cli.ts')
  relay = spawnChild('walletconnect relay', process.execPath, [tsx, script, '--port', String(options.relayPort)], {
    cwd: root,
  })
  const url = `ws://127.0.0.1:${options.relayPort}`
  const deadline = Date.now() + 30_000
  while (!relay.output().includes('listening on')) {
    if (relay.process.exitCode !== null || Date.now() > deadline) {
      throw new ChildFailure(relay.name, relay.process.exitCode ?? -1, relay.output())
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  watchServer(relay)
  return url
}

/** The production build for the demo goes to its own folder so it is never mistaken for a release build. */
const DEMO_OUT_DIR = 'dist-local'

async function buildApp(deployment: DemoDeployment, rpcUrl: string, relayUrl: string): Promise<void> {
  guardNotStopping()
  const build = spawnChild('app build', process.execPath, [viteCommand(), 'build', '--outDir', DEMO_OUT_DIR], {
    cwd: root,
    env: appEnv(deployment, rpcUrl, relayUrl),
  })
  builds.add(build)
  await runToCompletion(build)
  builds.delete(build)
}

async function serveApp(
  deployment: DemoDeployment,
  options: Options,
  rpcUrl: string,
  relayUrl: string,
): Promise<string> {
  guardNotStopping()
  const network = ['--host', '127.0.0.1', '--port', String(options.port), '--strictPort']
  const args = options.dev
    ? [viteCommand(), ...network]
    : [viteCommand(), 'preview', '--outDir', DEMO_OUT_DIR, ...network]
  server = spawnChild(options.dev ? 'vite dev server' : 'vite preview', process.execPath, args, {
    cwd: root,
    env: appEnv(deployment, rpcUrl, relayUrl),
  })
  const url = `http://127.0.0.1:${options.port}/`
  const status = await waitForUrl(url, server, 60_000)
  if (status !== 200) {
    console.warn(`  ${url} answers with HTTP ${status}: the app build may be empty.`)
  }
  return url
}

function watchAnvil(anvil: Anvil): void {
  anvil.process.once('exit', (code, signal) => {
    // A Ctrl-C in the terminal reaches anvil as well as this script: let the script's own handler speak first.
    setTimeout(() => {
      if (stopping) return
      if (signal === 'SIGINT' || signal === 'SIGTERM' || code === 0) {
        void shutDown(0, 'anvil was stopped; stopping the app server too.')
      } else {
        void shutDown(1, `npm start stopped: anvil exited unexpectedly (${signal ?? `exit code ${code}`}).`)
      }
    }, 200)
  })
}

function watchServer(child: Child): void {
  void child.exited.then((result) => {
    if (stopping) return
    const tail = child.output().trim().split('\n').slice(-25).join('\n')
    void shutDown(
      1,
      `${tail}\n\nnpm start stopped: ${child.name} exited unexpectedly (${result}); everything else was stopped too.`,
    )
  })
}

function formatUtc(epochSeconds: bigint): string {
  return `${new Date(Number(epochSeconds) * 1000).toISOString().slice(0, 16).replace('T', ' ')} UTC`
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2))
  if (!options) return
  anvilBinary()
  await ensureContractsBuilt()
  await assertPortAvailable(options.rpcPort, 'rpc')
  await assertPortAvailable(options.port, 'app')
  await assertPortAvailable(options.relayPort, 'relay')
  if (options.rpcFaults) await assertPortAvailable(options.proxyPort, 'proxy')

  const now = BigInt(Math.floor(Date.now() / 1000))
  const schedule = scheduleForPhase(options.phase, now)
  const seedStarted = performance.now()
  step(`Starting anvil on 127.0.0.1:${options.rpcPort} (chain id 31337, a block every second)…`)
  guardNotStopping()
  anvilStarting = startDemoChain(schedule, now, { port: options.rpcPort, args: ['--block-time', '1'] })
  const anvil = await anvilStarting
  anvilProcess = anvil.process
  watchAnvil(anvil)
  step(`Deploying the contracts and seeding the demo holders (phase: ${PHASE_TITLES[options.phase]})…`)
  let deployment: DemoDeployment
  try {
    deployment = await seedDemo({ rpcUrl: anvil.rpcUrl, phase: options.phase, now, blockTime: 1 })
  } catch (error) {
    if (stopping) throw error
    throw new DemoError(`Deploying or seeding the contracts failed: ${error instanceof Error ? error.message : error}`)
  }
  const states = await readHolderStates(deployment)
  const seedSeconds = seconds(seedStarted)
  step(`Chain ready in ${seedSeconds} s.`)

  // The app port may have been taken while the chain was set up; find out before spending time on a build.
  await assertPortAvailable(options.port, 'app')
  const appUrl = `http://127.0.0.1:${options.port}/`

  // The app's RPC: anvil, or the fault proxy in front of it. Seeding and the owner tooling use anvil directly.
  let appRpcUrl = deployment.rpcUrl
  if (options.rpcFaults) {
    const { profile, faults } = options.rpcFaults
    await assertPortAvailable(options.proxyPort, 'proxy')
    guardNotStopping()
    proxyStarting = startRpcProxy({ upstream: anvil.rpcUrl, port: options.proxyPort, faults })
    appRpcUrl = (await proxyStarting).url
    step(
      `RPC faults "${profile}" on: the app's RPC goes through the proxy at ${appRpcUrl} (${FAULT_PROFILES[profile]?.description}).`,
    )
  }

  const record = deploymentFile(deployment, states, appUrl)
  record.env.VITE_RPC_URLS = appRpcUrl
  mkdirSync(dirname(options.deploymentFile), { recursive: true })
  writeFileSync(options.deploymentFile, `${JSON.stringify(record, null, 2)}\n`)

  step(`Starting the local WalletConnect relay on 127.0.0.1:${options.relayPort}…`)
  const relayUrl = await startRelay(options)

  let buildSeconds: string | undefined
  if (!options.dev) {
    step(`Building the app into ${DEMO_OUT_DIR}/…`)
    const buildStarted = performance.now()
    await buildApp(deployment, appRpcUrl, relayUrl)
    buildSeconds = seconds(buildStarted)
    step(`App built in ${buildSeconds} s.`)
  }
  step(options.dev ? 'Starting the Vite dev server…' : 'Serving the build with vite preview…')
  const url = await serveApp(deployment, options, appRpcUrl, relayUrl)
  if (server) watchServer(server)
  printSummary(deployment, states, url, options, appRpcUrl, relayUrl, { seedSeconds, buildSeconds })
}

function printSummary(
  deployment: DemoDeployment,
  states: HolderState[],
  url: string,
  options: Options,
  appRpcUrl: string,
  relayUrl: string,
  timings: { seedSeconds: string; buildSeconds: string | undefined },
): void {
  const { schedule } = deployment
  const file = relative(process.cwd(), options.deploymentFile) || options.deploymentFile
  console.log(`
NAI Vesting & Claim Portal — local demo, phase "${options.phase}" (${PHASE_TITLES[options.phase]})

  App          ${url}${options.dev ? ' (Vite dev server)' : ''}
  RPC          ${deployment.rpcUrl}  (chain id ${deployment.chainId}; a block every second, clock = wall clock)${options.rpcFaults ? `\n  App's RPC    ${appRpcUrl}  (fault proxy, profile "${options.rpcFaults.profile}": ${FAULT_PROFILES[options.rpcFaults.profile]?.description})` : ''}
  WalletConnect relay  ${relayUrl}  (local; the app's WalletConnect wallets pair through it)
  Vesting      ${deployment.vesting}
  LegacyClaim  ${deployment.legacyClaim}
  NAI token    ${deployment.token}
  Schedule     claim window ${formatUtc(schedule.claimStart)} → ${formatUtc(schedule.claimEnd)}
               unlocking    ${formatUtc(schedule.unlockStart)} → ${formatUtc(schedule.unlockEnd)}
  Deployment   ${file}
  Timings      chain, contracts and holders ${timings.seedSeconds} s${timings.buildSeconds ? `, app build ${timings.buildSeconds} s` : ''}

Test accounts (anvil's default accounts; #0 ${deployment.owner} deployed and owns the contracts)

${accountTable(deployment, states)}

Private keys — anvil's well-known test keys: anyone can use them, never send real funds to these addresses.

${privateKeyTable(states)}

How to use them
  • In the app, choose "Local test wallet" in the connect dialog and pick an account: anvil signs for it,
    no browser extension needed.
  • Or with MetaMask: add the network RPC URL ${deployment.rpcUrl}, chain ID ${deployment.chainId}, currency ETH, then
    import a private key above. After restarting the demo, clear MetaMask's activity data for the account
    (Settings → Advanced → Clear activity tab data): the fresh chain starts its nonces at zero again.
  • Or through WalletConnect, as on a phone: open the app with a phone's user agent (Chromium's device
    toolbar, e.g. iPhone), press Connect Wallet → WalletConnect → Copy link, then run
    npm run wallet -- '<the wc: link>' --relay ${relayUrl} --rpc ${deployment.rpcUrl}
    The test wallet approves for account #1 (--account 0–9 for another) and signs what the app asks.
  • Other phases: npm start -- --phase before|claim|locked|unlocking|ended

Open ${url} — press Ctrl-C to stop the app server and anvil.`)
}

main().catch((error: unknown) => {
  if (stopping) return
  void shutDown(1, explain(error))
})
