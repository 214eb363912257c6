import { type Address, getAddress, type Hex, isHex, keccak256, stringToHex } from 'viem'

/**
 * Files in the format Safe{Wallet}'s Transaction Builder imports and exports (its `BatchFile`): a batch of calls one
 * Safe transaction executes, through MultiSendCallOnly when there is more than one.
 */

/** One call of a batch. `value` is a decimal string of wei; the call is given as raw data, not as a decoded method. */
export type BatchTransaction = {
  to: Address
  value: string
  data: Hex
  contractMethod: null
  contractInputsValues: null
}

export type BatchFileMeta = {
  name: string
  description: string
  createdFromSafeAddress: Address
  createdFromOwnerAddress: string
  checksum?: Hex
}

export type BatchFile = {
  version: '1.0'
  /** The chain id as a decimal string. */
  chainId: string
  /** Milliseconds since the epoch. */
  createdAt: number
  meta: BatchFileMeta
  transactions: BatchTransaction[]
}

/** A value in the Transaction Builder's own serialization: what its JSON files can hold. */
type Json = string | number | boolean | null | undefined | Json[] | { [key: string]: Json }

// The Transaction Builder replaces `undefined` by `null` wherever it serializes, so its files hold `null` instead.
const replaceUndefined = (_key: string, value: unknown) => (value === undefined ? null : value)

/**
 * The Transaction Builder's checksum serialization: an object is `{` followed by its sorted keys as a JSON array and
 * each value's serialization with a comma after it, then `}`; an array is its items' serializations joined by commas
 * in brackets; anything else is its JSON.
 */
export function serializeForChecksum(value: Json): string {
  if (Array.isArray(value)) return `[${value.map((item) => serializeForChecksum(item)).join(',')}]`
  if (typeof value === 'object' && value !== null) {
    const keys = Object.keys(value).sort()
    return `{${JSON.stringify(keys, replaceUndefined)}${keys.map((key) => `${serializeForChecksum(value[key])},`).join('')}}`
  }
  return `${JSON.stringify(value, replaceUndefined)}`
}

/**
 * `meta.checksum` as the Transaction Builder computes it: keccak-256 of the serialization of the whole file with
 * `meta.name` set to null (so renaming a batch keeps it valid). Its import check deletes `meta.checksum` first, so the
 * file is hashed without that key.
 */
export function batchFileChecksum(file: Json): Hex {
  if (typeof file !== 'object' || file === null || Array.isArray(file)) throw new Error('A batch file is an object.')
  const meta = file.meta
  if (typeof meta !== 'object' || meta === null || Array.isArray(meta)) throw new Error('A batch file has a meta.')
  return keccak256(stringToHex(serializeForChecksum({ ...file, meta: { ...meta, name: null } })))
}

/** Whether a file's `meta.checksum` is the one the Transaction Builder expects when it imports the file. */
export function hasValidChecksum(file: BatchFile): boolean {
  const { checksum, ...meta } = file.meta
  return checksum !== undefined && batchFileChecksum(toJson({ ...file, meta })) === checksum
}

function toJson(file: BatchFile): Json {
  return JSON.parse(JSON.stringify(file))
}

export type BatchCall = { to: Address; data: Hex; value?: bigint }

/** A Transaction Builder file for `calls`, to be created from `safe` on `chainId`, with its checksum. */
export function batchFile(options: {
  chainId: number
  safe: Address
  name: string
  description: string
  calls: readonly BatchCall[]
  createdAt?: number
}): BatchFile {
  const file: BatchFile = {
    version: '1.0',
    chainId: String(options.chainId),
    createdAt: options.createdAt ?? Date.now(),
    meta: {
      name: options.name,
      description: options.description,
      createdFromSafeAddress: getAddress(options.safe),
      createdFromOwnerAddress: '',
    },
    transactions: options.calls.map((call) => ({
      to: getAddress(call.to),
      value: (call.value ?? 0n).toString(),
      data: call.data,
      contractMethod: null,
      contractInputsValues: null,
    })),
  }
  return { ...file, meta: { ...file.meta, checksum: batchFileChecksum(toJson(file)) } }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Reads a Transaction Builder file back, checking the fields this tool writes; throws on anything else. */
export function parseBatchFile(text: string): BatchFile {
  const value: unknown = JSON.parse(text)
  if (!isRecord(value) || value.version !== '1.0' || typeof value.chainId !== 'string') {
    throw new Error('Not a Transaction Builder batch file (version "1.0" with a chainId).')
  }
  const { meta, transactions, createdAt } = value
  if (typeof createdAt !== 'number' || !isRecord(meta) || !Array.isArray(transactions)) {
    throw new Error('A batch file needs createdAt, meta and transactions.')
  }
  const { name, description, createdFromSafeAddress, createdFromOwnerAddress, checksum } = meta
  if (typeof name !== 'string' || typeof description !== 'string' || typeof createdFromSafeAddress !== 'string') {
    throw new Error('A batch file meta needs name, description and createdFromSafeAddress.')
  }
  return {
    version: '1.0',
    chainId: value.chainId,
    createdAt,
    meta: {
      name,
      description,
      createdFromSafeAddress: getAddress(createdFromSafeAddress),
      createdFromOwnerAddress: typeof createdFromOwnerAddress === 'string' ? createdFromOwnerAddress : '',
      ...(isHex(checksum) ? { checksum } : {}),
    },
    transactions: transactions.map((transaction) => {
      if (!isRecord(transaction)) throw new Error('A batch transaction is an object.')
      const { to, value: amount, data } = transaction
      if (typeof to !== 'string' || typeof amount !== 'string' || !isHex(data)) {
        throw new Error('A batch transaction needs to, a string value and raw data.')
      }
      return { to: getAddress(to), value: amount, data, contractMethod: null, contractInputsValues: null }
    }),
  }
}
