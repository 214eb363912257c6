// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest'
import { ANVIL_ACCOUNTS } from '../config/anvil'
import {
  activePendingTransaction,
  batchKey,
  clearPendingTransaction,
  type PendingTransaction,
  readPendingTransaction,
  writePendingTransaction,
} from './pendingTransaction'

const KEY = 'nai.pendingTransaction'
const record = (digit: string, extra: Partial<PendingTransaction> = {}): PendingTransaction => ({
  hash: `0x${digit.repeat(64)}`,
  action: 'claimAndBurn',
  description: 'Claim & Burn',
  account: ANVIL_ACCOUNTS[1],
  chainId: 31337,
  nonce: 3,
  ...extra,
})

beforeEach(() => localStorage.clear())

describe('the pending write record', () => {
  it('survives a reload as written, and is dropped when corrupt or incomplete', () => {
    const sent = record('a', { to: '0x5FbDB2315678afecb367f032d93F642f64180aa3', input: '0x4e71d92d' })
    writePendingTransaction(sent)
    expect(JSON.parse(localStorage.getItem(KEY) ?? '')).toEqual(sent)
    localStorage.setItem(KEY, JSON.stringify(sent))
    expect(readPendingTransaction()).toEqual(sent)
    for (const raw of [
      '{not json',
      JSON.stringify({ ...record('b'), hash: '0x1234' }),
      JSON.stringify({ ...record('b'), chainId: '31337' }),
      JSON.stringify({ ...record('b'), nonce: 1.5 }),
      JSON.stringify({ ...record('b'), dismissed: 'yes' }),
      JSON.stringify({ ...record('b'), account: 'alice' }),
      JSON.stringify({ ...record('b'), to: '0x1234' }),
      JSON.stringify({ ...record('b'), input: 'claim' }),
      JSON.stringify({ ...record('b'), safe: true }),
      JSON.stringify({ ...record('b'), safe: { confirmations: -1, threshold: 2 } }),
      JSON.stringify({ ...record('b'), safe: { confirmations: 1, threshold: 2, txHash: '0x12' } }),
    ]) {
      localStorage.setItem(KEY, raw)
      expect(readPendingTransaction()).toBeNull()
      expect(localStorage.getItem(KEY)).toBeNull()
    }
  })

  it('a batch keeps its wallet id across a reload, and a record whose key is not that id is dropped', () => {
    for (const id of ['batch-1f0c', `0x${'ab'.repeat(32)}`, 'x'.repeat(8_192)]) {
      const batch = record('a', { hash: batchKey(id), nonce: undefined, batch: { id } })
      localStorage.setItem(KEY, JSON.stringify(batch))
      expect(readPendingTransaction()).toEqual(batch)
    }
    for (const batch of [{ id: 'batch-1' }, { id: '' }, { id: 7 }, {}, 'batch-1']) {
      localStorage.setItem(KEY, JSON.stringify(record('a', { nonce: undefined, batch } as Partial<PendingTransaction>)))
      expect(readPendingTransaction()).toBeNull()
    }
    const tooLong = 'x'.repeat(8_193)
    localStorage.setItem(KEY, JSON.stringify(record('a', { hash: batchKey(tooLong), batch: { id: tooLong } })))
    expect(readPendingTransaction()).toBeNull()
  })

  it('a write the wallet has not answered keeps where to look for it; a malformed one is dropped', () => {
    const requested = { fromBlock: 120, nonce: 4, logs: { address: ANVIL_ACCOUNTS[2], topics: [record('e').hash] } }
    const asked = record('a', { nonce: undefined, requested })
    localStorage.setItem(KEY, JSON.stringify(asked))
    expect(readPendingTransaction()).toEqual(asked)
    // Asked while the chain could not be read: no nonce, found by its event alone.
    const { nonce: _, ...withoutNonce } = requested
    const blind = record('a', { nonce: undefined, requested: withoutNonce })
    localStorage.setItem(KEY, JSON.stringify(blind))
    expect(readPendingTransaction()).toEqual(blind)
    for (const wrong of [
      { ...requested, fromBlock: '120' },
      { ...requested, nonce: -0.5 },
      { ...requested, logs: { address: 'vesting', topics: requested.logs.topics } },
      { ...requested, logs: { address: ANVIL_ACCOUNTS[2], topics: [] } },
      { ...requested, logs: { address: ANVIL_ACCOUNTS[2], topics: ['0x12'] } },
    ]) {
      localStorage.setItem(KEY, JSON.stringify(record('a', { requested: wrong } as Partial<PendingTransaction>)))
      expect(readPendingTransaction()).toBeNull()
    }
  })

  it('a Safe transaction keeps where it stands across a reload', () => {
    for (const safe of [
      {},
      { confirmations: 1, threshold: 2 },
      { confirmations: 2, threshold: 2, txHash: record('c').hash },
      { confirmations: 1, threshold: 2, nonce: 3, fromBlock: 40, missing: true },
    ]) {
      const proposed = record('a', { nonce: undefined, safe })
      localStorage.setItem(KEY, JSON.stringify(proposed))
      expect(readPendingTransaction()).toEqual(proposed)
    }
    const trace = { address: ANVIL_ACCOUNTS[2], topics: [record('e').hash] }
    const traced = record('a', { nonce: undefined, safe: { fromBlock: 40 }, trace })
    localStorage.setItem(KEY, JSON.stringify(traced))
    expect(readPendingTransaction()).toEqual(traced)
    for (const wrong of [
      { ...traced, safe: { missing: 'yes' } },
      { ...traced, trace: { address: ANVIL_ACCOUNTS[2], topics: ['0x12'] } },
    ]) {
      localStorage.setItem(KEY, JSON.stringify(wrong))
      expect(readPendingTransaction()).toBeNull()
    }
  })

  it('clearing one write leaves a newer write in place', () => {
    writePendingTransaction(record('a'))
    writePendingTransaction(record('b'))
    clearPendingTransaction(record('a').hash)
    expect(readPendingTransaction()).toEqual(record('b'))
    clearPendingTransaction(record('b').hash)
    expect(readPendingTransaction()).toBeNull()
  })

  it('a write the holder stopped waiting for is kept, and no longer holds the actions back', () => {
    writePendingTransaction(record('a', { dismissed: true }))
    expect(readPendingTransaction()).toEqual(record('a', { dismissed: true }))
    expect(activePendingTransaction(readPendingTransaction())).toBeNull()
    expect(activePendingTransaction(record('b'))).toEqual(record('b'))
  })
})
