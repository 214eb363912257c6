import type { Address, Hash } from 'viem'
import { getBlockNumber, getTransaction, getTransactionCount } from 'viem/actions'
import type { Config } from 'wagmi'
import { getClient } from 'wagmi/actions'

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

/** The block and the holder's next nonce as the wallet is asked: where a write whose answer is missed is looked for. */
export async function whereTheChainIs(config: Config, account: Address) {
  const client = getClient(config)
  if (!client) return undefined
  try {
    const [block, nonce] = await Promise.all([
      getBlockNumber(client, { cacheTime: 0 }),
      getTransactionCount(client, { address: account, blockTag: 'pending' }),
    ])
    // The write cannot be in a block already mined: an earlier write's event in the latest block is not it.
    return { fromBlock: Number(block) + 1, nonce }
  } catch {
    // Without them the write is still sent; only a missed answer cannot be found again.
    return undefined
  }
}
