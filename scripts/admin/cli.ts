import { realpathSync } from 'node:fs'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type Address, getAddress, isAddress } from 'viem'
import { type CommandSpec, type OptionSpec, optionOrEnv, type ParsedArgs, parseArgs, renderHelp } from './args.ts'
import { addressProblem, CLAIMS_HEADER, type ClaimKind } from './claims-file.ts'
import { connect } from './connection.ts'
import { runDeploy } from './deploy.ts'
import { AdminError, EXIT, RefusedError } from './errors.ts'
import type { Io } from './io.ts'
import { defaultJournalPath } from './journal.ts'
import { runLoad } from './load.ts'
import { type OwnershipTarget, runAcceptOwnership, runTransferOwnership, runWhitelist } from './owner.ts'
import { terminalSink } from './progress.ts'
import { promptPassword } from './prompt.ts'
import { describeFailure } from './revert.ts'
import { parseTime } from './schedule.ts'
import type { KeySource } from './signer.ts'
import { runStatus } from './status.ts'

const PROGRAM = 'npm run admin --'

const rpcUrl: OptionSpec = {
  name: 'rpc-url',
  kind: 'string',
  value: 'URL',
  description: 'JSON-RPC endpoint of the chain.',
  env: 'ADMIN_RPC_URL',
}
const keystore: OptionSpec = {
  name: 'keystore',
  kind: 'string',
  value: 'FILE',
  description:
    'Encrypted JSON keystore (Web3 Secret Storage v3) of the owner; the password is asked on the terminal or read from ADMIN_KEYSTORE_PASSWORD. Without it, ADMIN_PRIVATE_KEY is used.',
  env: 'ADMIN_KEYSTORE',
}
const send: OptionSpec = {
  name: 'send',
  kind: 'boolean',
  description: 'Really send the transactions. Without it the command is a dry run that sends nothing.',
}
const vesting: OptionSpec = {
  name: 'vesting',
  kind: 'string',
  value: 'ADDRESS',
  description: 'The Vesting contract.',
  env: 'ADMIN_VESTING_ADDRESS',
}
const vestingFromBlock: OptionSpec = {
  name: 'vesting-from-block',
  kind: 'string',
  value: 'BLOCK',
  description:
    "Vesting's deployment block, where reading its events starts (printed by deploy). Found from the chain when absent (needs a node with history).",
  env: 'ADMIN_VESTING_FROM_BLOCK',
}
const legacy: OptionSpec = {
  name: 'legacy',
  kind: 'string',
  value: 'ADDRESS',
  description: 'The LegacyClaim contract.',
  env: 'ADMIN_LEGACY_ADDRESS',
}
const legacyFromBlock: OptionSpec = {
  name: 'legacy-from-block',
  kind: 'string',
  value: 'BLOCK',
  description: "LegacyClaim's deployment block (printed by deploy). Found from the chain when absent.",
  env: 'ADMIN_LEGACY_FROM_BLOCK',
}

const whichContract: OptionSpec = {
  name: 'contract',
  kind: 'string',
  value: 'WHICH',
  description: 'Which contract: vesting, legacy or both (required).',
}

const loadOptions = (contract: OptionSpec, fromBlock: OptionSpec): OptionSpec[] => [
  contract,
  fromBlock,
  rpcUrl,
  keystore,
  send,
  {
    name: 'journal',
    kind: 'string',
    value: 'FILE',
    description: 'Journal of confirmed batches (JSON lines). Default: <csv>.journal.jsonl beside the file.',
  },
  {
    name: 'gas-share',
    kind: 'string',
    value: 'FRACTION',
    description: 'Largest share of the block gas limit one batch may use, from 0.01 to 0.9. Default 0.25.',
  },
  {
    name: 'max-batch',
    kind: 'string',
    value: 'N',
    description: 'Never more than N holders per transaction. Default 500.',
  },
  {
    name: 'no-approve',
    kind: 'boolean',
    description:
      'Do not send the approval: use the existing allowance, and refuse before sending when it does not cover the total.',
  },
]

