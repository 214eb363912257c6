/**
 * A WalletConnect wallet for the local chain, on a real wallet SDK: it pairs from a `wc:` URI, approves sessions for
 * one of anvil's accounts and answers the portal's requests by signing with that account's key and sending to the
 * chain. Two SDKs, as wallets in holders' phones ship them:
 * - `walletkit`: `@reown/walletkit` 1.6 on `@walletconnect/core` 2.25, today's wallet SDK, which sets a session up
 *   through the relay's `wc_approveSession`;
 * - `sign-client`: `@walletconnect/sign-client` at the version of the portal's own `@walletconnect/core`.
 *
 * Tests steer it (reject the next request, hold requests, switch account or network, end the session);
 * `wallet-cli.ts` runs it from the command line.
 */
import { WalletKit } from '@reown/walletkit'
import { SignClient } from '@walletconnect/sign-client'
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
import { Core } from 'walletconnect-core-2.25'
import { SafeService, type SafeSingletons } from '../../testing/safe'
import { SafeWallet } from './safeWallet'
import { APPROVAL_METHODS, TEST_WALLET_NAME, TEST_WALLET_SCHEME } from './testWalletIdentity'

/** The SDK a wallet is built on. */
export type WalletSdk = 'walletkit' | 'sign-client'
export const WALLET_SDKS: readonly WalletSdk[] = ['walletkit', 'sign-client']

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

/** A namespace as a proposal asks for it and a session grants it (the parts of it this wallet reads or sets). */
type Namespace = { chains?: string[]; methods: string[]; events: string[] }
type GrantedNamespace = { chains: string[]; accounts: string[]; methods: string[]; events: string[] }
type Proposal = {
  id: number
  /** The dapp as the wallet's approval screen shows it. */
  proposer: { metadata: { name: string; description: string; url: string; icons: string[] } }
  requiredNamespaces: Record<string, Namespace>
  optionalNamespaces?: Record<string, Namespace>
}
type SessionRequest = {
  id: number
  topic: string
  params: { request: { method: string; params: unknown }; chainId: string }
}
type JsonRpcAnswer = { id: number; jsonrpc: '2.0' } & (
  | { result: unknown }
  | { error: { code: number; message: string } }
)

/** What this wallet needs of an SDK; both SDKs' wallet APIs map onto it one call each. */
type WalletSide = {
  onProposal: (listener: (proposal: Proposal) => void) => void
  onRequest: (listener: (request: SessionRequest) => void) => void
  onDelete: (listener: (topic: string) => void) => void
  pair: (uri: string) => Promise<void>
  pendingProposals: () => Proposal[]
  approve: (id: number, namespaces: Record<string, GrantedNamespace>) => Promise<string>
  respond: (topic: string, response: JsonRpcAnswer) => Promise<void>
  update: (topic: string, namespaces: Record<string, GrantedNamespace>) => Promise<void>
  emit: (topic: string, event: { name: string; data: unknown }, chainId: string) => Promise<void>
  disconnect: (topic: string) => Promise<void>
  sessions: () => { topic: string; namespaces: Record<string, Namespace & { accounts: string[] }> }[]
  close: () => Promise<void>
}

type SdkOptions = {
  relayUrl: string
  projectId: string
  storagePrefix: string
  name: string
  universalLink?: string
}

/**
 * How the wallet presents itself to a dapp: its session's peer metadata. Under its own name it gives its own scheme;
 * under a wallet app's name ("Trust Wallet") none, so that the dapp opens it by what it knows of that app; and a
 * universal link when given one, as wallet apps with one give it (MetaMask's `https://metamask.app.link`).
 */
const metadataFor = (name: string, universalLink: string | undefined) => {
  const redirect = {
    ...(name === TEST_WALLET_NAME ? { native: TEST_WALLET_SCHEME } : {}),
    ...(universalLink ? { universal: universalLink } : {}),
  }
  return {
    name,
    description: "Signs with anvil's accounts on the local chain",
    url: 'http://127.0.0.1',
    icons: [],
    ...(Object.keys(redirect).length > 0 ? { redirect } : {}),
  }
}
/** The reason a wallet gives when its holder disconnects the site. */
const USER_DISCONNECTED = { code: 6000, message: 'User disconnected.' }

type HistoryRecord = { topic: string; request: { method: string }; response?: { error?: { message?: string } } }
type History = {
  on: (event: 'history_updated', listener: (record: HistoryRecord) => void) => void
  off: (event: 'history_updated', listener: (record: HistoryRecord) => void) => void
}

