/**
 * Safe{Wallet} as a WalletConnect wallet for a Safe, behaviour by behaviour from safe-global/safe-wallet-monorepo
 * `apps/web/src/services/safe-wallet-provider/index.ts` (`SafeWalletProvider`) and `useSafeWalletProvider.tsx` (its
 * `send`, through the Safe Apps transaction flow): the session's account is the Safe; `eth_sendTransaction` becomes a
 * Safe transaction with `safeTxGas` the request's `gas`, proposed at the next nonce past the queued ones and signed by
 * the owner who proposes it, answered with the chain transaction's hash only when that owner executes it at once, and
 * otherwise with the Safe transaction's hash; `wallet_sendCalls` proposes one Safe transaction through
 * MultiSendCallOnly and answers `{ id: safeTxHash }`; `wallet_getCallsStatus` maps the Gateway's status to EIP-5792's
 * codes; a receipt or transaction asked by a Safe transaction's hash is the execution's, once executed; anything else
 * goes to the RPC. Owners sign and execute later through `service` (the test's hand).
 */
import { type Address, getAddress, type Hash, type Hex, numberToHex } from 'viem'
import type { SafeService } from '../../testing/safe'

type Call = { to?: Hex; data?: Hex; value?: Hex }

/** EIP-5792 status codes for the Gateway's transaction statuses (`BundleTxStatuses`). */
const BUNDLE_STATUS: Record<string, number> = {
  AWAITING_CONFIRMATIONS: 100,
  AWAITING_EXECUTION: 100,
  SUCCESS: 200,
  CANCELLED: 400,
  FAILED: 500,
}

/** The methods Safe{Wallet} grants every session (`SAFE_COMPATIBLE_METHODS`). */
const SAFE_COMPATIBLE_METHODS = [
  'eth_accounts',
  'net_version',
  'eth_chainId',
  'personal_sign',
  'eth_sign',
  'eth_signTypedData',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'eth_blockNumber',
  'eth_getBalance',
  'eth_getCode',
  'eth_getTransactionCount',
  'eth_getStorageAt',
  'eth_getBlockByNumber',
  'eth_getBlockByHash',
  'eth_getTransactionByHash',
  'eth_getTransactionReceipt',
  'eth_estimateGas',
  'eth_call',
  'eth_getLogs',
  'eth_gasPrice',
  'wallet_switchEthereumChain',
  'wallet_sendCalls',
  'wallet_getCallsStatus',
  'wallet_showCallsStatus',
  'wallet_getCapabilities',
  'safe_setSettings',
]
const SAFE_COMPATIBLE_EVENTS = ['chainChanged', 'accountsChanged']

export class SafeWallet {
  /** Proposals answered with their Safe transaction's hash, as the provider's `submittedTxs` keeps them. */
  private readonly submitted = new Map<string, Call>()

  constructor(
    readonly service: SafeService,
    private readonly options: { rpcUrl: string; chainId: number; executeAtOnce: boolean },
  ) {}

  /**
   * What a session grants, as `WalletConnectWallet.getNamespaces` (`features/walletconnect/services/`) builds it: the
   * dapp's required methods and events and Safe{Wallet}'s own lists (`features/walletconnect/constants.ts`), never the
   * optional ones. Reads among them (a receipt, a transaction) still go to the dapp provider's own RPC unless the dapp
   * asked for them when pairing: WalletConnect's provider routes by what it asked for, not by what was granted.
   */
  static grants(required: { methods: string[]; events: string[] }[]): { methods: string[]; events: string[] } {
    return {
      methods: [...new Set([...required.flatMap((namespace) => namespace.methods), ...SAFE_COMPATIBLE_METHODS])],
      events: [...new Set([...required.flatMap((namespace) => namespace.events), ...SAFE_COMPATIBLE_EVENTS])],
    }
  }

  /**
   * The answer when an owner closes the review: the flow rejects with EIP-1193's 4001 and its own words, and the
   * provider's `request` turns every failure into code -32000 with the failure's message.
   */
  static rejection(method: string): { code: number; message: string } {
    const signing = method === 'personal_sign' || method.startsWith('eth_signTypedData')
    return { code: -32000, message: signing ? 'User rejected signature' : 'User rejected transaction' }
  }

  get address(): Address {
    return this.service.safe
  }

