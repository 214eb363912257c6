import { Wallet } from '@ethereumjs/wallet'
import { type Address, getAddress, type Hex } from 'viem'
import { privateKeyToAddress } from 'viem/accounts'
import { RefusedError } from './errors.ts'

/** The address a keystore file declares, without decrypting it (the `address` field is optional). */
export function keystoreAddress(json: string): Address | undefined {
  let parsed: unknown
  try {
    parsed = JSON.parse(json)
  } catch {
    throw new RefusedError('Keystore: the file is not JSON.')
  }
  const address = typeof parsed === 'object' && parsed !== null && 'address' in parsed ? parsed.address : undefined
  if (typeof address !== 'string') return undefined
  const hex = address.startsWith('0x') ? address : `0x${address}`
  return /^0x[0-9a-fA-F]{40}$/.test(hex) ? getAddress(hex) : undefined
}

/**
 * Decrypts a Web3 Secret Storage v3 keystore (as written by geth, cast, MetaMask exports, ethers) with
 * @ethereumjs/wallet. When the file declares an address, the decrypted key must belong to it.
 */
export async function decryptKeystore(json: string, password: string): Promise<Hex> {
  const declared = keystoreAddress(json)
  let wallet: Wallet
  try {
    // Non-strict reads the capitalised "Crypto" key and upper-case hex that some wallets write.
    wallet = await Wallet.fromV3(json, password, true)
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    throw new RefusedError(
      reason.includes('wrong passphrase')
        ? 'Keystore: wrong password (the MAC does not match).'
        : `Keystore: cannot be decrypted: ${reason}.`,
    )
  }
  const privateKey = wallet.getPrivateKeyString()
  if (declared && privateKeyToAddress(privateKey) !== declared) {
    throw new RefusedError(`Keystore: the key does not belong to the declared address ${declared}.`)
  }
  return privateKey
}
