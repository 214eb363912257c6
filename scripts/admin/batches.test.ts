import { describe, expect, it } from 'vitest'
import { planBatches } from './batches.ts'

/** 50k base + 25k per item, like addClaims; counts the estimates asked for. */
function linear(base = 50_000n, perItem = 25_000n) {
  const calls: number[] = []
  const estimate = async (items: number[]) => {
    calls.push(items.length)
    return base + perItem * BigInt(items.length)
  }
  return { estimate, calls }
}

const items = (n: number) => Array.from({ length: n }, (_, i) => i)

describe('planBatches', () => {
  it('fills each batch up to the gas target, in order, with the real estimate of each', async () => {
    const { estimate, calls } = linear()
    const batches = await planBatches(items(100), estimate, { targetGas: 1_000_000n, maxItems: 500 })
    // (1,000,000 − 50,000) / 25,000 = 38 per batch.
    expect(batches.map((batch) => batch.items.length)).toEqual([38, 38, 24])
    expect(batches.map((batch) => batch.gas)).toEqual([1_000_000n, 1_000_000n, 650_000n])
    expect(batches.flatMap((batch) => batch.items)).toEqual(items(100))
    expect(calls).toEqual([1, 32, 38, 38, 24])
  })

  it('never exceeds the item cap', async () => {
    const { estimate } = linear()
    const batches = await planBatches(items(25), estimate, { targetGas: 10_000_000n, maxItems: 10 })
    expect(batches.map((batch) => batch.items.length)).toEqual([10, 10, 5])
  })

  it('shrinks a batch whose real estimate is above the target', async () => {
    // Items after the probe cost more, so the model from the probe overshoots and must be corrected.
    const estimate = async (batch: number[]) =>
      50_000n + batch.reduce((sum, item) => sum + (item < 32 ? 25_000n : 40_000n), 0n)
    const batches = await planBatches(items(100), estimate, { targetGas: 1_000_000n, maxItems: 500 })
    for (const batch of batches) expect(batch.gas <= 1_000_000n).toBe(true)
    expect(batches.flatMap((batch) => batch.items)).toEqual(items(100))
    // The model says 38; those 38 really need 1,090,000 gas, so the batch shrinks in proportion to 34 (930,000).
    expect(batches[0]?.items.length).toBe(34)
    expect(batches[0]?.gas).toBe(930_000n)
  })

  it('sends one item at a time when the target allows no more, and refuses one that does not fit', async () => {
    const { estimate } = linear()
    expect((await planBatches(items(3), estimate, { targetGas: 80_000n, maxItems: 500 })).length).toBe(3)
    await expect(planBatches(items(3), estimate, { targetGas: 70_000n, maxItems: 500 })).rejects.toThrow(
      'One item alone needs 75000 gas, above the target of 70000 per transaction.',
    )
  })

  it('plans nothing for nothing', async () => {
    const { estimate, calls } = linear()
    expect(await planBatches([], estimate, { targetGas: 1_000_000n, maxItems: 10 })).toEqual([])
    expect(calls).toEqual([])
  })
})
