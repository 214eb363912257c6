// The owner tool at the size of a real distribution: 100,000 holders loaded on anvil with a key, again with a kill
// and a resume half-way, and through a 2-of-3 Safe 1.4.1 (files written by the tool, executed as Safe{Wallet} does,
// some left out and written again by a re-run). Prints wall time, peak memory, journal size, transactions and gas
// per holder, and the gas bill on Ethereum and Avalanche. With --readme, writes the figures into
// scripts/admin/README.md between its bench markers.
// Run: npm run bench:load [-- --holders 100000] [-- --readme] (needs compiled contracts: npm run contracts:build).
import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Command } from 'commander'
import { formatUnits, getAddress, type Hash, parseUnits } from 'viem'
import { ANVIL_ACCOUNTS, ANVIL_PRIVATE_KEYS } from '../../src/config/anvil.ts'
import { createSafe, deploySafeSingletons, SafeService } from '../../testing/safe.ts'
import { holderAddress, OWNER_KEY, startTestChain, type TestChain, vestingCsv } from '../../testing/testChain.ts'
import { positiveInteger } from '../lib/cliArguments.ts'
import { readJournal } from './journal.ts'
import { parseBatchFile } from './tx-builder.ts'

const repoRoot = fileURLToPath(new URL('../../', import.meta.url))
const README = join(repoRoot, 'scripts/admin/README.md')
const MARKERS = ['<!-- bench:load:start -->', '<!-- bench:load:end -->'] as const

type Cost = { code: number; wallMs: number; maxRssKb: number }

const cli = new Command('npm run bench:load --')
  .description(
    'Loads holders on anvil with a key, again killed half-way and resumed, and through a 2-of-3 Safe; prints what it cost.',
  )
  .option('--holders <n>', 'how many holders to load', positiveInteger, 100_000)
  .option('--readme', 'write the figures into scripts/admin/README.md between its bench markers', false)
  .parse()
  .opts<{ holders: number; readme: boolean }>()
const HOLDERS = cli.holders
const WRITE_README = cli.readme

/** Runs the tool as from the shell, through measured-run (or the crash rehearsal, which dies after N batches). */
function runTool(
  argv: string[],
  env: Record<string, string>,
  log: string,
  options: { crashAfterBatches?: number } = {},
): Promise<{ exit: number | null; cost: Cost | undefined }> {
  const report = `${log}.cost.json`
  const entry =
    options.crashAfterBatches === undefined
      ? ['scripts/admin/measured-run.ts', report]
      : ['scripts/admin/crash-rehearsal.ts', String(options.crashAfterBatches)]
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', ...entry, ...argv], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    const chunks: Buffer[] = []
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk))
    child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk))
    child.once('error', reject)
    child.once('close', (exit) => {
      writeFileSync(log, Buffer.concat(chunks))
      let cost: Cost | undefined
      try {
        cost = JSON.parse(readFileSync(report, 'utf8'))
      } catch {
        cost = undefined
      }
      resolve({ exit, cost })
    })
  })
}

function must(result: { exit: number | null; cost: Cost | undefined }, log: string): Cost {
  if (result.exit !== 0 || !result.cost) throw new Error(`The tool exited with ${result.exit}; see ${log}`)
  return result.cost
}

/** A claims file of `count` distinct holders with varied amounts (up to 10 decimals) and burn percents. */
function writeClaims(path: string, seed: string, count: number): bigint {
  const burns = ['0', '12.5', '100', '33.3333333333333333', '5']
  const rows = Array.from({ length: count }, (_, i) => ({
    address: holderAddress(seed, i),
    amount: `${((i * 7919) % 100_000) + 1}.${String((i * 104_729) % 1_000_000_007).padStart(10, '0')}`,
    burn: burns[i % burns.length] ?? '0',
  }))
  writeFileSync(path, vestingCsv(rows))
  return rows.reduce((sum, row) => sum + parseUnits(row.amount, 18), 0n)
}

type JournalFacts = { bytes: number; lines: number; batches: number; gas: bigint; approvals: Hash[] }

function journalFacts(path: string): JournalFacts {
  const { entries } = readJournal(path)
  let gas = 0n
  let batches = 0
  const approvals: Hash[] = []
  for (const entry of entries) {
    if (entry.event === 'confirmed') {
      gas += BigInt(entry.gasUsed)
      batches += 1
    }
    if (entry.event === 'approval') approvals.push(entry.txHash)
  }
  return { bytes: statSync(path).size, lines: entries.length, batches, gas, approvals }
}

