/** A Safe connected as a wallet (Safe{Wallet} over WalletConnect): known by its code and its own answers. */
import { type Address, type Chain, type Client, type Hex, parseAbi, type Transport } from 'viem'
import { getCode, readContract } from 'viem/actions'
import { isEndpointFailure } from '../lib/errors'

export const SAFE_ACCOUNT_ABI = parseAbi([
  'function VERSION() view returns (string)',
  'function getThreshold() view returns (uint256)',
  'function getOwners() view returns (address[])',
  'function nonce() view returns (uint256)',
])

/** What the portal reads of a connected Safe: its version (which fixes its transaction hash) and who signs. */
export type SafeAccount = { version: string; threshold: number; owners: Address[] }

/**
 * An EIP-7702 account carries `0xef0100 ‖ address` as its code: it has code and signs as its key does, it is no Safe.
 */
export function isDelegation(code: Hex): boolean {
  return code.length === 2 + 23 * 2 && code.toLowerCase().startsWith('0xef0100')
}

/**
 * The Safe at `address`, or `undefined` when the account is none: no code (a key's account), an EIP-7702 delegation,
 * or a contract that does not answer as a Safe does (`VERSION()`, `getThreshold()`, `getOwners()`). A failing
 * endpoint throws: it tells nothing either way.
 */
export async function readSafeAccount(
  client: Client<Transport, Chain | undefined>,
  address: Address,
): Promise<SafeAccount | undefined> {
  const code = await getCode(client, { address })
  if (!code || code === '0x' || isDelegation(code)) return undefined
  const read = <Name extends 'VERSION' | 'getThreshold' | 'getOwners'>(functionName: Name) =>
    readContract(client, { address, abi: SAFE_ACCOUNT_ABI, functionName }).then(
      (value) => ({ value }),
      (failure: unknown) => ({ failure }),
    )
  const [version, threshold, owners] = await Promise.all([read('VERSION'), read('getThreshold'), read('getOwners')])
  if (!('value' in version) || !('value' in threshold) || !('value' in owners)) {
    // A contract that reverts or answers something else is not a Safe; an endpoint that fails says nothing.
    for (const each of [version, threshold, owners]) {
      if ('failure' in each && isEndpointFailure(each.failure)) throw each.failure
    }
    return undefined
  }
  const isSafe = /^\d+\.\d+\.\d+/.test(version.value) && threshold.value > 0n && owners.value.length > 0
  return isSafe ? { version: version.value, threshold: Number(threshold.value), owners: [...owners.value] } : undefined
}

/** What each connected account turned out to be, per chain: asked once a session. */
const known = new Map<string, Promise<SafeAccount | undefined>>()

/**
 * The Safe `address` is on the chain `client` reads, remembered for the session once answered; asked again after a
 * failure.
 */
export function connectedSafe(
  client: Client<Transport, Chain | undefined>,
  address: Address,
): Promise<SafeAccount | undefined> {
  const key = `${client.chain?.id}:${address.toLowerCase()}`
  const cached = known.get(key)
  if (cached) return cached
  const asked = readSafeAccount(client, address)
  known.set(key, asked)
  asked.catch(() => known.delete(key))
  return asked
}
