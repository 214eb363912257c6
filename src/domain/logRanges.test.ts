import { describe, expect, it } from 'vitest'
import { inLogRanges } from './logRanges'

/** A node that refuses any range wider than `cap` blocks, and records what it was asked. */
function node(cap: bigint) {
  const asked: [bigint, bigint][] = []
  const fetch = async (from: bigint, to: bigint) => {
    asked.push([from, to])
    if (to - from + 1n > cap) throw new Error(`range too wide: ${to - from + 1n}`)
    const blocks: bigint[] = []
    for (let block = from; block <= to; block++) blocks.push(block)
    return blocks
  }
  return { asked, fetch }
}

describe('inLogRanges', () => {
  it('reads every block once, halving a refused range and doubling back after a success', async () => {
    const { asked, fetch } = node(3n)
    const read = await inLogRanges({ from: 10n, to: 22n, maxRange: 8n, fetch })
    expect(read).toEqual(Array.from({ length: 13 }, (_, index) => BigInt(10 + index)))
    expect(asked).toEqual([
      [10n, 17n],
      [10n, 13n],
      [10n, 11n],
      [12n, 15n],
      [12n, 13n],
      [14n, 17n],
      [14n, 15n],
      [16n, 19n],
      [16n, 17n],
      [18n, 21n],
      [18n, 19n],
      [20n, 22n],
    ])
  })

  it("ends at once on a final error, and with the node's refusal of a single block", async () => {
    const offline = new TypeError('Failed to fetch')
    await expect(
      inLogRanges({
        from: 0n,
        to: 9n,
        maxRange: 4n,
        fetch: () => Promise.reject(offline),
        isFinal: (e) => e === offline,
      }),
    ).rejects.toBe(offline)
    const { fetch } = node(0n)
    await expect(inLogRanges({ from: 0n, to: 9n, maxRange: 4n, fetch })).rejects.toThrow('range too wide: 1')
  })

  it('tells each range read, and reads nothing for an empty span', async () => {
    const ends: bigint[] = []
    const { fetch } = node(100n)
    await inLogRanges({ from: 0n, to: 9n, maxRange: 4n, fetch, onRead: (end) => ends.push(end) })
    expect(ends).toEqual([3n, 7n, 9n])
    expect(await inLogRanges({ from: 5n, to: 4n, maxRange: 4n, fetch })).toEqual([])
  })
})
