/** A Safe transaction's hash (EIP-712 `SafeTx`), and the proposal a Safe's answer stands for. */
import { type Address, type Hash, type Hex, hashTypedData, zeroAddress } from 'viem'

/** Safe's `SafeTx` EIP-712 type (domain: `{ chainId, verifyingContract: safe }`, without the chain id before 1.3.0). */
export const SAFE_TX_TYPES = {
  SafeTx: [
    { name: 'to', type: 'address' },
    { name: 'value', type: 'uint256' },
    { name: 'data', type: 'bytes' },
    { name: 'operation', type: 'uint8' },
    { name: 'safeTxGas', type: 'uint256' },
    { name: 'baseGas', type: 'uint256' },
    { name: 'gasPrice', type: 'uint256' },
    { name: 'gasToken', type: 'address' },
    { name: 'refundReceiver', type: 'address' },
    { name: 'nonce', type: 'uint256' },
  ],
} as const

/** A call proposed to a Safe, as the portal asked for it. */
export type SafeCall = { to: Address; value: bigint; data: Hex }

/** The Safe transaction a Safe{Wallet} proposal of `call` is: no refund, no gas price, a plain call. */
export type SafeTransaction = SafeCall & { safeTxGas: bigint; nonce: bigint }

/** Before 1.3.0 a Safe's EIP-712 domain had no chain id. */
function hasChainIdInDomain(version: string): boolean {
  const [major = 0, minor = 0] = version.split('.').map(Number)
  return major > 1 || (major === 1 && minor >= 3)
}

/** The hash a Safe signs and logs for `tx` (its `getTransactionHash`). */
export function safeTransactionHash(safe: Address, chainId: number, version: string, tx: SafeTransaction): Hash {
  return hashTypedData({
    domain: hasChainIdInDomain(version) ? { chainId, verifyingContract: safe } : { verifyingContract: safe },
    types: SAFE_TX_TYPES,
    primaryType: 'SafeTx',
    message: {
      to: tx.to,
      value: tx.value,
      data: tx.data,
      operation: 0,
      safeTxGas: tx.safeTxGas,
      baseGas: 0n,
      gasPrice: 0n,
      gasToken: zeroAddress,
      refundReceiver: zeroAddress,
      nonce: tx.nonce,
    },
  })
}

/** How many Safe nonces past the chain's a proposal is looked for at: the ones queued before it. */
export const QUEUED_NONCES = 20

/**
 * The Safe nonce of the proposal `answer` names, when it is the portal's `call`: Safe{Wallet} proposes it at the
 * next nonce past those already queued, with `safeTxGas` the gas the request carried (or 0, which it recommends
 * for Safes from 1.3.0 on). `undefined` when no such proposal has that hash: an owner changed it before proposing,
 * or the answer is no proposal at all.
 */
export function proposalNonce(options: {
  answer: Hash
  safe: Address
  chainId: number
  version: string
  call: SafeCall
  gas: bigint | undefined
  /** The Safe's nonce on chain now. */
  from: bigint
}): bigint | undefined {
  const { answer, safe, chainId, version, call, gas, from } = options
  const gasValues = gas === undefined || gas === 0n ? [0n] : [0n, gas]
  for (let nonce = from; nonce < from + BigInt(QUEUED_NONCES); nonce++) {
    for (const safeTxGas of gasValues) {
      const hash = safeTransactionHash(safe, chainId, version, { ...call, safeTxGas, nonce })
      if (hash.toLowerCase() === answer.toLowerCase()) return nonce
    }
  }
  return undefined
}