/**
 * The dapp's answer to the wallet's next `method` request on `topic`, read from the core's request history, which
 * records it whenever it comes. Not `acknowledged()`: `update()` returns it only once the relay has taken the
 * request, and sign-client 2.21.1's delayed promise drops an answer that comes before `acknowledged()` is first
 * called, which a quick dapp's does (the wallet then waits five minutes).
 */
function dappAnswer(history: History, topic: string, method: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const listener = (record: HistoryRecord) => {
      if (record.topic !== topic || record.request.method !== method) return
      history.off('history_updated', listener)
      const error = record.response?.error
      if (error) reject(new Error(`The dapp refused ${method}: ${error.message ?? 'no reason given'}`))
      else resolve()
    }
    history.on('history_updated', listener)
  })
}

async function signClientSide({
  relayUrl,
  projectId,
  storagePrefix,
  name,
  universalLink,
}: SdkOptions): Promise<WalletSide> {
  const client = await SignClient.init({
    projectId,
    relayUrl,
    storage: new MemoryStorage(),
    customStoragePrefix: storagePrefix,
    telemetryEnabled: false,
    logger: 'error',
    metadata: metadataFor(name, universalLink),
  })
  return {
    onProposal: (listener) => client.on('session_proposal', ({ id, params }) => listener({ ...params, id })),
    onRequest: (listener) => client.on('session_request', listener),
    onDelete: (listener) => client.on('session_delete', ({ topic }) => listener(topic)),
    pair: async (uri) => {
      await client.pair({ uri })
    },
    pendingProposals: () => client.proposal.getAll(),
    approve: async (id, namespaces) => {
      const { acknowledged } = await client.approve({ id, namespaces })
      return (await acknowledged()).topic
    },
    respond: (topic, response) => client.respond({ topic, response }),
    update: async (topic, namespaces) => {
      const answered = dappAnswer(client.core.history, topic, 'wc_sessionUpdate')
      await client.update({ topic, namespaces })
      await answered
    },
    emit: (topic, event, chainId) => client.emit({ topic, event, chainId }),
    disconnect: (topic) => client.disconnect({ topic, reason: USER_DISCONNECTED }),
    sessions: () => client.session.getAll(),
    close: () => client.core.relayer.transportClose(),
  }
}

async function walletKitSide({
  relayUrl,
  projectId,
  storagePrefix,
  name,
  universalLink,
}: SdkOptions): Promise<WalletSide> {
  const core = new Core({
    projectId,
    relayUrl,
    storage: new MemoryStorage(),
    customStoragePrefix: storagePrefix,
    telemetryEnabled: false,
    logger: 'error',
  })
  const kit = await WalletKit.init({ core, metadata: metadataFor(name, universalLink) })
  return {
    onProposal: (listener) => kit.on('session_proposal', ({ id, params }) => listener({ ...params, id })),
    onRequest: (listener) => kit.on('session_request', listener),
    onDelete: (listener) => kit.on('session_delete', ({ topic }) => listener(topic)),
    pair: (uri) => kit.pair({ uri }),
    pendingProposals: () => Object.values(kit.getPendingSessionProposals()),
    approve: async (id, namespaces) => (await kit.approveSession({ id, namespaces })).topic,
    respond: (topic, response) => kit.respondSessionRequest({ topic, response }),
    update: async (topic, namespaces) => {
      const answered = dappAnswer(core.history, topic, 'wc_sessionUpdate')
      await kit.updateSession({ topic, namespaces })
      await answered
    },
    emit: (topic, event, chainId) => kit.emitSessionEvent({ topic, event, chainId }),
    disconnect: (topic) => kit.disconnectSession({ topic, reason: USER_DISCONNECTED }),
    sessions: () => Object.values(kit.getActiveSessions()),
    close: () => core.relayer.transportClose(),
  }
}

