import { resolve } from 'node:path'
import { Argument, Command, CommanderError, Help, InvalidArgumentError, Option } from 'commander'
import { type Address, getAddress, isAddress } from 'viem'
import { addressProblem, CLAIMS_HEADER, type ClaimKind } from './claims-file.ts'
import { connect } from './connection.ts'
import { CONTRACT_NAME } from './contracts.ts'
import { runDeploy } from './deploy.ts'
import { AdminError, EXIT, RefusedError } from './errors.ts'
import type { Io } from './io.ts'
import { defaultJournalPath } from './journal.ts'
import { runLoad } from './load.ts'
import {
  type OwnershipTarget,
  runAcceptOwnership,
  runTransferOwnership,
  runWhitelist,
  type SafeTarget,
} from './owner.ts'
import { describeFailure } from './revert.ts'
import { parseTime } from './schedule.ts'
import type { KeySource } from './signer.ts'
import { runStatus } from './status.ts'

const PROGRAM = 'npm run admin --'
const HELP_WIDTH = 100

/** Option names that would put a secret into shell history and process listings. */
const SECRET_OPTION = /key|mnemonic|password|secret|seed/i

// Value parsers: a refused value stops the command line with commander's message, which names the option or
// argument, and the environment variable when the value came from one.

/** An address in checksum form; `zeroRole` finishes the sentence refusing the zero address. */
function addressValue(zeroRole: string) {
  return (text: string): Address => {
    const problem = addressProblem(text, zeroRole)
    if (problem) throw new InvalidArgumentError(`${problem}.`)
    return getAddress(text)
  }
}

/**
 * A contract address: all-lowercase is accepted (as explorers and receipts print it) because the contract's code
 * and views are checked on chain before use; mixed case must be a correct checksum.
 */
function contractValue(text: string): Address {
  return addressValue('be used here')(text === text.toLowerCase() && isAddress(text) ? getAddress(text) : text)
}

function blockValue(text: string): bigint {
  if (!/^\d+$/.test(text)) throw new InvalidArgumentError('It must be a block number.')
  return BigInt(text)
}

function timeValue(text: string): bigint {
  const parsed = parseTime(text)
  if (!parsed.ok) throw new InvalidArgumentError(`${parsed.reason}.`)
  return parsed.value
}

function numberValue(min: number, max: number, whole: boolean) {
  return (text: string): number => {
    const value = Number(text)
    if (!(value >= min && value <= max) || (whole && !Number.isInteger(value))) {
      throw new InvalidArgumentError(`It must be a ${whole ? 'whole number' : 'number'} from ${min} to ${max}.`)
    }
    return value
  }
}

const rpcUrlOption = () =>
  new Option('--rpc-url <URL>', 'JSON-RPC endpoint of the chain.').env('ADMIN_RPC_URL').makeOptionMandatory()
const keystoreOption = () =>
  new Option(
    '--keystore <FILE>',
    'Encrypted JSON keystore (Web3 Secret Storage v3) of the owner; the password is asked on the terminal or read from ADMIN_KEYSTORE_PASSWORD. Without it, ADMIN_PRIVATE_KEY is used.',
  ).env('ADMIN_KEYSTORE')
const sendOption = () =>
  new Option('--send', 'Really send the transactions. Without it the command is a dry run that sends nothing.')
const contractOption = (kind: ClaimKind) =>
  new Option(`--${kind} <ADDRESS>`, `The ${CONTRACT_NAME[kind]} contract.`)
    .env(`ADMIN_${kind.toUpperCase()}_ADDRESS`)
    .argParser(contractValue)
const fromBlockOption = (kind: ClaimKind) =>
  new Option(
    `--${kind}-from-block <BLOCK>`,
    `${CONTRACT_NAME[kind]}'s deployment block, where reading its events starts (printed by deploy). Found from the chain when absent (needs a node with history).`,
  )
    .env(`ADMIN_${kind.toUpperCase()}_FROM_BLOCK`)
    .argParser(blockValue)
const timeOption = (flags: string, description: string) => new Option(flags, description).argParser(timeValue)
const safeOption = () =>
  new Option(
    '--safe <ADDRESS>',
    'The Safe that owns the contract: write Safe{Wallet} Transaction Builder files for its owners to import, sign and execute, instead of sending with a key. The checks are made for the Safe; --send writes the files (nothing is sent).',
  )
    .env('ADMIN_SAFE_ADDRESS')
    .argParser(contractValue)
