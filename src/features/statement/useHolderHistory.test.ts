import { describe, expect, it } from 'vitest'
import { historyPercent } from './useHolderHistory'

describe('historyPercent', () => {
  it('follows the blocks read, rounded down, from 0 to 100', () => {
    const reading = (scannedBlocks: bigint, totalBlocks: bigint) =>
      historyPercent({ status: 'reading', progress: { scannedBlocks, totalBlocks } })
    expect(reading(0n, 0n)).toBe(100)
    expect(reading(0n, 3_000n)).toBe(0)
    expect(reading(2_047n, 3_000n)).toBe(68)
    expect(reading(3_000n, 3_000n)).toBe(100)
    expect(historyPercent({ status: 'idle' })).toBe(0)
    expect(historyPercent({ status: 'done', entries: [] })).toBe(100)
    expect(historyPercent({ status: 'failed', message: 'refused' })).toBe(0)
  })
})
