import type { WalletList } from '@rainbow-me/rainbowkit'
import {
  coinbaseWallet,
  injectedWallet,
  metaMaskWallet,
  rainbowWallet,
  walletConnectWallet,
} from '@rainbow-me/rainbowkit/wallets'
import { type CreateConnectorFn, createConfig } from 'wagmi'
import { walletConnect } from 'wagmi/connectors'
import { chainFor } from '../config/chains'
import type { AppConfig } from '../config/env'
import { type Platform, platform } from '../lib/device'
import { withDisconnectIntent } from './connectionEnd'
import {
  type AppIntroduction,
  connectorsForWallets,
  type WalletConnectParameters,
  walletConnectMetadata,
  withDeferredSetup,
  withOwnRelay,
} from './connectors'
import { holderRpcStore } from './holderRpc'
import { localTestWallet } from './localTestWallet'
import { rpcTransport } from './rpcTransport'
import { safeAppWallet } from './safeApp'

export const APP_NAME = 'NAI Vesting & Claim Portal'

/**
 * The portal as a wallet shows it on its approval screen over WalletConnect: its name, what it does, and its icon by
 * an absolute URL (the wallet fetches it from its side), next to the page wherever the build is served from.
 */
export function appIntroduction(): AppIntroduction {
  return {
    appName: APP_NAME,
    appDescription:
      'See your NAI vesting position, claim and burn in the claim window, unlock what has vested and claim legacy tokens.',
    appIcon: new URL('icons/pwa-192x192.png', document.baseURI).href,
  }
}

/**
 * The curated wallet list RainbowKit shows. EIP-6963 wallets the browser announces are added by wagmi's provider
 * discovery, so MetaMask, Rabby and others show up as installed wallets even without a WalletConnect project id.
 * Wallets that fall back to WalletConnect are only listed when a project id is configured, and only on desktops:
 * phones get them from the app's own sheet (see {@link phoneWalletConnect}), which can open a wallet inside the tap.
 */
export function walletList(appConfig: AppConfig, rpcUrl: string, device: Platform = 'desktop'): WalletList {
  const wallets =
    appConfig.walletConnectProjectId && device === 'desktop'
      ? [injectedWallet, metaMaskWallet, rainbowWallet, coinbaseWallet, walletConnectWallet, safeAppWallet]
      : [injectedWallet, coinbaseWallet, safeAppWallet]
  const groups: WalletList = [{ groupName: 'Popular', wallets }]
  if (appConfig.chainId === 31337) {
    groups.unshift({ groupName: 'Local chain', wallets: [localTestWallet(rpcUrl, appConfig.chainId)] })
  }
  return groups
}

function walletConnectParameters(appConfig: AppConfig): WalletConnectParameters {
  return appConfig.walletConnectRelayUrl ? { relayUrl: appConfig.walletConnectRelayUrl } : {}
}

/**
 * On phones, with a project id: the one WalletConnect connector behind the app's phone sheet (MetaMask, Rainbow and
 * any WalletConnect wallet, all through WalletConnect). RainbowKit does not list it; its SDK loads on first use.
 */
export function phoneWalletConnect(appConfig: AppConfig, device: Platform): CreateConnectorFn | undefined {
  const projectId = appConfig.walletConnectProjectId
  if (!projectId || device === 'desktop') return undefined
  const parameters = walletConnectParameters(appConfig)
  const connector = walletConnect({
    projectId,
    metadata: walletConnectMetadata(appIntroduction()),
    showQrModal: false,
    telemetryEnabled: false,
    ...parameters,
  })
  return withDeferredSetup(withDisconnectIntent(parameters.relayUrl ? withOwnRelay(connector) : connector))
}

/** The holder's own endpoint (if set on this device) is asked first, then the build's. */
export function createWagmiConfig(
  appConfig: AppConfig,
  device: Platform = platform(),
  holderRpcUrl: string | undefined = holderRpcStore(appConfig.chainId).get(),
) {
  const chain = chainFor(appConfig)
  const buildRpcUrls = chain.rpcUrls.default.http
  const rpcUrls = holderRpcUrl ? [holderRpcUrl, ...buildRpcUrls.filter((url) => url !== holderRpcUrl)] : buildRpcUrls
  const rpcUrl = buildRpcUrls[0] ?? ''
  const phoneConnector = phoneWalletConnect(appConfig, device)
  const connectors = [
    ...connectorsForWallets(walletList(appConfig, rpcUrl, device), {
      ...appIntroduction(),
      projectId: appConfig.walletConnectProjectId ?? '',
      walletConnectParameters: walletConnectParameters(appConfig),
    }),
    ...(phoneConnector ? [phoneConnector] : []),
  ]
  return createConfig({
    chains: [chain],
    connectors,
    transports: { [chain.id]: rpcTransport(rpcUrls) },
  })
}

export type WagmiConfig = ReturnType<typeof createWagmiConfig>

declare module 'wagmi' {
  interface Register {
    config: WagmiConfig
  }
}