const outOption = (defaultDir: string) =>
  new Option('--out <DIR>', `Where --safe writes its Transaction Builder files. Default: ${defaultDir}.`)
/** Where the owner commands write a Safe's files by default, in the directory the command runs in. */
const SAFE_FILES_DIR = 'safe-transactions'

/** Paragraphs printed after a command's options in its help. */
function notes(paragraphs: readonly string[]): string {
  const help = new Help()
  return `\n${paragraphs.map((paragraph) => help.boxWrap(paragraph, HELP_WIDTH)).join('\n\n')}`
}

const LOAD_NOTES = (kind: ClaimKind): string[] => [
  kind === 'vesting'
    ? `The file is CSV with the header "${CLAIMS_HEADER.vesting.join(',')}". address: checksummed; amount: whole tokens in decimal notation ("1234.5"), converted exactly with the token's decimals; burn_percent: 0 to 100 with up to 16 decimals ("12.5" becomes 125000000000000000 of 1e18).`
    : `The file is CSV with the header "${CLAIMS_HEADER.legacy.join(',')}". address: checksummed; amount: whole tokens in decimal notation ("1234.5"), converted exactly with the token's decimals.`,
  'Validation: every row is checked before anything is sent, and every problem is reported with its line: malformed, non-checksummed or zero addresses, duplicates within the file, amounts not above zero, with more decimals than the token has or above the contract limit, burn percents out of range, a wrong header or column count. Nothing is sent while any row is invalid.',
  kind === 'vesting'
    ? 'Already on chain: the ClaimAdded events since the deployment block are the record of what was loaded (claimByOwner cannot say it: a position shrinks as its holder claims). A holder whose ClaimAdded has the same amount and burn percentage is skipped; one with different values is an error. everAllocated (through Multicall3) and LockedTransferred events catch holders no ClaimAdded explains: one a locked transfer reached is left out for follow-up (the contract would skip it, ClaimSkipped); one loaded before the from-block is an error.'
    : 'Already on chain: the ClaimAdded events since the deployment block are the record of what was loaded. An owner with a ClaimAdded of the same amount is skipped (even after claiming it); a different amount is an error; an owner the contract counts as allocated with no ClaimAdded to explain it (loaded before the from-block) is an error.',
  'Dry run by default: prints the count, totals, batches, the approval needed, the estimated gas and cost, and checks the owner, the token balance, the allowance and the gas money. --send then approves exactly the amount still to load (unless the allowance already equals it), sends the batches one at a time and waits for each receipt. A batch that would revert is not sent; one that reverts stops the run with the decoded reason.',
  "With --safe <ADDRESS>: the owner is a Safe. The checks are made for it (it owns the contract, holds the tokens; its allowance is shown), and --send writes one Safe{Wallet} Transaction Builder file per batch to --out (default <csv>.safe/ beside the file): the exact approval of the batch's total first, then addClaims, sized to fit one Safe transaction. The journal records each file. Files may be executed in any order; one executed twice loads and funds nothing twice (the contract skips holders it has, and pulls only what it allocates). Run the command again after the owners executed some: it reads the chain, reports which files are on chain, and writes only what is still missing.",
  'Follow-up: a holder reached by a locked transfer before its batch is one the contract never allocates (it emits ClaimSkipped and goes on with the others). Such rows are listed, written to <csv>.follow-up.csv, and the command exits with 4 once everything else is loaded.',
  'Batches are sized by gas: each stays under --gas-share of the block gas limit, from real estimates (eth_simulateV1 of approve + addClaims before the approval exists, eth_estimateGas after).',
  "Resuming: each batch is signed and journaled as submitted before it is broadcast, then journaled as confirmed with its receipt. Run the same command again after an interruption: batches left pending are settled first, holders already on chain are skipped, and only the rest is loaded, so no one is ever loaded twice. The journal is keyed by chain, contract and the file's SHA-256, and must agree with the chain.",
  "At the end the chain is read back: the summary shows how many rows are on chain with identical values and the contract's allocated total and balance; the command fails unless every row is there.",
]