const LOAD_NOTES = (kind: ClaimKind): string[] => [
  kind === 'vesting'
    ? `The file is CSV with the header "${CLAIMS_HEADER.vesting.join(',')}". address: checksummed; amount: whole tokens in decimal notation ("1234.5"), converted exactly with the token's decimals; burn_percent: 0 to 100 with up to 16 decimals ("12.5" becomes 125000000000000000 of 1e18).`
    : `The file is CSV with the header "${CLAIMS_HEADER.legacy.join(',')}". address: checksummed; amount: whole tokens in decimal notation ("1234.5"), converted exactly with the token's decimals.`,
  'Validation: every row is checked before anything is sent, and every problem is reported with its line: malformed, non-checksummed or zero addresses, duplicates within the file, amounts not above zero, with more decimals than the token has or above the contract limit, burn percents out of range, a wrong header or column count. Nothing is sent while any row is invalid.',
  kind === 'vesting'
    ? 'Already on chain: the ClaimAdded events since the deployment block are the record of what was loaded (claimByOwner cannot say it: a position shrinks as its holder claims). A holder whose ClaimAdded has the same amount and burn percentage is skipped; one with different values is an error. claimByOwner (through Multicall3) and LockedTransferred events catch positions no ClaimAdded explains (received through transferLocked, or a from-block that is too late): also an error, since the contract refuses to add any holder it ever allocated (Vesting_PositionExists).'
    : 'Already on chain: the ClaimAdded events since the deployment block are the record of what was loaded. An owner with a ClaimAdded of the same amount is skipped (even after claiming it); a different amount is an error; an unclaimed amount no ClaimAdded explains is an error.',
  'Dry run by default: prints the count, totals, batches, the approval needed, the estimated gas and cost, and checks the owner, the token balance, the allowance and the gas money. --send then approves exactly the amount still to load (unless the allowance already equals it), sends the batches one at a time and waits for each receipt. A batch that would revert is not sent; one that reverts stops the run with the decoded reason.',
  'Batches are sized by gas: each stays under --gas-share of the block gas limit, from real estimates (eth_simulateV1 of approve + addClaims before the approval exists, eth_estimateGas after).',
  "Resuming: each batch is signed and journaled as submitted before it is broadcast, then journaled as confirmed with its receipt. Run the same command again after an interruption: batches left pending are settled first, holders already on chain are skipped, and only the rest is loaded, so no one is ever loaded twice. The journal is keyed by chain, contract and the file's SHA-256, and must agree with the chain.",
  "At the end the chain is read back: the summary shows how many rows are on chain with identical values and the contract's allocated total and balance; the command fails unless every row is there.",
]

