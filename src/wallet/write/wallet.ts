import type { Address, Hash } from 'viem'
import { getBlockNumber, getTransaction, getTransactionCount } from 'viem/actions'
import type { Config } from 'wagmi'
import { getClient } from 'wagmi/actions'
import { lastSeenBlock } from '../../lib/readFloors'

/**
 * The nonce and call of a transaction the wallet just sent, when the node already knows it: a replacement (a speed-up
 * or cancel in the wallet) is found by them.
 */
export async function sentTransaction(config: Config, hash: Hash) {
  const client = getClient(config)
  const transaction = client ? await getTransaction(client, { hash }).catch(() => undefined) : undefined
  if (!transaction) return {}
  return { nonce: transaction.nonce, to: transaction.to ?? undefined, input: transaction.input }
}

/**
 * The block and the holder's next nonce as the wallet is asked: where a write whose answer is missed is looked for.
 * A node behind its peers counts fewer of the holder's transactions: the count at the last block the page has seen
 * (which includes the holder's last confirmed write) is the least the nonce can be. When the chain cannot be asked
 * (a busy endpoint), the write is still recorded, from the block after the last one the page has seen (or from
 * `firstBlock`), without a nonce: only its event can then tell.
 */
export async function whereTheChainIs(
  config: Config,
  account: Address,
  firstBlock: bigint,
): Promise<{ fromBlock: number; nonce?: number }> {
  const client = getClient(config)
  const seen = client ? lastSeenBlock(client.chain.id) : undefined
  const fallback = { fromBlock: Number(seen === undefined ? firstBlock : seen + 1n) }
  if (!client) return fallback
  try {
    const [block, pending, counted] = await Promise.all([
      getBlockNumber(client, { cacheTime: 0 }),
      getTransactionCount(client, { address: account, blockTag: 'pending' }),
      seen === undefined
        ? undefined
        : getTransactionCount(client, { address: account, blockNumber: seen }).catch(() => undefined),
    ])
    // The write cannot be in a block already mined: an earlier write's event in the latest block is not it. A node
    // behind the page answers a lower head than the page has seen, which may hold the holder's last write.
    const mined = seen !== undefined && seen > block ? seen : block
    return { fromBlock: Number(mined) + 1, nonce: Math.max(pending, counted ?? 0) }
  } catch {
    return fallback
  }
}
