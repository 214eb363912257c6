import { closeSync, existsSync, fsyncSync, openSync, readFileSync, writeSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { type Address, getAddress, type Hex, isAddress, isHex } from 'viem'

/** Which run a journal line belongs to: one file loaded into one contract on one chain. */
export type JournalKey = { chainId: number; contract: Address; csvSha256: string }

type Common = JournalKey & { at: string }

export type BatchSubmitted = Common & {
  event: 'submitted'
  batch: number
  txHash: Hex
  nonce: number
  firstLine: number
  lastLine: number
  holders: Address[]
  total: string
}
export type BatchConfirmed = Common & {
  event: 'confirmed'
  batch: number
  txHash: Hex
  blockNumber: string
  gasUsed: string
  holders: Address[]
  /** Holders the contract left out (ClaimSkipped): ever allocated by the time the batch was mined. */
  skipped?: Address[]
}
export type BatchReverted = Common & { event: 'reverted'; batch: number; txHash: Hex; reason: string }
export type BatchDropped = Common & { event: 'dropped'; batch: number; txHash: Hex }
export type ApprovalSent = Common & { event: 'approval'; txHash: Hex; amount: string }
/** A Transaction Builder file written for a Safe: the exact approval and one batch, for the Safe's owners to execute. */
export type BatchWritten = Common & {
  event: 'written'
  batch: number
  safe: Address
  file: string
  firstLine: number
  lastLine: number
  holders: Address[]
  total: string
}

export type JournalEntry = BatchSubmitted | BatchConfirmed | BatchReverted | BatchDropped | ApprovalSent | BatchWritten

/** The default journal: `<file>.journal.jsonl` beside the claims file. */
export function defaultJournalPath(csvPath: string): string {
  return join(dirname(csvPath), `${basename(csvPath)}.journal.jsonl`)
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function isAddressList(value: unknown): value is Address[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string' && isAddress(item))
}

function parseWritten(value: Record<string, unknown>, common: Common): BatchWritten | undefined {
  const { batch, safe, file, firstLine, lastLine, holders, total } = value
  if (typeof batch !== 'number' || typeof safe !== 'string' || !isAddress(safe) || typeof file !== 'string') {
    return undefined
  }
  if (typeof firstLine !== 'number' || typeof lastLine !== 'number') return undefined
  if (!isAddressList(holders) || typeof total !== 'string') return undefined
  return { ...common, event: 'written', batch, safe: getAddress(safe), file, firstLine, lastLine, holders, total }
}

function parseEntry(value: unknown): JournalEntry | undefined {
  if (!isRecord(value)) return undefined
  const { event, chainId, contract, csvSha256, at, txHash } = value
  if (typeof chainId !== 'number' || typeof contract !== 'string' || !isAddress(contract)) return undefined
  if (typeof csvSha256 !== 'string' || typeof at !== 'string') return undefined
  if (event === 'written') return parseWritten(value, { chainId, contract: getAddress(contract), csvSha256, at })
  if (typeof txHash !== 'string' || !isHex(txHash)) return undefined
  const common = { chainId, contract: getAddress(contract), csvSha256, at, txHash }
  const batch = value.batch
  if (event === 'approval' && typeof value.amount === 'string') return { ...common, event, amount: value.amount }
  if (typeof batch !== 'number') return undefined
  if (event === 'submitted') {
    const { nonce, firstLine, lastLine, holders, total } = value
    if (typeof nonce !== 'number' || typeof firstLine !== 'number' || typeof lastLine !== 'number') return undefined
    if (!isAddressList(holders) || typeof total !== 'string') return undefined
    return { ...common, event, batch, nonce, firstLine, lastLine, holders, total }
  }
  if (event === 'confirmed') {
    const { blockNumber, gasUsed, holders, skipped } = value
    if (typeof blockNumber !== 'string' || typeof gasUsed !== 'string' || !isAddressList(holders)) return undefined
    if (skipped !== undefined && !isAddressList(skipped)) return undefined
    const confirmed: BatchConfirmed = { ...common, event, batch, blockNumber, gasUsed, holders }
    return skipped && skipped.length > 0 ? { ...confirmed, skipped } : confirmed
  }
  if (event === 'reverted' && typeof value.reason === 'string') return { ...common, event, batch, reason: value.reason }
  if (event === 'dropped') return { ...common, event, batch }
  return undefined
}

/**
 * Reads a journal. A last line cut short (the process was killed while writing it) is reported and ignored; any
 * other unreadable line is an error, because the journal is the record of what was sent.
 */
export function readJournal(path: string): { entries: JournalEntry[]; warnings: string[] } {
  if (!existsSync(path)) return { entries: [], warnings: [] }
  const lines = readFileSync(path, 'utf8').split('\n')
  const entries: JournalEntry[] = []
  const warnings: string[] = []
  const lastContentLine = lines.reduce((last, line, i) => (line.trim() ? i : last), -1)
  lines.forEach((line, i) => {
    if (!line.trim()) return
    let entry: JournalEntry | undefined
    try {
      entry = parseEntry(JSON.parse(line))
    } catch {
      entry = undefined
    }
    if (entry) entries.push(entry)
    else if (i === lastContentLine) warnings.push(`${path}:${i + 1}: ignoring an incomplete last line`)
    else throw new Error(`${path}:${i + 1}: not a journal entry; fix or move the journal before going on`)
  })
  return { entries, warnings }
}

/** Appends one entry and flushes it to disk before returning, so a crash right after cannot lose it. */
export function appendJournal(path: string, entry: JournalEntry): void {
  const fd = openSync(path, 'a')
  try {
    writeSync(fd, `${JSON.stringify(entry)}\n`)
    fsyncSync(fd)
  } finally {
    closeSync(fd)
  }
}

export function sameKey(entry: JournalKey, key: JournalKey): boolean {
  return (
    entry.chainId === key.chainId &&
    entry.contract.toLowerCase() === key.contract.toLowerCase() &&
    entry.csvSha256 === key.csvSha256
  )
}

export type JournalSummary = {
  confirmed: BatchConfirmed[]
  /** Transaction Builder files written for a Safe, in the order they were written. */
  written: BatchWritten[]
  /** Submitted batches with no recorded outcome: the run stopped between sending and the receipt. */
  unresolved: BatchSubmitted[]
  /** Entries for the same contract from another version of the file (ignored; the chain decides). */
  otherFiles: number
}

/** What a journal says about one file and contract. */
export function summarizeJournal(entries: readonly JournalEntry[], key: JournalKey): JournalSummary {
  const mine = entries.filter((entry) => sameKey(entry, key))
  const otherFiles = entries.filter(
    (entry) =>
      entry.chainId === key.chainId &&
      entry.contract.toLowerCase() === key.contract.toLowerCase() &&
      entry.csvSha256 !== key.csvSha256,
  ).length
  const settled = new Set(
    mine.flatMap((entry) => (entry.event !== 'submitted' && entry.event !== 'written' ? [entry.txHash] : [])),
  )
  return {
    confirmed: mine.filter((entry): entry is BatchConfirmed => entry.event === 'confirmed'),
    written: mine.filter((entry): entry is BatchWritten => entry.event === 'written'),
    unresolved: mine.filter(
      (entry): entry is BatchSubmitted => entry.event === 'submitted' && !settled.has(entry.txHash),
    ),
    otherFiles,
  }
}
