import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import {
  type Address,
  createPublicClient,
  createTestClient,
  createWalletClient,
  encodePacked,
  getAddress,
  type Hex,
  http,
  keccak256,
  parseEther,
  parseUnits,
  type TestClient,
  type TransactionReceipt,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { ANVIL_PRIVATE_KEYS } from '../../src/config/anvil.ts'
import { demoTokenAbi } from '../../src/generated.ts'
import { type Anvil, startAnvil } from '../lib/anvil.ts'
import {
  type Clients,
  deployDemoToken,
  deployLegacyClaim,
  deployVesting,
  installMulticall3,
  type Schedule,
} from '../lib/deploy.ts'
import type { Io } from './io.ts'
import { runCli } from './program.ts'

/** Anvil's default accounts #0 (the deployer and owner in tests) and #1. */
export const [OWNER_KEY, OTHER_KEY] = ANVIL_PRIVATE_KEYS

export type TestChain = {
  anvil: Anvil
  rpcUrl: string
  clients: Clients
  testClient: TestClient<'anvil'>
  owner: Address
  token: Address
  vesting: Address
  legacy: Address
  schedule: Schedule
  /** Deploys another Vesting (owned by the key's account) with the same schedule. */
  deployVestingAs: (key: `0x${string}`) => Promise<Address>
  mint: (to: Address, wholeTokens: string) => Promise<void>
  stop: () => Promise<void>
}

function clientsFor(rpcUrl: string, key: `0x${string}`): Clients {
  const transport = http(rpcUrl)
  return {
    wallet: createWalletClient({ account: privateKeyToAccount(key), chain: foundry, transport, pollingInterval: 50 }),
    public: createPublicClient({ chain: foundry, transport, pollingInterval: 50 }),
  }
}

/**
 * A fresh anvil on a free port with DemoToken, Vesting (claim window opening in a day), LegacyClaim and Multicall3
 * at its canonical address; the owner holds a billion tokens.
 */
export async function startTestChain(): Promise<TestChain> {
  const anvil = await startAnvil()
  try {
    const clients = clientsFor(anvil.rpcUrl, OWNER_KEY)
    const testClient = createTestClient({ mode: 'anvil', chain: foundry, transport: http(anvil.rpcUrl) })
    await installMulticall3(clients, testClient)
    const { timestamp } = await clients.public.getBlock()
    const day = 86_400n
    const schedule: Schedule = {
      claimStart: timestamp + day,
      claimEnd: timestamp + 15n * day,
      unlockStart: timestamp + 380n * day,
      unlockEnd: timestamp + 745n * day,
    }
    const token = getAddress(await deployDemoToken(clients))
    const vesting = getAddress(await deployVesting(clients, token, schedule))
    const legacy = getAddress(await deployLegacyClaim(clients, token, schedule.claimStart))
    const mint = async (to: Address, wholeTokens: string) => {
      const hash = await clients.wallet.writeContract({
        address: token,
        abi: demoTokenAbi,
        functionName: 'mint',
        args: [to, parseUnits(wholeTokens, 18)],
      })
      await clients.public.waitForTransactionReceipt({ hash })
    }
    const owner = clients.wallet.account.address
    await mint(owner, '1000000000')
    return {
      anvil,
      rpcUrl: anvil.rpcUrl,
      clients,
      testClient,
      owner,
      token,
      vesting,
      legacy,
      schedule,
      deployVestingAs: async (key) => getAddress(await deployVesting(clientsFor(anvil.rpcUrl, key), token, schedule)),
      mint,
      stop: () => anvil.stop(),
    }
  } catch (error) {
    await anvil.stop()
    throw error
  }
}

/** Sends a call as `account` (a holder without a key, or a contract) through anvil's impersonation. */
export async function sendAs(
  chain: TestChain,
  account: Address,
  call: { to: Address; data: Hex },
): Promise<TransactionReceipt> {
  await chain.testClient.impersonateAccount({ address: account })
  await chain.testClient.setBalance({ address: account, value: parseEther('1') })
  const wallet = createWalletClient({ account, chain: foundry, transport: http(chain.rpcUrl) })
  const hash = await wallet.sendTransaction(call)
  const receipt = await chain.clients.public.waitForTransactionReceipt({ hash })
  if (receipt.status !== 'success') throw new Error(`The call to ${call.to} as ${account} reverted.`)
  return receipt
}

/** Mines a block dated `timestamp`: the chain's clock moves there. */
export async function setChainTime(chain: TestChain, timestamp: bigint): Promise<void> {
  await chain.testClient.setNextBlockTimestamp({ timestamp })
  await chain.testClient.mine({ blocks: 1 })
}

/** The i-th of a deterministic set of distinct holder addresses, in checksum form. */
export function holderAddress(seed: string, i: number): Address {
  return getAddress(`0x${keccak256(encodePacked(['string', 'uint256'], [seed, BigInt(i)])).slice(26)}`)
}

export type CsvRow = { address: string; amount: string; burn?: string }

export function vestingCsv(rows: readonly CsvRow[]): string {
  return `address,amount,burn_percent\n${rows.map((row) => `${row.address},${row.amount},${row.burn ?? '0'}`).join('\n')}\n`
}

export function legacyCsv(rows: readonly CsvRow[]): string {
  return `address,amount\n${rows.map((row) => `${row.address},${row.amount}`).join('\n')}\n`
}

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
