/**
 * Safe's transaction service and Client Gateway as Safe{Wallet} sees them: the `TransactionDetails` and
 * `SafeInfoExtended` shapes the Safe Apps SDK returns, and the Gateway's mapping of a stored transaction to them — its
 * unkind parts included: an execution the service has not indexed yet reads as the Gateway reads it (`gatewayStatus`).
 */
import {
  type Address,
  getAddress,
  type Hash,
  type Hex,
  isAddressEqual,
  parseEventLogs,
  size,
  type TransactionReceipt,
} from 'viem'
import { encodeMultiSend, type SafeTx, safeAbi } from './contracts'

export type TransactionStatus = 'AWAITING_CONFIRMATIONS' | 'AWAITING_EXECUTION' | 'SUCCESS' | 'FAILED' | 'CANCELLED'
export type AddressEx = { value: Address; name: null; logoUri: null }

/** The Client Gateway's `TransactionDetails` (Safe Apps SDK `getTxBySafeTxHash`), as far as this service knows it. */
export type SafeTransactionDetails = {
  safeAddress: Address
  txId: string
  /** Milliseconds since the epoch of the executing block; null until executed. */
  executedAt: number | null
  txStatus: TransactionStatus
  txInfo:
    | {
        type: 'Transfer'
        sender: AddressEx
        recipient: AddressEx
        direction: 'OUTGOING'
        transferInfo: { type: 'NATIVE_COIN'; value: string }
      }
    | {
        type: 'Custom'
        to: AddressEx
        dataSize: string
        value: string
        methodName: string | null
        actionCount: number | null
        isCancellation: boolean
      }
  txData: {
    hexData: Hex | null
    dataDecoded: {
      method: 'multiSend'
      parameters: [
        {
          name: 'transactions'
          type: 'bytes'
          value: Hex
          valueDecoded: { operation: 0; to: Address; value: string; data: Hex | null; dataDecoded: null }[]
        },
      ]
    } | null
    to: AddressEx
    value: string
    operation: 0 | 1
    trustedDelegateCallTarget: boolean
    addressInfoIndex: null
  }
  /** The Ethereum transaction that executed it; null until executed. */
  txHash: Hash | null
  detailedExecutionInfo: {
    type: 'MULTISIG'
    submittedAt: number
    nonce: number
    safeTxGas: string
    baseGas: string
    gasPrice: string
    gasToken: Address
    refundReceiver: AddressEx
    safeTxHash: Hash
    executor: AddressEx | null
    signers: AddressEx[]
    confirmationsRequired: number
    confirmationsSubmitted: number
    confirmations: { signer: AddressEx; signature: Hex; submittedAt: number }[]
    rejectors: AddressEx[]
    gasTokenInfo: null
    trusted: boolean
    proposer: AddressEx
    proposedByDelegate: null
  }
  safeAppInfo: null
  note: null
}

/** The SDK's `SafeInfoExtended`, read from the chain. */
export type SafeInfo = {
  safeAddress: Address
  chainId: number
  threshold: number
  owners: Address[]
  isReadOnly: boolean
  nonce: number
  implementation: Address
  modules: Address[]
  fallbackHandler: Address
  guard: Address
  version: string
}

/** A Safe transaction the service holds. */
export type StoredSafeTransaction = {
  safeTxHash: Hash
  tx: SafeTx
  /** The calls as proposed (one, or the batch behind a MultiSend). */
  calls: { to: Address; value: bigint; data: Hex }[]
  proposer: Address
  submittedAt: number
  confirmations: { signer: Address; signature: Hex; submittedAt: number }[]
  /** When the service last changed the record (a proposal, a confirmation, an indexed execution). */
  modifiedAt: number
  /** Deleted from the queue: the Gateway no longer finds it. */
  deleted?: boolean
  /** An execution mined on chain that the service has not indexed yet. */
  unindexed?: { hash: Hash; executor: Address; receipt: TransactionReceipt }
  /** Set by `execute` once the execution is mined and indexed. */
  txHash?: Hash
  executor?: Address
  receipt?: TransactionReceipt
  executedAt?: number
}

export const addressEx = (value: Address): AddressEx => ({ value, name: null, logoUri: null })

/** How long after its last change a fully signed transaction past the Safe's nonce still reads as awaiting execution. */
export const GATEWAY_RECENT_MS = 60_000

/**
 * A multisig transaction's status as the Client Gateway maps it (safe-client-gateway,
 * `src/routes/transactions/mappers/multisig-transactions/multisig-transaction-status.mapper.ts`): an execution the
 * transaction service has indexed decides; otherwise a Safe nonce past the transaction's reads CANCELLED — unless the
 * transaction has all its confirmations and changed within the last minute — even when the transaction itself was
 * executed and the service has not indexed it yet.
 */
