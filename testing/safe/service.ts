/**
 * `SafeService`, an in-memory transaction service for one Safe (what Safe's own service and Client Gateway do for
 * Safe{Wallet}): it stores proposed Safe transactions with their owners' EIP-712 signatures (or a proposer's unsigned
 * proposal), executes them on chain one at a time or several in one chain transaction, and describes them in the
 * Gateway's `TransactionDetails` shape that the Safe Apps SDK's `getTxBySafeTxHash` returns — with the Gateway's unkind
 * parts: a proposal deleted from the queue is not found any more, and an execution the service has not indexed yet
 * reads as the Gateway reads it (`./gateway.ts`).
 */
import {
  type Address,
  concatHex,
  encodeFunctionData,
  getAddress,
  type Hash,
  type Hex,
  hashTypedData,
  isAddressEqual,
  sliceHex,
  zeroAddress,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import {
  chainFor,
  clientFor,
  encodeMultiSend,
  FALLBACK_HANDLER_SLOT,
  GUARD_SLOT,
  multiSendCallOnlyAbi,
  requireSuccess,
  SAFE_TX_TYPES,
  type SafeCall,
  type SafeSingletons,
  type SafeTx,
  safeAbi,
} from './contracts'
import { gatewayDetails, type SafeInfo, type SafeTransactionDetails, type StoredSafeTransaction } from './gateway'

export type ProposeOptions = {
  nonce?: bigint | number
  safeTxGas?: bigint | number
  /**
   * Proposed by this proposer (a delegate the Safe's owners named, who is no owner): the transaction service takes the
   * proposal with the delegate's signature as proof of who proposed, and it carries no owner's confirmation (the
   * multisig transaction serializer of safe-transaction-service, `safe_transaction_service/history/serializers.py`,
   * accepts a sender that is an owner or one of the Safe's delegates).
   */
  delegate?: Address
}

function toBigInt(value: bigint | string | number | undefined): bigint {
  if (value === undefined || value === '') return 0n
  return BigInt(value)
}

/**
 * An in-memory Safe transaction service for one Safe: proposals with their owners' signatures, confirmations,
 * execution from an owner's account, and the Gateway's view of each transaction (status derived from the chain).
 */
export class SafeService {
  readonly rpcUrl: string
  readonly chainId: number
  readonly safe: Address
  readonly singletons: SafeSingletons
  readonly owners: readonly Address[]
  private readonly accounts: ReturnType<typeof privateKeyToAccount>[]
  private readonly client: ReturnType<typeof clientFor>
  private readonly transactions = new Map<string, StoredSafeTransaction>()
  /** Proposals are taken one at a time, so that two at once never get the same nonce. */
  private queue: Promise<unknown> = Promise.resolve()

  constructor(options: {
    rpcUrl: string
    chainId: number
    safe: Address
    singletons: SafeSingletons
    ownerKeys: Hex[]
  }) {
    this.rpcUrl = options.rpcUrl
    this.chainId = options.chainId
    this.safe = getAddress(options.safe)
    this.singletons = options.singletons
    this.accounts = options.ownerKeys.map((key) => privateKeyToAccount(key))
    this.owners = this.accounts.map((account) => account.address)
    const [first] = this.accounts
    if (!first) throw new Error('SafeService needs at least one owner key.')
    this.client = clientFor(options.rpcUrl, chainFor(options.rpcUrl, options.chainId), first)
  }

  private account(index: number) {
    const account = this.accounts[index]
    if (!account) throw new Error(`No owner key #${index} (the service has ${this.accounts.length}).`)
    return account
  }

  private stored(safeTxHash: string): StoredSafeTransaction {
    const stored = this.transactions.get(safeTxHash.toLowerCase())
    if (!stored) throw new Error(`No Safe transaction ${safeTxHash} for ${this.safe}.`)
    return stored
  }

  /** The Safe's nonce on chain. */
  async onChainNonce(): Promise<bigint> {
    return this.client.readContract({ address: this.safe, abi: safeAbi, functionName: 'nonce' })
  }

  /** EIP-712 hash of a SafeTx for this Safe (what `getTransactionHash` returns on chain). */
  safeTxHash(tx: SafeTx): Hash {
    return hashTypedData({
      domain: { chainId: this.chainId, verifyingContract: this.safe },
      types: SAFE_TX_TYPES,
      primaryType: 'SafeTx',
      message: tx,
    })
  }

  private sign(tx: SafeTx, ownerIndex: number): Promise<Hex> {
    return this.account(ownerIndex).signTypedData({
      domain: { chainId: this.chainId, verifyingContract: this.safe },
      types: SAFE_TX_TYPES,
      primaryType: 'SafeTx',
      message: tx,
    })
  }

  /**
   * Stores a Safe transaction for `txs` (one: a call to it; several: a delegatecall to MultiSendCallOnly), signed by
   * owner `proposerIndex` (or proposed unsigned by `options.delegate`), and returns its safeTxHash. The nonce is the
   * next free one (past the chain's and every queued one) unless given. `safeTxGas` (default 0) other than 0 lets a
   * failing call mine as `ExecutionFailure` (status FAILED) instead of reverting the execution.
   */
  propose(txs: SafeCall[], proposerIndex: number, options: ProposeOptions = {}): Promise<Hash> {
    const run = this.queue.then(() => this.proposeNow(txs, proposerIndex, options))
    this.queue = run.catch(() => {})
    return run
  }

  private async proposeNow(txs: SafeCall[], proposerIndex: number, options: ProposeOptions): Promise<Hash> {
    if (txs.length === 0) throw new Error('No transactions to propose.')
    const calls = txs.map((tx) => ({
      to: getAddress(tx.to),
      value: toBigInt(tx.value),
      data: (tx.data && tx.data !== '' ? tx.data : '0x') as Hex,
    }))
    let nonce: bigint
    if (options.nonce !== undefined) nonce = BigInt(options.nonce)
    else {
      nonce = await this.onChainNonce()
      for (const stored of this.transactions.values()) {
        if (!stored.deleted && stored.tx.nonce + 1n > nonce) nonce = stored.tx.nonce + 1n
      }
    }
    const [single] = calls
    const base = {
      safeTxGas: BigInt(options.safeTxGas ?? 0),
      baseGas: 0n,
      gasPrice: 0n,
      gasToken: zeroAddress,
      refundReceiver: zeroAddress,
      nonce,
    }
    const tx: SafeTx =
      calls.length === 1 && single
        ? { ...single, operation: 0, ...base }
        : {
            to: this.singletons.multiSendCallOnly,
            value: 0n,
            data: encodeFunctionData({
              abi: multiSendCallOnlyAbi,
              functionName: 'multiSend',
              args: [encodeMultiSend(calls)],
            }),
            operation: 1,
            ...base,
          }
    const safeTxHash = this.safeTxHash(tx)
    if (this.transactions.has(safeTxHash.toLowerCase())) throw new Error(`Safe transaction ${safeTxHash} exists.`)
    const submittedAt = Date.now()
    const proposer = options.delegate ?? this.account(proposerIndex).address
    const confirmations = options.delegate
      ? []
      : [{ signer: proposer, signature: await this.sign(tx, proposerIndex), submittedAt }]
    this.transactions.set(safeTxHash.toLowerCase(), {
      safeTxHash,
      tx,
      calls,
      proposer,
      submittedAt,
      modifiedAt: submittedAt,
      confirmations,
    })
    return safeTxHash
  }

  /** Adds owner `ownerIndex`'s signature (once per owner). */
  async confirm(safeTxHash: Hash, ownerIndex: number): Promise<void> {
    const stored = this.stored(safeTxHash)
    if (stored.txHash) throw new Error(`Safe transaction ${safeTxHash} is already executed.`)
    const signer = this.account(ownerIndex).address
    if (stored.confirmations.some((confirmation) => isAddressEqual(confirmation.signer, signer))) return
    stored.confirmations.push({ signer, signature: await this.sign(stored.tx, ownerIndex), submittedAt: Date.now() })
    stored.modifiedAt = Date.now()
  }

  /** Makes the record read as last changed `ms` ago (the Gateway treats a recent change differently, see `gatewayStatus`). */
  backdate(safeTxHash: Hash, ms: number): void {
    this.stored(safeTxHash).modifiedAt = Date.now() - ms
  }

  /**
   * Deletes a proposal from the queue, as its proposer can in Safe{Wallet}: the Gateway does not find it any more.
   * As the transaction service's delete (`safe_transaction_service/history/serializers.py`, its multisig transaction
   * delete serializer), an executed transaction cannot be deleted. The owners' signatures are not undone: anyone
   * holding enough of them can still execute it (`execute`, as a relayer would), and the Safe's nonce decides.
   */
  delete(safeTxHash: Hash): void {
    const stored = this.stored(safeTxHash)
    if (stored.txHash) throw new Error(`Safe transaction ${safeTxHash} is executed: it cannot be deleted.`)
    stored.deleted = true
  }

  /**
   * Sends `execTransaction` with the stored signatures (sorted by signer) from owner `executorIndex`'s account and
   * returns the Ethereum transaction's hash once it is mined (a reverted execution throws and is not recorded). With
   * `indexed: false` the service has not seen the execution yet, as the transaction service lags the chain; `index`
   * records it later.
   */
  async execute(safeTxHash: Hash, executorIndex = 0, options: { indexed?: boolean } = {}): Promise<Hash> {
    const stored = this.executable(safeTxHash)
    const account = this.account(executorIndex)
    const hash = await this.client.sendTransaction({ account, chain: this.client.chain, ...this.execCall(stored) })
    const receipt = requireSuccess(await this.client.waitForTransactionReceipt({ hash }), `Executing ${safeTxHash}`)
    stored.unindexed = { hash, executor: account.address, receipt }
    if (options.indexed !== false) await this.index(safeTxHash)
    return hash
  }

  /**
   * Executes several queued Safe transactions in one chain transaction, as Safe{Wallet}'s "Execute batch" does
   * (`dispatchBatchExecution` in `apps/web/src/services/tx/tx-sender/dispatch.ts`): each one's `execTransaction` is
   * one call of MultiSendCallOnly's `multiSend`, sent from owner `executorIndex`'s account, in nonce order. One whose
   * call fails with `safeTxGas` > 0 logs `ExecutionFailure` and the others still run; the service indexes them all.
   */
  async executeTogether(safeTxHashes: Hash[], executorIndex = 0): Promise<Hash> {
    const queued = safeTxHashes
      .map((safeTxHash) => this.executable(safeTxHash))
      .sort((a, b) => Number(a.tx.nonce - b.tx.nonce))
    const account = this.account(executorIndex)
    const hash = await this.client.writeContract({
      account,
      address: this.singletons.multiSendCallOnly,
      abi: multiSendCallOnlyAbi,
      functionName: 'multiSend',
      args: [encodeMultiSend(queued.map((stored) => ({ ...this.execCall(stored), value: 0n })))],
    })
    const receipt = requireSuccess(await this.client.waitForTransactionReceipt({ hash }), 'Executing a batch')
    for (const stored of queued) {
      stored.unindexed = { hash, executor: account.address, receipt }
      await this.index(stored.safeTxHash)
    }
    return hash
  }

  private executable(safeTxHash: Hash): StoredSafeTransaction {
    const stored = this.stored(safeTxHash)
    if (stored.txHash || stored.unindexed) throw new Error(`Safe transaction ${safeTxHash} is already executed.`)
    return stored
  }

  /** The Safe's `execTransaction` of `stored` with its signatures, sorted by signer as the Safe requires. */
  private execCall(stored: StoredSafeTransaction): { to: Address; value: bigint; data: Hex } {
    const signatures = concatHex(
      [...stored.confirmations]
        .sort((a, b) => (BigInt(a.signer) < BigInt(b.signer) ? -1 : 1))
        .map((confirmation) => confirmation.signature),
    )
    const { tx } = stored
    const data = encodeFunctionData({
      abi: safeAbi,
      functionName: 'execTransaction',
      args: [
        tx.to,
        tx.value,
        tx.data,
        tx.operation,
        tx.safeTxGas,
        tx.baseGas,
        tx.gasPrice,
        tx.gasToken,
        tx.refundReceiver,
        signatures,
      ],
    })
    return { to: this.safe, value: 0n, data }
  }

  /** Records an execution the service had not indexed yet (see `execute`). */
  async index(safeTxHash: Hash): Promise<void> {
    const stored = this.stored(safeTxHash)
    const execution = stored.unindexed
    if (!execution) throw new Error(`Safe transaction ${safeTxHash} has no execution to index.`)
    const block = await this.client.getBlock({ blockNumber: execution.receipt.blockNumber })
    stored.txHash = execution.hash
    stored.executor = execution.executor
    stored.receipt = execution.receipt
    stored.executedAt = Number(block.timestamp) * 1000
    stored.modifiedAt = Date.now()
    stored.unindexed = undefined
  }

  /** Every stored transaction (copies of the records), oldest first. */
  list(): StoredSafeTransaction[] {
    return [...this.transactions.values()].map((stored) => ({ ...stored, confirmations: [...stored.confirmations] }))
  }

  /** The Gateway's `TransactionDetails` for `safeTxHash`; throws for a hash the service does not hold. */
  async details(safeTxHash: string): Promise<SafeTransactionDetails> {
    const stored = this.stored(safeTxHash)
    if (stored.deleted) throw new Error(`No MultisigTransaction matches the given query (${safeTxHash}).`)
    const [threshold, owners, onChainNonce] = await Promise.all([
      this.client.readContract({ address: this.safe, abi: safeAbi, functionName: 'getThreshold' }),
      this.client.readContract({ address: this.safe, abi: safeAbi, functionName: 'getOwners' }),
      this.onChainNonce(),
    ])
    const { multiSendCallOnly } = this.singletons
    return gatewayDetails(stored, { safe: this.safe, multiSendCallOnly, threshold, owners, onChainNonce })
  }

  /**
   * The SDK's `SafeInfoExtended` for the Safe, read from the chain; `isReadOnly` when the person who opened it in
   * Safe{Wallet} is not one of its owners.
   */
  async info(options: { isReadOnly?: boolean } = {}): Promise<SafeInfo> {
    const read = <const name extends 'nonce' | 'getThreshold' | 'getOwners' | 'VERSION'>(functionName: name) =>
      this.client.readContract({ address: this.safe, abi: safeAbi, functionName })
    const slot = async (at: Hex) => {
      const word = (await this.client.getStorageAt({ address: this.safe, slot: at })) ?? '0x'
      return getAddress(word === '0x' ? zeroAddress : sliceHex(word, 12, 32))
    }
    const [nonce, threshold, owners, version, implementation, fallbackHandler, guard] = await Promise.all([
      read('nonce'),
      read('getThreshold'),
      read('getOwners'),
      read('VERSION'),
      slot('0x0'),
      slot(FALLBACK_HANDLER_SLOT),
      slot(GUARD_SLOT),
    ])
    return {
      safeAddress: this.safe,
      chainId: this.chainId,
      threshold: Number(threshold),
      owners: owners.map((owner) => getAddress(owner)),
      isReadOnly: options.isReadOnly ?? false,
      nonce: Number(nonce),
      implementation,
      modules: [],
      fallbackHandler,
      guard,
      version,
    }
  }
}
