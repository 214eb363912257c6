import type { Wallet, WalletList } from '@rainbow-me/rainbowkit'
import type { CreateConnectorFn } from 'wagmi'

type Options = { appName: string; projectId: string }

/**
 * RainbowKit's `connectorsForWallets` (same wallets, order and `rkDetails`; connectors.parity.test.ts proves it),
 * without importing RainbowKit's main module, which loads only when a holder connects.
 */
export function connectorsForWallets(walletList: WalletList, { appName, projectId }: Options): CreateConnectorFn[] {
  const metadata = { name: appName, description: appName, url: window.location.origin, icons: [] }
  const seen = new Set<string>()
  const connectors: CreateConnectorFn[] = []
  let index = -1
  for (const [groupIndex, { groupName, wallets }] of walletList.entries()) {
    for (const createWallet of wallets) {
      index++
      const wallet: Wallet = createWallet({
        projectId,
        appName,
        options: { metadata },
        walletConnectParameters: { metadata },
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
        connectors.push(
          withDeferredSetup(createConnector(details({ isWalletConnectModalConnector: true, showQrModal: true }))),
        )
      }
      connectors.push(withDeferredSetup(createConnector(details())))
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