const GENERAL_NOTES = `
Environment:
  ADMIN_RPC_URL            JSON-RPC endpoint (or --rpc-url)
  ADMIN_PRIVATE_KEY        owner key, hex (keys are never taken as arguments)
  ADMIN_KEYSTORE           encrypted JSON keystore (or --keystore); password prompted without echo
  ADMIN_KEYSTORE_PASSWORD  keystore password for non-interactive use
  ADMIN_VESTING_ADDRESS, ADMIN_VESTING_FROM_BLOCK, ADMIN_LEGACY_ADDRESS, ADMIN_LEGACY_FROM_BLOCK,
  ADMIN_TOKEN_ADDRESS      contracts and their deployment blocks (printed by deploy)
  ADMIN_SAFE_ADDRESS       the Safe that owns the contracts (or --safe): write files for it instead of sending

Every command that changes the chain is a dry run unless --send is given; with --safe, --send writes the Safe's
Transaction Builder files and sends nothing.
Exit codes: 0 done; 1 failed (revert, RPC, accounting mismatch); 2 refused before sending; 3 insolvent;
4 loaded, but rows the contract left out need follow-up.`

type Common = { rpcUrl: string; keystore?: string; send?: true }
type SafeFlags = { safe?: Address; out?: string }
type DeployFlags = Common & {
  token: Address
  owner?: Address
  out?: string
  contracts: 'vesting' | 'legacy' | 'vesting,legacy'
  claimStart?: bigint
  claimEnd?: bigint
  unlockStart?: bigint
  unlockEnd?: bigint
  legacyClaimStart?: bigint
}
type LoadFlags = Common &
  SafeFlags & {
    vesting?: Address
    vestingFromBlock?: bigint
    legacy?: Address
    legacyFromBlock?: bigint
    journal?: string
    gasShare: number
    maxBatch: number
    approve: boolean
  }
type WhitelistFlags = Common & SafeFlags & { vesting: Address }
type OwnershipFlags = Common &
  SafeFlags & { vesting?: Address; legacy?: Address; contract: 'vesting' | 'legacy' | 'both' }
type StatusFlags = Omit<LoadFlags, 'journal' | 'gasShare' | 'maxBatch' | 'approve' | 'safe' | 'out'> & { json?: true }

function required<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new RefusedError(`${what} is required.`)
  return value
}

/** The contracts named by --contract, with their addresses. */
function ownershipTargets(flags: OwnershipFlags): OwnershipTarget[] {
  const targets: OwnershipTarget[] = []
  if (flags.contract !== 'legacy') {
    targets.push({ kind: 'vesting', address: required(flags.vesting, '--vesting (or ADMIN_VESTING_ADDRESS)') })
  }
  if (flags.contract !== 'vesting') {
    targets.push({ kind: 'legacy', address: required(flags.legacy, '--legacy (or ADMIN_LEGACY_ADDRESS)') })
  }
  return targets
}

/**
 * A path the user typed, taken from the directory they ran the command in: `npm run` moves to the package root
 * and keeps the original directory in INIT_CWD.
 */
function userPath(path: string): string {
  return resolve(process.env.INIT_CWD ?? process.cwd(), path)
}

/** The Safe an owner command writes its file for, and where, from --safe and --out. */
function safeTarget(flags: SafeFlags): SafeTarget | undefined {
  if (flags.safe === undefined) return undefined
  return { address: flags.safe, outDir: userPath(flags.out ?? SAFE_FILES_DIR) }
}

