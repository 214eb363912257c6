/**
 * An EIP-1193 wallet for tests and the local chain: the app's "Local test wallet", the browser tests' injected wallet
 * and the bench's. `createTestProvider` references nothing outside its body, so that Playwright can send its source
 * into a page (`addInitScript(createTestProvider, options)`).
 */

export type ProviderError = { code: number; message: string; data?: unknown }
export type ProviderReply = { result: unknown } | { error: ProviderError }
export type ProviderRequest = { method: string; params?: unknown }

/** EIP-6963 provider info. */
export type ProviderInfo = { uuid: string; name: string; icon: string; rdns: string }

export type TestProviderOptions = {
  chainId: number
  /**
   * Where the requests the wallet does not answer itself go: a node's JSON-RPC URL, or the name of a function on
   * `window` (a Playwright binding) that answers every request.
   */
  node: { url: string } | { binding: string }
  /** When given, the wallet answers account and chain requests itself, remembering its choices in localStorage. */
  wallet?: {
    accounts: readonly string[]
    /** The account selected until another one is. */
    account: string
    /** localStorage keys of the selected account and of the site's approval. */
    storage: { account: string; approved: string }
  }
  /** Announced through EIP-6963 and set as `window.ethereum`. */
  announce?: ProviderInfo
  /** Set as `window.ethereum` without announcing itself, as an older wallet's browser does. */
  windowOnly?: boolean
  /** Flags dapps look for, such as `isRainbow`. */
  flags?: Record<string, boolean>
  /** Exposes `emit(event, payload)` as `window[emitter]`, for a test to raise wallet events. */
  emitter?: string
}

type Listener = (payload: unknown) => void

export type TestProvider = {
  request: (args: ProviderRequest) => Promise<unknown>
  on: (event: string, listener: Listener) => TestProvider
  removeListener: (event: string, listener: Listener) => TestProvider
  emit: (event: string, payload: unknown) => void
  /** The account the wallet acts as (with `wallet`). */
  readonly selectedAccount: string | undefined
  /** Switches the wallet to `account` and tells the page (with `wallet`). */
  selectAccount: (account: string) => void
}

export function createTestProvider(options: TestProviderOptions): TestProvider {
  const listeners = new Map<string, Set<Listener>>()
  const storage = (): Storage | undefined => globalThis.localStorage
  const { wallet } = options
  let nextId = 1

  const selected = (): string | undefined => {
    if (!wallet) return undefined
    const stored = storage()?.getItem(wallet.storage.account)?.toLowerCase()
    return wallet.accounts.find((account) => account.toLowerCase() === stored) ?? wallet.account
  }
  const approved = () => Boolean(wallet && storage()?.getItem(wallet.storage.approved))
  const approve = () => {
    if (wallet) storage()?.setItem(wallet.storage.approved, 'true')
  }
  const accounts = () => {
    const account = selected()
    return approved() && account ? [account] : []
  }

  /** What the wallet answers itself; `undefined` sends the request on. */
  const answer = (method: string): ProviderReply | undefined => {
    if (!wallet) return undefined
    switch (method) {
      case 'eth_accounts':
        return { result: accounts() }
      case 'eth_requestAccounts':
        approve()
        return { result: accounts() }
      case 'eth_chainId':
        return { result: `0x${options.chainId.toString(16)}` }
      case 'wallet_requestPermissions':
        approve()
        return { result: [{ parentCapability: 'eth_accounts' }] }
      case 'wallet_getPermissions':
        return { result: approved() ? [{ parentCapability: 'eth_accounts' }] : [] }
      case 'wallet_revokePermissions':
        storage()?.removeItem(wallet.storage.approved)
        return { result: null }
      case 'wallet_switchEthereumChain':
      case 'wallet_addEthereumChain':
        return { result: null }
      case 'wallet_watchAsset':
        return { result: true }
    }
    return undefined
  }

  const send = async (method: string, params: unknown): Promise<ProviderReply> => {
    const { node } = options
    if ('binding' in node) {
      const bridge = (globalThis as unknown as Record<string, unknown>)[node.binding]
      if (typeof bridge !== 'function') {
        return { error: { code: 4900, message: `The wallet's bridge ${node.binding} is not installed.` } }
      }
      return (await bridge({ method, params })) as ProviderReply
    }
    const response = await fetch(node.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params: params ?? [] }),
    })
    return (await response.json()) as ProviderReply
  }

  const provider: TestProvider = {
    ...options.flags,
    async request({ method, params }) {
      const reply = answer(method) ?? (await send(method, params))
      if ('error' in reply) {
        const { code, message, data } = reply.error
        throw Object.assign(new Error(message), data === undefined ? { code } : { code, data })
      }
      return reply.result
    },
    on(event, listener) {
      const set = listeners.get(event) ?? new Set<Listener>()
      set.add(listener)
      listeners.set(event, set)
      return provider
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener)
      return provider
    },
    emit(event, payload) {
      for (const listener of [...(listeners.get(event) ?? [])]) {
        try {
          listener(payload)
        } catch (error) {
          // A listener's failure is the page's own error; surface it without breaking the other listeners.
          queueMicrotask(() => {
            throw error
          })
        }
      }
    },
    get selectedAccount() {
      return selected()
    },
    selectAccount(account) {
      if (!wallet) return
      storage()?.setItem(wallet.storage.account, account)
      provider.emit('accountsChanged', accounts())
    },
  }

  if (options.emitter) Object.assign(globalThis, { [options.emitter]: provider.emit })
  const { announce } = options
  if (announce || options.windowOnly) {
    Object.defineProperty(globalThis, 'ethereum', { value: provider, configurable: true })
  }
  if (announce) {
    const detail = Object.freeze({ info: Object.freeze({ ...announce }), provider })
    const announceProvider = () => dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
    addEventListener('eip6963:requestProvider', announceProvider)
    announceProvider()
  }
  return provider
}
