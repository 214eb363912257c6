import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { ANVIL_PRIVATE_KEYS } from '../../src/config/anvil.ts'
import { decryptKeystore, keystoreAddress } from './keystore.ts'

// The Web3 Secret Storage Definition's PBKDF2-SHA-256 test vector (password "testpassword").
const specPbkdf2 = {
  crypto: {
    cipher: 'aes-128-ctr',
    cipherparams: { iv: '6087dab2f9fdbbfaddc31a909735c1e6' },
    ciphertext: '5318b4d5bcd28de64ee5559e671353e16f075ecae9f99c7a79a38af5f869aa46',
    kdf: 'pbkdf2',
    kdfparams: {
      c: 262144,
      dklen: 32,
      prf: 'hmac-sha256',
      salt: 'ae3cd4e7013836a3df6bd7241b12db061dbe2c6785853cce422d148a624ce0bd',
    },
    mac: '517ead924a9d0dc3124507e3393d175ce3ff7c1e96529c6c555ce9e51205e9b2',
  },
  id: '3198bc9c-6672-5ab3-d995-4942343ae5b6',
  version: 3,
}
const specSecret = '0x7a28b5ba57c53603b0b07b56bba752f7784bf506fa95edc395f5cf6c7514fe9d'

// Written by `cast wallet import` (scrypt n=8192 r=8 p=1) for anvil's account #0; the address field added as geth does.
const castScrypt = readFileSync(new URL('./fixtures/owner.keystore.json', import.meta.url), 'utf8')
const [anvilKey0] = ANVIL_PRIVATE_KEYS

describe('decryptKeystore', () => {
  it('decrypts the specification test vector (pbkdf2)', async () => {
    expect(await decryptKeystore(JSON.stringify(specPbkdf2), 'testpassword')).toBe(specSecret)
  })

  it('decrypts a keystore written by cast (scrypt), also under the capitalised "Crypto" key', async () => {
    expect(await decryptKeystore(castScrypt, 'correct horse battery staple')).toBe(anvilKey0)
    const parsed = JSON.parse(castScrypt)
    const legacyCase = { ...parsed, Crypto: parsed.crypto, crypto: undefined, address: undefined }
    expect(await decryptKeystore(JSON.stringify(legacyCase), 'correct horse battery staple')).toBe(anvilKey0)
  })

  it('refuses a wrong password by the MAC', async () => {
    await expect(decryptKeystore(castScrypt, 'wrong')).rejects.toThrow(
      'Keystore: wrong password (the MAC does not match).',
    )
    await expect(decryptKeystore(JSON.stringify(specPbkdf2), 'testpassword ')).rejects.toThrow('wrong password')
  })

  it('refuses a key that does not belong to the declared address', async () => {
    const other = { ...JSON.parse(castScrypt), address: '70997970c51812dc3a010c7d01b50e0d17dc79c8' }
    await expect(decryptKeystore(JSON.stringify(other), 'correct horse battery staple')).rejects.toThrow(
      'Keystore: the key does not belong to the declared address 0x70997970C51812dc3A010C7d01b50e0d17dc79C8.',
    )
  })

  it('refuses what it cannot read, with the reason', async () => {
    const withCrypto = (crypto: object) =>
      JSON.stringify({ ...specPbkdf2, crypto: { ...specPbkdf2.crypto, ...crypto } })
    await expect(decryptKeystore('not json', 'x')).rejects.toThrow('Keystore: the file is not JSON.')
    await expect(decryptKeystore(JSON.stringify({ ...specPbkdf2, version: 1 }), 'x')).rejects.toThrow(
      'Keystore: cannot be decrypted: Not a V3 wallet.',
    )
    await expect(decryptKeystore(withCrypto({ kdf: 'argon2' }), 'x')).rejects.toThrow(
      'Keystore: cannot be decrypted: Unsupported key derivation scheme.',
    )
    await expect(
      decryptKeystore(withCrypto({ kdfparams: { ...specPbkdf2.crypto.kdfparams, prf: 'hmac-sha512' } }), 'x'),
    ).rejects.toThrow('Keystore: cannot be decrypted: Unsupported parameters to PBKDF2.')
  })
})

describe('keystoreAddress', () => {
  it('reads the declared address without the password', () => {
    expect(keystoreAddress(castScrypt)).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')
    expect(keystoreAddress(JSON.stringify(specPbkdf2))).toBeUndefined()
  })
})
