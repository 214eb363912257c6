// @vitest-environment jsdom
/**
 * `connectorsForWallets` in connectors.ts stands in for RainbowKit's own, which lives in RainbowKit's main module
 * (loaded only when a holder connects). RainbowKit is pinned to an exact version; this proves that both build the
 * same wallets, in the same order, with the same details RainbowKit's modal reads (`rkDetails`).
 */
import { connectorsForWallets as rainbowKitConnectorsForWallets, type WalletList } from '@rainbow-me/rainbowkit'
import { describe, expect, it } from 'vitest'
import type { AppConfig } from '../config/env'
import { DEMO_LINKS } from '../config/publicLinks'
import { connectorsForWallets } from './connectors'
import { appIntroduction, walletList } from './wagmi'

type Wallet = ReturnType<WalletList[number]['wallets'][number]>
type WalletDetails = Parameters<Wallet['createConnector']>[0]

/** Functions (icons, deep-link builders) are made afresh for each list; what matters is that both have them. */
function shape(value: unknown): unknown {
  if (typeof value === 'function') return '[function]'
  if (Array.isArray(value)) return value.map(shape)
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, shape(item)]))
  }
  return value
}

/** The wallet list, with each wallet recording what it is created with and the details its connectors get. */
function recording(list: WalletList) {
  const walletParameters: unknown[] = []
  const connectorDetails: unknown[] = []
  const recorded: WalletList = list.map((group) => ({
    ...group,
    wallets: group.wallets.map((createWallet) => (parameters) => {
      walletParameters.push(shape(parameters))
      const wallet = createWallet(parameters)
      return {
        ...wallet,
        createConnector: (details: WalletDetails) => {
          connectorDetails.push(shape(details))
          return wallet.createConnector(details)
        },
      }
    }),
  }))
  return { recorded, walletParameters, connectorDetails }
}

const base: AppConfig = {
  chainId: 31337,
  rpcUrls: ['http://127.0.0.1:8545'],
  vestingAddress: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
  legacyAddress: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512',
  walletConnectProjectId: undefined,
  links: DEMO_LINKS,
  deploymentBlock: 0n,
  walletConnectRelayUrl: undefined,
  knownDeployment: undefined,
}

describe("the wallet list built without RainbowKit's main module", () => {
  it.each<[string, AppConfig]>([
    ['on the local chain, without WalletConnect', base],
    ['on Avalanche, with a WalletConnect project id', { ...base, chainId: 43114, walletConnectProjectId: 'abc123' }],
    [
      'with a project id and a WalletConnect relay of its own',
      { ...base, walletConnectProjectId: 'abc123', walletConnectRelayUrl: 'ws://127.0.0.1:8546' },
    ],
  ])('matches RainbowKit’s own connectorsForWallets %s', (_, appConfig) => {
    const relayUrl = appConfig.walletConnectRelayUrl
    const options = {
      ...appIntroduction(),
      projectId: appConfig.walletConnectProjectId ?? '',
      ...(relayUrl ? { walletConnectParameters: { relayUrl } } : {}),
    }
    const ours = recording(walletList(appConfig, 'http://127.0.0.1:8545'))
    const theirs = recording(walletList(appConfig, 'http://127.0.0.1:8545'))

    const ourConnectors = connectorsForWallets(ours.recorded, options)
    const theirConnectors = rainbowKitConnectorsForWallets(theirs.recorded, options)

    expect(ourConnectors).toHaveLength(theirConnectors.length)
    expect(ours.walletParameters).toEqual(theirs.walletParameters)
    expect(ours.connectorDetails).toEqual(theirs.connectorDetails)
    expect(ours.connectorDetails.length).toBeGreaterThanOrEqual(3)
  })

  it('introduces the portal to wallets: its name, what it does and its icon by an absolute URL next to the page', () => {
    const { recorded, walletParameters } = recording(walletList({ ...base, walletConnectProjectId: 'abc123' }, ''))
    connectorsForWallets(recorded, { ...appIntroduction(), projectId: 'abc123' })
    const metadata = {
      name: 'NAI Vesting & Claim Portal',
      description:
        'See your NAI vesting position, claim and burn in the claim window, unlock what has vested and claim legacy tokens.',
      url: window.location.origin,
      icons: [`${window.location.origin}/icons/pwa-192x192.png`],
    }
    expect(walletParameters[0]).toMatchObject({
      appIcon: metadata.icons[0],
      options: { metadata },
      walletConnectParameters: { metadata },
    })
  })

  it('lists WalletConnect twice, as RainbowKit does: its QR code and its own modal', () => {
    const appConfig = { ...base, chainId: 1 as const, walletConnectProjectId: 'abc123' }
    const { recorded, connectorDetails } = recording(walletList(appConfig, 'http://127.0.0.1:8545'))
    connectorsForWallets(recorded, { ...appIntroduction(), projectId: 'abc123' })
    const walletConnect = connectorDetails.filter(
      (details) => (details as { rkDetails: { id: string } }).rkDetails.id === 'walletConnect',
    )
    expect(walletConnect).toEqual([
      { rkDetails: expect.objectContaining({ isWalletConnectModalConnector: true, showQrModal: true }) },
      { rkDetails: expect.not.objectContaining({ isWalletConnectModalConnector: true }) },
    ])
  })
})