export type TestWalletOptions = {
  relayUrl: string
  /** Any id: the local relay does not check it. */
  projectId?: string
  rpcUrl: string
  /** The chain the wallet signs on. */
  chainId: number
  privateKey: Hex
  /** The SDK the wallet is built on (default: today's, `walletkit`). */
  sdk?: WalletSdk
  /**
   * The networks the wallet approves a session for (default: the chain it signs on). A wallet without the portal's
   * network approves the session for its own networks only, and refuses to switch to another.
   */
  approvedChainIds?: number[]
  /** Further accounts the wallet holds, which the holder can switch to (`switchAccount`). */
  otherKeys?: Hex[]
  /** Set to tell several wallets in one process apart (the SDK keeps one core per prefix). */
  storagePrefix?: string
  /** Approve every session proposal at once (default); otherwise call `approvePending()`. */
  autoApprove?: boolean
  /** The name it gives itself to dapps (default {@link TEST_WALLET_NAME}), e.g. a wallet app's, "Trust Wallet". */
  name?: string
  /** The universal (https) link it gives in its metadata, as MetaMask gives `https://metamask.app.link`. */
  universalLink?: string
  /**
   * Safe{Wallet} acting for this Safe (see `safeWallet.ts`): the session's account is the Safe, and a transaction is
   * proposed to its owners (whose keys the test holds), or executed at once by the first of them.
   */
  safe?: { address: Hex; singletons: SafeSingletons; ownerKeys: Hex[]; executeAtOnce?: boolean }
  /**
   * The app sits in the background, as a phone's wallet app does once the holder is back in the browser: a request
   * that needs the holder ({@link APPROVAL_METHODS}) waits until the page brings it forward (`bringForward()`).
   */
  background?: boolean
}

/** What the wallet saw and did, in order. */
export type WalletEvent =
  | { type: 'proposal'; id: number; dapp: Proposal['proposer']['metadata']; at: number }
  | { type: 'approved'; topic: string; chains: string[]; at: number }
  | { type: 'request'; id: number; method: string; at: number }
  | { type: 'opened'; requests: number[]; at: number }
  | { type: 'answered'; id: number; method: string; result: unknown; at: number }
  | { type: 'rejected'; id: number; method: string; at: number }
  | { type: 'deleted'; topic: string; at: number }
  | { type: 'switched'; account: string; chainId: number; at: number }

/** EIP-1193 "User Rejected Request", as wallets answer when the holder declines. */
const USER_REJECTED = { code: 4001, message: 'User rejected the request.' }
/** EIP-3085/3326 "Unrecognized chain ID": the wallet does not have (or allow) that network. */
const UNRECOGNIZED_CHAIN = { code: 4902, message: 'Unrecognized chain ID.' }
const SESSION_EVENTS = ['accountsChanged', 'chainChanged']

export class TestWallet {
  private readonly events: WalletEvent[] = []
  private readonly rejections: string[] = []
  private held: SessionRequest[] | undefined
  /** Requests that need the holder and came while the app was in the background (`TestWalletOptions.background`). */
  private readonly inBackground: SessionRequest[] = []
  /** Requests the app was opened at before they arrived: they come before the holder as they arrive. */
  private readonly openedAt = new Set<number>()
  private readonly listeners = new Set<(event: WalletEvent) => void>()
  private readonly accounts: Account[]
  private current: Account
  private chainId: number
  private readonly approvedChainIds: number[]
  /** Set when the wallet is Safe{Wallet} acting for a Safe. */
  readonly safe: SafeWallet | undefined

  private constructor(
    private readonly side: WalletSide,
    private readonly options: TestWalletOptions,
  ) {
    this.current = privateKeyToAccount(options.privateKey)
    this.accounts = [this.current, ...(options.otherKeys ?? []).map((key) => privateKeyToAccount(key))]
    const { safe } = options
    this.safe = safe
      ? new SafeWallet(
          new SafeService({ ...options, safe: safe.address, singletons: safe.singletons, ownerKeys: safe.ownerKeys }),
          { rpcUrl: options.rpcUrl, chainId: options.chainId, executeAtOnce: safe.executeAtOnce === true },
        )
      : undefined
    this.approvedChainIds = options.approvedChainIds ?? [options.chainId]
    this.chainId = this.approvedChainIds.includes(options.chainId)
      ? options.chainId
      : (this.approvedChainIds[0] ?? options.chainId)
    side.onProposal((proposal) => {
      this.note({ type: 'proposal', id: proposal.id, dapp: proposal.proposer.metadata, at: Date.now() })
      if (options.autoApprove !== false) void this.approve(proposal).catch(this.fail)
    })
    side.onRequest((request) => {
      const { method } = request.params.request
      this.note({ type: 'request', id: request.id, method, at: Date.now() })
      // In the background, what needs the holder waits until the page brings the app forward.
      const waits = options.background && APPROVAL_METHODS.includes(method) && !this.openedAt.delete(request.id)
      if (waits) this.inBackground.push(request)
      else this.take(request)
    })
    side.onDelete((topic) => this.note({ type: 'deleted', topic, at: Date.now() }))
  }

