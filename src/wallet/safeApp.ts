import type { Wallet } from '@rainbow-me/rainbowkit'
import { safeWallet } from '@rainbow-me/rainbowkit/wallets'
import { useEffect, useState } from 'react'
import { createConnector, useAccount } from 'wagmi'
import { safe } from 'wagmi/connectors'
import { SAFE_WALLET_ORIGIN } from '../config/safeWallet'
import { createStore, useStore } from '../lib/store'

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

/** Whether `provider` (a Safe App's) was opened, when it connected, by someone who is not one of its owners. */
export function isReadOnlySafe(provider: unknown): boolean {
  return (provider as { safe?: { isReadOnly?: unknown } } | undefined)?.safe?.isReadOnly === true
}

/** How long Safe{Wallet} is given to say who may act: it may never answer. */
export const SAFE_VIEWER_TIMEOUT_MS = 3_000
/** How often a Safe open read-only is asked again: an owner or a proposer may connect in Safe{Wallet} meanwhile. */
export const READ_ONLY_RECHECK_MS = 5_000

type SafeInfoSdk = { sdk?: { safe?: { getInfo?: () => Promise<{ safeAddress?: unknown; isReadOnly?: unknown }> } } }

/**
 * The latest answer to "may the wallet connected in Safe{Wallet} act for this Safe?", per Safe. Safe{Wallet} recomputes
 * it on every `getSafeInfo` for whoever is connected there now (an owner, an owner of an owning Safe, or a proposer);
 * the connector's provider keeps only the answer it got when it connected.
 */
const readOnlyBySafe = createStore<Readonly<Record<string, boolean>>>({})

function safeKey(provider: unknown): string | undefined {
  const address = (provider as { safe?: { safeAddress?: unknown } } | undefined)?.safe?.safeAddress
  return typeof address === 'string' ? address.toLowerCase() : undefined
}

/** The latest known answer for `provider`'s Safe: asked again, or else the one it connected with. */
function knownReadOnly(provider: unknown, known = readOnlyBySafe.get()): boolean {
  const key = safeKey(provider)
  return (key === undefined ? undefined : known[key]) ?? isReadOnlySafe(provider)
}

/**
 * Asks Safe{Wallet} again whether the Safe is open read-only (the wallet connected there is no owner and no proposer),
 * keeps the answer and returns it. Safe{Wallet} failing or silent for {@link SAFE_VIEWER_TIMEOUT_MS}: the last answer.
 */
export async function askReadOnlySafe(provider: unknown): Promise<boolean> {
  const key = safeKey(provider)
  const safeApi = (provider as SafeInfoSdk | undefined)?.sdk?.safe
  if (key === undefined || typeof safeApi?.getInfo !== 'function') return knownReadOnly(provider)
  let timer: ReturnType<typeof setTimeout> | undefined
  const silent = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), SAFE_VIEWER_TIMEOUT_MS)
  })
  const info = await Promise.race([safeApi.getInfo().catch(() => undefined), silent]).finally(() => clearTimeout(timer))
  if (info && typeof info.isReadOnly === 'boolean') {
    const readOnly = info.isReadOnly
    if (readOnlyBySafe.get()[key] !== readOnly) readOnlyBySafe.set({ ...readOnlyBySafe.get(), [key]: readOnly })
    return readOnly
  }
  return knownReadOnly(provider)
}

/**
 * Whether the connected wallet is a Safe open in Safe{Wallet} by someone who may not act for it. Asked again whenever
 * the page becomes visible or focused, and every {@link READ_ONLY_RECHECK_MS} while it is read-only, so that the
 * actions come back the moment an owner or a proposer connects there, with no reload.
 */
export function useReadOnlySafe(): boolean {
  const { connector, status } = useAccount()
  const [provider, setProvider] = useState<unknown>(undefined)
  const known = useStore(readOnlyBySafe)
  useEffect(() => {
    setProvider(undefined)
    if (status !== 'connected' || connector?.type !== 'safe') return
    let live = true
    connector.getProvider().then(
      (found) => live && setProvider(found),
      () => undefined,
    )
    return () => {
      live = false
    }
  }, [connector, status])
  const readOnly = provider !== undefined && knownReadOnly(provider, known)
  useEffect(() => {
    if (provider === undefined) return
    const ask = () => void askReadOnlySafe(provider)
    const onVisible = () => document.visibilityState === 'visible' && ask()
    window.addEventListener('focus', ask)
    document.addEventListener('visibilitychange', onVisible)
    const timer = readOnly ? window.setInterval(ask, READ_ONLY_RECHECK_MS) : undefined
    return () => {
      window.removeEventListener('focus', ask)
      document.removeEventListener('visibilitychange', onVisible)
      window.clearInterval(timer)
    }
  }, [provider, readOnly])
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
