import { readFileSync } from 'node:fs'
import type { Address, Hex, LocalAccount } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { RefusedError } from './errors.ts'
import { decryptKeystore, keystoreAddress } from './keystore.ts'

/** Where a command finds the owner's key: never on the command line. */
export type KeySource = {
  /** ADMIN_PRIVATE_KEY. */
  privateKey: string | undefined
  /** `--keystore` or ADMIN_KEYSTORE. */
  keystorePath: string | undefined
  /** ADMIN_KEYSTORE_PASSWORD, for runs without a terminal. */
  keystorePassword: string | undefined
  /** Asks for the keystore password on the terminal without echo. */
  promptPassword: (question: string) => Promise<string>
}

function isPrivateKey(value: string): value is Hex {
  return /^0x[0-9a-fA-F]{64}$/.test(value)
}

function privateKeyFromEnv(value: string): Hex {
  const hex = value.startsWith('0x') ? value : `0x${value}`
  if (!isPrivateKey(hex)) throw new RefusedError('ADMIN_PRIVATE_KEY is not a private key (32 bytes of hex).')
  return hex
}

function readKeystore(path: string): string {
  try {
    return readFileSync(path, 'utf8')
  } catch (error) {
    throw new RefusedError(
      `Cannot read the keystore ${path}: ${error instanceof Error ? error.message : String(error)}`,
    )
  }
}

function chosenSource(source: KeySource): { key: string } | { keystore: string } | undefined {
  const key = source.privateKey?.trim()
  if (key && source.keystorePath) {
    throw new RefusedError('Both ADMIN_PRIVATE_KEY and a keystore are set; keep only one so it is clear who signs.')
  }
  if (key) return { key }
  if (source.keystorePath) return { keystore: source.keystorePath }
  return undefined
}

/** The signing account for a run that sends transactions. */
export async function loadSigner(source: KeySource): Promise<LocalAccount> {
  const chosen = chosenSource(source)
  if (!chosen) {
    throw new RefusedError(
      'No key to sign with: set ADMIN_PRIVATE_KEY, or pass --keystore <file> (or ADMIN_KEYSTORE) for an encrypted JSON keystore.',
    )
  }
  if ('key' in chosen) return privateKeyToAccount(privateKeyFromEnv(chosen.key))
  const json = readKeystore(chosen.keystore)
  const password = source.keystorePassword ?? (await source.promptPassword(`Password for ${chosen.keystore}:`))
  return privateKeyToAccount(await decryptKeystore(json, password))
}

/**
 * The address a dry run acts as, without asking for a password when the keystore declares its address; undefined
 * when no key is configured (the dry run then acts as the contract's owner).
 */
export async function signerAddress(source: KeySource): Promise<Address | undefined> {
  const chosen = chosenSource(source)
  if (!chosen) return undefined
  if ('key' in chosen) return privateKeyToAccount(privateKeyFromEnv(chosen.key)).address
  return keystoreAddress(readKeystore(chosen.keystore)) ?? (await loadSigner(source)).address
}