const COMMANDS: readonly CommandSpec[] = [
  {
    name: 'deploy',
    summary:
      'Deploy Vesting and/or LegacyClaim for a token. The schedule is checked (claim-start < claim-end <= unlock-start < unlock-end) before anything is sent. Prints the addresses and the environment lines for the app and this tool.',
    positionals: [],
    options: [
      { name: 'token', kind: 'string', value: 'ADDRESS', description: 'The ERC-20 token.', env: 'ADMIN_TOKEN_ADDRESS' },
      {
        name: 'contracts',
        kind: 'string',
        value: 'LIST',
        description: 'What to deploy: vesting, legacy or vesting,legacy. Default vesting,legacy.',
      },
      { name: 'claim-start', kind: 'string', value: 'TIME', description: 'Start of the claim window.' },
      { name: 'claim-end', kind: 'string', value: 'TIME', description: 'End of the claim window, start of the lock.' },
      { name: 'unlock-start', kind: 'string', value: 'TIME', description: 'Start of the linear unlock.' },
      { name: 'unlock-end', kind: 'string', value: 'TIME', description: 'End of the linear unlock.' },
      {
        name: 'legacy-claim-start',
        kind: 'string',
        value: 'TIME',
        description: "LegacyClaim's claim start. Default: --claim-start.",
      },
      rpcUrl,
      keystore,
      send,
    ],
    notes: [
      'TIME is epoch seconds (1730314800), a date (2024-10-30, midnight UTC) or an ISO 8601 time with a zone (2024-10-30T19:00:00Z). A time without a zone is refused.',
    ],
  },
  {
    name: 'add-claims',
    summary: 'Load Vesting positions from a CSV file, safely and resumably.',
    positionals: [{ name: 'csv', description: 'The claims file (address,amount,burn_percent).' }],
    options: loadOptions(vesting, vestingFromBlock),
    notes: LOAD_NOTES('vesting'),
  },
  {
    name: 'add-legacy-claims',
    summary: 'Load LegacyClaim amounts from a CSV file, safely and resumably.',
    positionals: [{ name: 'csv', description: 'The claims file (address,amount).' }],
    options: loadOptions(legacy, legacyFromBlock),
    notes: LOAD_NOTES('legacy'),
  },
  {
    name: 'whitelist',
    summary: 'Allow (true) or disallow (false) a contract to send or receive locked Vesting positions.',
    positionals: [
      { name: 'address', description: 'The contract to allow or disallow (checksummed).' },
      { name: 'allowed', description: 'true or false.' },
    ],
    options: [vesting, rpcUrl, keystore, send],
  },
  {
    name: 'transfer-ownership',
    summary:
      'Propose a new owner for Vesting and/or LegacyClaim. The current owner stays in charge until the new owner accepts with accept-ownership; a new proposal replaces a pending one.',
    positionals: [{ name: 'address', description: 'The new owner (checksummed).' }],
    options: [whichContract, vesting, legacy, rpcUrl, keystore, send],
  },
  {
    name: 'accept-ownership',
    summary:
      "Take over Vesting and/or LegacyClaim as the owner proposed by transfer-ownership; signed with the new owner's key.",
    positionals: [],
    options: [whichContract, vesting, legacy, rpcUrl, keystore, send],
  },
  {
    name: 'status',
    summary:
      'Schedule, phase, totals and solvency of Vesting and LegacyClaim, read at one block: allocated, owed, received, burned, unlocked and the token balance. Exits with 3 when a contract holds less than it owes (balance < owed), 1 when its accounting does not add up.',
    positionals: [],
    options: [
      vesting,
      vestingFromBlock,
      legacy,
      legacyFromBlock,
      rpcUrl,
      { name: 'json', kind: 'boolean', description: 'Print the figures as JSON (amounts in the smallest unit).' },
    ],
    notes: [
      'Vesting: allocated = Σ ClaimAdded; received = Σ ClaimedAndBurned.received; burned = totalBurned; unlocked = Σ Unlocked; owed = Σ (amount − unlockedAmount) over every holder (ClaimAdded and LockedTransferred recipients) from claimByOwner. Checks allocated = owed + received + burned + unlocked, totalBurned = Σ burned, Σ unlockedAmount = Σ Unlocked; solvent when balance ≥ owed.',
      'LegacyClaim: allocated = Σ ClaimAdded; claimed = Σ Claimed; unclaimed = Σ claimByOwner. Checks allocated = claimed + unclaimed; solvent when balance ≥ unclaimed.',
    ],
  },
]