async function approvalGas(chain: TestChain, hashes: Hash[]): Promise<bigint> {
  let gas = 0n
  for (const hash of hashes) gas += (await chain.clients.public.getTransactionReceipt({ hash })).gasUsed
  return gas
}

/** A line of the tool's own output that starts with `prefix`. */
function lineOf(log: string, prefix: string): string {
  return (
    readFileSync(log, 'utf8')
      .split('\n')
      .find((line) => line.startsWith(prefix)) ?? '(not printed)'
  )
}

type KeyRun = { cost: Cost; journal: JournalFacts; gas: bigint; figures: string }
type ResumeRun = { killedAfterBatches: number; killedMs: number; resume: Cost; resumedBatches: number }
type SafeRun = {
  write: Cost
  files: number
  fileBytes: number
  journal: JournalFacts
  executeMs: number
  gas: bigint
  leftOut: number
  rewrite: Cost
  rewritten: number
  check: Cost
}

async function keyMode(chain: TestChain, dir: string): Promise<KeyRun> {
  const csv = join(dir, 'key.csv')
  writeClaims(csv, 'bench-key', HOLDERS)
  const env = { ADMIN_RPC_URL: chain.rpcUrl, ADMIN_VESTING_ADDRESS: chain.vesting, ADMIN_PRIVATE_KEY: OWNER_KEY }
  const log = join(dir, 'key.log')
  const cost = must(await runTool(['add-claims', csv, '--send'], env, log), log)
  const journal = journalFacts(`${csv}.journal.jsonl`)
  return {
    cost,
    journal,
    gas: journal.gas + (await approvalGas(chain, journal.approvals)),
    figures: lineOf(log, 'Figures: '),
  }
}

async function killAndResume(chain: TestChain, dir: string, batchesOfFullRun: number): Promise<ResumeRun> {
  const vesting = await chain.deployVestingAs(OWNER_KEY)
  const csv = join(dir, 'resume.csv')
  writeClaims(csv, 'bench-resume', HOLDERS)
  const env = { ADMIN_RPC_URL: chain.rpcUrl, ADMIN_VESTING_ADDRESS: vesting, ADMIN_PRIVATE_KEY: OWNER_KEY }
  const killedAfterBatches = Math.max(1, Math.floor(batchesOfFullRun / 2))
  const started = performance.now()
  const killed = await runTool(['add-claims', csv, '--send'], env, join(dir, 'resume-killed.log'), {
    crashAfterBatches: killedAfterBatches,
  })
  const killedMs = performance.now() - started
  if (killed.exit === 0) throw new Error('The run meant to be killed finished.')
  const log = join(dir, 'resume.log')
  const resume = must(await runTool(['add-claims', csv, '--send'], env, log), log)
  const resumedBatches = journalFacts(`${csv}.journal.jsonl`).batches - killedAfterBatches
  if (!readFileSync(log, 'utf8').includes(`on chain, identical values ${HOLDERS.toLocaleString('en-US')} ✓`)) {
    throw new Error(`The resumed run did not find every holder on chain; see ${log}`)
  }
  return { killedAfterBatches, killedMs, resume, resumedBatches }
}

