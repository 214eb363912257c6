import { type Address, type Chain, type Client, type Hash, numberToHex, type RpcLog, type Transport } from 'viem'
import { inLogRanges, type LogLimits } from '../domain/logRanges'
import { errorCauses, isEndpointFailure, isLogQueryRefusal } from './errors'

/** Which logs to read: one contract (or several) and the topics, as `eth_getLogs` takes them. */
export type LogFilter = { address: Address | Address[]; topics: (Hash | Hash[] | null)[] }

/** The network, not the query, failed: unreachable, timed out or busy. A narrower range would fail the same way. */
export function isUnreachableOrBusy(error: unknown): boolean {
  return !isLogQueryRefusal(error) && (isEndpointFailure(error) || error instanceof TypeError)
}

/**
 * The logs matching `filter` from block `from` to the head, in ranges the endpoint accepts (`inLogRanges`: a refused
 * range is narrowed; an unreachable or busy network ends the reading with its error). `readTo` is the last block
 * counted as read, so that a later reading starts again from `readTo + 1`: at most the head less
 * {@link LogLimits.settleBlocks}, because a node behind its peers answers a range that ends past its own head with what
 * it has and no error (go-ethereum up to 1.15.8, and the nodes built on it); and where a node refuses a range that
 * ends past its head (go-ethereum since 1.15.9), the reading stops at the last range read. Logs past `readTo` are
 * returned too: a node that answers one has the block it is in. With `to` (a block an earlier reading counted as
 * settled), the reading ends there, so that two readings of different logs cover the same blocks.
 */
export async function readLogs(
  client: Client<Transport, Chain | undefined>,
  filter: LogFilter,
  { from, to, maxRange, settleBlocks }: { from: bigint; to?: bigint } & LogLimits,
): Promise<{ logs: RpcLog[]; head: bigint; readTo: bigint }> {
  // Up to a block already settled (`to`): every node behind the endpoint has it, so the head need not be asked.
  const head = to === undefined ? BigInt(await client.request({ method: 'eth_blockNumber' })) : to + settleBlocks
  const logs: RpcLog[] = []
  let readEnd = from - 1n
  try {
    await inLogRanges({
      from,
      to: to ?? head,
      maxRange,
      fetch: async (start, end) => {
        const found = await client.request({
          method: 'eth_getLogs',
          params: [{ ...filter, fromBlock: numberToHex(start), toBlock: numberToHex(end) }],
        })
        logs.push(...found)
        return []
      },
      isFinal: (error) => isUnreachableOrBusy(error) || isMissingBlock(error),
      onRead: (end) => {
        readEnd = end
      },
    })
  } catch (failure) {
    if (!isMissingBlock(failure)) throw failure
  }
  const settled = head - settleBlocks
  return { logs, head, readTo: settled < readEnd ? settled : readEnd }
}

/**
 * How nodes answer a read at a block they do not have (yet): go-ethereum's "header not found" (by number) and "header
 * for hash not found" for state, "unknown block" for logs by hash, and its refusal of a log range that ends past its
 * head ("invalid block range params" from 1.15.9, "block range extends beyond current head block" since 1.17); anvil's
 * `BlockOutOfRangeError`, and "missing trie node" for state a node no longer keeps.
 */
const MISSING_BLOCK = [
  /header (for hash )?not found/i,
  /unknown block/i,
  /beyond (the )?current head/i,
  /invalid block range params/i,
  /block ?out ?of ?range/i,
  /block not found/i,
  /missing trie node/i,
]

/** True when the node that answered does not have the block the read was pinned to: asked later, it may. */
export function isMissingBlock(error: unknown): boolean {
  return errorCauses(error).some((link) => {
    const texts = [link.shortMessage, (link as { message?: unknown }).message, (link as { details?: unknown }).details]
    return texts.some((text) => typeof text === 'string' && MISSING_BLOCK.some((pattern) => pattern.test(text)))
  })
}
