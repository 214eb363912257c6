/**
 * Reads that never go back in time. A public endpoint is load-balanced over nodes at different heights, so one answer
 * can come from a node a few blocks behind the one that answered before: shown, it would take the page back to a
 * position the holder has already left (tokens offered again that were claimed a moment ago). The page therefore keeps,
 * per holder, the block its figures come from (the floor), and an answer from a lower block is not shown.
 */

/** The key of a holder's floor on a device: the chain, the deployment's two contracts and the holder. */
export function floorKey(
  { chainId, vestingAddress, legacyAddress }: { chainId: number; vestingAddress: string; legacyAddress: string },
  holder: string,
): string {
  return [chainId, vestingAddress, legacyAddress, holder].join(':').toLowerCase()
}

/** A block the figures come from: its number and, when known, its time (epoch seconds). */
export type BlockMark = { block: bigint; time?: bigint }

/**
 * An answer this far below the floor is not a node behind its peers: no load balancer keeps a node that far behind in
 * rotation. The floor is then from another history of the chain (a local chain restarted) and is forgotten.
 */
export const FORGOTTEN_BELOW_BLOCKS = 1_000n

/**
 * What to do with an answer read at `answer`: show it (at or above the floor), ask again (`behind`: below it), or show
 * it and forget the floor (`forget`: the floor belongs to another history of the chain). A lower block dated later
 * than the floor's own block cannot be on the same chain as it, whose blocks are never dated earlier than their
 * parents.
 */
export function judgeAnswer(floor: BlockMark | undefined, answer: Required<BlockMark>): 'show' | 'behind' | 'forget' {
  if (floor === undefined || answer.block >= floor.block) return 'show'
  if (floor.time !== undefined && answer.time > floor.time) return 'forget'
  if (floor.block - answer.block > FORGOTTEN_BELOW_BLOCKS) return 'forget'
  return 'behind'
}

/**
 * The floor once `mark` has been shown, or once a write confirmed in `mark.block` (whose time the receipt does not
 * give) asks for figures from that block on: the higher of the two. A lower mark changes nothing.
 */
export function raisedFloor(floor: BlockMark | undefined, mark: BlockMark): BlockMark {
  if (floor === undefined || mark.block > floor.block) return mark
  if (mark.block === floor.block && floor.time === undefined && mark.time !== undefined) return mark
  return floor
}
