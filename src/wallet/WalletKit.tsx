import { Trans, useLingui } from '@lingui/react/macro'
import { useIsFetching, useIsRestoring } from '@tanstack/react-query'
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useState } from 'react'
import { useAccount, useAccountEffect } from 'wagmi'
import { shortenAddress } from '../domain/format'
import { platform } from '../lib/device'
import { positionShown } from '../lib/positionShown'
import { useStore } from '../lib/store'
import { forgetDeepLinkChoice } from './deepLinkStore'
import { loadWalletKit } from './loadWalletKit'
import {
  buttonSlots,
  openAccountModalWhenReady,
  openConnectModalWhenReady,
  phoneSheetOpen,
  walletKit,
  walletKitWanted,
} from './walletKitState'

/** The phone's connect sheet, loaded when a holder on a phone first presses Connect. */
const PhoneConnectSheet = lazy(() => import('./PhoneConnectSheet'))

/** Phones get the app's own connect sheet, which can open a wallet app inside the tap; desktops get RainbowKit's. */
const onPhone = platform() !== 'desktop'

const closePhoneSheet = () => phoneSheetOpen.set(false)

/** Opens RainbowKit's connect modal, loading RainbowKit first if needed. */
export function openWalletKitModal(): Promise<unknown> {
  openConnectModalWhenReady()
  return loadWalletKit()
}

let nextSlotId = 0

/** Starts connecting: the phone's own sheet on a phone, RainbowKit's modal elsewhere. */
export function connectWallet(): Promise<unknown> {
  if (onPhone) {
    phoneSheetOpen.set(true)
    return Promise.resolve()
  }
  return openWalletKitModal()
}

/** Longest wait for the page's reads to settle and the figures to show before RainbowKit loads anyway. */
const KIT_DELAY_LIMIT_MS = 4_000

/** Runs `task` when the main thread is idle (or soon, where the browser cannot tell); returns a cancel function. */
function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task, { timeout: 1_000 })
    return () => window.cancelIdleCallback(handle)
  }
  const handle = setTimeout(task, 200)
  return () => clearTimeout(handle)
}

/**
 * Mounts RainbowKit (about 100 KB gzipped with the viem actions it needs, and a long task) only when it is needed. It
 * sits beside the page, not around it: wrapping the page late would remount it and re-run its reads; its buttons reach
 * the page through portals.
 *
 * - On a desktop, for an active wallet, once the page's reads have settled and the position is on screen, so it never
 *   holds the position back: its header button shows the wallet's ETH balance.
 * - On a phone its header button would add only an avatar to the address, so the portal's own address button stays
 *   until the holder taps it (RainbowKit's account modal opens), a transaction is sent (its recent transactions record
 *   it), or the wallet is on a network the portal does not serve (its Wrong network button offers the switch).
 * - Whenever a holder asks to connect through it.
 */
export function WalletKitBoundary({ children }: { children: ReactNode }) {
  const module = useStore(walletKit)
  const { status, chain } = useAccount()
  const restoring = useIsRestoring()
  const fetching = useIsFetching()
  const shown = useStore(positionShown)
  const walletActive = status === 'reconnecting' || status === 'connected'
  const offNetwork = status === 'connected' && chain === undefined
  const wanted = useStore(walletKitWanted)
  useEffect(() => {
    if (module) return
    if (offNetwork || wanted) {
      void loadWalletKit()
      return
    }
    if (!walletActive || onPhone) return
    if (restoring || fetching > 0 || !shown) {
      const limit = setTimeout(() => void loadWalletKit(), KIT_DELAY_LIMIT_MS)
      return () => clearTimeout(limit)
    }
    return whenIdle(() => void loadWalletKit())
  }, [walletActive, offNetwork, wanted, module, restoring, fetching, shown])
  useConnectedWalletMemory()
  const sheetOpen = useStore(phoneSheetOpen)
  return (
    <>
      {children}
      {module && <module.WalletKitLayer />}
      {sheetOpen && (
        <Suspense fallback={null}>
          <PhoneConnectSheet onClose={closePhoneSheet} onMoreWallets={() => void openWalletKitModal()} />
        </Suspense>
      )}
    </>
  )
}

/**
 * Each wallet that connects goes to the phone sheet's recent wallets, by the name it gives itself; once it
 * disconnects (the holder, the wallet, or an expired session), WalletConnect's SDK no longer opens its app. The wallet
 * list loads only once a wallet has connected.
 */
function useConnectedWalletMemory() {
  const { connector, status } = useAccount()
  useAccountEffect({ onDisconnect: forgetDeepLinkChoice })
  useEffect(() => {
    if (status !== 'connected' || !connector) return
    // Offline (a wallet in the page reconnecting) it may not load: the sheet it serves needs the network anyway.
    void import('./connectedWallet').then(
      (wallet) => wallet.rememberConnectedWallet(connector),
      () => undefined,
    )
  }, [connector, status])
}

/**
 * RainbowKit's ConnectButton once loaded. Until then: for a connected wallet, its address (a tap loads RainbowKit and
 * opens its account modal); otherwise a plain button that loads RainbowKit and opens the connect modal (on a phone,
 * the portal's own connect sheet).
 */
export function WalletButton() {
  const module = useStore(walletKit)
  const { t } = useLingui()
  const { status, address } = useAccount()
  const [loading, setLoading] = useState(false)
  const slot = useCallback((element: HTMLElement | null) => {
    if (!element) return
    const id = nextSlotId++
    buttonSlots.set([...buttonSlots.get(), { id, element }])
    return () => buttonSlots.set(buttonSlots.get().filter((candidate) => candidate.id !== id))
  }, [])
  const sheetOpen = useStore(phoneSheetOpen)
  const walletActive = status === 'reconnecting' || status === 'connected'
  // `data-rk` scopes RainbowKit's styles, which apply only inside an element carrying it.
  if (module && (walletActive || !onPhone)) {
    return <span ref={slot} className="wallet-button" data-rk="" style={{ display: 'contents' }} />
  }
  if (walletActive) {
    return (
      <button
        type="button"
        className="button connect-button"
        aria-haspopup="dialog"
        disabled={!address || loading}
        onClick={() => {
          setLoading(true)
          openAccountModalWhenReady()
          void loadWalletKit().catch(() => setLoading(false))
        }}
      >
        {address ? shortenAddress(address) : t`Connecting…`}
      </button>
    )
  }
  if (onPhone) {
    return (
      <button
        type="button"
        className="button connect-button"
        disabled={sheetOpen}
        onClick={() => phoneSheetOpen.set(true)}
      >
        {sheetOpen ? t`Connecting…` : t`Connect Wallet`}
      </button>
    )
  }
  return (
    <button
      type="button"
      className="button connect-button"
      disabled={loading}
      onClick={() => {
        setLoading(true)
        void openWalletKitModal().catch(() => setLoading(false))
      }}
    >
      <Trans>Connect Wallet</Trans>
    </button>
  )
}