  static async create(options: TestWalletOptions): Promise<TestWallet> {
    const sdk = options.sdk ?? 'walletkit'
    const sdkOptions = {
      relayUrl: options.relayUrl,
      projectId: options.projectId ?? 'local-relay',
      storagePrefix: options.storagePrefix ?? `nai-test-wallet-${sdk}`,
      name: options.name ?? TEST_WALLET_NAME,
      ...(options.universalLink ? { universalLink: options.universalLink } : {}),
    }
    const side = sdk === 'walletkit' ? await walletKitSide(sdkOptions) : await signClientSide(sdkOptions)
    return new TestWallet(side, options)
  }

  /** The account the wallet signs with now. */
  get account(): Account {
    return this.current
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
    await this.side.pair(uri)
  }

  /** Approves every proposal waiting (for `autoApprove: false`). */
  async approvePending(): Promise<void> {
    for (const proposal of this.side.pendingProposals()) await this.approve(proposal)
  }

  /** The next request for `method` is declined, as a holder tapping "Reject" in the wallet. */
  rejectNext(method: string): void {
    this.rejections.push(method)
  }

  /** A request the holder sees: held while the test holds requests, answered otherwise. */
  private take(request: SessionRequest): void {
    if (this.held) this.held.push(request)
    else void this.answer(request).catch(this.fail)
  }

  /**
   * The page opened the wallet app with the holder's tap (an "Open {wallet}" link or a wallet link in the connect
   * sheet): the requests waiting in the background come before the holder, who answers them (unless the test holds
   * requests), and the app goes back to the background once the holder returns to the browser. Opened at a request
   * (WalletConnect's `…/wc?requestId=…` link), the app shows that request also when it arrives after the link: the
   * SDK opens the link while the request is still on its way through the relay.
   */
  bringForward(requestId?: number): void {
    const waiting = this.inBackground.splice(0)
    this.note({ type: 'opened', requests: waiting.map((request) => request.id), at: Date.now() })
    if (requestId !== undefined && !waiting.some((request) => request.id === requestId)) this.openedAt.add(requestId)
    for (const request of waiting) this.take(request)
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
    return this.side.sessions().map((session) => session.topic)
  }

  /** Ends every session from the wallet's side, as "Disconnect" in the wallet does. */
  async disconnectAll(): Promise<void> {
    for (const topic of this.sessions()) {
      await this.side.disconnect(topic)
      this.note({ type: 'deleted', topic, at: Date.now() })
    }
  }

  /**
   * The holder picks another of the wallet's accounts (by its place in `[privateKey, ...otherKeys]`): each session is
   * updated to that account and told `accountsChanged`, as a wallet app does.
   */
  async switchAccount(index: number): Promise<void> {
    const account = this.accounts[index]
    if (!account) throw new Error(`The test wallet has no account #${index}.`)
    this.current = account
    await this.announce()
  }

  /**
   * The holder switches the wallet to another network: each session is updated to include it and told
   * `chainChanged`, as a wallet app does. The network counts as approved from then on.
   */
  async switchChain(chainId: number): Promise<void> {
    if (!this.approvedChainIds.includes(chainId)) this.approvedChainIds.push(chainId)
    this.chainId = chainId
    await this.announce()
  }

  async close(): Promise<void> {
    await this.side.close().catch(() => undefined)
  }

  private fail = (error: unknown) => {
    console.error('The test wallet failed:', error)
  }

  private note(event: WalletEvent): void {
    this.events.push(event)
    for (const listener of this.listeners) listener(event)
  }

  /** The session's eip155 namespace: the approved networks, the current account first on each. */
  private namespace(methods: string[], events: string[]): GrantedNamespace {
    const chains = [this.chainId, ...this.approvedChainIds.filter((id) => id !== this.chainId)].map(
      (id) => `eip155:${id}`,
    )
    const others = this.accounts.filter((account) => account !== this.current)
    const addresses = this.safe ? [this.safe.address] : [this.current, ...others].map((account) => account.address)
    const accounts = chains.flatMap((chain) => addresses.map((address) => `${chain}:${address}`))
    return { chains, accounts, methods, events }
  }