  /** The answer to `method`, or `undefined` when this wallet answers it as any wallet does. */
  perform(method: string, params: unknown[]): Promise<unknown> | undefined {
    switch (method) {
      case 'eth_accounts':
      case 'eth_requestAccounts':
        return Promise.resolve([this.service.safe])
      case 'eth_sendTransaction':
        return this.sendTransaction({ value: '0', data: '0x', ...(params[0] as Record<string, unknown>) })
      case 'eth_getTransactionByHash':
        return this.byExecution(params[0], 'eth_getTransactionByHash', (hash) => this.submittedTransaction(hash))
      case 'eth_getTransactionReceipt':
        return this.byExecution(params[0], 'eth_getTransactionReceipt')
      case 'wallet_sendCalls':
        return this.sendCalls(params[0] as { calls: Call[] })
      case 'wallet_getCallsStatus':
        return this.callsStatus(params[0] as Hash)
      case 'wallet_getCapabilities':
        // Compared as given, as the provider does: its checksummed address only.
        return Promise.resolve(
          params[0] === this.service.safe
            ? { [numberToHex(this.options.chainId)]: { atomicBatch: { supported: true } } }
            : {},
        )
      case 'personal_sign':
      case 'eth_signTypedData_v4':
        return Promise.reject(new Error(`The Safe test wallet does not sign messages (${method}).`))
    }
    return undefined
  }

  private async sendTransaction(tx: Record<string, unknown>): Promise<Hash> {
    // The provider takes the request's gas, hex or decimal, as the Safe transaction's safeTxGas; none leaves it 0.
    const gas = typeof tx.gas === 'string' && tx.gas.startsWith('0x') ? Number.parseInt(tx.gas, 16) : Number(tx.gas)
    const call = { to: String(tx.to), value: BigInt(String(tx.value)), data: String(tx.data) }
    const safeTxHash = await this.service.propose([call], 0, Number.isNaN(gas) ? {} : { safeTxGas: gas })
    if (this.options.executeAtOnce) return this.service.execute(safeTxHash, 0)
    this.submitted.set(safeTxHash.toLowerCase(), tx as Call)
    return safeTxHash
  }

  private async sendCalls(bundle: { calls: Call[] }): Promise<{ id: Hash }> {
    const txs = bundle.calls.map((call) => {
      if (!call.to) throw new Error('Invalid call parameters.')
      return { to: getAddress(call.to), data: call.data ?? '0x', value: call.value ?? '0' }
    })
    return { id: await this.service.propose(txs, 0, { safeTxGas: 0 }) }
  }

  private async callsStatus(safeTxHash: Hash) {
    const details = await this.service.details(safeTxHash).catch(() => undefined)
    if (!details) throw new Error('Transaction not found')
    const result = {
      version: '1.0',
      id: safeTxHash,
      chainId: numberToHex(this.options.chainId),
      status: BUNDLE_STATUS[details.txStatus],
    }
    if (!details.txHash) return result
    const receipt = (await this.rpc('eth_getTransactionReceipt', [details.txHash])) as Record<string, Hex> | null
    if (!receipt) return result
    const calls = this.service.list().find((stored) => stored.safeTxHash === safeTxHash)?.tx.operation === 1 ? 2 : 1
    return {
      ...result,
      receipts: Array.from({ length: calls }, () => ({
        logs: receipt.logs,
        status: numberToHex(details.txStatus === 'SUCCESS' ? 1 : 0),
        blockHash: receipt.blockHash,
        blockNumber: receipt.blockNumber,
        gasUsed: receipt.gasUsed,
        transactionHash: details.txHash,
      })),
    }
  }

  /** `method` for the execution of a Safe transaction hash once executed, else for the hash as given. */
  private async byExecution(hash: unknown, method: string, fallback?: (hash: string) => unknown): Promise<unknown> {
    let asked = String(hash)
    const executed = await this.service.details(asked).then(
      (details) => details.txHash ?? undefined,
      () => undefined,
    )
    if (executed) asked = executed
    const fake = fallback?.(asked)
    if (fake) return fake
    return this.rpc(method, [asked])
  }

  /** The stand-in the provider answers for a proposal not executed yet. */
  private submittedTransaction(hash: string) {
    const tx = this.submitted.get(hash.toLowerCase())
    if (!tx) return undefined
    return {
      from: this.service.safe,
      hash,
      gas: 0,
      gasPrice: '0x00',
      nonce: 0,
      input: tx.data,
      value: tx.value,
      to: tx.to,
      blockHash: null,
      blockNumber: null,
      transactionIndex: null,
    }
  }

  async rpc(method: string, params: unknown[]): Promise<unknown> {
    const response = await fetch(this.options.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    })
    const body = (await response.json()) as { result?: unknown; error?: { message: string } }
    if (body.error) throw new Error(body.error.message)
    return body.result
  }
}