function generalHelp(): string {
  const lines = [
    `Usage: ${PROGRAM} <command> [options]     (${PROGRAM} <command> --help for details)`,
    '',
    'Owner operations for the NAI Vesting and LegacyClaim contracts.',
    '',
    'Commands:',
    ...COMMANDS.map((command) => `  ${command.name.padEnd(20)}${command.summary.split('. ')[0]?.replace(/\.$/, '')}.`),
    '',
    'Environment:',
    '  ADMIN_RPC_URL            JSON-RPC endpoint (or --rpc-url)',
    '  ADMIN_PRIVATE_KEY        owner key, hex (keys are never taken as arguments)',
    '  ADMIN_KEYSTORE           encrypted JSON keystore (or --keystore); password prompted without echo',
    '  ADMIN_KEYSTORE_PASSWORD  keystore password for non-interactive use',
    '  ADMIN_VESTING_ADDRESS, ADMIN_VESTING_FROM_BLOCK, ADMIN_LEGACY_ADDRESS, ADMIN_LEGACY_FROM_BLOCK,',
    '  ADMIN_TOKEN_ADDRESS      contracts and their deployment blocks (printed by deploy)',
    '',
    'Every command that changes the chain is a dry run unless --send is given.',
    'Exit codes: 0 done; 1 failed (revert, RPC, accounting mismatch); 2 refused before sending; 3 insolvent.',
  ]
  return lines.join('\n')
}

function addressOption(value: string | undefined, what: string, zeroRole = 'be used here'): Address {
  if (value === undefined) throw new RefusedError(`${what} is required.`)
  const problem = addressProblem(value, zeroRole)
  if (problem) throw new RefusedError(`${what}: ${problem}`)
  return getAddress(value)
}

/**
 * A contract address: all-lowercase is accepted (as explorers and receipts print it) because the contract's code
 * and views are checked on chain before use; mixed case must be a correct checksum.
 */
function contractOption(value: string | undefined, what: string): Address {
  if (value === undefined) throw new RefusedError(`${what} is required.`)
  const lower = value.toLowerCase()
  return addressOption(value === lower && isAddress(value) ? getAddress(value) : value, what)
}

function blockOption(value: string | undefined, what: string): bigint | undefined {
  if (value === undefined) return undefined
  if (!/^\d+$/.test(value)) throw new RefusedError(`${what} must be a block number, got "${value}".`)
  return BigInt(value)
}

function timeOption(value: string | undefined, name: string): bigint {
  if (value === undefined) throw new RefusedError(`--${name} is required.`)
  const parsed = parseTime(value)
  if (!parsed.ok) throw new RefusedError(`--${name}: ${parsed.reason}`)
  return parsed.value
}

function numberOption(value: string | undefined, name: string, fallback: number, min: number, max: number): number {
  if (value === undefined) return fallback
  const number = Number(value)
  if (!Number.isFinite(number) || number < min || number > max) {
    throw new RefusedError(`--${name} must be a number from ${min} to ${max}, got "${value}".`)
  }
  return number
}

type Invocation = { spec: CommandSpec; args: ParsedArgs; io: Io }

function option(invocation: Invocation, name: string): string | undefined {
  return optionOrEnv(invocation.args, invocation.spec, name, invocation.io.env)
}

/**
 * A path the user typed, taken from the directory they ran the command in: `npm run` moves to the package root
 * and keeps the original directory in INIT_CWD.
 */
function userPath(invocation: Invocation, path: string): string {
  return resolve(invocation.io.env.INIT_CWD ?? process.cwd(), path)
}

function keySource(invocation: Invocation): KeySource {
  const keystore = option(invocation, 'keystore')
  return {
    env: invocation.io.env,
    keystorePath: keystore === undefined ? undefined : userPath(invocation, keystore),
    promptPassword: invocation.io.promptPassword,
  }
}

async function connection(invocation: Invocation) {
  const url = option(invocation, 'rpc-url')
  if (!url) throw new RefusedError('No RPC endpoint: pass --rpc-url or set ADMIN_RPC_URL.')
  return connect(url)
}

