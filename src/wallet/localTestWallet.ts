import type { Wallet } from '@rainbow-me/rainbowkit'
import { type Address, type EIP1193Provider, getAddress, numberToHex } from 'viem'
import { createConnector } from 'wagmi'
import { injected } from 'wagmi/connectors'

/**
 * A wallet for the local chain only: it signs with anvil's unlocked accounts, so anyone can try every action
 * without a browser extension. The account is picked on the page (see {@link LocalAccountPicker}).
 */

/** Anvil's default accounts #0–#9 (mnemonic "test test … junk"); #0 deploys the demo contracts. */
export const ANVIL_ACCOUNTS: readonly Address[] = [
  '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
  '0x90F79bf6EB2c4f870365E785982E1f101E93b906',
  '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65',
  '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc',
  '0x976EA74026E726554dB657fA54763abd0C3a0aa9',
  '0x14dC79964da2C08b23698B3D3cc7Ca32193d9955',
  '0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f',
  '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720',
]

const ACCOUNT_KEY = 'nai.localTestAccount'
const AUTHORIZED_KEY = 'nai.localTestWallet.authorized'
type Listener = (...args: unknown[]) => void

function storedAccount(): Address {
  const stored = globalThis.localStorage?.getItem(ACCOUNT_KEY)
  const match = ANVIL_ACCOUNTS.find((account) => account.toLowerCase() === stored?.toLowerCase())
  return match ?? (ANVIL_ACCOUNTS[1] as Address)
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