/** The owner's tool as a commander program writing through `io`; each command reports its exit code to `done`. */
function buildProgram(io: Io, done: (code: number) => void): Command {
  const keys = (flags: Common): KeySource => ({
    privateKey: process.env.ADMIN_PRIVATE_KEY,
    keystorePath: flags.keystore === undefined ? undefined : userPath(flags.keystore),
    keystorePassword: process.env.ADMIN_KEYSTORE_PASSWORD,
    promptPassword: io.promptPassword,
  })
  const program = new Command(PROGRAM)
    .description('Owner operations for the NAI Vesting and LegacyClaim contracts.')
    .configureHelp({ helpWidth: HELP_WIDTH })
    .configureOutput({ writeOut: (text) => io.out(text.trimEnd()), writeErr: (text) => io.err(text.trimEnd()) })
    .exitOverride()
    .showHelpAfterError('Run with --help for the options and their environment variables.')
    .addHelpText('after', GENERAL_NOTES)

  program
    .command('deploy')
    .summary('Deploy Vesting and/or LegacyClaim for a token.')
    .description(
      'Deploy Vesting and/or LegacyClaim for a token. The schedule is checked (claim-start < claim-end <= unlock-start < unlock-end) before anything is sent. Prints the addresses and the environment lines for the app and this tool.',
    )
    .addOption(
      new Option('--token <ADDRESS>', 'The ERC-20 token.')
        .env('ADMIN_TOKEN_ADDRESS')
        .argParser(contractValue)
        .makeOptionMandatory(),
    )
    .addOption(
      new Option('--contracts <LIST>', 'What to deploy.')
        .choices(['vesting', 'legacy', 'vesting,legacy'])
        .default('vesting,legacy'),
    )
    .addOption(timeOption('--claim-start <TIME>', 'Start of the claim window.'))
    .addOption(timeOption('--claim-end <TIME>', 'End of the claim window, start of the lock.'))
    .addOption(timeOption('--unlock-start <TIME>', 'Start of the linear unlock.'))
    .addOption(timeOption('--unlock-end <TIME>', 'End of the linear unlock.'))
    .addOption(timeOption('--legacy-claim-start <TIME>', "LegacyClaim's claim start. Default: --claim-start."))
    .addOption(
      new Option(
        '--owner <SAFE>',
        "A Safe to own the contracts: after deploying, the deployer proposes it as owner and writes its acceptOwnership as a Transaction Builder file (to --out); the deployer stays owner until the Safe's owners execute it.",
      ).argParser(contractValue),
    )
    .addOption(outOption(SAFE_FILES_DIR))
    .addOption(rpcUrlOption())
    .addOption(keystoreOption())
    .addOption(sendOption())
    .addHelpText(
      'after',
      notes([
        'TIME is epoch seconds (1730314800), a date (2024-10-30, midnight UTC) or an ISO 8601 time with a zone (2024-10-30T19:00:00Z). A time without a zone is refused.',
      ]),
    )
    .action(async (flags: DeployFlags) => {
      const schedule = flags.contracts.includes('vesting')
        ? {
            claimStart: required(flags.claimStart, '--claim-start'),
            claimEnd: required(flags.claimEnd, '--claim-end'),
            unlockStart: required(flags.unlockStart, '--unlock-start'),
            unlockEnd: required(flags.unlockEnd, '--unlock-end'),
          }
        : undefined
      const legacyClaimStart = flags.contracts.includes('legacy')
        ? required(flags.legacyClaimStart ?? flags.claimStart, '--legacy-claim-start')
        : undefined
      done(
        await runDeploy(await connect(flags.rpcUrl), io, keys(flags), {
          token: flags.token,
          vesting: schedule,
          legacyClaimStart,
          send: flags.send === true,
          owner: flags.owner ? { safe: flags.owner, outDir: userPath(flags.out ?? SAFE_FILES_DIR) } : undefined,
        }),
      )
    })

  for (const kind of ['vesting', 'legacy'] as const) {
    const columns = CLAIMS_HEADER[kind].join(',')
    program
      .command(kind === 'vesting' ? 'add-claims' : 'add-legacy-claims')
      .summary(`Load ${kind === 'vesting' ? 'Vesting positions' : 'LegacyClaim amounts'} from a CSV file.`)
      .description(
        `Load ${kind === 'vesting' ? 'Vesting positions' : 'LegacyClaim amounts'} from a CSV file, safely and resumably.`,
      )
      .argument('<csv>', `The claims file (${columns}).`)
      .addOption(contractOption(kind).makeOptionMandatory())
      .addOption(fromBlockOption(kind))
      .addOption(rpcUrlOption())
      .addOption(keystoreOption())
      .addOption(sendOption())
      .option(
        '--journal <FILE>',
        'Journal of confirmed batches (JSON lines). Default: <csv>.journal.jsonl beside the file.',
      )
      .addOption(
        new Option('--gas-share <FRACTION>', 'Largest share of the block gas limit one batch may use.')
          .argParser(numberValue(0.01, 0.9, false))
          .default(0.25),
      )
      .addOption(
        new Option('--max-batch <N>', 'Never more than N holders per transaction.')
          .argParser(numberValue(1, 10_000, true))
          .default(500),
      )
      .option(
        '--no-approve',
        'Do not send the approval: use the existing allowance, and refuse before sending when it does not cover the total.',
      )
      .addOption(safeOption())
      .addOption(outOption('<csv>.safe/ beside the claims file'))
      .addHelpText('after', notes(LOAD_NOTES(kind)))
      .action(async (csv: string, flags: LoadFlags) => {
        const csvPath = userPath(csv)
        if (flags.safe !== undefined && !flags.approve) {
          throw new RefusedError('--no-approve does not apply with --safe: each file approves exactly its own batch.')
        }
        const connection = await connect(flags.rpcUrl)
        done(
          await runLoad(
            { connection, io, keys: keys(flags) },
            {
              kind,
              csvPath,
              contract: required(flags[kind], `--${kind}`),
              fromBlock: kind === 'vesting' ? flags.vestingFromBlock : flags.legacyFromBlock,
              journalPath: flags.journal === undefined ? defaultJournalPath(csvPath) : userPath(flags.journal),
              send: flags.send === true,
              approve: flags.approve,
              gasShare: flags.gasShare,
              maxBatch: flags.maxBatch,
              pendingWaitMs: 120_000,
              safe: flags.safe,
              safeOutDir: flags.out === undefined ? `${csvPath}.safe` : userPath(flags.out),
            },
          ),
        )
      })
  }

  program
    .command('whitelist')
    .summary('Allow or disallow a contract to send or receive locked Vesting positions.')
    .description('Allow (true) or disallow (false) a contract to send or receive locked Vesting positions.')
    .addArgument(
      new Argument('<address>', 'The contract to allow or disallow (checksummed).').argParser(
        addressValue('be used here'),
      ),
    )
    .addArgument(new Argument('<allowed>', 'true or false.').choices(['true', 'false']))
    .addOption(contractOption('vesting').makeOptionMandatory())
    .addOption(rpcUrlOption())
    .addOption(keystoreOption())
    .addOption(sendOption())
    .addOption(safeOption())
    .addOption(outOption(SAFE_FILES_DIR))
    .action(async (target: Address, allowed: 'true' | 'false', flags: WhitelistFlags) => {
      const connection = await connect(flags.rpcUrl)
      const { vesting, send } = flags
      done(
        await runWhitelist(
          connection,
          io,
          keys(flags),
          vesting,
          target,
          allowed === 'true',
          send === true,
          safeTarget(flags),
        ),
      )
    })

  const whichContract = () =>
    new Option('--contract <WHICH>', 'Which contract changes hands.')
      .choices(['vesting', 'legacy', 'both'])
      .makeOptionMandatory()

  program
    .command('transfer-ownership')
    .summary('Propose a new owner for Vesting and/or LegacyClaim.')
    .description(
      'Propose a new owner for Vesting and/or LegacyClaim. The current owner stays in charge until the new owner accepts with accept-ownership; a new proposal replaces a pending one.',
    )
    .addArgument(
      new Argument('<address>', 'The new owner (checksummed).').argParser(
        addressValue('own a contract (renouncing ownership is not offered)'),
      ),
    )
    .addOption(whichContract())
    .addOption(contractOption('vesting'))
    .addOption(contractOption('legacy'))
    .addOption(rpcUrlOption())
    .addOption(keystoreOption())
    .addOption(sendOption())
    .addOption(safeOption())
    .addOption(outOption(SAFE_FILES_DIR))
    .action(async (newOwner: Address, flags: OwnershipFlags) => {
      const targets = ownershipTargets(flags)
      const connection = await connect(flags.rpcUrl)
      const send = flags.send === true
      done(await runTransferOwnership(connection, io, keys(flags), targets, newOwner, send, safeTarget(flags)))
    })

  program
    .command('accept-ownership')
    .summary('Take over Vesting and/or LegacyClaim as the proposed owner.')
    .description(
      "Take over Vesting and/or LegacyClaim as the owner proposed by transfer-ownership; signed with the new owner's key.",
    )
    .addOption(whichContract())
    .addOption(contractOption('vesting'))
    .addOption(contractOption('legacy'))
    .addOption(rpcUrlOption())
    .addOption(keystoreOption())
    .addOption(sendOption())
    .addOption(safeOption())
    .addOption(outOption(SAFE_FILES_DIR))
    .action(async (flags: OwnershipFlags) => {
      const targets = ownershipTargets(flags)
      const connection = await connect(flags.rpcUrl)
      done(await runAcceptOwnership(connection, io, keys(flags), targets, flags.send === true, safeTarget(flags)))
    })

  program
    .command('status')
    .summary('Schedule, phase, totals and solvency of Vesting and LegacyClaim.')
    .description(
      'Schedule, phase, totals and solvency of Vesting and LegacyClaim, read at one block: allocated, owed, received, burned, unlocked and the token balance. Exits with 3 when a contract holds less than it owes (balance < owed), 1 when its accounting does not add up.',
    )
    .addOption(contractOption('vesting'))
    .addOption(fromBlockOption('vesting'))
    .addOption(contractOption('legacy'))
    .addOption(fromBlockOption('legacy'))
    .addOption(rpcUrlOption())
    .option('--json', 'Print the figures as JSON (amounts in the smallest unit).')
    .addHelpText(
      'after',
      notes([
        'Vesting: allocated = Σ ClaimAdded; received = Σ ClaimedAndBurned.received; burned = totalBurned; unlocked = Σ Unlocked; owed = Σ (amount − unlockedAmount) over every holder (ClaimAdded and LockedTransferred recipients) from claimByOwner. Checks allocated = owed + received + burned + unlocked, totalBurned = Σ burned, Σ unlockedAmount = Σ Unlocked; solvent when balance ≥ owed.',
        'LegacyClaim: allocated = Σ ClaimAdded; claimed = Σ Claimed; unclaimed = Σ claimByOwner. Checks allocated = claimed + unclaimed; solvent when balance ≥ unclaimed.',
      ]),
    )
    .action(async (flags: StatusFlags) => {
      if (!flags.vesting && !flags.legacy) {
        throw new RefusedError('Give --vesting and/or --legacy (or ADMIN_VESTING_ADDRESS / ADMIN_LEGACY_ADDRESS).')
      }
      const target = (address: Address | undefined, fromBlock: bigint | undefined) =>
        address ? { address, fromBlock } : undefined
      done(
        await runStatus(await connect(flags.rpcUrl), io, {
          vesting: target(flags.vesting, flags.vestingFromBlock),
          legacy: target(flags.legacy, flags.legacyFromBlock),
          json: flags.json === true,
        }),
      )
    })

  return program
}

