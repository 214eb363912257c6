import { describe, expect, it } from 'vitest'
import { type BlockMark, FORGOTTEN_BELOW_BLOCKS, judgeAnswer, raisedFloor } from './readFloor'

/** A floor at block 1,000, dated 5,000 s. */
const FLOOR: BlockMark = { block: 1_000n, time: 5_000n }

describe('judgeAnswer', () => {
  it.each<[string, BlockMark | undefined, Required<BlockMark>, ReturnType<typeof judgeAnswer>]>([
    ['no floor yet: any answer is shown', undefined, { block: 3n, time: 1n }, 'show'],
    ["an answer from the floor's own block", FLOOR, { block: 1_000n, time: 5_000n }, 'show'],
    ['an answer from a higher block', FLOOR, { block: 1_001n, time: 5_012n }, 'show'],
    ['a lower block dated earlier: a node behind its peers', FLOOR, { block: 997n, time: 4_964n }, 'behind'],
    // Blocks of one chain may share a time (a local chain mining faster than its clock): still the same history.
    ['a lower block dated the same second', FLOOR, { block: 999n, time: 5_000n }, 'behind'],
    // A chain's blocks are never dated before their parents: this answer is from another history of the chain.
    ['a lower block dated later than the floor', FLOOR, { block: 999n, time: 5_001n }, 'forget'],
    [
      'exactly FORGOTTEN_BELOW_BLOCKS below: still a node behind',
      FLOOR,
      { block: FLOOR.block - FORGOTTEN_BELOW_BLOCKS, time: 1n },
      'behind',
    ],
    [
      'more than FORGOTTEN_BELOW_BLOCKS below: a restarted chain',
      { block: 5_000n, time: 9_000n },
      { block: 5_000n - FORGOTTEN_BELOW_BLOCKS - 1n, time: 1n },
      'forget',
    ],
    [
      'a floor without time (a confirmed write): a lower block is behind',
      { block: 1_000n },
      { block: 990n, time: 9_999n },
      'behind',
    ],
    [
      'a floor without time, far above: forgotten',
      { block: 1_000_000n },
      { block: 1_000_000n - FORGOTTEN_BELOW_BLOCKS - 1n, time: 1n },
      'forget',
    ],
    ['a floor without time, and an answer from its block', { block: 1_000n }, { block: 1_000n, time: 1n }, 'show'],
  ])('%s', (_, floor, answer, verdict) => {
    expect(judgeAnswer(floor, answer)).toBe(verdict)
  })
})

describe('raisedFloor', () => {
  it.each<[string, BlockMark | undefined, BlockMark, BlockMark]>([
    ['no floor: the mark becomes it', undefined, { block: 7n, time: 70n }, { block: 7n, time: 70n }],
    ['a higher mark wins', FLOOR, { block: 1_001n, time: 5_012n }, { block: 1_001n, time: 5_012n }],
    ['a higher write without time wins, timeless', FLOOR, { block: 1_002n }, { block: 1_002n }],
    ['a lower mark keeps the floor', FLOOR, { block: 999n, time: 4_988n }, FLOOR],
    ['a lower write keeps the floor', FLOOR, { block: 12n }, FLOOR],
    ["the floor's block without time keeps the floor's time", FLOOR, { block: 1_000n }, FLOOR],
    [
      'the same block gains a time',
      { block: 1_000n },
      { block: 1_000n, time: 5_000n },
      { block: 1_000n, time: 5_000n },
    ],
    ['the same block with another time keeps the first', FLOOR, { block: 1_000n, time: 6_000n }, FLOOR],
  ])('%s', (_, floor, mark, raised) => {
    expect(raisedFloor(floor, mark)).toEqual(raised)
  })

  it('returns the floor itself when nothing changes, so that the store is not written again', () => {
    expect(raisedFloor(FLOOR, { block: 999n })).toBe(FLOOR)
    expect(raisedFloor(FLOOR, { block: 1_000n, time: 5_000n })).toBe(FLOOR)
  })
})
