import type { Address, Hash } from 'viem'
import type { Config } from 'wagmi'
import {
  batchKey,
  isTransactionHash,
  type PendingTransaction,
  requestKey,
  type WriteTrace,
} from '../pendingTransaction'
import type { AskedWrite } from './missedAnswer'
import type { Sent } from './safe'
import { sentTransaction } from './wallet'

/** The write the pending record describes, whatever way it is sent. */
export type WriteFacts = { action: string; description: string; account: Address; chainId: number }

/**
 * The record of a write written before the wallet is asked, so that it can be found by its event (`logs`) if the answer
 * never reaches the page; `viaSafe` when asked of a Safe, whose owners may batch it instead of answering.
 */
export function askedRecord(
  facts: WriteFacts,
  asked: { fromBlock: number; nonce?: number },
  logs: { address: Address; topics: Hash[] },
  viaSafe: boolean,
): AskedWrite {
  return { hash: requestKey(), ...facts, requested: { ...asked, logs, ...(viaSafe ? { safe: true } : {}) } }
}

/** An asked write whose wallet connection stopped waiting for the answer: still looked for by its event. */
export function unansweredRecord(record: AskedWrite): AskedWrite {
  return { ...record, requested: { ...record.requested, unanswered: true } }
}

/**
 * The record of a write the wallet answered, by the way it was sent: a Safe transaction's hash (with the block it was
 * proposed at, where its execution is looked for, the holder's event it emits, and for a Safe that answered over a
 * wallet connection its Safe nonce when known), a batch's id, or a transaction's hash with its nonce and call.
 * `undefined`: a Safe answered with an id that is not a Safe transaction hash.
 */
export async function sentRecord(
  config: Config,
  facts: WriteFacts,
  sent: Sent,
  viaSafe: { fromBlock?: number; trace?: WriteTrace; nonce?: number; chainOnly?: boolean } | undefined,
): Promise<PendingTransaction | undefined> {
  const hash = 'hash' in sent ? sent.hash : viaSafe ? sent.batch : batchKey(sent.batch)
  if (!isTransactionHash(hash)) return undefined
  if (viaSafe) {
    const { fromBlock, trace, nonce, chainOnly } = viaSafe
    const safe = {
      ...(fromBlock === undefined ? {} : { fromBlock }),
      ...(nonce === undefined ? {} : { nonce }),
      ...(chainOnly ? { chainOnly } : {}),
      ...(chainOnly && 'batch' in sent ? { batch: true } : {}),
    }
    return { hash, ...facts, safe, ...(trace ? { trace } : {}) }
  }
  if ('batch' in sent) return { hash, ...facts, batch: { id: sent.batch } }
  return { hash, ...facts, ...(await sentTransaction(config, hash)) }
}