  private async approve(proposal: Proposal): Promise<string> {
    const requested = [
      ...Object.values(proposal.requiredNamespaces),
      ...Object.values(proposal.optionalNamespaces ?? {}),
    ]
    const { methods, events } = this.safe
      ? SafeWallet.grants(Object.values(proposal.requiredNamespaces))
      : {
          methods: [...new Set(requested.flatMap((namespace) => namespace.methods))],
          events: [...new Set([...SESSION_EVENTS, ...requested.flatMap((namespace) => namespace.events)])],
        }
    const eip155 = this.namespace(methods, events)
    const topic = await this.side.approve(proposal.id, { eip155 })
    this.note({ type: 'approved', topic, chains: eip155.chains, at: Date.now() })
    return topic
  }

  /** Updates every session to the current account and network, then tells the portal. */
  private async announce(): Promise<void> {
    for (const session of this.side.sessions()) {
      const granted = session.namespaces.eip155
      if (!granted) continue
      await this.side.update(session.topic, { eip155: this.namespace(granted.methods, granted.events) })
      const chain = `eip155:${this.chainId}`
      await this.side.emit(session.topic, { name: 'chainChanged', data: this.chainId }, chain)
      await this.side.emit(
        session.topic,
        { name: 'accountsChanged', data: [`${chain}:${this.current.address}`] },
        chain,
      )
    }
    this.note({ type: 'switched', account: this.current.address, chainId: this.chainId, at: Date.now() })
  }

  private async answer(request: SessionRequest): Promise<void> {
    const { id, topic } = request
    const { method, params } = request.params.request
    const index = this.rejections.indexOf(method)
    if (index !== -1) {
      this.rejections.splice(index, 1)
      const error = this.safe ? SafeWallet.rejection(method) : USER_REJECTED
      await this.side.respond(topic, { id, jsonrpc: '2.0', error })
      this.note({ type: 'rejected', id, method, at: Date.now() })
      return
    }
    let response: { result: unknown } | { error: { code: number; message: string } }
    try {
      response = { result: await this.perform(method, params) }
    } catch (error) {
      response =
        error instanceof WalletError
          ? { error: error.payload }
          : { error: { code: -32000, message: error instanceof Error ? error.message : String(error) } }
    }
    await this.side.respond(topic, { id, jsonrpc: '2.0', ...response })
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
    const asSafe = this.safe?.perform(method, list)
    if (asSafe) return asSafe
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
        return [this.current.address]
      case 'eth_chainId':
        return numberToHex(this.chainId)
      case 'wallet_switchEthereumChain':
      case 'wallet_addEthereumChain': {
        const [param] = list
        const wanted =
          typeof param === 'object' && param !== null && 'chainId' in param && typeof param.chainId === 'string'
            ? Number.parseInt(param.chainId, 16)
            : Number.NaN
        if (!this.approvedChainIds.includes(wanted)) throw new WalletError(UNRECOGNIZED_CHAIN)
        if (wanted !== this.chainId) await this.switchChain(wanted)
        return null
      }
      case 'wallet_watchAsset':
        return true
    }
    // Safe{Wallet} hands what it does not answer itself to its RPC.
    if (this.safe) return this.safe.rpc(method, list)
    throw new Error(`The test wallet does not support ${method}.`)
  }

  private signer() {
    const account = this.current
    if (account.type !== 'local') throw new Error('The test wallet signs with a local key.')
    return account
  }

  private async sendTransaction(raw: unknown): Promise<Hex> {
    if (typeof raw !== 'object' || raw === null) throw new Error('eth_sendTransaction expects a transaction.')
    const transaction = raw as Record<string, unknown>
    const from = typeof transaction.from === 'string' ? transaction.from.toLowerCase() : undefined
    if (from !== this.current.address.toLowerCase()) {
      throw new Error(`The test wallet signs for ${this.current.address}, not ${String(transaction.from)}.`)
    }
    const hex = (name: string): Hex | undefined => {
      const value = transaction[name]
      return isHex(value) ? value : undefined
    }
    const { rpcUrl, chainId } = this.options
    const chain = defineChain({
      id: chainId,
      name: 'Local chain',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [rpcUrl] } },
    })
    const client = createWalletClient({ account: this.current, chain, transport: http(rpcUrl) })
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

/** An error the wallet answers with its own code, as a wallet app does. */
class WalletError extends Error {
  constructor(readonly payload: { code: number; message: string }) {
    super(payload.message)
  }
}
