import type { Wallet } from '@rainbow-me/rainbowkit'
import { type Address, type EIP1193Provider, getAddress, numberToHex } from 'viem'
import { createConnector } from 'wagmi'
import { injected } from 'wagmi/connectors'
import { ANVIL_ACCOUNTS } from '../config/anvil'

/**
 * A wallet for the local chain only: it signs with anvil's unlocked accounts, so anyone can try every action
 * without a browser extension. The account is picked on the page (see {@link LocalAccountPicker}).
 */

const ACCOUNT_KEY = 'nai.localTestAccount'
const AUTHORIZED_KEY = 'nai.localTestWallet.authorized'
type Listener = (...args: unknown[]) => void

function storedAccount(): Address {
  const stored = globalThis.localStorage?.getItem(ACCOUNT_KEY)
  const match = ANVIL_ACCOUNTS.find((account) => account.toLowerCase() === stored?.toLowerCase())
  return match ?? ANVIL_ACCOUNTS[1]
}

class LocalTestProvider {
  private account: Address = storedAccount()
  private listeners = new Map<string, Set<Listener>>()

  constructor(
    private readonly rpcUrl: string,
    private readonly chainId: number,
  ) {}

  get selectedAccount(): Address {
    return this.account
  }

  selectAccount(account: Address) {
    this.account = getAddress(account)
    globalThis.localStorage?.setItem(ACCOUNT_KEY, this.account)
    this.emit('accountsChanged', [this.account])
  }

  on(event: string, listener: Listener) {
    const set = this.listeners.get(event) ?? new Set()
    set.add(listener)
    this.listeners.set(event, set)
  }

  removeListener(event: string, listener: Listener) {
    this.listeners.get(event)?.delete(listener)
  }

  private emit(event: string, ...args: unknown[]) {
    for (const listener of this.listeners.get(event) ?? []) listener(...args)
  }

  async request({ method, params }: { method: string; params?: unknown }): Promise<unknown> {
    switch (method) {
      case 'eth_requestAccounts':
        globalThis.localStorage?.setItem(AUTHORIZED_KEY, 'true')
        return [this.account]
      case 'eth_accounts':
        // Like a real wallet: no accounts until the holder has connected once.
        return globalThis.localStorage?.getItem(AUTHORIZED_KEY) ? [this.account] : []
      case 'eth_chainId':
        return numberToHex(this.chainId)
      case 'wallet_switchEthereumChain':
      case 'wallet_addEthereumChain':
        return null
      case 'wallet_watchAsset':
        return true
      case 'wallet_requestPermissions':
      case 'wallet_getPermissions':
        return [{ parentCapability: 'eth_accounts' }]
      case 'wallet_revokePermissions':
        globalThis.localStorage?.removeItem(AUTHORIZED_KEY)
        return null
    }
    const response = await fetch(this.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: params ?? [] }),
    })
    const body = (await response.json()) as { result?: unknown; error?: { code: number; message: string } }
    if (body.error) throw Object.assign(new Error(body.error.message), { code: body.error.code })
    return body.result
  }
}

let provider: LocalTestProvider | undefined

export function localTestProvider(): LocalTestProvider | undefined {
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
        provider ??= new LocalTestProvider(rpcUrl, chainId)
        const target = {
          id: 'localTestWallet',
          name: 'Local test wallet',
          provider: provider as unknown as EIP1193Provider,
        }
        return { ...injected({ target, shimDisconnect: true })(config), ...walletDetails }
      }),
  })
}