async function safeMode(chain: TestChain, dir: string): Promise<SafeRun> {
  const owners = [ANVIL_ACCOUNTS[1], ANVIL_ACCOUNTS[2], ANVIL_ACCOUNTS[3]].map((account) => getAddress(account))
  const singletons = await deploySafeSingletons(chain.rpcUrl)
  const safe = await createSafe(chain.rpcUrl, singletons, { owners, threshold: 2 })
  const service = new SafeService({
    rpcUrl: chain.rpcUrl,
    chainId: 31337,
    safe,
    singletons,
    ownerKeys: [ANVIL_PRIVATE_KEYS[1], ANVIL_PRIVATE_KEYS[2], ANVIL_PRIVATE_KEYS[3]],
  })
  const execute = async (path: string): Promise<bigint> => {
    const file = parseBatchFile(readFileSync(path, 'utf8'))
    const safeTxHash = await service.propose(file.transactions, 0)
    await service.confirm(safeTxHash, 1)
    const hash = await service.execute(safeTxHash, 0)
    return (await chain.clients.public.getTransactionReceipt({ hash })).gasUsed
  }

  // A Vesting of its own, handed to the Safe with the tool's own files.
  const vesting = await chain.deployVestingAs(OWNER_KEY)
  const keyEnv = { ADMIN_RPC_URL: chain.rpcUrl, ADMIN_VESTING_ADDRESS: vesting, ADMIN_PRIVATE_KEY: OWNER_KEY }
  const safeEnv = { ADMIN_RPC_URL: chain.rpcUrl, ADMIN_VESTING_ADDRESS: vesting }
  const ownership = join(dir, 'ownership')
  must(
    await runTool(['transfer-ownership', safe, '--contract', 'vesting', '--send'], keyEnv, join(dir, 'transfer.log')),
    join(dir, 'transfer.log'),
  )
  must(
    await runTool(
      ['accept-ownership', '--contract', 'vesting', '--safe', safe, '--out', ownership, '--send'],
      safeEnv,
      join(dir, 'accept.log'),
    ),
    join(dir, 'accept.log'),
  )
  await execute(join(ownership, 'accept-ownership.json'))

  const csv = join(dir, 'safe.csv')
  const total = writeClaims(csv, 'bench-safe', HOLDERS)
  await chain.mint(safe, formatUnits(total, 18))
  const log = join(dir, 'safe-write.log')
  const write = must(await runTool(['add-claims', csv, '--safe', safe, '--send'], safeEnv, log), log)
  const folder = `${csv}.safe`
  const files = readdirSync(folder)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => join(folder, name))
  const fileBytes = files.reduce((sum, path) => sum + statSync(path).size, 0)
  const journal = journalFacts(`${csv}.journal.jsonl`)

  // The owners execute every file but one in 25 (the third, the 28th, …); a re-run writes those again, executed too.
  const started = performance.now()
  let gas = 0n
  const skipped = files.filter((_, i) => i % 25 === 2)
  for (const path of files) if (!skipped.includes(path)) gas += await execute(path)
  const rewriteLog = join(dir, 'safe-rewrite.log')
  const rewrite = must(await runTool(['add-claims', csv, '--safe', safe, '--send'], safeEnv, rewriteLog), rewriteLog)
  const rewritten = readdirSync(folder)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => join(folder, name))
    .filter((path) => !files.includes(path))
  for (const path of rewritten) gas += await execute(path)
  const executeMs = performance.now() - started
  const checkLog = join(dir, 'safe-check.log')
  const check = must(await runTool(['add-claims', csv, '--safe', safe], safeEnv, checkLog), checkLog)
  if (!readFileSync(checkLog, 'utf8').includes(`on chain, identical values ${HOLDERS.toLocaleString('en-US')} ✓`)) {
    throw new Error(`The Safe's files did not load every holder; see ${checkLog}`)
  }
  return {
    write,
    files: files.length,
    fileBytes,
    journal,
    executeMs,
    gas,
    leftOut: skipped.length,
    rewrite,
    rewritten: rewritten.length,
    check,
  }
}

