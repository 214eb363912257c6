/** What a chain's endpoints serve in one `eth_getLogs`, and how far behind its peers a node may answer. */
export type LogLimits = {
  /** The widest range asked for first; a refused range is halved. */
  maxRange: bigint
  /**
   * Blocks counted as read only this far below the head the reading saw: a node behind a load balancer answers a
   * range that ends past its own head with the logs up to its head, and no error, so the last blocks of a range are
   * read again until every node in rotation has them.
   */
  settleBlocks: bigint
}

/**
 * Reads logs over the blocks [from, to] in ranges a node accepts. Public RPCs cap `eth_getLogs` (by blocks, by results
 * or by response size): a refused range is halved and asked again, down to a single block, whose refusal is final;
 * after a success the next range doubles back towards `maxRange`, so that a dense stretch of blocks costs a few refused
 * requests rather than shrinking every later one. `isFinal(error)` ends the reading at once (an unreachable network is
 * not a refusal); `onRead` hears of each range read, with its last block.
 */
export async function inLogRanges<T>(options: {
  from: bigint
  to: bigint
  maxRange: bigint
  fetch: (from: bigint, to: bigint) => Promise<T[]>
  isFinal?: (error: unknown) => boolean
  onRead?: (end: bigint) => void
}): Promise<T[]> {
  const { from, to, fetch, isFinal, onRead } = options
  const maxRange = options.maxRange > 0n ? options.maxRange : 1n
  const all: T[] = []
  let range = maxRange
  let start = from
  while (start <= to) {
    const end = start + range - 1n < to ? start + range - 1n : to
    try {
      all.push(...(await fetch(start, end)))
      onRead?.(end)
      start = end + 1n
      range = range * 2n < maxRange ? range * 2n : maxRange
    } catch (error) {
      // Halved from what was asked: the last range before `to` can be narrower than `range`.
      const asked = end - start + 1n
      if (asked === 1n || isFinal?.(error)) throw error
      range = asked / 2n
    }
  }
  return all
}
