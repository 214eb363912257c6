import type { Wallet } from '@rainbow-me/rainbowkit'
import type { EIP1193Provider } from 'viem'
import { createConnector } from 'wagmi'
import { injected } from 'wagmi/connectors'
import { ANVIL_ACCOUNTS } from '../config/anvil'
import { STORED_KEYS } from '../domain/storedKeys'
import { createTestProvider, type TestProvider } from './testProvider'

/**
 * A wallet for the local chain only: it signs with anvil's unlocked accounts, so anyone can try every action
 * without a browser extension. The account is picked on the page (see {@link LocalAccountPicker}).
 */

let provider: TestProvider | undefined

export function localTestProvider(): TestProvider | undefined {
  return provider
}

export function localTestWallet(rpcUrl: string, chainId: number): () => Wallet {
  return () => ({
    id: 'localTestWallet',
    name: 'Local test wallet',
    iconUrl: `data:image/svg+xml,${encodeURIComponent(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 28 28"><rect width="28" height="28" rx="6" fill="#0f766e"/><path d="M7 9h14v10H7z" fill="none" stroke="#fff" stroke-width="2"/><circle cx="17" cy="14" r="1.6" fill="#fff"/></svg>',
    )}`,
    iconBackground: '#0f766e',
    installed: true,
    createConnector: (walletDetails) =>
      createConnector((config) => {
        provider ??= createTestProvider({
          chainId,
          node: { url: rpcUrl },
          wallet: {
            accounts: ANVIL_ACCOUNTS,
            account: ANVIL_ACCOUNTS[1],
            storage: { account: STORED_KEYS.localTestAccount, approved: STORED_KEYS.localTestWalletAuthorized },
          },
        })
        const target = {
          id: 'localTestWallet',
          name: 'Local test wallet',
          provider: provider as unknown as EIP1193Provider,
        }
        return { ...injected({ target, shimDisconnect: true })(config), ...walletDetails }
      }),
  })
}
