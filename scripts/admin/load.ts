import { createHash } from 'node:crypto'
import { accessSync, constants, readFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { type Address, erc20Abi, type LocalAccount } from 'viem'
import { type ClaimKind, type ClaimRow, type RowError, readClaimsFile, totalAmount } from './claims-file.ts'
import type { Connection } from './connection.ts'
import { walletClient } from './connection.ts'
import { type ClaimContract, CONTRACT_NAME, readClaimContract } from './contracts.ts'
import { AdminError, EXIT, RefusedError } from './errors.ts'
import { reportFollowUp } from './follow-up.ts'
import { formatDuration, formatRounded, formatToken, groupDigits } from './format.ts'
import type { Io } from './io.ts'
import { type BatchWritten, type JournalKey, readJournal, sameKey, summarizeJournal } from './journal.ts'
import {
  type ClaimLedger,
  classifyRows,
  type FollowUp,
  findDeploymentBlock,
  holdersEverAllocated,
  readLedger,
} from './ledger.ts'
import { lineRange, type Plan, planLoad } from './plan.ts'
import { LoadProgress } from './progress.ts'
import { writeSafeBatches } from './safe-load.ts'
import { approveCalldata, approveExactly, type Sender, sendBatch, settleSubmitted } from './send.ts'
import { type KeySource, loadSigner, signerAddress } from './signer.ts'

export type LoadOptions = {
  kind: ClaimKind
  csvPath: string
  contract: Address
  /** Explicit first block to read events from; found from the chain when absent. */
  fromBlock: bigint | undefined
  journalPath: string
  /** Send the batches (with a key), or write the Safe's files (with `safe`). */
  send: boolean
  /** Send the exact approval when the allowance differs; false with --no-approve. */
  approve: boolean
  /** Share of the block gas limit one batch may use. */
  gasShare: number
  maxBatch: number
  /** How long to wait for a transaction an earlier run left pending. */
  pendingWaitMs: number
  /** The Safe that owns the contract: write Transaction Builder files for its owners instead of sending. */
  safe: Address | undefined
  /** Where the Safe's files go. */
  safeOutDir: string
}

export type LoadContext = { connection: Connection; io: Io; keys: KeySource }

/** Reads `--*-from-block`, or finds the deployment block when it is absent. */
export async function resolveFromBlock(
  connection: Connection,
  contract: Address,
  fromBlock: bigint | undefined,
  head: bigint,
): Promise<bigint> {
  if (fromBlock === undefined) return findDeploymentBlock(connection, contract, head)
  if (fromBlock > head) throw new RefusedError(`The from-block ${fromBlock} is after the chain's head ${head}.`)
  return fromBlock
}

function reportRowErrors(io: Io, csvPath: string, errors: RowError[], what: string): never {
  const sorted = [...errors].sort((a, b) => a.line - b.line)
  for (const error of sorted) io.err(`${csvPath}:${error.line}: ${error.message}`)
  throw new RefusedError(`${groupDigits(sorted.length)} ${what} in ${csvPath}; nothing was sent.`)
}

type Verification = { identical: number; missing: ClaimRow[]; ledger: ClaimLedger; balance: bigint }

/** Reads the chain back and checks every row of the file is there with exactly its values. */
async function verifyOnChain(
  connection: Connection,
  contract: ClaimContract,
  rows: readonly ClaimRow[],
  fromBlock: bigint,
): Promise<Verification> {
  const head = await connection.client.getBlockNumber()
  const [ledger, balance] = await Promise.all([
    readLedger(connection, contract.kind, contract.address, fromBlock, head),
    connection.client.readContract({
      address: contract.token.address,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [contract.address],
      blockNumber: head,
    }),
  ])
  const missing = rows.filter(
    (row) =>
      !(ledger.loaded.get(row.holder.toLowerCase()) ?? []).some(
        (claim) => claim.amount === row.amount && claim.burnPercentage === row.burnPercentage,
      ),
  )
  return { identical: rows.length - missing.length, missing, ledger, balance }
}

/**
 * What became of the files earlier runs wrote for a Safe, read from the chain: executed when every holder of the file
 * is loaded or left out for follow-up, not executed when none is.
 */
function reportWrittenFiles(io: Io, written: readonly BatchWritten[], settled: ReadonlySet<string>): void {
  if (written.length === 0) return
  const executed: number[] = []
  const pending: BatchWritten[] = []
  for (const entry of written) {
    const done = entry.holders.filter((holder) => settled.has(holder.toLowerCase())).length
    if (done === entry.holders.length) executed.push(entry.batch)
    else if (done === 0) pending.push(entry)
    else {
      io.out(
        `Journal: file ${entry.batch} (${entry.file}) is partly on chain: ${done} of ${entry.holders.length} holders; the rest are written again below.`,
      )
    }
  }
  io.out(
    `Journal: ${written.length} file(s) written for the Safe by earlier runs; ${executed.length} executed${pending.length > 0 ? `, ${pending.length} not executed yet` : ''}.`,
  )
  for (const entry of pending) {
    io.out(
      `  file ${entry.batch} (lines ${entry.firstLine}–${entry.lastLine}, ${entry.file}) is not on chain: its rows are written again below; discard it, or if it is executed anyway, whichever runs second loads and funds nothing.`,
    )
  }
}

/**
 * `add-claims` / `add-legacy-claims`: validates the whole file, compares it with the chain, plans gas-sized
 * batches and, with `--send`, approves exactly what is needed and loads the batches one receipt at a time,
 * journaling each; then reads the chain back and checks every row. With `--safe`, writes the batches as
 * Transaction Builder files for the Safe's owners instead. Rows the contract leaves out (their holders were reached by
 * a locked transfer first) are reported for follow-up. Returns the exit code.
 */
export async function runLoad(context: LoadContext, options: LoadOptions): Promise<number> {
  const started = performance.now()
  const { connection, io } = context
  const { kind, csvPath } = options
  const name = CONTRACT_NAME[kind]

  let bytes: Buffer
  try {
    bytes = readFileSync(csvPath)
  } catch (error) {
    throw new RefusedError(`Cannot read ${csvPath}: ${error instanceof Error ? error.message : String(error)}`)
  }
  const csvSha256 = createHash('sha256').update(bytes).digest('hex')
  const contract = await readClaimContract(connection, kind, options.contract)
  const { token } = contract
  const amount = (value: bigint) => formatToken(value, token.decimals, token.symbol)

  const file = readClaimsFile(kind, bytes.toString('utf8'), token.decimals)
  if (file.errors.length > 0) reportRowErrors(io, csvPath, file.errors, 'problem(s)')
  const { rows } = file

  io.out(`${name} ${contract.address} on chain ${connection.chain.id} (${connection.chain.name})`)
  io.out(`Token ${token.symbol} ${token.address}, ${token.decimals} decimals`)
  io.out(`File ${csvPath}: ${groupDigits(rows.length)} rows, total ${amount(totalAmount(rows))} (sha256 ${csvSha256})`)

  // What earlier runs left behind: settle batches sent without a recorded outcome before reading the chain.
  const journalKey: JournalKey = { chainId: connection.chain.id, contract: contract.address, csvSha256 }
  const journal = readJournal(options.journalPath)
  for (const warning of journal.warnings) io.err(`warning: ${warning}`)
  const before = summarizeJournal(journal.entries, journalKey)
  if (before.otherFiles > 0) {
    io.out(
      `Journal ${options.journalPath}: ${before.otherFiles} entries for this contract from another version of the file (ignored; the chain decides what is loaded).`,
    )
  }
  const sending = options.send && options.safe === undefined
  const settled = await settleSubmitted(connection, options.journalPath, kind, before.unresolved, {
    waitMs: sending ? options.pendingWaitMs : 0,
    record: sending,
  })
  for (const { entry, outcome } of settled) {
    const what = outcome === 'pending' ? 'is still pending' : `was ${outcome}`
    io.out(`Journal: batch ${entry.batch} (transaction ${entry.txHash}) from an earlier run ${what}.`)
  }
  if (sending && settled.some(({ outcome }) => outcome === 'pending')) {
    throw new RefusedError(
      'A batch from an earlier run is still pending; run again once it is mined. Nothing was sent.',
    )
  }
  const settledJournal = readJournal(options.journalPath).entries
  const { confirmed, written } = summarizeJournal(settledJournal, journalKey)
  // Batch numbers go on from earlier runs, so that each number means one transaction or one file in the journal.
  const firstBatch =
    settledJournal.reduce(
      (highest, entry) => (sameKey(entry, journalKey) && 'batch' in entry ? Math.max(highest, entry.batch) : highest),
      0,
    ) + 1

  const head = await connection.client.getBlockNumber()
  const fromBlock = await resolveFromBlock(connection, contract.address, options.fromBlock, head)
  const [ledger, everAllocated] = await Promise.all([
    readLedger(connection, kind, contract.address, fromBlock, head),
    holdersEverAllocated(
      connection,
      kind,
      contract.address,
      rows.map((row) => row.holder),
      head,
    ),
  ])
  const classified = classifyRows(rows, ledger, everAllocated, token.decimals)
  if (classified.errors.length > 0) reportRowErrors(io, csvPath, classified.errors, 'row(s) conflicting with the chain')

  // The journal must agree with the chain: a confirmed batch whose holders are not there means a wrong chain,
  // contract or journal, and going on could load them a second time somewhere they already are. A holder the
  // batch's contract left out is there for follow-up.
  const settledKeys = new Set(
    [...classified.alreadyLoaded, ...classified.followUp.map(({ row }) => row)].map((row) => row.holder.toLowerCase()),
  )
  for (const entry of confirmed) {
    const absent = entry.holders.find((holder) => !settledKeys.has(holder.toLowerCase()))
    if (absent) {
      throw new RefusedError(
        `The journal ${options.journalPath} records batch ${entry.batch} (transaction ${entry.txHash}) as confirmed, but ${absent} is not on chain with this file's values. Is this the right RPC and contract? To start over against this chain, pass a new --journal file.`,
      )
    }
  }
  if (confirmed.length > 0) {
    const holders = confirmed.reduce((sum, entry) => sum + entry.holders.length, 0)
    io.out(
      `Journal: ${confirmed.length} confirmed batch(es), ${groupDigits(holders)} holders, from earlier runs; resuming.`,
    )
  }
  reportWrittenFiles(io, written, settledKeys)
  io.out(
    `Already on chain with identical values: ${groupDigits(classified.alreadyLoaded.length)} rows (skipped, ${amount(totalAmount(classified.alreadyLoaded))})`,
  )
  if (classified.followUp.length > 0) {
    io.out(
      `Left out by the contract: ${groupDigits(classified.followUp.length)} rows (${amount(totalAmount(classified.followUp.map(({ row }) => row)))}), for follow-up below`,
    )
  }
  const toLoad = classified.toLoad
  io.out(`To load: ${groupDigits(toLoad.length)} holders, ${amount(totalAmount(toLoad))}`)

  const followUp: FollowUp[] = [...classified.followUp]
  const report = (written: boolean) =>
    reportFollowUp(io, csvPath, followUp, token, { writeFile: written, exitCode: written ? EXIT.followUp : EXIT.ok })

  if (options.safe !== undefined && toLoad.length > 0) {
    const wrote = await writeSafeBatches(context, options, {
      safe: options.safe,
      contract,
      toLoad,
      journalKey,
      firstBatch,
    })
    return report(wrote)
  }

  let sentBatches = 0
  let gasUsed = 0n
  if (toLoad.length > 0) {
    const outcome = await loadRows(context, options, contract, toLoad, journalKey, firstBatch)
    if (!outcome) return report(false)
    sentBatches = outcome.batches
    gasUsed = outcome.gasUsed
    for (const holder of outcome.skipped) {
      const row = toLoad.find((candidate) => candidate.holder.toLowerCase() === holder.toLowerCase())
      if (row) {
        followUp.push({ row, reason: 'received a locked position before its batch was mined; the contract skipped it' })
      }
    }
  } else {
    io.out(
      followUp.length === 0
        ? 'Nothing to load: every row is already on chain with identical values.'
        : 'Nothing to load: every row is already on chain with identical values, or left out by the contract.',
    )
  }

  const check = await verifyOnChain(connection, contract, rows, fromBlock)
  const leftOut = new Set(followUp.map(({ row }) => row.holder.toLowerCase()))
  const missing = check.missing.filter((row) => !leftOut.has(row.holder.toLowerCase()))
  const wallMs = performance.now() - started
  const loadedNow = toLoad.length - (followUp.length - classified.followUp.length)
  io.out('')
  io.out(`Summary (read back from chain at block ${check.ledger.atBlock})`)
  io.out(`  rows in file               ${groupDigits(rows.length)}`)
  io.out(
    `  on chain, identical values ${groupDigits(check.identical)}${missing.length === 0 && followUp.length === 0 ? ' ✓' : ''}`,
  )
  io.out(`  skipped (already there)    ${groupDigits(classified.alreadyLoaded.length)}`)
  if (followUp.length > 0) io.out(`  left out for follow-up     ${groupDigits(followUp.length)}`)
  io.out(`  loaded by this run         ${groupDigits(loadedNow)} holders in ${sentBatches} transaction(s)`)
  io.out(`  file total                 ${amount(totalAmount(rows))}`)
  io.out(`  contract allocated         ${amount(check.ledger.allocated)} (Σ ClaimAdded)`)
  io.out(`  contract token balance     ${amount(check.balance)}`)
  if (sentBatches > 0) {
    const perTransaction = (toLoad.length / sentBatches).toFixed(1)
    const perHolder = groupDigits(gasUsed / BigInt(toLoad.length))
    io.out(
      `Figures: ${groupDigits(toLoad.length)} holders in ${sentBatches} transactions · ${perTransaction} holders per transaction · ${perHolder} gas per holder · gas used ${groupDigits(gasUsed)} · wall time ${formatDuration(wallMs)}`,
    )
  }
  if (missing.length > 0) {
    for (const row of missing.slice(0, 20))
      io.err(`${csvPath}:${row.line}: ${row.holder} is not on chain with these values`)
    throw new AdminError(`${missing.length} row(s) of ${csvPath} are not on chain with identical values.`)
  }
  return report(options.send)
}

type LoadOutcome = { batches: number; gasUsed: bigint; skipped: Address[] }

/** Checks, plans and (with --send) sends. Returns undefined after a dry run. */
async function loadRows(
  context: LoadContext,
  options: LoadOptions,
  contract: ClaimContract,
  toLoad: ClaimRow[],
  journalKey: JournalKey,
  firstBatch: number,
): Promise<LoadOutcome | undefined> {
  const { connection, io, keys } = context
  const { client } = connection
  const { token } = contract
  const amount = (value: bigint) => formatToken(value, token.decimals, token.symbol)
  const needed = totalAmount(toLoad)

  const signer: LocalAccount | undefined = options.send ? await loadSigner(keys) : undefined
  const configured = signer?.address ?? (await signerAddress(keys))
  const from = configured ?? contract.owner
  if (!configured) io.out(`Dry run as the contract owner ${from} (no key configured).`)

  const [balance, allowance, native, block, latestNonce, pendingNonce] = await Promise.all([
    client.readContract({ address: token.address, abi: erc20Abi, functionName: 'balanceOf', args: [from] }),
    client.readContract({
      address: token.address,
      abi: erc20Abi,
      functionName: 'allowance',
      args: [from, contract.address],
    }),
    client.getBalance({ address: from }),
    client.getBlock(),
    client.getTransactionCount({ address: from, blockTag: 'latest' }),
    client.getTransactionCount({ address: from, blockTag: 'pending' }),
  ])

  const problems: string[] = []
  if (from.toLowerCase() !== contract.owner.toLowerCase()) {
    const ownerCode = await client.getCode({ address: contract.owner })
    const hint =
      ownerCode && ownerCode !== '0x'
        ? ` The owner is a contract: if it is a Safe, write files for its owners with --safe ${contract.owner}.`
        : ''
    problems.push(
      `${from} is not the owner of ${contract.address} (the owner is ${contract.owner}); addClaims would revert.${hint}`,
    )
  }
  if (balance < needed) {
    problems.push(
      `${from} holds ${amount(balance)}; loading needs ${amount(needed)} (short by ${amount(needed - balance)}).`,
    )
  }
  if (!options.approve && allowance < needed) {
    problems.push(
      `The allowance of ${contract.address} is ${amount(allowance)}, below the ${amount(needed)} needed, and --no-approve forbids approving: approve exactly ${needed} (smallest unit) first or drop --no-approve.`,
    )
  }
  if (options.send) {
    try {
      accessSync(dirname(options.journalPath), constants.W_OK)
    } catch {
      problems.push(`The journal ${options.journalPath} cannot be written (its folder is missing or read-only).`)
    }
  }
  if (options.send && pendingNonce !== latestNonce) {
    problems.push(
      `${from} has ${pendingNonce - latestNonce} pending transaction(s); wait until they are mined, then run again.`,
    )
  }
  if (problems.length > 0) {
    for (const problem of problems) io.err(problem)
    throw new RefusedError('Pre-send checks failed; nothing was sent.')
  }

  const targetGas = BigInt(Math.floor(Number(block.gasLimit) * options.gasShare))
  const limits = { targetGas, maxItems: options.maxBatch }
  const approvalNeeded = options.approve && allowance !== needed
  let plan = await planLoad(connection, from, contract, toLoad, allowance, limits)
  const approvalGas = approvalNeeded
    ? await client.estimateGas({ account: from, to: token.address, data: approveCalldata(contract.address, needed) })
    : 0n
  const [gasPrice, fees] = await Promise.all([client.getGasPrice(), client.estimateFeesPerGas().catch(() => undefined)])
  const worstPrice = fees?.maxFeePerGas ?? gasPrice

  const printPlan = (current: Plan) => {
    const largest = Math.max(...current.batches.map((batch) => batch.items.length))
    io.out(
      `Batches: ${current.batches.length} transaction(s) of up to ${groupDigits(largest)} holders (target ${groupDigits(targetGas)} gas = ${Math.round(options.gasShare * 100)}% of the ${groupDigits(block.gasLimit)} block gas limit, at most ${options.maxBatch} holders)`,
    )
    current.batches.forEach((batch, i) => {
      const gas = current.gasKnown ? `, ~${groupDigits(batch.gas)} gas` : ''
      io.out(
        `  batch ${firstBatch + i}: ${lineRange(batch.items)}, ${groupDigits(batch.items.length)} holders, ${amount(totalAmount(batch.items))}${gas}`,
      )
    })
  }
  printPlan(plan)
  if (approvalNeeded) {
    io.out(`Approval: approve exactly ${amount(needed)} to ${contract.address} (allowance now ${amount(allowance)})`)
  } else if (options.approve) {
    io.out(`Approval: none needed (the allowance is already exactly ${amount(needed)})`)
  } else {
    io.out(`Approval: not sent (--no-approve); the allowance ${amount(allowance)} covers ${amount(needed)}`)
  }

  const batchGas = plan.batches.reduce((sum, batch) => sum + batch.gas, 0n)
  const symbol = connection.chain.nativeCurrency.symbol
  const nativeAmount = (value: bigint) => formatRounded(value, connection.chain.nativeCurrency.decimals, 6, symbol)
  if (plan.gasKnown) {
    io.out(
      `Estimated gas: ${groupDigits(batchGas)} for the batches (${groupDigits(batchGas / BigInt(toLoad.length))} per holder)${approvalNeeded ? ` + ${groupDigits(approvalGas)} for the approval` : ''}`,
    )
    const cost = (batchGas + approvalGas) * gasPrice
    const worst = (batchGas + approvalGas) * worstPrice
    io.out(
      `Estimated cost: ${nativeAmount(cost)} at ${formatRounded(gasPrice, 9, 3)} gwei (at most ${nativeAmount(worst)}); ${from} has ${nativeAmount(native)}`,
    )
    if (native < worst) {
      io.err(`${from} holds ${nativeAmount(native)} for gas; the run may cost up to ${nativeAmount(worst)}.`)
      throw new RefusedError('Pre-send checks failed; nothing was sent.')
    }
  } else {
    io.out(
      'Estimated gas: unknown. This RPC cannot simulate the approval and addClaims together (eth_simulateV1), so batches are cut at --max-batch; with --send the approval goes first and each batch is estimated before it is sent.',
    )
  }

  if (!signer) {
    io.out('Dry run: nothing was sent. Run again with --send to load.')
    return undefined
  }

  const sender: Sender = {
    connection,
    wallet: walletClient(connection, signer),
    kind: contract.kind,
    contract: contract.address,
    journalPath: options.journalPath,
    journalKey,
    blockGasLimit: block.gasLimit,
  }
  if (approvalNeeded) {
    const hash = await approveExactly(sender, token.address, needed)
    io.out(`Approved exactly ${amount(needed)} (transaction ${hash})`)
  }
  if (!plan.gasKnown) {
    plan = await planLoad(connection, from, contract, toLoad, needed, limits)
    printPlan(plan)
  }

  const total = plan.batches.length
  const progress = new LoadProgress(io.terminal, toLoad.length, total)
  let done = 0
  let gasUsed = 0n
  const skipped: Address[] = []
  try {
    for (const [index, batch] of plan.batches.entries()) {
      const number = firstBatch + index
      const label = `batch ${number} (${index + 1}/${total} of this run)`
      progress.update(done, index + 1)
      let sent: Awaited<ReturnType<typeof sendBatch>>
      try {
        sent = await sendBatch(sender, batch.items, number)
      } catch (error) {
        progress.print(() => {
          io.err(`Stopped at ${label}; ${index} batch(es) of this run are confirmed and journaled.`)
          io.err('Fix the cause and run the same command again: loaded holders are skipped.')
        })
        throw error
      }
      done += batch.items.length
      gasUsed += sent.gasUsed
      skipped.push(...sent.skipped)
      progress.print(() => {
        io.out(
          `${label}: ${lineRange(batch.items)}, ${groupDigits(batch.items.length)} holders, gas ${groupDigits(sent.gasUsed)}, block ${sent.blockNumber}, tx ${sent.txHash} ✓`,
        )
        for (const holder of sent.skipped) {
          io.out(`  left out by the contract (ClaimSkipped): ${holder}, ever allocated before the batch was mined`)
        }
      })
      progress.update(done, index + 1)
      await io.afterBatch?.(index + 1)
    }
  } finally {
    progress.stop()
  }
  return { batches: total, gasUsed, skipped }
}
