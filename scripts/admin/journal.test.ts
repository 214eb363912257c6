import { appendFileSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Address } from 'viem'
import { describe, expect, it } from 'vitest'
import {
  appendJournal,
  type BatchConfirmed,
  type BatchSubmitted,
  type BatchWritten,
  defaultJournalPath,
  type JournalKey,
  readJournal,
  summarizeJournal,
} from './journal.ts'

const key: JournalKey = { chainId: 31337, contract: '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0', csvSha256: 'aa' }
const holder: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const tx1 = `0x${'1'.repeat(64)}` as const
const tx2 = `0x${'2'.repeat(64)}` as const

function submitted(batch: number, txHash: `0x${string}`, over: Partial<JournalKey> = {}): BatchSubmitted {
  return {
    ...key,
    ...over,
    event: 'submitted',
    at: '2025-01-01T00:00:00.000Z',
    batch,
    txHash,
    nonce: batch,
    firstLine: 2,
    lastLine: 2,
    holders: [holder],
    total: '1000',
  }
}

function confirmed(batch: number, txHash: `0x${string}`): BatchConfirmed {
  return {
    ...key,
    event: 'confirmed',
    at: '2025-01-01T00:00:01.000Z',
    batch,
    txHash,
    blockNumber: '7',
    gasUsed: '100',
    holders: [holder],
  }
}

function tempJournal(): string {
  return join(mkdtempSync(join(tmpdir(), 'journal-')), 'claims.csv.journal.jsonl')
}

describe('journal', () => {
  it('lives beside the claims file by default', () => {
    expect(defaultJournalPath('/data/claims.csv')).toBe('/data/claims.csv.journal.jsonl')
  })

  it('appends one JSON line per entry and reads them back', () => {
    const path = tempJournal()
    appendJournal(path, submitted(1, tx1))
    appendJournal(path, confirmed(1, tx1))
    expect(readFileSync(path, 'utf8').trim().split('\n')).toHaveLength(2)
    expect(readJournal(path)).toEqual({ entries: [submitted(1, tx1), confirmed(1, tx1)], warnings: [] })
  })

  it('reads a missing journal as empty', () => {
    expect(readJournal(tempJournal())).toEqual({ entries: [], warnings: [] })
  })

  it('ignores a last line cut short by a crash, with a warning', () => {
    const path = tempJournal()
    appendJournal(path, submitted(1, tx1))
    appendFileSync(path, '{"event":"confirmed","chainId":313')
    const read = readJournal(path)
    expect(read.entries).toEqual([submitted(1, tx1)])
    expect(read.warnings).toEqual([`${path}:2: ignoring an incomplete last line`])
  })

  it('refuses an unreadable line in the middle', () => {
    const path = tempJournal()
    appendFileSync(path, 'garbage\n')
    appendJournal(path, submitted(1, tx1))
    expect(() => readJournal(path)).toThrow(`${path}:1: not a journal entry`)
  })

  it('summarizes confirmed and unresolved batches for one file and contract', () => {
    const entries = [
      submitted(1, tx1),
      confirmed(1, tx1),
      submitted(2, tx2),
      submitted(1, tx1, { csvSha256: 'bb' }),
      submitted(1, tx1, { chainId: 1 }),
    ]
    const summary = summarizeJournal(entries, key)
    expect(summary.confirmed).toEqual([confirmed(1, tx1)])
    expect(summary.unresolved).toEqual([submitted(2, tx2)])
    expect(summary.otherFiles).toBe(1)
    expect(summarizeJournal(entries, { ...key, contract: holder }).confirmed).toEqual([])
  })

  it('records the files written for a Safe and the holders a confirmed batch left out', () => {
    const path = tempJournal()
    const written: BatchWritten = {
      ...key,
      event: 'written',
      at: '2025-01-01T00:00:02.000Z',
      batch: 3,
      safe: '0x0092bf978FB2F46A621059Ce9635e5d11fdD5868',
      file: '/data/claims.csv.safe/003-add-claims-lines-2-2.json',
      firstLine: 2,
      lastLine: 2,
      holders: [holder],
      total: '1000',
    }
    const leftOut = { ...confirmed(2, tx2), skipped: [holder] }
    appendJournal(path, written)
    appendJournal(path, leftOut)
    const { entries } = readJournal(path)
    expect(entries).toEqual([written, leftOut])
    const summary = summarizeJournal(entries, key)
    expect(summary.written).toEqual([written])
    expect(summary.confirmed).toEqual([leftOut])
    // A written file is not a transaction awaiting its receipt.
    expect(summary.unresolved).toEqual([])
  })
})
