import { useCallback, useEffect, useRef, useState } from 'react'
import type { Address, Hash } from 'viem'
import { getBlockNumber, getTransaction, getTransactionCount } from 'viem/actions'
import { useAccount, useConfig } from 'wagmi'
import { getAccount, getClient, writeContract } from 'wagmi/actions'
import { type ErrorDescription, isWalletRequestExpiry } from '../lib/errors'
import { type ExplorerLink, transactionLink } from '../lib/explorer'
import {
  awaitBatchOutcome,
  awaitOutcome,
  awaitSafeOutcome,
  findRequestedTransaction,
  isNetworkFailure,
  type Outcome,
  type OutcomeStatus,
} from './awaitOutcome'
import { guardMessage, READ_ONLY_SAFE } from './guard'
import {
  activePendingTransaction,
  batchKey,
  clearPendingTransaction,
  isTransactionHash,
  type PendingTransaction,
  readPendingTransaction,
  requestKey,
  type SafeProgress,
  usePendingTransaction,
  writePendingTransaction,
} from './pendingTransaction'
import { isReadOnlySafe, safeTransactionLookup } from './safeApp'
import { addRecentTransaction } from './walletKitState'

type WriteRequest = Parameters<typeof writeContract>[1]

export type Action<Id extends string> = {
  id: Id
  /** Shown in the wallet's recent transactions. */
  description: string
  /** Simulates the call (so a revert is explained before the wallet is asked) and returns the request to send. */
  simulate: () => Promise<{ request: WriteRequest }>
  /**
   * Sends a batch of calls (EIP-5792 `wallet_sendCalls`) instead of that request, once the simulation has passed, and
   * returns the wallet's batch id (inside a Safe: the Safe transaction's hash).
   */
  send?: () => Promise<string>
  /**
   * The log this write emits for the holder (its address and topics): finds the transaction again if the page is gone
   * before the wallet answers.
   */
  trace?: { address: Address; topics: Hash[] }
}

/** How a report reads: a success, a failure, or news about a write still being waited for. */
export type ReportTone = 'success' | 'failure' | 'waiting'

/**
 * For each way a write ends: whether it is over (the pending record goes), how it reads, what the holder is told,
 * and what they are told when it ends after they stopped waiting for it (`null`: nothing yet).
 */
const OUTCOMES: {
  [status in OutcomeStatus]: { over: boolean; tone: ReportTone; message: string; afterDismissed: string | null }
} = {
  success: {
    over: true,
    tone: 'success',
    message: 'Your transaction was confirmed.',
    afterDismissed: 'The transaction you stopped waiting for was confirmed after all.',
  },
  reverted: {
    over: true,
    tone: 'failure',
    message: 'The transaction was reverted on chain. Nothing was changed.',
    afterDismissed: 'The transaction you stopped waiting for was mined but reverted. Nothing was changed.',
  },
  cancelled: {
    over: true,
    tone: 'failure',
    message: 'The transaction was cancelled in your wallet.',
    afterDismissed: 'The transaction you stopped waiting for was cancelled in your wallet.',
  },
  replaced: {
    over: true,
    tone: 'failure',
    message: 'Your transaction was replaced in your wallet. The figures show the outcome.',
    afterDismissed:
      'The transaction you stopped waiting for was replaced in your wallet. The figures show the outcome.',
  },
  offline: {
    over: false,
    tone: 'failure',
    message:
      'The network could not be reached while waiting for your transaction. It will be checked again when you are back online.',
    afterDismissed: null,
  },
  busy: {
    over: false,
    tone: 'waiting',
    message: 'The network is busy. Your transaction is still being watched and will be checked again in a few seconds.',
    afterDismissed: null,
  },
  superseded: {
    over: true,
    tone: 'failure',
    message:
      'The Safe executed another transaction with the same nonce, so this one can no longer run. Nothing was changed.',
    afterDismissed:
      'The Safe transaction you stopped waiting for was replaced by another with the same nonce. Nothing was changed.',
  },
  outsideSafe: {
    over: false,
    tone: 'waiting',
    message: "This transaction waits for the Safe's owners. Open the portal inside your Safe to follow it.",
    afterDismissed: null,
  },
  walletNeeded: {
    over: false,
    tone: 'waiting',
    message: 'Your wallet is following this batch. Connect it to see how it ended.',
    afterDismissed: null,
  },
  batchFailed: {
    over: true,
    tone: 'failure',
    message: 'Your wallet reports that the batch did not go through. Nothing was changed.',
    afterDismissed:
      'Your wallet reports that the batch you stopped waiting for did not go through. Nothing was changed.',
  },
  partial: {
    over: true,
    tone: 'failure',
    message: 'Part of the batch went through and part of it failed. The figures show what changed.',
    afterDismissed:
      'Part of the batch you stopped waiting for went through and part of it failed. The figures show what changed.',
  },
}

