/**
 * A WalletConnect wallet for the local chain, built on the real wallet SDK (`@walletconnect/sign-client`, the version
 * the portal's `@walletconnect/core` has): it pairs from a `wc:` URI, approves sessions for one of anvil's accounts
 * and answers the portal's requests by signing with that account's key and sending to the chain. Tests steer it
 * (reject the next request, hold requests, end the session); `wallet-cli.ts` runs it from the command line.
 */
import { SignClient } from '@walletconnect/sign-client'
import type { ProposalTypes, SessionTypes, SignClientTypes } from '@walletconnect/types'
import {
  type Account,
  createWalletClient,
  defineChain,
  type Hex,
  http,
  isHex,
  numberToHex,
  type TransactionRequest,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'

type Client = Awaited<ReturnType<typeof SignClient.init>>

/** The SDK's key-value storage, in memory: each wallet starts afresh and leaves nothing on disk. */
class MemoryStorage {
  private readonly entries = new Map<string, unknown>()
  async getKeys(): Promise<string[]> {
    return [...this.entries.keys()]
  }
  async getEntries<T>(): Promise<[string, T][]> {
    return [...this.entries.entries()] as [string, T][]
  }
  async getItem<T>(key: string): Promise<T | undefined> {
    return this.entries.get(key) as T | undefined
  }
  async setItem<T>(key: string, value: T): Promise<void> {
    this.entries.set(key, value)
  }
  async removeItem(key: string): Promise<void> {
    this.entries.delete(key)
  }
}

export type TestWalletOptions = {
  relayUrl: string
  /** Any id: the local relay does not check it. */
  projectId?: string
  rpcUrl: string
  chainId: number
  privateKey: Hex
  /** Set to tell several wallets in one process apart (the SDK keeps one core per prefix). */
  storagePrefix?: string
  /** Approve every session proposal at once (default); otherwise call `approvePending()`. */
  autoApprove?: boolean
}

/** What the wallet saw and did, in order. */
export type WalletEvent =
  | { type: 'proposal'; id: number; at: number }
  | { type: 'approved'; topic: string; at: number }
  | { type: 'request'; id: number; method: string; at: number }
  | { type: 'answered'; id: number; method: string; result: unknown; at: number }
  | { type: 'rejected'; id: number; method: string; at: number }
  | { type: 'deleted'; topic: string; at: number }

type PendingRequest = SignClientTypes.EventArguments['session_request']

/** EIP-1193 "User Rejected Request", as wallets answer when the holder declines. */
const USER_REJECTED = { code: 4001, message: 'User rejected the request.' }
const SESSION_EVENTS = ['accountsChanged', 'chainChanged']

export class TestWallet {
  readonly account: Account
  private readonly events: WalletEvent[] = []
  private readonly rejections: string[] = []
  private held: PendingRequest[] | undefined
  private readonly listeners = new Set<(event: WalletEvent) => void>()

  private constructor(
    readonly client: Client,
    private readonly options: TestWalletOptions,
  ) {
    this.account = privateKeyToAccount(options.privateKey)
    client.on('session_proposal', (proposal) => {
      this.note({ type: 'proposal', id: proposal.id, at: Date.now() })
      if (options.autoApprove !== false) void this.approve(proposal.params).catch(this.fail)
    })
    client.on('session_request', (request) => {
      this.note({ type: 'request', id: request.id, method: request.params.request.method, at: Date.now() })
      if (this.held) this.held.push(request)
      else void this.answer(request).catch(this.fail)
    })
    client.on('session_delete', ({ topic }) => this.note({ type: 'deleted', topic, at: Date.now() }))
  }

  static async create(options: TestWalletOptions): Promise<TestWallet> {
    const client = await SignClient.init({
      projectId: options.projectId ?? 'local-relay',
      relayUrl: options.relayUrl,
      storage: new MemoryStorage(),
      customStoragePrefix: options.storagePrefix ?? 'nai-test-wallet',
      telemetryEnabled: false,
      logger: 'error',
      metadata: {
        name: 'NAI test wallet',
        description: "Signs with anvil's accounts on the local chain",
        url: 'http://127.0.0.1',
        icons: [],
      },
    })
    return new TestWallet(client, options)
  }

  /** Everything that happened so far; only one type when given. */
  history<T extends WalletEvent['type']>(type?: T): Extract<WalletEvent, { type: T }>[] {
    return this.events.filter((event) => type === undefined || event.type === type) as Extract<
      WalletEvent,
      { type: T }
    >[]
  }

  /** Calls `listener` with every event from now on; returns a function that stops it. */
  subscribe(listener: (event: WalletEvent) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** Pairs with the portal that shows `uri`; its session proposal arrives through the relay. */
  async pair(uri: string): Promise<void> {
    await this.client.pair({ uri })
  }

  /** Approves every proposal waiting (for `autoApprove: false`). */
  async approvePending(): Promise<void> {
    for (const proposal of this.client.proposal.getAll()) await this.approve(proposal)
  }

  /** The next request for `method` is declined, as a holder tapping "Reject" in the wallet. */
  rejectNext(method: string): void {
    this.rejections.push(method)
  }

  /** Requests from now on wait, as in a wallet whose holder has not looked yet, until `releaseRequests()`. */
  holdRequests(): void {
    this.held ??= []
  }

  /** Answers the requests that were held, in order, and answers new ones at once again. */
  async releaseRequests(): Promise<void> {
    const held = this.held ?? []
    this.held = undefined
    for (const request of held) await this.answer(request)
  }

  /** Topics of the sessions the wallet has. */
  sessions(): string[] {
    return this.client.session.getAll().map((session) => session.topic)
  }

  /** Ends every session from the wallet's side, as "Disconnect" in the wallet does. */
  async disconnectAll(): Promise<void> {
    for (const topic of this.sessions()) {
      await this.client.disconnect({ topic, reason: { code: 6000, message: 'User disconnected.' } })
      this.note({ type: 'deleted', topic, at: Date.now() })
    }
  }

  async close(): Promise<void> {
    await this.client.core.relayer.transportClose().catch(() => undefined)
  }

  private fail = (error: unknown) => {
    console.error('The test wallet failed:', error)
  }

  private note(event: WalletEvent): void {
    this.events.push(event)
    for (const listener of this.listeners) listener(event)
  }

  private async approve(proposal: ProposalTypes.Struct): Promise<SessionTypes.Struct> {
    const chain = `eip155:${this.options.chainId}`
    const requested = [
      ...Object.values(proposal.requiredNamespaces),
      ...Object.values(proposal.optionalNamespaces ?? {}),
    ]
    const methods = [...new Set(requested.flatMap((namespace) => namespace.methods))]
    const events = [...new Set([...SESSION_EVENTS, ...requested.flatMap((namespace) => namespace.events)])]
    const { acknowledged } = await this.client.approve({
      id: proposal.id,
      namespaces: {
        eip155: { chains: [chain], accounts: [`${chain}:${this.account.address}`], methods, events },
      },
    })
    const session = await acknowledged()
    this.note({ type: 'approved', topic: session.topic, at: Date.now() })
    return session
  }

  private async answer(request: PendingRequest): Promise<void> {
    const { id, topic } = request
    const { method, params } = request.params.request
    const index = this.rejections.indexOf(method)
    if (index !== -1) {
      this.rejections.splice(index, 1)
      await this.client.respond({ topic, response: { id, jsonrpc: '2.0', error: USER_REJECTED } })
      this.note({ type: 'rejected', id, method, at: Date.now() })
      return
    }
    let response: { result: unknown } | { error: { code: number; message: string } }
    try {
      response = { result: await this.perform(method, params) }
    } catch (error) {
      response = { error: { code: -32000, message: error instanceof Error ? error.message : String(error) } }
    }
    await this.client.respond({ topic, response: { id, jsonrpc: '2.0', ...response } })
    this.note({
      type: 'answered',
      id,
      method,
      result: 'result' in response ? response.result : response,
      at: Date.now(),
    })
  }

  private async perform(method: string, params: unknown): Promise<unknown> {
    const list = Array.isArray(params) ? params : []
    switch (method) {
      case 'eth_sendTransaction':
        return this.sendTransaction(list[0])
      case 'personal_sign': {
        const [message] = list
        if (!isHex(message)) throw new Error('personal_sign expects a hex message.')
        return this.signer().signMessage({ message: { raw: message } })
      }
      case 'eth_signTypedData_v4': {
        const [, typedData] = list
        const data = typeof typedData === 'string' ? JSON.parse(typedData) : typedData
        return this.signer().signTypedData(data)
      }
      case 'eth_accounts':
      case 'eth_requestAccounts':
        return [this.account.address]
      case 'eth_chainId':
        return numberToHex(this.options.chainId)
      case 'wallet_switchEthereumChain':
      case 'wallet_addEthereumChain':
        return null
      case 'wallet_watchAsset':
        return true
    }
    throw new Error(`The test wallet does not support ${method}.`)
  }

  private signer() {
    const { account } = this
    if (account.type !== 'local') throw new Error('The test wallet signs with a local key.')
    return account
  }

  private async sendTransaction(raw: unknown): Promise<Hex> {
    if (typeof raw !== 'object' || raw === null) throw new Error('eth_sendTransaction expects a transaction.')
    const transaction = raw as Record<string, unknown>
    const from = typeof transaction.from === 'string' ? transaction.from.toLowerCase() : undefined
    if (from !== this.account.address.toLowerCase()) {
      throw new Error(`The test wallet signs for ${this.account.address}, not ${String(transaction.from)}.`)
    }
    const hex = (name: string): Hex | undefined => {
      const value = transaction[name]
      return isHex(value) ? value : undefined
    }
    const chain = defineChain({
      id: this.options.chainId,
      name: 'Local chain',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [this.options.rpcUrl] } },
    })
    const client = createWalletClient({ account: this.account, chain, transport: http(this.options.rpcUrl) })
    const to = hex('to')
    const request: TransactionRequest = {
      ...(to ? { to } : {}),
      ...(hex('data') ? { data: hex('data') } : {}),
      ...(hex('value') ? { value: BigInt(hex('value') ?? '0x0') } : {}),
      ...(hex('gas') ? { gas: BigInt(hex('gas') ?? '0x0') } : {}),
    }
    return client.sendTransaction(request)
  }
}