const grouped = (value: bigint | number) => new Intl.NumberFormat('en-US').format(value)
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`
const megabytes = (kb: number) => `${Math.round(kb / 1024)} MB`
const kilobytes = (bytes: number) => `${grouped(Math.round(bytes / 1024))} KB`

/** The native currency a load of `holders` costs at `gasPerHolder` and `gwei` (nAVAX on Avalanche). */
function bill(holders: number, gasPerHolder: bigint, gwei: number): string {
  const wei = BigInt(holders) * gasPerHolder * BigInt(Math.round(gwei * 1000)) * 1_000_000n
  return Number(formatUnits(wei, 18)).toFixed(4)
}

function report(key: KeyRun, resume: ResumeRun, safe: SafeRun, machine: string): string {
  const keyPerHolder = key.gas / BigInt(HOLDERS)
  const safePerHolder = safe.gas / BigInt(HOLDERS)
  const prices = [
    { chain: 'Ethereum', price: 10, unit: 'ETH' },
    { chain: 'Ethereum', price: 30, unit: 'ETH' },
    { chain: 'Avalanche C-Chain', price: 25, unit: 'AVAX' },
    { chain: 'Avalanche C-Chain', price: 1, unit: 'AVAX' },
  ]
  const priceLabel = (unit: string, price: number) => `${price} ${unit === 'ETH' ? 'gwei' : 'nAVAX'}`
  return [
    `Measured by \`npm run bench:load\` on ${machine}: ${grouped(HOLDERS)} holders, anvil with a 30,000,000 block gas limit (each transaction under 25 % of it), the tool run as from the shell.`,
    '',
    '| | key (`--send`) | kill after half the batches, then resume | Safe (`--safe`, files) |',
    '|---|---:|---:|---:|',
    `| tool wall time | ${seconds(key.cost.wallMs)} | ${seconds(resume.killedMs)} until killed + ${seconds(resume.resume.wallMs)} resume | ${seconds(safe.write.wallMs)} to write the files, ${seconds(safe.check.wallMs)} to check the chain after |`,
    `| tool peak memory (RSS) | ${megabytes(key.cost.maxRssKb)} | ${megabytes(resume.resume.maxRssKb)} (resume) | ${megabytes(safe.write.maxRssKb)} |`,
    `| journal | ${kilobytes(key.journal.bytes)}, ${grouped(key.journal.lines)} lines | — | ${kilobytes(safe.journal.bytes)}, ${grouped(safe.journal.lines)} lines; files ${kilobytes(safe.fileBytes)} |`,
    `| transactions | ${grouped(key.journal.batches)} batches + ${key.journal.approvals.length} approval | killed after ${resume.killedAfterBatches}; resume sent ${resume.resumedBatches} | ${grouped(safe.files)} Safe transactions (approval + batch each) |`,
    `| gas per holder, everything included | ${grouped(keyPerHolder)} | — | ${grouped(safePerHolder)} (the Safe's execution included) |`,
    '',
    `Key mode, as the tool reports it: ${key.figures.replace(/^Figures: /, '')}. In Safe mode the owners executed ${grouped(safe.files - safe.leftOut)} of the ${grouped(safe.files)} files (${seconds(safe.executeMs)} on anvil with the re-run), one in 25 left out; the re-run (${seconds(safe.rewrite.wallMs)}) wrote those ${safe.rewritten} again, and once executed every holder was on chain, exactly.`,
    '',
    '**Gas bill** (gas per holder above × holders × gas price; a batch costs the same per holder at any size, so it scales linearly):',
    '',
    `| chain, gas price | 10,000 holders, key | 10,000, Safe | 100,000, key | 100,000, Safe |`,
    '|---|---:|---:|---:|---:|',
    ...prices.map(
      ({ chain, price, unit }) =>
        `| ${chain}, ${priceLabel(unit, price)} | ${bill(10_000, keyPerHolder, price)} ${unit} | ${bill(10_000, safePerHolder, price)} ${unit} | ${bill(100_000, keyPerHolder, price)} ${unit} | ${bill(100_000, safePerHolder, price)} ${unit} |`,
    ),
  ].join('\n')
}

function writeReadme(figures: string): void {
  const text = readFileSync(README, 'utf8')
  const start = text.indexOf(MARKERS[0])
  const end = text.indexOf(MARKERS[1])
  if (start === -1 || end < start) throw new Error(`${README} has no ${MARKERS[0]} … ${MARKERS[1]} block.`)
  writeFileSync(README, `${text.slice(0, start + MARKERS[0].length)}\n${figures}\n${text.slice(end)}`)
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-load-'))
  const results = join(repoRoot, 'bench/results')
  mkdirSync(results, { recursive: true })
  const machine = `${cpus().length} cores (${cpus()[0]?.model.trim() ?? 'unknown CPU'}), Node ${process.version}, load average ${loadavg()[0]?.toFixed(1)} at the start`
  console.log(`Working in ${dir}`)
  const chain = await startTestChain()
  try {
    // Enough tokens for three loads of the largest amounts.
    await chain.mint(chain.owner, String(HOLDERS * 200_000))
    console.log(`Key mode: ${HOLDERS} holders…`)
    const key = await keyMode(chain, dir)
    console.log(`Kill after half the batches and resume…`)
    const resume = await killAndResume(chain, dir, key.journal.batches)
    console.log(`Safe mode…`)
    const safe = await safeMode(chain, dir)
    const figures = report(key, resume, safe, machine)
    writeFileSync(join(results, 'load.json'), JSON.stringify({ key, resume, safe, machine }, bigintJson, 2))
    console.log(`\n${figures}`)
    if (WRITE_README) {
      writeReadme(figures)
      console.log(`\nWrote the figures into ${README}.`)
    }
  } finally {
    await chain.stop()
  }
}

function bigintJson(_key: string, value: unknown): unknown {
  return typeof value === 'bigint' ? value.toString() : value
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
