/** The WalletConnect pairing the phone's sheet makes while it is open. */
import { useEffect, useRef, useState } from 'react'
import type { Connector } from 'wagmi'
import { connect } from 'wagmi/actions'
import { createStore, type Store, useStore } from '../../lib/store'
import { onRelaySocketFailure } from '../connectors'
import { chooseDeepLink } from '../deepLinkChoice'
import { type Pairing, type PairingState, startPairing } from '../pairing'
import type { WagmiConfig } from '../wagmi'

/**
 * Starts a pairing through wagmi's WalletConnect connector while the sheet is open, once `enabled`. Once approved,
 * the wallet app may be opened by the SDK for each request when `throughListedApp()` says the holder reached it from
 * the sheet's list of wallet apps.
 */
export function usePairing(
  config: WagmiConfig,
  connector: Connector,
  enabled: boolean,
  throughListedApp: () => boolean,
): { pairing: Pairing | undefined; state: PairingState } {
  const [pairing, setPairing] = useState<Pairing>()
  const route = useRef(throughListedApp)
  route.current = throughListedApp
  useEffect(() => {
    if (!enabled) return
    const failureListeners = new Set<() => void>()
    // Watching the relay socket starts before the connection opens one.
    const watching = connector.getProvider().then(
      (provider) =>
        onRelaySocketFailure(provider, () => {
          for (const listener of failureListeners) listener()
        }),
      () => () => undefined,
    )
    const started = startPairing({
      connect: () =>
        watching
          .then(() => connect(config, { connector }))
          .then(async (connected) => {
            await chooseDeepLink(connector, route.current())
            return connected
          }),
      onRelayFailure: (listener) => {
        failureListeners.add(listener)
        return () => failureListeners.delete(listener)
      },
      onUri: (listener) => {
        const onMessage = ({ type, data }: { type: string; data?: unknown }) => {
          if (type === 'display_uri' && typeof data === 'string') listener(data)
        }
        connector.emitter.on('message', onMessage)
        return () => connector.emitter.off('message', onMessage)
      },
    })
    setPairing(started)
    return () => {
      started.close()
      void watching.then((stop) => stop())
    }
  }, [config, connector, enabled])
  const state = useStore(pairing?.state ?? PREPARING)
  return { pairing, state }
}

const PREPARING: Store<PairingState> = createStore<PairingState>({ status: 'preparing' })
