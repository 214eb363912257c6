import { useCallback, useEffect, useRef, useState } from 'react'
import {
  type Hash,
  HttpRequestError,
  TimeoutError,
  type TransactionReceipt,
  WaitForTransactionReceiptTimeoutError,
} from 'viem'
import { getTransaction, getTransactionCount, getTransactionReceipt, waitForTransactionReceipt } from 'viem/actions'
import { useAccount, useConfig } from 'wagmi'
import { getClient, writeContract } from 'wagmi/actions'
import type { ErrorDescription } from '../lib/errors'
import {
  type PendingTransaction,
  readPendingTransaction,
  usePendingTransaction,
  writePendingTransaction,
} from './pendingTransaction'
import { addRecentTransaction } from './walletKitState'

type WriteRequest = Parameters<typeof writeContract>[1]

export type Action<Id extends string> = {
  id: Id
  /** Shown in the wallet's recent transactions. */
  description: string
  /** Simulates the call (so a revert is explained before the wallet is asked) and returns the request to send. */
  simulate: () => Promise<{ request: WriteRequest }>
}

class TransactionFailed extends Error {}

type Client = NonNullable<ReturnType<typeof getClient>>

/** The nonce and call of a transaction just sent, when the node already knows it. */
async function sentTransaction(config: Parameters<typeof getClient>[0], hash: Hash) {
  const client = getClient(config)
  const transaction = client ? await getTransaction(client, { hash }).catch(() => undefined) : undefined
  if (!transaction) return {}
  return { nonce: transaction.nonce, to: transaction.to ?? undefined, input: transaction.input }
}

/**
 * True when the stored transaction never got a receipt and its nonce is already used: it was replaced (sped up or
 * cancelled in the wallet). Used once the wait has timed out, for nodes that cannot look a transaction up by sender
 * and nonce, where a replacement mined while the portal was closed is not found otherwise.
 */
async function nonceUsedElsewhere(client: Client, record: PendingTransaction): Promise<boolean> {
  if (record.nonce === undefined) return false
  const receipt = await getTransactionReceipt(client, { hash: record.hash }).catch(() => undefined)
  if (receipt) return false
  const used = await getTransactionCount(client, { address: record.account, blockTag: 'latest' })
  return used > record.nonce
}

function isNetworkFailure(error: unknown) {
  return error instanceof HttpRequestError || error instanceof TimeoutError || error instanceof TypeError
}

/**
 * The single write pipeline every action button uses: guard, simulate, write, wait for the receipt, check its
 * status, handle a replaced transaction, then refresh what the write changed. A pending write survives a reload.
 */
export function useTransactor<Id extends string>(options: {
  onSettled: () => void
  /** What the holder is told about a failure, in the words of the feature that writes. */
  describeError: (error: unknown) => ErrorDescription
}) {
  const config = useConfig()
  const chain = config.chains[0]
  const { address, chainId, isConnected } = useAccount()
  const stored = usePendingTransaction()
  const [error, setError] = useState<string | null>(null)
  const [submitting, setSubmitting] = useState<Id | null>(null)
  const onSettledRef = useRef(options.onSettled)
  onSettledRef.current = options.onSettled
  const describeRef = useRef(options.describeError)
  describeRef.current = options.describeError
  const waiting = useRef<Hash | null>(null)

  const inFlight = stored && stored.account === address && stored.chainId === chain.id ? (stored.action as Id) : null
  const pending = submitting ?? inFlight

  const settle = useCallback(
    async (record: PendingTransaction, resimulate?: () => Promise<unknown>) => {
      const { hash } = record
      if (waiting.current === hash) return
      waiting.current = hash
      try {
        let cancelled = false
        const client = getClient(config)
        if (!client) throw new TransactionFailed(`No connection to ${config.chains[0].name} is configured.`)
        let receipt: TransactionReceipt | undefined
        while (!receipt) {
          try {
            receipt = await waitForTransactionReceipt(client, {
              hash,
              // Finds a speed-up or cancel made in the wallet, also one mined while the portal was closed.
              replacement:
                record.nonce === undefined
                  ? undefined
                  : { from: record.account, nonce: record.nonce, to: record.to, input: record.input },
              onReplaced: (replacement) => {
                cancelled = replacement.reason === 'cancelled'
              },
            })
          } catch (failure) {
            if (!(failure instanceof WaitForTransactionReceiptTimeoutError)) throw failure
            if (await nonceUsedElsewhere(client, record)) {
              writePendingTransaction(null)
              setError('Your transaction was replaced in your wallet. The figures show the outcome.')
              return
            }
            // Still waiting to be mined (a low fee, a busy network): keep waiting.
          }
        }
        if (cancelled) throw new TransactionFailed('The transaction was cancelled in your wallet.')
        if (receipt.status !== 'success') {
          // Run the call again to find the contract's reason; fall back to a plain sentence.
          await resimulate?.()
          throw new TransactionFailed('The transaction was reverted on chain. Nothing was changed.')
        }
        writePendingTransaction(null)
      } catch (failure) {
        if (isNetworkFailure(failure)) {
          setError(
            'The network could not be reached while waiting for your transaction. It will be checked again when you are back online.',
          )
          return
        }
        writePendingTransaction(null)
        if (failure instanceof TransactionFailed) setError(failure.message)
        else {
          const description = describeRef.current(failure)
          if (description.kind === 'failed') setError(description.message)
        }
      } finally {
        waiting.current = null
        onSettledRef.current()
      }
    },
    [config],
  )

  // Resume waiting for a transaction sent before a reload, and again when the connection comes back.
  useEffect(() => {
    const resume = () => {
      const record = readPendingTransaction()
      if (record && record.chainId === chain.id) void settle(record)
    }
    resume()
    window.addEventListener('online', resume)
    return () => window.removeEventListener('online', resume)
  }, [chain.id, settle])

  const run = useCallback(
    async (action: Action<Id>) => {
      if (readPendingTransaction() || submitting) return
      setError(null)
      if (!isConnected || !address) {
        setError('Connect your wallet first.')
        return
      }
      if (chainId !== chain.id) {
        setError(`Your wallet is on another network. Switch to ${chain.name} to continue.`)
        return
      }
      let hash: Hash
      setSubmitting(action.id)
      try {
        const { request } = await action.simulate()
        hash = await writeContract(config, request)
      } catch (failure) {
        const description = describeRef.current(failure)
        if (description.kind === 'failed') setError(description.message)
        return
      } finally {
        setSubmitting(null)
      }
      const record: PendingTransaction = {
        hash,
        action: action.id,
        description: action.description,
        account: address,
        chainId,
        ...(await sentTransaction(config, hash)),
      }
      writePendingTransaction(record)
      addRecentTransaction(hash, action.description)
      await settle(record, action.simulate)
    },
    [address, chainId, chain, config, isConnected, settle, submitting],
  )

  return { run, pending, error, clearError: useCallback(() => setError(null), []) }
}
