import { type Address, type Chain, type Client, encodeFunctionData, type Hash, type Transport } from 'viem'
import { getTransaction, readContract } from 'viem/actions'
import { SAFE_ACCOUNT_ABI, type SafeAccount } from '../safeAccount'
import { proposalNonce } from '../safeTransaction'
import type { Sent } from './safe'

/** The call the portal asked a wallet to send (a simulated `writeContract` request). */
export type AskedCall = Parameters<typeof encodeFunctionData>[0] & { address: Address; value?: bigint; gas?: bigint }

/**
 * What a Safe connected as a wallet (Safe{Wallet} over WalletConnect) answered: a chain transaction's hash when the
 * Safe executed at once (an owner alone may), which the chain knows, or else the hash of the Safe transaction its
 * owners still have to sign and execute. `undefined`: a chain transaction, followed as any. Otherwise the proposal,
 * with its Safe nonce when the answer is the portal's own call at one of the nonces queued past the Safe's (an owner
 * may change the transaction before proposing it: then only its execution or the holder's event can tell).
 */
export async function safeProposal(
  client: Client<Transport, Chain | undefined>,
  options: { sent: Sent; account: Address; safe: SafeAccount; chainId: number; call: AskedCall },
): Promise<{ nonce?: number } | undefined> {
  const { sent, account, safe, chainId, call } = options
  if ('batch' in sent) return {}
  const known = await getTransaction(client, { hash: sent.hash }).then(
    () => true,
    () => false,
  )
  if (known) return undefined
  const from = await readContract(client, { address: account, abi: SAFE_ACCOUNT_ABI, functionName: 'nonce' }).catch(
    () => undefined,
  )
  if (from === undefined) return {}
  const nonce = proposalNonce({
    answer: sent.hash as Hash,
    safe: account,
    chainId,
    version: safe.version,
    call: { to: call.address, value: call.value ?? 0n, data: encodeFunctionData(call) },
    gas: call.gas,
    from,
  })
  return nonce === undefined ? {} : { nonce: Number(nonce) }
}
