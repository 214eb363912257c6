import { describe, expect, it } from 'vitest'
import { batchesAtomically } from './batching'

describe('a wallet that batches atomically', () => {
  it('is told by the current atomic status', () => {
    expect(batchesAtomically({ atomic: { status: 'supported' } })).toBe(true)
    expect(batchesAtomically({ atomic: { status: 'ready' } })).toBe(true)
    expect(batchesAtomically({ atomic: { status: 'unsupported' } })).toBe(false)
  })

  it("is told by the older atomicBatch flag Safe's provider reports", () => {
    expect(batchesAtomically({ atomicBatch: { supported: true } })).toBe(true)
    expect(batchesAtomically({ atomicBatch: { supported: false } })).toBe(false)
  })

  it('is not assumed from anything else', () => {
    for (const capabilities of [
      undefined,
      null,
      {},
      { paymasterService: { supported: true } },
      { atomic: 'supported' },
    ]) {
      expect(batchesAtomically(capabilities)).toBe(false)
    }
  })
})
