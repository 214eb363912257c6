import type { Wallet } from '@rainbow-me/rainbowkit'
import { safeWallet } from '@rainbow-me/rainbowkit/wallets'
import { useEffect, useState } from 'react'
import { createConnector, useAccount } from 'wagmi'
import { safe } from 'wagmi/connectors'
import { SAFE_WALLET_ORIGIN } from '../config/safeWallet'

/** The Safe{Wallet} web app: the only parent the portal answers as a Safe App. */
export const SAFE_APP_ORIGINS = [new RegExp(`^${SAFE_WALLET_ORIGIN.replaceAll('.', '\\.')}$`)]

/**
 * How long the portal, framed, waits for its parent to answer as a Safe before it gives up. A page that frames the
 * portal but is not a Safe never answers; a Safe answers in a few milliseconds.
 */
export const SAFE_INFO_TIMEOUT_MS = 1_000

/**
 * RainbowKit's Safe wallet with its connector set up for the portal: it answers only Safe{Wallet}'s origin and stops
 * waiting after {@link SAFE_INFO_TIMEOUT_MS}. Like RainbowKit's, it exists only inside a frame, and its SDK loads only
 * when it is asked for its provider.
 */
export function safeAppWallet(): Wallet {
  const wallet = safeWallet()
  return {
    ...wallet,
    createConnector: (walletDetails) =>
      createConnector((config) => ({
        ...safe({ allowedDomains: SAFE_APP_ORIGINS, unstable_getInfoTimeout: SAFE_INFO_TIMEOUT_MS })(config),
        ...walletDetails,
      })),
  }
}

/** Whether `provider` (a Safe App's) belongs to a Safe opened by someone who is not one of its owners. */
export function isReadOnlySafe(provider: unknown): boolean {
  return (provider as { safe?: { isReadOnly?: unknown } } | undefined)?.safe?.isReadOnly === true
}

/** Whether the connected wallet is a Safe opened in Safe{Wallet} by someone who is not one of its owners. */
export function useReadOnlySafe(): boolean {
  const { connector, status } = useAccount()
  const [readOnly, setReadOnly] = useState(false)
  useEffect(() => {
    if (status !== 'connected' || connector?.type !== 'safe') {
      setReadOnly(false)
      return
    }
    let live = true
    connector.getProvider().then(
      (provider) => live && setReadOnly(isReadOnlySafe(provider)),
      () => live && setReadOnly(false),
    )
    return () => {
      live = false
    }
  }, [connector, status])
  return readOnly
}

/** The part of the Safe Apps SDK the portal uses: a Safe transaction's state, from Safe{Wallet}. */
export type SafeTransactionDetails = {
  txStatus: 'AWAITING_CONFIRMATIONS' | 'AWAITING_EXECUTION' | 'SUCCESS' | 'FAILED' | 'CANCELLED'
  txHash?: string | null
  detailedExecutionInfo?: {
    type?: string
    nonce?: number
    confirmationsRequired?: number
    confirmationsSubmitted?: number
    confirmations?: readonly unknown[]
  } | null
}

type SafeAppsProvider = { sdk?: { txs?: { getBySafeTxHash?: (hash: string) => Promise<SafeTransactionDetails> } } }

/**
 * Looks a Safe transaction up by its hash through the connected Safe's provider (Safe{Wallet} answers from its
 * transaction service). Undefined when `provider` is not a Safe App's.
 */
export function safeTransactionLookup(
  provider: unknown,
): ((safeTxHash: string) => Promise<SafeTransactionDetails>) | undefined {
  const txs = (provider as SafeAppsProvider | undefined)?.sdk?.txs
  const lookup = txs?.getBySafeTxHash
  return typeof lookup === 'function' ? (hash) => lookup.call(txs, hash) : undefined
}