async function deployCommand(invocation: Invocation): Promise<number> {
  const list = (option(invocation, 'contracts') ?? 'vesting,legacy').split(',').map((item) => item.trim())
  if (list.length === 0 || list.some((item) => item !== 'vesting' && item !== 'legacy')) {
    throw new RefusedError('--contracts must be vesting, legacy or vesting,legacy.')
  }
  const token = contractOption(option(invocation, 'token'), '--token')
  const withVesting = list.includes('vesting')
  const withLegacy = list.includes('legacy')
  const schedule = withVesting
    ? {
        claimStart: timeOption(option(invocation, 'claim-start'), 'claim-start'),
        claimEnd: timeOption(option(invocation, 'claim-end'), 'claim-end'),
        unlockStart: timeOption(option(invocation, 'unlock-start'), 'unlock-start'),
        unlockEnd: timeOption(option(invocation, 'unlock-end'), 'unlock-end'),
      }
    : undefined
  const legacyStart = option(invocation, 'legacy-claim-start') ?? option(invocation, 'claim-start')
  const legacyClaimStart = withLegacy ? timeOption(legacyStart, 'legacy-claim-start') : undefined
  const chain = await connection(invocation)
  return runDeploy(chain, invocation.io, keySource(invocation), {
    token,
    vesting: schedule,
    legacyClaimStart,
    send: invocation.args.flags.has('send'),
  })
}

async function loadCommand(invocation: Invocation, kind: ClaimKind): Promise<number> {
  const [csv = ''] = invocation.args.positionals
  const csvPath = userPath(invocation, csv)
  const contractName = kind === 'vesting' ? 'vesting' : 'legacy'
  const contract = contractOption(
    option(invocation, contractName),
    `--${contractName} (or ADMIN_${contractName.toUpperCase()}_ADDRESS)`,
  )
  const fromBlock = blockOption(option(invocation, `${contractName}-from-block`), `--${contractName}-from-block`)
  const gasShare = numberOption(option(invocation, 'gas-share'), 'gas-share', 0.25, 0.01, 0.9)
  const maxBatch = numberOption(option(invocation, 'max-batch'), 'max-batch', 500, 1, 10_000)
  if (!Number.isInteger(maxBatch)) throw new RefusedError('--max-batch must be a whole number.')
  const journal = option(invocation, 'journal')
  const chain = await connection(invocation)
  return runLoad(
    { connection: chain, io: invocation.io, keys: keySource(invocation) },
    {
      kind,
      csvPath,
      contract,
      fromBlock,
      journalPath: journal ? userPath(invocation, journal) : defaultJournalPath(csvPath),
      send: invocation.args.flags.has('send'),
      approve: !invocation.args.flags.has('no-approve'),
      gasShare,
      maxBatch,
      pendingWaitMs: 120_000,
    },
  )
}

async function whitelistCommand(invocation: Invocation): Promise<number> {
  const [target, allowed] = invocation.args.positionals
  const address = addressOption(target, 'The address to whitelist')
  if (allowed !== 'true' && allowed !== 'false')
    throw new RefusedError(`allowed must be true or false, got "${allowed}".`)
  const vestingAddress = contractOption(option(invocation, 'vesting'), '--vesting (or ADMIN_VESTING_ADDRESS)')
  const chain = await connection(invocation)
  return runWhitelist(
    chain,
    invocation.io,
    keySource(invocation),
    vestingAddress,
    address,
    allowed === 'true',
    invocation.args.flags.has('send'),
  )
}

/** The contracts named by --contract (vesting, legacy or both), with their addresses. */
function ownershipTargets(invocation: Invocation): OwnershipTarget[] {
  const which = option(invocation, 'contract')
  if (which !== 'vesting' && which !== 'legacy' && which !== 'both') {
    throw new RefusedError('--contract must be vesting, legacy or both: say which contract changes hands.')
  }
  const targets: OwnershipTarget[] = []
  if (which !== 'legacy') {
    targets.push({
      kind: 'vesting',
      address: contractOption(option(invocation, 'vesting'), '--vesting (or ADMIN_VESTING_ADDRESS)'),
    })
  }
  if (which !== 'vesting') {
    targets.push({
      kind: 'legacy',
      address: contractOption(option(invocation, 'legacy'), '--legacy (or ADMIN_LEGACY_ADDRESS)'),
    })
  }
  return targets
}

