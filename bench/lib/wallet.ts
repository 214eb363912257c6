/**
 * A browser wallet for the bench, injected before the page's scripts with `addInitScript`, the way Rainbow's
 * extension and its in-app browser do it: `window.ethereum` flagged `isRainbow`, and an EIP-6963 announcement. Both
 * apps list Rainbow and connect to it through its injected provider, on phones (where RainbowKit's modal shows its
 * wallet list only) as on desktops. Some other wallets would make RainbowKit load an SDK in both apps (MetaMask's
 * on phones), which is not what this bench compares. Like a real wallet it shows the site no account until the site has asked for one; the
 * approval is remembered with the site's storage, so a returning holder's wallet reconnects. It answers account and
 * chain requests itself and forwards everything else straight to anvil: a real wallet talks to its own node, so these
 * requests are not the app's RPC traffic and are not counted.
 *
 * `installBenchWallet` is sent to the page as source text, so it must not reference anything outside its body.
 */
export type BenchWalletOptions = {
  account: string
  chainId: number
  /** anvil's own URL, not the counting proxy's. */
  nodeUrl: string
  info: { uuid: string; name: string; icon: string; rdns: string }
}

export function installBenchWallet(options: BenchWalletOptions): void {
  type Listener = (payload: unknown) => void
  const listeners = new Map<string, Set<Listener>>()
  let nextId = 1
  const approval = 'bench.wallet.approved'
  const approve = () => window.localStorage.setItem(approval, options.account)
  const provider = {
    isRainbow: true,
    async request({ method, params }: { method: string; params?: unknown }): Promise<unknown> {
      switch (method) {
        case 'eth_accounts':
          return window.localStorage.getItem(approval) ? [options.account] : []
        case 'eth_requestAccounts':
          approve()
          return [options.account]
        case 'eth_chainId':
          return `0x${options.chainId.toString(16)}`
        case 'net_version':
          return String(options.chainId)
        case 'wallet_requestPermissions':
          approve()
          return [{ parentCapability: 'eth_accounts' }]
        case 'wallet_getPermissions':
          return window.localStorage.getItem(approval) ? [{ parentCapability: 'eth_accounts' }] : []
        case 'wallet_revokePermissions':
          window.localStorage.removeItem(approval)
          return null
        case 'wallet_switchEthereumChain':
          return null
      }
      const response = await fetch(options.nodeUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params: params ?? [] }),
      })
      const reply = (await response.json()) as { result?: unknown; error?: { code: number; message: string } }
      if (reply.error) throw Object.assign(new Error(reply.error.message), { code: reply.error.code })
      return reply.result
    },
    on(event: string, listener: Listener) {
      const set = listeners.get(event) ?? new Set<Listener>()
      set.add(listener)
      listeners.set(event, set)
      return provider
    },
    removeListener(event: string, listener: Listener) {
      listeners.get(event)?.delete(listener)
      return provider
    },
  }
  Object.defineProperty(window, 'ethereum', { value: provider, configurable: true })
  const detail = Object.freeze({ info: Object.freeze({ ...options.info }), provider })
  const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
  window.addEventListener('eip6963:requestProvider', announce)
  announce()
}

const ICON =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#334155"/></svg>'

export function benchWalletOptions(account: string, chainId: number, nodeUrl: string): BenchWalletOptions {
  return {
    account,
    chainId,
    nodeUrl,
    info: {
      uuid: '8b0c8a6e-4d3f-4c55-9a52-6f1f3b1d2c7e',
      name: 'Rainbow',
      icon: `data:image/svg+xml,${encodeURIComponent(ICON)}`,
      rdns: 'me.rainbow',
    },
  }
}
