import { closeSync, fsyncSync, mkdirSync, openSync, renameSync, writeSync } from 'node:fs'
import { join } from 'node:path'
import { type Address, getAddress, parseAbi } from 'viem'
import type { Connection } from './connection.ts'
import { RefusedError } from './errors.ts'
import { type BatchCall, batchFile } from './tx-builder.ts'

/** The views of a Safe (1.3 and later) the tool reads. */
const safeViewsAbi = parseAbi([
  'function VERSION() view returns (string)',
  'function getThreshold() view returns (uint256)',
  'function getOwners() view returns (address[])',
  'function nonce() view returns (uint256)',
])

export type SafeInfo = { address: Address; version: string; threshold: number; owners: Address[]; nonce: bigint }

/**
 * What the Safe at `address` is: its version, owners, threshold and nonce. An address without code, or whose views
 * do not answer as a Safe's do, is refused: files written for it could never be executed.
 */
export async function readSafe(connection: Connection, address: Address): Promise<SafeInfo> {
  const code = await connection.client.getCode({ address })
  if (!code || code === '0x') {
    throw new RefusedError(`${address} has no code on chain ${connection.chain.id}: it is not a Safe there.`)
  }
  const read = <const name extends 'VERSION' | 'getThreshold' | 'getOwners' | 'nonce'>(functionName: name) =>
    connection.client.readContract({ address, abi: safeViewsAbi, functionName })
  try {
    const [version, threshold, owners, nonce] = await Promise.all([
      read('VERSION'),
      read('getThreshold'),
      read('getOwners'),
      read('nonce'),
    ])
    return { address, version, threshold: Number(threshold), owners: owners.map((owner) => getAddress(owner)), nonce }
  } catch {
    throw new RefusedError(`${address} does not answer as a Safe does (VERSION, getThreshold, getOwners, nonce).`)
  }
}

export function describeSafe(safe: SafeInfo): string {
  return `Safe ${safe.version} ${safe.address}: ${safe.threshold} of ${safe.owners.length} owners (${safe.owners.join(', ')}), nonce ${safe.nonce}`
}

/**
 * The gas a Safe's execution adds around the calls of one file, kept free in each file's gas budget: a fixed part for
 * `execTransaction` (the nonce, the owners' signatures, its events) and the delegatecall to MultiSendCallOnly, and a
 * part per byte of the calls' data, which the Safe hashes and copies between frames and which SafeL2 (Safe{Wallet}'s
 * singleton on most chains) logs in full at 8 gas a byte. Measured on anvil for a 2-of-3 SafeL2 1.4.1: about 275,000
 * for a 273-holder batch of 26 KB, for which this gives 325,000.
 */
export function safeExecutionOverheadGas(dataBytes: number, threshold: number): bigint {
  return 40_000n + 10_000n * BigInt(threshold) + 10n * BigInt(dataBytes)
}

/**
 * Writes a Transaction Builder file for `calls` to `dir`/`name` and returns its path. The file is written beside its
 * final name, flushed and renamed into place, so a file under the final name is always whole.
 */
export function writeSafeFile(
  dir: string,
  name: string,
  file: { chainId: number; safe: Address; name: string; description: string; calls: readonly BatchCall[] },
): string {
  mkdirSync(dir, { recursive: true })
  const path = join(dir, name)
  const partial = `${path}.partial`
  const fd = openSync(partial, 'w')
  try {
    writeSync(fd, `${JSON.stringify(batchFile(file), null, 2)}\n`)
    fsyncSync(fd)
  } finally {
    closeSync(fd)
  }
  renameSync(partial, path)
  return path
}
