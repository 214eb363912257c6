import { useEffect, useState } from 'react'
import { useAccount } from 'wagmi'
import { platform } from '../lib/device'
import { createStore, useStore } from '../lib/store'
import { type SentRequest, type WalletPeer, type WalletToOpen, walletToOpen } from './openWallet'

/** The last request the page sent its WalletConnect wallet: the one an Open link brings the wallet forward for. */
const lastRequest = createStore<SentRequest | undefined>(undefined)

/**
 * Forgets the last request, as a new one is about to be asked: until it is sent, Open links to the wallet app itself,
 * never to a request already answered.
 */
export function forgetSentRequest(): void {
  lastRequest.set(undefined)
}

type SignClientEvents = {
  on: (event: 'session_request_sent', listener: (sent: SentRequest) => void) => void
  off: (event: 'session_request_sent', listener: (sent: SentRequest) => void) => void
}
type WalletConnectProvider = {
  session?: { peer?: { metadata?: WalletPeer } }
  signer?: { client?: SignClientEvents }
}

/**
 * On a phone connected through WalletConnect, the wallet app to bring forward for the request the page is waiting on:
 * its name and a link the holder opens with their own tap (a page may not open another app by itself, outside a
 * tap). Follows each request the page sends (sign-client's `session_request_sent`). `undefined` anywhere else.
 */
export function useWalletToOpen(): WalletToOpen | undefined {
  const { connector, status } = useAccount()
  const [peer, setPeer] = useState<WalletPeer>()
  const request = useStore(lastRequest)
  useEffect(() => {
    setPeer(undefined)
    if (status !== 'connected' || connector?.type !== 'walletConnect' || platform() === 'desktop') return
    let live = true
    let stop: (() => void) | undefined
    connector.getProvider().then(
      (found) => {
        const provider = found as WalletConnectProvider
        if (!live) return
        setPeer(provider.session?.peer?.metadata ?? {})
        const client = provider.signer?.client
        const onSent = ({ id, topic }: SentRequest) => lastRequest.set({ id, topic })
        client?.on('session_request_sent', onSent)
        stop = () => client?.off('session_request_sent', onSent)
      },
      () => undefined,
    )
    return () => {
      live = false
      stop?.()
    }
  }, [connector, status])
  return peer ? walletToOpen(peer, platform(), request) : undefined
}
