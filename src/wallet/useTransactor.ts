import { useCallback, useEffect, useRef, useState } from 'react'
import type { Hash } from 'viem'
import { getTransaction } from 'viem/actions'
import { useAccount, useConfig } from 'wagmi'
import { getClient, writeContract } from 'wagmi/actions'
import type { ErrorDescription } from '../lib/errors'
import { awaitOutcome, isNetworkFailure, type OutcomeStatus } from './awaitOutcome'
import { guardMessage } from './guard'
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

/** For each way a write ends: whether it is over (the pending record goes) and what the holder is told. */
const OUTCOMES: { [status in OutcomeStatus]: { over: boolean; message: string | null } } = {
  success: { over: true, message: null },
  reverted: { over: true, message: 'The transaction was reverted on chain. Nothing was changed.' },
  cancelled: { over: true, message: 'The transaction was cancelled in your wallet.' },
  replaced: { over: true, message: 'Your transaction was replaced in your wallet. The figures show the outcome.' },
  offline: {
    over: false,
    message:
      'The network could not be reached while waiting for your transaction. It will be checked again when you are back online.',
  },
}

/** The nonce and call of a transaction just sent, when the node already knows it. */
async function sentTransaction(config: Parameters<typeof getClient>[0], hash: Hash) {
  const client = getClient(config)
  const transaction = client ? await getTransaction(client, { hash }).catch(() => undefined) : undefined
  if (!transaction) return {}
  return { nonce: transaction.nonce, to: transaction.to ?? undefined, input: transaction.input }
}

/**
 * The one write pipeline every action button uses: guard, simulate, write, then wait for the outcome
 * ({@link awaitOutcome}) and refresh what the write changed. A pending write survives a reload.
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

  /** The sentence for `failure`, if the holder is to see one. */
  const failureMessage = useCallback((failure: unknown) => {
    const description = describeRef.current(failure)
    return description.kind === 'failed' ? description.message : null
  }, [])

  const settle = useCallback(
    async (record: PendingTransaction, resimulate?: () => Promise<unknown>) => {
      if (waiting.current === record.hash) return
      waiting.current = record.hash
      try {
        const client = getClient(config)
        if (!client) {
          writePendingTransaction(null)
          setError(`No connection to ${config.chains[0].name} is configured.`)
          return
        }
        const outcome = await awaitOutcome(client, record)
        const { over, message } = OUTCOMES[outcome.status]
        if (over) writePendingTransaction(null)
        // A revert is explained by running the call again; the state may have changed since, hence the fallback.
        const reason =
          outcome.status === 'reverted' && resimulate
            ? await resimulate().then(
                () => null,
                (failure: unknown) => (isNetworkFailure(failure) ? null : failureMessage(failure)),
              )
            : null
        if (reason ?? message) setError(reason ?? message)
      } catch (failure) {
        writePendingTransaction(null)
        const message = failureMessage(failure)
        if (message) setError(message)
      } finally {
        waiting.current = null
        onSettledRef.current()
      }
    },
    [config, failureMessage],
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
      const connected = isConnected && address !== undefined
      const guard = guardMessage({ online: navigator.onLine, connected, chainId, chain })
      if (guard !== null || address === undefined || chainId === undefined) {
        if (guard) setError(guard)
        return
      }
      let hash: Hash
      setSubmitting(action.id)
      try {
        const { request } = await action.simulate()
        hash = await writeContract(config, request)
      } catch (failure) {
        const message = failureMessage(failure)
        if (message) setError(message)
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
    [address, chainId, chain, config, isConnected, settle, submitting, failureMessage],
  )

  return { run, pending, error, clearError: useCallback(() => setError(null), []) }
}
