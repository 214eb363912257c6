import { t } from '@lingui/core/macro'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import type { Address, Hash } from 'viem'
import { useAccount, useConfig } from 'wagmi'
import { getAccount, getClient, writeContract } from 'wagmi/actions'
import { useAppConfig } from '../config/AppConfigContext'
import { logLimitsFor } from '../config/chains'
import { type ErrorDescription, isWalletRequestExpiry } from '../lib/errors'
import { lastSeenBlock } from '../lib/readFloors'
import { awaitOutcome, isNetworkFailure, type LogScope, type Outcome, type OutcomeStatus } from './awaitOutcome'
import { guardMessage, readOnlySafeMessage } from './guard'
import {
  activePendingTransaction,
  clearPendingTransaction,
  type PendingTransaction,
  readPendingTransaction,
  usePendingTransaction,
  writePendingTransaction,
} from './pendingTransaction'
import { connectedSafe, type SafeAccount } from './safeAccount'
import { askReadOnlySafe } from './safeApp'
import { forgetSentRequest } from './useWalletToOpen'
import { addRecentTransaction } from './walletKitState'
import { followBatch } from './write/batch'
import { type AskedWrite, findMissedAnswer } from './write/missedAnswer'
import { askedRecord, sentRecord, unansweredRecord, type WriteFacts } from './write/record'
import { isOver, PENDING_RECHECK_MS, settledReport, type WriteReport, wasDismissed } from './write/report'
import { followSafe, type Sent, safeAnswer } from './write/safe'
import { type AskedCall, safeProposal } from './write/safeOverConnection'
import { whereTheChainIs } from './write/wallet'

export type { ReportTone, WriteReport } from './write/report'

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

/**
 * The one write pipeline every action button uses: guard, simulate, ask the wallet, then follow the write to its
 * outcome and refresh what it changed. A pending write survives a reload. Each way of sending is a module of its own
 * (`write/`: a wallet's transaction, a batch, a Safe transaction, a write whose answer the page missed); what the
 * holder is told of an outcome is `write/report.ts`.
 */
