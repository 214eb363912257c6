import type { WalletList } from '@rainbow-me/rainbowkit'
import {
  coinbaseWallet,
  injectedWallet,
  metaMaskWallet,
  rainbowWallet,
  safeWallet,
  walletConnectWallet,
} from '@rainbow-me/rainbowkit/wallets'
import { createConfig, http } from 'wagmi'
import { chainFor } from '../config/chains'
import type { AppConfig } from '../config/env'
import { connectorsForWallets } from './connectors'
import { localTestWallet } from './localTestWallet'

export const APP_NAME = 'NAI Vesting & Claim Portal'

/**
 * The curated wallet list. EIP-6963 wallets the browser announces are added by wagmi's provider discovery, so
 * MetaMask, Rabby and others show up as installed wallets even without a WalletConnect project id. Wallets that
 * fall back to WalletConnect are only listed when a project id is configured.
 */
export function walletList(appConfig: AppConfig, rpcUrl: string): WalletList {
  const wallets = appConfig.walletConnectProjectId
    ? [injectedWallet, metaMaskWallet, rainbowWallet, coinbaseWallet, walletConnectWallet, safeWallet]
    : [injectedWallet, coinbaseWallet, safeWallet]
  const groups: WalletList = [{ groupName: 'Popular', wallets }]
  if (appConfig.chainId === 31337) {
    groups.unshift({ groupName: 'Local chain', wallets: [localTestWallet(rpcUrl, appConfig.chainId)] })
  }
  return groups
}

export function createWagmiConfig(appConfig: AppConfig) {
  const chain = chainFor(appConfig)
  const rpcUrl = chain.rpcUrls.default.http[0] ?? ''
  const connectors = connectorsForWallets(walletList(appConfig, rpcUrl), {
    appName: APP_NAME,
    projectId: appConfig.walletConnectProjectId ?? '',
  })
  return createConfig({
    chains: [chain],
    connectors,
    transports: { [chain.id]: http(rpcUrl) },
  })
}

export type WagmiConfig = ReturnType<typeof createWagmiConfig>

declare module 'wagmi' {
  interface Register {
    config: WagmiConfig
  }
}