/** How long a write whose outcome the busy network could not tell waits before it is looked up again. */
export const PENDING_RECHECK_MS = 10_000

/** What the holder is told when a write has settled (or failed before it was sent), with its explorer page. */
export type WriteReport = { message: string; tone: ReportTone; explorer: ExplorerLink | undefined }

/** The nonce and call of a transaction just sent, when the node already knows it. */
async function sentTransaction(config: Config, hash: Hash) {
  const client = getClient(config)
  const transaction = client ? await getTransaction(client, { hash }).catch(() => undefined) : undefined
  if (!transaction) return {}
  return { nonce: transaction.nonce, to: transaction.to ?? undefined, input: transaction.input }
}

type Config = Parameters<typeof getClient>[0]

/** The block and the holder's next nonce as the wallet is asked: where a write whose answer is missed is looked for. */
async function whereTheChainIs(config: Config, account: Address) {
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

/**
 * Follows a Safe transaction through the connected Safe: its owners' signatures and then its execution are kept in
 * the pending record, and the executing transaction (never the Safe transaction's hash) goes to the wallet's recent
 * transactions once it is known.
 */
async function awaitSafeTransaction(config: Config, record: PendingTransaction): Promise<Outcome> {
  const client = getClient(config)
  const connector = config.connectors.find((each) => each.type === 'safe')
  const framed = window.parent !== window
  const provider = framed ? await connector?.getProvider().catch(() => undefined) : undefined
  const lookup = safeTransactionLookup(provider)
  if (!client || !lookup) return { status: 'outsideSafe' }
  let recorded = record.safe?.txHash !== undefined
  return awaitSafeOutcome(client, lookup, record, (progress: SafeProgress) => {
    const latest = readPendingTransaction()
    if (latest?.hash === record.hash && JSON.stringify(latest.safe) !== JSON.stringify(progress)) {
      writePendingTransaction({ ...latest, safe: progress })
    }
    if (progress.txHash && !recorded) {
      recorded = true
      addRecentTransaction(progress.txHash, record.description)
    }
  })
}

/**
 * Follows a batch of calls through the wallet that sent it (EIP-5792 `wallet_getCallsStatus`); the transactions it
 * mined go to the wallet's recent transactions, never the batch id.
 */
async function awaitBatch(config: Config, record: PendingTransaction & { batch: { id: string } }): Promise<Outcome> {
  const client = getClient(config)
  if (!client) return { status: 'walletNeeded' }
  if (getAccount(config).status !== 'connected') return { status: 'walletNeeded' }
  const { id } = record.batch
  const { getCallsStatus } = await import('./batchCalls')
  return awaitBatchOutcome(
    client,
    () => getCallsStatus(config, { id }),
    (hashes) => {
      for (const hash of hashes) addRecentTransaction(hash, record.description)
    },
  )
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
  const { address, chainId, isConnected, status: connection } = useAccount()
  const stored = usePendingTransaction()
  const [report, setReport] = useState<WriteReport | null>(null)
  const [submitting, setSubmitting] = useState<Id | null>(null)
  const onSettledRef = useRef(options.onSettled)
  onSettledRef.current = options.onSettled
  const describeRef = useRef(options.describeError)
  describeRef.current = options.describeError
  // Several writes can be watched at once: one the holder stopped waiting for, and the one sent after it.
  const waiting = useRef(new Set<Hash>())
  /** The key of the write this page has asked the wallet for and is still waiting on an answer for. */
  const asking = useRef<Hash | null>(null)

  const active = activePendingTransaction(stored)
  const onChain = active && active.chainId === chain.id ? active : null
  const inFlight = onChain && onChain.account === address ? (onChain.action as Id) : null
  const pending = submitting ?? inFlight
  /** Another account's write still being waited for: this account's actions wait for it. */
  const pendingFrom: Address | undefined = onChain && onChain.account !== address ? onChain.account : undefined

  const fail = useCallback((message: string) => setReport({ message, tone: 'failure', explorer: undefined }), [])

  /** The sentence for `failure`, if the holder is to see one. */
  const failureMessage = useCallback((failure: unknown) => {
    const description = describeRef.current(failure)
    return description.kind === 'failed' ? description.message : null
  }, [])

  const settle = useCallback(
    async (record: PendingTransaction, resimulate?: () => Promise<unknown>): Promise<OutcomeStatus | null> => {
      if (waiting.current.has(record.hash)) return null
      waiting.current.add(record.hash)
      try {
        const client = getClient(config)
        if (!client) {
          clearPendingTransaction(record.hash)
          fail(`No connection to ${config.chains[0].name} is configured.`)
          return null
        }
        let outcome: Outcome
        if (record.requested) {
          // The page that asked the wallet is gone: the transaction is found by its event, then waited for as usual.
          const found = await findRequestedTransaction(
            client,
            { ...record, requested: record.requested },
            () => readPendingTransaction()?.hash === record.hash && asking.current !== record.hash,
          )
          if (found === null) return null
          if (typeof found === 'string') {
            const { requested: _, ...rest } = record
            const latest = readPendingTransaction()
            const sent: PendingTransaction = { ...rest, hash: found, dismissed: latest?.dismissed }
            if (latest?.hash === record.hash) writePendingTransaction(sent)
            addRecentTransaction(found, record.description)
            waiting.current.delete(record.hash)
            return settleRef.current(sent, resimulate)
          }
          outcome = found
        } else {
          outcome = record.safe
            ? await awaitSafeTransaction(config, record)
            : record.batch
              ? await awaitBatch(config, { ...record, batch: record.batch })
              : await awaitOutcome(client, record)
        }
        const row = OUTCOMES[outcome.status]
        // Dismissed if the holder stopped waiting, or if a newer write has taken the record's place since.
        const latest = readPendingTransaction()
        const wasDismissed =
          latest === null ? record.dismissed === true : latest.hash !== record.hash || latest.dismissed === true
        if (row.over) clearPendingTransaction(record.hash)
        // A revert is explained by running the call again; the state may have changed since, hence the fallback.
        const reason =
          outcome.status === 'reverted' && resimulate && !wasDismissed
            ? await resimulate().then(
                () => null,
                (failure: unknown) => (isNetworkFailure(failure) ? null : failureMessage(failure)),
              )
            : null
        if (outcome.status === 'busy') {
          // No 'online' event will come: the write is looked up again after a while, if it is still the one recorded.
          window.setTimeout(() => {
            const latest = readPendingTransaction()
            if (latest?.hash === record.hash) void settleRef.current(latest)
          }, PENDING_RECHECK_MS)
        }
        const message = wasDismissed ? row.afterDismissed : (reason ?? row.message)
        if (message === null) return outcome.status
        // A Safe transaction's own hash is not on chain: only its executing transaction has an explorer page.
        const hash =
          'receipt' in outcome
            ? outcome.receipt.transactionHash
            : record.safe || record.batch || record.requested
              ? undefined
              : record.hash
        setReport({ message, tone: row.tone, explorer: row.over && hash ? transactionLink(chain, hash) : undefined })
        return outcome.status
      } catch (failure) {
        clearPendingTransaction(record.hash)
        const message = failureMessage(failure)
        if (message) fail(message)
        return null
      } finally {
        waiting.current.delete(record.hash)
        onSettledRef.current()
      }
    },
    [config, chain, failureMessage, fail],
  )

  const settleRef = useRef(settle)
  settleRef.current = settle

  // Resume waiting for a transaction sent before a reload, and again when the connection comes back. Only the wallet
  // that sent a batch can say how it stands: its record waits for the wallet to reconnect.
  useEffect(() => {
    const resume = () => {
      const record = readPendingTransaction()
      if (!record || record.chainId !== chain.id || record.hash === asking.current) return
      if (record.batch && (connection === 'connecting' || connection === 'reconnecting')) return
      void settle(record)
    }
    resume()
    window.addEventListener('online', resume)
    return () => window.removeEventListener('online', resume)
  }, [chain.id, settle, connection])

  /** Ends the wait for a Safe's answer, when the holder stops waiting. */
  const stopAsking = useRef<(() => void) | null>(null)

  /**
   * The Safe's answer to `ask`, or how the write settled without one. An owner may add the write to Safe{Wallet}'s
   * batch instead of signing it: the Safe then never answers, so the holder's event is looked for meanwhile (as for
   * a write whose answer the page missed), and the batch's execution settles it. The holder may stop waiting.
   */
  const safeAnswer = useCallback(
    async (
      ask: Promise<{ hash: Hash } | { batch: string }>,
      requested: PendingTransaction,
    ): Promise<
      { kind: 'sent'; sent: { hash: Hash } | { batch: string } } | { kind: 'settled'; status: OutcomeStatus | null }
    > => {
      const never = new Promise<never>(() => {})
      const found = settleRef
        .current(requested)
        .then((status) => (status !== null && OUTCOMES[status].over ? { kind: 'settled' as const, status } : never))
      const stopped = new Promise<{ kind: 'settled'; status: null }>((resolve) => {
        stopAsking.current = () => resolve({ kind: 'settled', status: null })
      })
      try {
        return await Promise.race([ask.then((sent) => ({ kind: 'sent' as const, sent })), found, stopped])
      } finally {
        stopAsking.current = null
      }
    },
    [],
  )

  /** Runs `action` and resolves with how it ended (`null`: it was not sent, or its outcome could not be told). */
  const run = useCallback(
    async (action: Action<Id>): Promise<OutcomeStatus | null> => {
      // A record from another chain (another build on this origin) is never settled here: it holds nothing back.
      const stored = activePendingTransaction(readPendingTransaction())
      const current = stored && stored.chainId === chain.id ? stored : null
      if (submitting) return null
      setReport(null)
      const connected = isConnected && address !== undefined
      const guard = guardMessage({
        online: navigator.onLine,
        connected,
        chainId,
        chain,
        pendingFrom: current && current.account !== address ? current.account : undefined,
      })
      if (guard !== null || address === undefined || chainId === undefined) {
        if (guard) fail(guard)
        return null
      }
      if (current) return null
      // Inside a Safe the wallet answers with the Safe transaction's hash: the owners still have to sign it.
      const connector = getAccount(config).connector
      const proposedToSafe = connector?.type === 'safe'
      if (proposedToSafe && isReadOnlySafe(await connector.getProvider().catch(() => undefined))) {
        fail(READ_ONLY_SAFE)
        return null
      }
      let sent: { hash: Hash } | { batch: string }
      let requested: PendingTransaction | null = null
      let asked: Awaited<ReturnType<typeof whereTheChainIs>>
      setSubmitting(action.id)
      try {
        const { trace } = action
        const [{ request }, chainNow] = await Promise.all([
          action.simulate(),
          // A Safe's owners may add the write to a batch of their own and never answer: it is then found by its event.
          trace && (proposedToSafe || !action.send) ? whereTheChainIs(config, address) : undefined,
        ])
        asked = chainNow
        if (trace && asked) {
          requested = {
            hash: requestKey(),
            action: action.id,
            description: action.description,
            account: address,
            chainId,
            requested: { ...asked, logs: trace, ...(proposedToSafe ? { safe: true } : {}) },
          }
          writePendingTransaction(requested)
          if (!proposedToSafe) asking.current = requested.hash
        }
        const ask: Promise<{ hash: Hash } | { batch: string }> = action.send
          ? action.send().then((batch) => ({ batch }))
          : writeContract(config, request).then((hash) => ({ hash }))
        if (proposedToSafe && requested) {
          const answer = await safeAnswer(ask, requested)
          if (answer.kind === 'settled') return answer.status
          sent = answer.sent
        } else sent = await ask
      } catch (failure) {
        if (requested?.requested && !proposedToSafe && isWalletRequestExpiry(failure)) {
          // WalletConnect stopped waiting for the wallet after five minutes, but the holder may still approve there:
          // the write stays recorded and is looked for by its event, like one whose answer the page missed.
          const unanswered: PendingTransaction = {
            ...requested,
            requested: { ...requested.requested, unanswered: true },
          }
          if (readPendingTransaction()?.hash === requested.hash) writePendingTransaction(unanswered)
          asking.current = null
          return settle(unanswered)
        }
        if (requested) clearPendingTransaction(requested.hash)
        const message = failureMessage(failure)
        if (message) fail(message)
        return null
      } finally {
        asking.current = null
        setSubmitting(null)
      }
      const hash = 'hash' in sent ? sent.hash : proposedToSafe ? sent.batch : batchKey(sent.batch)
      if (!isTransactionHash(hash)) {
        fail('The Safe answered with a transaction id the portal cannot follow. Check the transaction in your Safe.')
        return null
      }
      const record: PendingTransaction = {
        hash,
        action: action.id,
        description: action.description,
        account: address,
        chainId,
        ...(proposedToSafe
          ? { safe: asked ? { fromBlock: asked.fromBlock } : {} }
          : 'batch' in sent
            ? { batch: { id: sent.batch } }
            : await sentTransaction(config, hash)),
      }
      writePendingTransaction(record)
      if (!proposedToSafe && 'hash' in sent) addRecentTransaction(hash, action.description)
      return settle(record, action.simulate)
    },
    [address, chainId, chain, config, isConnected, settle, submitting, failureMessage, fail, safeAnswer],
  )

  /** Frees the actions while the write goes on being watched; its outcome is still reported when it comes. */
  const stopWaiting = useCallback(() => {
    const record = readPendingTransaction()
    if (record && !record.dismissed) writePendingTransaction({ ...record, dismissed: true })
    stopAsking.current?.()
  }, [])

  return {
    run,
    pending,
    pendingFrom,
    /** The write being waited for on this chain, whichever account sent it. */
    waitingFor: onChain,
    /** A write the holder stopped waiting for is still being watched. */
    watchingInBackground: stored?.dismissed === true && stored.chainId === chain.id,
    stopWaiting,
    report,
    clearReport: useCallback(() => setReport(null), []),
  }
}