export function useTransactor<Id extends string>(options: {
  /** Called whenever a write stops being followed here, with its outcome when the chain told one and its sender. */
  onSettled: (outcome: Outcome | null, account: Address) => void
  /** What the holder is told about a failure, in the words of the feature that writes. */
  describeError: (error: unknown) => ErrorDescription
}) {
  const config = useConfig()
  const chain = config.chains[0]
  const { chainId: appChainId, deploymentBlock } = useAppConfig()
  const scope: LogScope = useMemo(
    () => ({ ...logLimitsFor(appChainId), firstBlock: deploymentBlock }),
    [appChainId, deploymentBlock],
  )
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
  /** Ends the wait for a Safe's answer, when the holder stops waiting. */
  const stopAsking = useRef<(() => void) | null>(null)

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

  /** Follows `record` to its outcome, the way it was sent; `null`: it is no longer followed here. */
  const follow = useCallback(
    async (
      client: NonNullable<ReturnType<typeof getClient>>,
      record: PendingTransaction,
    ): Promise<Outcome | { sent: PendingTransaction } | null> => {
      if (record.requested) {
        const stillAsked = () => readPendingTransaction()?.hash === record.hash && asking.current !== record.hash
        const found = await findMissedAnswer(client, { ...record, requested: record.requested }, stillAsked, scope)
        if (found === null) return null
        return found.kind === 'sent' ? { sent: found.record } : found.outcome
      }
      if (record.safe) return followSafe(config, record, scope)
      if (record.batch) return followBatch(config, { ...record, batch: record.batch })
      return awaitOutcome(client, record)
    },
    [config, scope],
  )

  const settle = useCallback(
    async (record: PendingTransaction, resimulate?: () => Promise<unknown>): Promise<OutcomeStatus | null> => {
      if (waiting.current.has(record.hash)) return null
      waiting.current.add(record.hash)
      let settled: Outcome | null = null
      try {
        const client = getClient(config)
        if (!client) {
          clearPendingTransaction(record.hash)
          const chainName = config.chains[0].name
          fail(t`No connection to ${chainName} is configured.`)
          return null
        }
        const followed = await follow(client, record)
        if (followed === null) return null
        if ('sent' in followed) {
          // Found by its event: from here on it is waited for as any sent transaction.
          waiting.current.delete(record.hash)
          return settleRef.current(followed.sent, resimulate)
        }
        const outcome = followed
        settled = outcome
        const dismissed = wasDismissed(record, readPendingTransaction())
        if (isOver(outcome.status)) clearPendingTransaction(record.hash)
        // A revert is explained by running the call again; the state may have changed since, hence the fallback.
        const reason =
          outcome.status === 'reverted' && resimulate && !dismissed
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
        const told = settledReport({ outcome, record, dismissed, reason, chain })
        if (told) setReport(told)
        return outcome.status
      } catch (failure) {
        clearPendingTransaction(record.hash)
        const message = failureMessage(failure)
        if (message) fail(message)
        return null
      } finally {
        waiting.current.delete(record.hash)
        onSettledRef.current(settled, record.account)
      }
    },
    [config, chain, follow, failureMessage, fail],
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
        inSafe: getAccount(config).connector?.type === 'safe',
      })
      if (guard !== null || address === undefined || chainId === undefined) {
        if (guard) fail(guard)
        return null
      }
      if (current) return null
      // Inside a Safe the wallet answers with the Safe transaction's hash: the owners still have to sign it.
      const connector = getAccount(config).connector
      const inSafeApp = connector?.type === 'safe'
      // Safe{Wallet} says who may act for whoever is connected there now: asked before each write.
      if (inSafeApp && (await askReadOnlySafe(await connector.getProvider().catch(() => undefined)))) {
        fail(readOnlySafeMessage())
        return null
      }
      // A Safe connected over WalletConnect answers the same way, unless an owner alone executed it at once.
      const client = getClient(config)
      const overConnection = connector?.type === 'walletConnect' && client !== undefined
      let detectionFailed = false
      let safeAccount: SafeAccount | undefined = overConnection
        ? await connectedSafe(client, address).catch(() => {
            detectionFailed = true
            return undefined
          })
        : undefined
      const proposedToSafe = inSafeApp || safeAccount !== undefined
      const facts: WriteFacts = { action: action.id, description: action.description, account: address, chainId }
      let sent: Sent
      let call: AskedCall | undefined
      let requested: AskedWrite | null = null
      let asked: Awaited<ReturnType<typeof whereTheChainIs>> | undefined
      setSubmitting(action.id)
      try {
        const { trace } = action
        const [{ request }, chainNow] = await Promise.all([
          action.simulate(),
          // A Safe's owners may add the write to a batch of their own and never answer: it is then found by its event.
          trace && (proposedToSafe || !action.send) ? whereTheChainIs(config, address, scope.firstBlock) : undefined,
        ])
        asked = chainNow
        call = request as AskedCall
        if (trace && asked) {
          requested = askedRecord(facts, asked, trace, proposedToSafe)
          writePendingTransaction(requested)
          if (!proposedToSafe) asking.current = requested.hash
        }
        forgetSentRequest()
        const ask: Promise<Sent> = action.send
          ? action.send().then((batch) => ({ batch }))
          : writeContract(config, request).then((hash) => ({ hash }))
        if (proposedToSafe && requested) {
          const stop = new Promise<void>((resolve) => {
            stopAsking.current = resolve
          })
          const answer = await safeAnswer(ask, settleRef.current(requested), stop).finally(() => {
            stopAsking.current = null
          })
          if (answer.kind === 'settled') return answer.status
          sent = answer.sent
        } else sent = await ask
      } catch (failure) {
        if (requested && !inSafeApp && isWalletRequestExpiry(failure)) {
          // WalletConnect stopped waiting for the wallet after five minutes, but the holder may still approve there:
          // the write stays recorded and is looked for by its event, like one whose answer the page missed.
          const unanswered = unansweredRecord(requested)
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
      // Where the Safe's execution is looked for: from the block the chain was at when it was asked, or when that read
      // failed, from the last block the page has seen.
      const seen = lastSeenBlock(chain.id)
      const fromBlock = asked?.fromBlock ?? (seen === undefined ? undefined : Number(seen))
      // The endpoint failed the Safe's detection at the click: asked again now, so that a Safe's answer is known.
      if (detectionFailed && client) safeAccount = await connectedSafe(client, address).catch(() => undefined)
      const proposal =
        safeAccount && client && call
          ? await safeProposal(client, { sent, account: address, safe: safeAccount, chainId, call })
          : undefined
      const viaSafe = inSafeApp
        ? { fromBlock, trace: action.trace }
        : proposal
          ? { fromBlock, trace: action.trace, ...proposal, chainOnly: true }
          : undefined
      const record = await sentRecord(config, facts, sent, viaSafe)
      if (!record) {
        fail(t`The Safe answered with a transaction id the portal cannot follow. Check the transaction in your Safe.`)
        return null
      }
      writePendingTransaction(record)
      if (!viaSafe && 'hash' in sent) addRecentTransaction(record.hash, action.description)
      return settle(record, action.simulate)
    },
    [address, chainId, chain, config, isConnected, settle, submitting, failureMessage, fail, scope.firstBlock],
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