async function transferOwnershipCommand(invocation: Invocation): Promise<number> {
  const [target] = invocation.args.positionals
  const newOwner = addressOption(target, 'The new owner', 'own a contract (renouncing ownership is not offered)')
  const targets = ownershipTargets(invocation)
  const chain = await connection(invocation)
  return runTransferOwnership(
    chain,
    invocation.io,
    keySource(invocation),
    targets,
    newOwner,
    invocation.args.flags.has('send'),
  )
}

async function acceptOwnershipCommand(invocation: Invocation): Promise<number> {
  const targets = ownershipTargets(invocation)
  const chain = await connection(invocation)
  return runAcceptOwnership(chain, invocation.io, keySource(invocation), targets, invocation.args.flags.has('send'))
}

async function statusCommand(invocation: Invocation): Promise<number> {
  const vestingValue = option(invocation, 'vesting')
  const legacyValue = option(invocation, 'legacy')
  if (!vestingValue && !legacyValue) {
    throw new RefusedError('Give --vesting and/or --legacy (or ADMIN_VESTING_ADDRESS / ADMIN_LEGACY_ADDRESS).')
  }
  const targets = {
    vesting: vestingValue
      ? {
          address: contractOption(vestingValue, '--vesting'),
          fromBlock: blockOption(option(invocation, 'vesting-from-block'), '--vesting-from-block'),
        }
      : undefined,
    legacy: legacyValue
      ? {
          address: contractOption(legacyValue, '--legacy'),
          fromBlock: blockOption(option(invocation, 'legacy-from-block'), '--legacy-from-block'),
        }
      : undefined,
    json: invocation.args.flags.has('json'),
  }
  const chain = await connection(invocation)
  return runStatus(chain, invocation.io, targets)
}

const HANDLERS: Record<string, (invocation: Invocation) => Promise<number>> = {
  deploy: deployCommand,
  'add-claims': (invocation) => loadCommand(invocation, 'vesting'),
  'add-legacy-claims': (invocation) => loadCommand(invocation, 'legacy'),
  whitelist: whitelistCommand,
  'transfer-ownership': transferOwnershipCommand,
  'accept-ownership': acceptOwnershipCommand,
  status: statusCommand,
}

/** Runs one command line and returns the exit code; every failure is reported as a message, never a stack. */
export async function runCli(argv: readonly string[], io: Io): Promise<number> {
  const [command, ...rest] = argv
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
    io.out(generalHelp())
    return command === undefined ? EXIT.refused : EXIT.ok
  }
  const spec = COMMANDS.find((candidate) => candidate.name === command)
  const handler = HANDLERS[command]
  if (!spec || !handler) {
    io.err(`Unknown command "${command}".`)
    io.err(generalHelp())
    return EXIT.refused
  }
  try {
    const args = parseArgs(rest, spec)
    if (args.help) {
      io.out(renderHelp(PROGRAM, spec))
      return EXIT.ok
    }
    return await handler({ spec, args, io })
  } catch (error) {
    if (error instanceof AdminError) {
      io.err(error.message)
      return error.exitCode
    }
    io.err(`Failed: ${describeFailure(error)}`)
    return EXIT.failed
  }
}

function isMain(): boolean {
  const entry = process.argv[1]
  if (!entry) return false
  try {
    return realpathSync(entry) === realpathSync(fileURLToPath(import.meta.url))
  } catch {
    return false
  }
}

if (isMain()) {
  const io: Io = {
    env: process.env,
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
    progress: terminalSink(process.stderr),
    promptPassword,
  }
  const code = await runCli(process.argv.slice(2), io)
  // Let pending output drain before the exit code is set, rather than cutting it off with process.exit().
  process.exitCode = code
}