export function gatewayStatus(transaction: {
  isExecuted: boolean
  isSuccessful: boolean
  nonce: bigint
  safeNonce: bigint
  confirmations: number
  confirmationsRequired: number
  modifiedAt: number
  now: number
}): TransactionStatus {
  if (transaction.isExecuted) return transaction.isSuccessful ? 'SUCCESS' : 'FAILED'
  const signed = transaction.confirmations >= transaction.confirmationsRequired
  if (transaction.safeNonce > transaction.nonce) {
    return signed && transaction.now - transaction.modifiedAt < GATEWAY_RECENT_MS ? 'AWAITING_EXECUTION' : 'CANCELLED'
  }
  return signed ? 'AWAITING_EXECUTION' : 'AWAITING_CONFIRMATIONS'
}

/** What the Gateway reads from the chain to describe a Safe transaction. */
export type ChainFacts = {
  safe: Address
  multiSendCallOnly: Address
  threshold: bigint
  owners: readonly Address[]
  onChainNonce: bigint
}

/**
 * The Client Gateway's `TransactionDetails` for a stored Safe transaction, given what the chain says now
 * (safe-client-gateway, `src/routes/transactions/mappers/multisig-transactions/`).
 */
export function gatewayDetails(
  stored: StoredSafeTransaction,
  { safe, multiSendCallOnly, threshold, owners, onChainNonce }: ChainFacts,
): SafeTransactionDetails {
  const { tx, calls, receipt } = stored
  const executed = receipt
    ? parseEventLogs({ abi: safeAbi, logs: receipt.logs }).filter(
        (event) => isAddressEqual(event.address, safe) && event.args.txHash === stored.safeTxHash,
      )
    : undefined
  const txStatus = gatewayStatus({
    isExecuted: executed !== undefined,
    isSuccessful: executed?.some((event) => event.eventName === 'ExecutionSuccess') ?? false,
    nonce: tx.nonce,
    safeNonce: onChainNonce,
    confirmations: stored.confirmations.length,
    confirmationsRequired: Number(threshold),
    modifiedAt: stored.modifiedAt,
    now: Date.now(),
  })

  const multiSend = tx.operation === 1 && isAddressEqual(tx.to, multiSendCallOnly)
  const [single] = calls
  const txInfo: SafeTransactionDetails['txInfo'] =
    !multiSend && single && single.data === '0x' && !isAddressEqual(single.to, safe)
      ? {
          type: 'Transfer',
          sender: addressEx(safe),
          recipient: addressEx(tx.to),
          direction: 'OUTGOING',
          transferInfo: { type: 'NATIVE_COIN', value: tx.value.toString() },
        }
      : {
          type: 'Custom',
          to: addressEx(tx.to),
          dataSize: String(size(tx.data)),
          value: tx.value.toString(),
          methodName: multiSend ? 'multiSend' : null,
          actionCount: multiSend ? calls.length : null,
          isCancellation: isAddressEqual(tx.to, safe) && tx.value === 0n && tx.data === '0x',
        }
  return {
    safeAddress: safe,
    txId: `multisig_${safe}_${stored.safeTxHash}`,
    executedAt: stored.executedAt ?? null,
    txStatus,
    txInfo,
    txData: {
      hexData: tx.data === '0x' ? null : tx.data,
      dataDecoded: multiSend
        ? {
            method: 'multiSend',
            parameters: [
              {
                name: 'transactions',
                type: 'bytes',
                // The packed calls, as the Gateway shows the `transactions` argument.
                value: encodeMultiSend(calls),
                valueDecoded: calls.map((call) => ({
                  operation: 0,
                  to: call.to,
                  value: call.value.toString(),
                  data: call.data === '0x' ? null : call.data,
                  dataDecoded: null,
                })),
              },
            ],
          }
        : null,
      to: addressEx(tx.to),
      value: tx.value.toString(),
      operation: tx.operation,
      trustedDelegateCallTarget: multiSend,
      addressInfoIndex: null,
    },
    txHash: receipt ? (stored.txHash ?? null) : null,
    detailedExecutionInfo: {
      type: 'MULTISIG',
      submittedAt: stored.submittedAt,
      nonce: Number(tx.nonce),
      safeTxGas: tx.safeTxGas.toString(),
      baseGas: tx.baseGas.toString(),
      gasPrice: tx.gasPrice.toString(),
      gasToken: tx.gasToken,
      refundReceiver: addressEx(tx.refundReceiver),
      safeTxHash: stored.safeTxHash,
      executor: stored.executor ? addressEx(stored.executor) : null,
      signers: owners.map((owner) => addressEx(getAddress(owner))),
      confirmationsRequired: Number(threshold),
      confirmationsSubmitted: stored.confirmations.length,
      confirmations: stored.confirmations.map((confirmation) => ({
        signer: addressEx(confirmation.signer),
        signature: confirmation.signature,
        submittedAt: confirmation.submittedAt,
      })),
      rejectors: [],
      gasTokenInfo: null,
      trusted: true,
      proposer: addressEx(stored.proposer),
      proposedByDelegate: null,
    },
    safeAppInfo: null,
    note: null,
  }
}
