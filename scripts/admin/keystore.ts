import { createDecipheriv, pbkdf2Sync, scryptSync, timingSafeEqual } from 'node:crypto'
import { type Address, getAddress, type Hex, hexToBytes, isHex, keccak256, toHex } from 'viem'
import { privateKeyToAddress } from 'viem/accounts'
import { RefusedError } from './errors.ts'

type Json = Record<string, unknown>

function isJson(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function object(value: unknown, what: string): Json {
  if (!isJson(value)) throw new RefusedError(`Keystore: ${what} is missing.`)
  return value
}

function hexField(from: Json, name: string, what: string): Uint8Array {
  const value = from[name]
  const hex = typeof value === 'string' ? (value.startsWith('0x') ? value : `0x${value}`) : ''
  if (!isHex(hex, { strict: true }) || hex.length % 2 !== 0) throw new RefusedError(`Keystore: ${what} is not hex.`)
  return hexToBytes(hex)
}

function positiveInteger(from: Json, name: string, what: string): number {
  const value = from[name]
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value <= 0) {
    throw new RefusedError(`Keystore: ${what} is not a positive integer.`)
  }
  return value
}

function deriveKey(crypto: Json, password: string): Uint8Array {
  const params = object(crypto.kdfparams, 'crypto.kdfparams')
  const salt = hexField(params, 'salt', 'kdfparams.salt')
  const length = positiveInteger(params, 'dklen', 'kdfparams.dklen')
  if (length < 32) throw new RefusedError('Keystore: kdfparams.dklen must be at least 32.')
  const secret = Buffer.from(password, 'utf8')
  if (crypto.kdf === 'scrypt') {
    const N = positiveInteger(params, 'n', 'kdfparams.n')
    const r = positiveInteger(params, 'r', 'kdfparams.r')
    const p = positiveInteger(params, 'p', 'kdfparams.p')
    try {
      // Node refuses scrypt above maxmem (32 MiB by default); the standard geth parameters need 256 MiB.
      return scryptSync(secret, salt, length, { N, r, p, maxmem: 256 * N * r + 64 * 1024 * 1024 })
    } catch (error) {
      throw new RefusedError(
        `Keystore: scrypt with n=${N}, r=${r}, p=${p} is not supported here (RFC 7914 needs n < 2^(16·r)): ${error instanceof Error ? error.message : String(error)}`,
      )
    }
  }
  if (crypto.kdf === 'pbkdf2') {
    if (params.prf !== 'hmac-sha256')
      throw new RefusedError(`Keystore: pbkdf2 prf ${String(params.prf)} is not supported.`)
    return pbkdf2Sync(secret, salt, positiveInteger(params, 'c', 'kdfparams.c'), length, 'sha256')
  }
  throw new RefusedError(`Keystore: key derivation ${String(crypto.kdf)} is not supported (scrypt or pbkdf2).`)
}

/** The address a keystore file declares, without decrypting it (the `address` field is optional). */
export function keystoreAddress(json: string): Address | undefined {
  let parsed: unknown
  try {
    parsed = JSON.parse(json)
  } catch {
    throw new RefusedError('Keystore: the file is not JSON.')
  }
  const address = object(parsed, 'the keystore object').address
  if (typeof address !== 'string') return undefined
  const hex = address.startsWith('0x') ? address : `0x${address}`
  return /^0x[0-9a-fA-F]{40}$/.test(hex) ? getAddress(hex) : undefined
}

/**
 * Decrypts a Web3 Secret Storage v3 keystore (as written by geth, cast, MetaMask exports, ethers): scrypt or
 * pbkdf2-hmac-sha256 derives the key, keccak256(key[16..32] ‖ ciphertext) must equal the MAC (a wrong password
 * fails here), and aes-128-ctr with key[0..16] yields the private key. When the file declares an address, the
 * decrypted key must belong to it.
 */
export function decryptKeystore(json: string, password: string): Hex {
  let parsed: unknown
  try {
    parsed = JSON.parse(json)
  } catch {
    throw new RefusedError('Keystore: the file is not JSON.')
  }
  const file = object(parsed, 'the keystore object')
  if (file.version !== 3) throw new RefusedError(`Keystore: version ${String(file.version)} is not supported (3).`)
  const crypto = object(file.crypto ?? file.Crypto, 'crypto')
  if (crypto.cipher !== 'aes-128-ctr')
    throw new RefusedError(`Keystore: cipher ${String(crypto.cipher)} is not supported.`)
  const iv = hexField(object(crypto.cipherparams, 'crypto.cipherparams'), 'iv', 'cipherparams.iv')
  const ciphertext = hexField(crypto, 'ciphertext', 'crypto.ciphertext')
  const mac = hexField(crypto, 'mac', 'crypto.mac')

  const derived = deriveKey(crypto, password)
  const expectedMac = hexToBytes(keccak256(new Uint8Array([...derived.slice(16, 32), ...ciphertext])))
  if (mac.length !== expectedMac.length || !timingSafeEqual(mac, expectedMac)) {
    throw new RefusedError('Keystore: wrong password (the MAC does not match).')
  }
  const decipher = createDecipheriv('aes-128-ctr', derived.slice(0, 16), iv)
  const secret = new Uint8Array([...decipher.update(ciphertext), ...decipher.final()])
  if (secret.length !== 32) throw new RefusedError('Keystore: the decrypted key is not 32 bytes.')
  const privateKey = toHex(secret)
  const declared = keystoreAddress(json)
  if (declared && privateKeyToAddress(privateKey) !== declared) {
    throw new RefusedError(`Keystore: the key does not belong to the declared address ${declared}.`)
  }
  return privateKey
}