/** Refuses an unknown option named like a secret, pointing to the ways a key may be given. */
function refuseSecretOptions(program: Command, argv: readonly string[]): void {
  const known = new Set(program.commands.flatMap((command) => command.options.map((option) => option.long)))
  for (const arg of argv) {
    if (arg === '--') return
    const name = arg.split('=')[0] ?? ''
    if (name.startsWith('--') && SECRET_OPTION.test(name) && !known.has(name)) {
      throw new RefusedError(
        `${name}: keys and passwords are never taken from the command line (they would end up in shell history). Use ADMIN_PRIVATE_KEY or --keystore with ADMIN_KEYSTORE_PASSWORD or the password prompt.`,
      )
    }
  }
}

/** Runs one command line and returns the exit code; every failure is reported as a message, never a stack. */
export async function runCli(argv: readonly string[], io: Io): Promise<number> {
  let code: number = EXIT.ok
  const program = buildProgram(io, (result) => {
    code = result
  })
  // A variable behind an option that is set to nothing counts as unset, as if it were not exported.
  for (const option of program.commands.flatMap((command) => command.options)) {
    const name = option.envVar
    if (name !== undefined && process.env[name]?.trim() === '') delete process.env[name]
  }
  try {
    refuseSecretOptions(program, argv)
    await program.parseAsync(argv, { from: 'user' })
    return code
  } catch (error) {
    // Commander has already printed its message (or the help the user asked for).
    if (error instanceof CommanderError) return error.exitCode === 0 ? EXIT.ok : EXIT.refused
    if (error instanceof AdminError) {
      io.err(error.message)
      return error.exitCode
    }
    io.err(`Failed: ${describeFailure(error)}`)
    return EXIT.failed
  }
}
