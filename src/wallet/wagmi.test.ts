// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import type { AppConfig } from '../config/env'
import { DEMO_LINKS } from '../config/publicLinks'
import { createWagmiConfig, walletList } from './wagmi'

const appConfig: AppConfig = {
  chainId: 1,
  rpcUrls: ['http://127.0.0.1:8545'],
  vestingAddress: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
  legacyAddress: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512',
  walletConnectProjectId: 'abc123',
  walletConnectRelayUrl: undefined,
  knownDeployment: undefined,
  links: DEMO_LINKS,
  deploymentBlock: 0n,
}

const walletIds = (device: 'ios' | 'android' | 'desktop', config = appConfig) =>
  walletList(config, 'http://127.0.0.1:8545', device).flatMap((group) =>
    group.wallets.map((createWallet) => createWallet({ projectId: 'abc123', appName: 'test' }).id),
  )

describe('the wallets per device', () => {
  it('desktops list the WalletConnect wallets in RainbowKit', () => {
    expect(walletIds('desktop')).toEqual(['injected', 'metaMask', 'rainbow', 'coinbase', 'walletConnect', 'safe'])
  })

  it.each(['ios', 'android'] as const)(
    'on %s RainbowKit keeps the rest; one WalletConnect connector serves the sheet',
    (device) => {
      expect(walletIds(device)).toEqual(['injected', 'coinbase', 'safe'])
      const walletConnect = createWagmiConfig(appConfig, device).connectors.filter(
        (connector) => connector.type === 'walletConnect',
      )
      expect(walletConnect).toHaveLength(1)
      // Not one of RainbowKit's: its modal does not list it.
      expect(walletConnect[0]).not.toHaveProperty('rkDetails')
    },
  )

  it('without a project id, phones get no WalletConnect connector', () => {
    const config = createWagmiConfig({ ...appConfig, walletConnectProjectId: undefined }, 'ios')
    expect(config.connectors.filter((connector) => connector.type === 'walletConnect')).toEqual([])
  })
})
