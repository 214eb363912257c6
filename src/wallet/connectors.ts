import type { Wallet, WalletList } from '@rainbow-me/rainbowkit'
import type { CreateConnectorFn } from 'wagmi'
import { withDisconnectIntent } from './connectionEnd'

/** WalletConnect's options every WalletConnect connector gets, as in RainbowKit's `walletConnectParameters`. */
export type WalletConnectParameters = { relayUrl?: string }

type Options = AppIntroduction & { projectId: string; walletConnectParameters?: WalletConnectParameters }

/** How the app introduces itself to a wallet over WalletConnect: its name, what it does, and its icon's URL. */
export type AppIntroduction = { appName: string; appDescription?: string; appIcon?: string }

/** What a wallet shows of the app when it connects over WalletConnect, built as RainbowKit builds it. */
export function walletConnectMetadata({ appName, appDescription, appIcon }: AppIntroduction) {
  return {
    name: appName,
    description: appDescription ?? appName,
    url: window.location.origin,
    icons: appIcon ? [appIcon] : [],
  }
}

/**
 * RainbowKit's `connectorsForWallets` (same wallets, order and `rkDetails`; connectors.parity.test.ts proves it),
 * without importing RainbowKit's main module, which loads only when a holder connects.
 */
export function connectorsForWallets(
  walletList: WalletList,
  { appName, appDescription, appIcon, projectId, walletConnectParameters }: Options,
): CreateConnectorFn[] {
  const metadata = walletConnectMetadata({ appName, appDescription, appIcon })
  const prepare = (create: CreateConnectorFn) =>
    withDeferredSetup(withDisconnectIntent(walletConnectParameters?.relayUrl ? withOwnRelay(create) : create))
  const seen = new Set<string>()
  const connectors: CreateConnectorFn[] = []
  let index = -1
  for (const [groupIndex, { groupName, wallets }] of walletList.entries()) {
    for (const createWallet of wallets) {
      index++
      const wallet: Wallet = createWallet({
        projectId,
        appName,
        appIcon,
        options: { metadata, ...walletConnectParameters },
        walletConnectParameters: { metadata, ...walletConnectParameters },
      })
      if (seen.has(wallet.id) || wallet.hidden?.()) continue
      seen.add(wallet.id)
      const { createConnector, hidden: _hidden, ...walletMeta } = wallet
      const details = (extra: { isWalletConnectModalConnector?: boolean; showQrModal?: true } = {}) => ({
        rkDetails: Object.fromEntries(
          Object.entries({
            ...walletMeta,
            index,
            groupIndex: groupIndex + 1,
            groupName,
            isRainbowKitConnector: true,
            ...extra,
          }).filter(([, value]) => value !== undefined),
        ) as Parameters<Wallet['createConnector']>[0]['rkDetails'],
      })
      if (wallet.id === 'walletConnect') {
        connectors.push(prepare(createConnector(details({ isWalletConnectModalConnector: true, showQrModal: true }))))
      }
      connectors.push(prepare(createConnector(details())))
    }
  }
  return connectors
}

/**
 * Defers an SDK connector's `setup` (where WalletConnect and MetaMask load several hundred KB of SDK) from the
 * config's creation to the first request for its provider: when the holder picks that wallet or it reconnects.
 */
export function withDeferredSetup(create: CreateConnectorFn): CreateConnectorFn {
  return (config) => {
    const connector = create(config)
    const { setup, getProvider } = connector
    if (!setup || connector.type === 'injected') return connector
    let setUp = false
    return {
      ...connector,
      setup: undefined,
      getProvider(...args: Parameters<typeof getProvider>) {
        if (!setUp) {
          setUp = true
          // `this` is the connector wagmi built around this object, as in wagmi's own call to `setup`.
          setup.call(this).catch((error: unknown) => console.warn(`Could not set up ${connector.name}.`, error))
        }
        return getProvider.apply(this, args)
      },
    }
  }
}

/** The part of WalletConnect's provider that registers each request with its Verify service. */
type VerifyingProvider = { signer?: { client?: { core?: { verify?: { register?: unknown } } } } }

/**
 * For a WalletConnect connector talking to a relay of the deployment's own (the local demo's, the tests'): no
 * attestations from WalletConnect's Verify service, which such a relay's wallets cannot check either. Where that
 * service cannot be reached, each proposal and request would otherwise wait 5 s for it.
 */
export function withOwnRelay(create: CreateConnectorFn): CreateConnectorFn {
  return (config) => {
    const connector = create(config)
    if (connector.type !== 'walletConnect') return connector
    const { getProvider } = connector
    return {
      ...connector,
      async getProvider(...args: Parameters<typeof getProvider>) {
        const provider = await getProvider.apply(this, args)
        const verify = (provider as VerifyingProvider | undefined)?.signer?.client?.core?.verify
        if (verify) verify.register = async () => ''
        return provider
      },
    }
  }
}

/** The part of WalletConnect's relayer that opens the relay socket: `createProvider` makes each attempt's connection. */
type Relayer = {
  createProvider: () => Promise<void>
  provider?: { connection?: { once?: (event: 'register_error', listener: () => void) => void } }
}
type RelayingProvider = { signer?: { client?: { core?: { relayer?: Relayer } } } }

const socketFailureListeners = new WeakMap<Relayer, Set<() => void>>()

/**
 * Calls `listener` each time a socket to the relay fails to open, from the next attempt of `provider` (a WalletConnect
 * connector's provider) on. The SDK retries five times over about ten seconds before it reports anything; a holder
 * waiting in front of a sheet should hear at once. Returns a function that stops listening.
 */
export function onRelaySocketFailure(provider: unknown, listener: () => void): () => void {
  const relayer = (provider as RelayingProvider | undefined)?.signer?.client?.core?.relayer
  if (typeof relayer?.createProvider !== 'function') return () => undefined
  let listeners = socketFailureListeners.get(relayer)
  if (!listeners) {
    const notify = new Set<() => void>()
    listeners = notify
    socketFailureListeners.set(relayer, notify)
    const createProvider = relayer.createProvider.bind(relayer)
    relayer.createProvider = async () => {
      await createProvider()
      relayer.provider?.connection?.once?.('register_error', () => {
        for (const each of notify) each()
      })
    }
  }
  const registered = listeners
  registered.add(listener)
  return () => registered.delete(listener)
}
