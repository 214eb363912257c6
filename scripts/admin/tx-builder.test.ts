import { encodeFunctionData, erc20Abi, getAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import { batchFile, batchFileChecksum, hasValidChecksum, parseBatchFile, serializeForChecksum } from './tx-builder.ts'

/**
 * The Transaction Builder's own checksum test case:
 * its file and the checksum its `addChecksum` gives it. Matching it shows the serialization is byte for byte theirs.
 */
const theirFile = {
  version: '1.0',
  chainId: '4',
  createdAt: 1646321521061,
  meta: {
    name: 'test batch file',
    txBuilderVersion: '1.4.0',
    checksum: '',
    createdFromSafeAddress: '0xDF8a1Ce35c9a6ACE153B4e0767942f1E2291a1Aa',
    createdFromOwnerAddress: '0x49d4450977E2c95362C13D3a31a09311E0Ea26A6',
  },
  transactions: [
    {
      to: '0x49d4450977E2c95362C13D3a31a09311E0Ea26A6',
      value: '0',
      contractMethod: {
        inputs: [{ internalType: 'address', name: 'paramAddress', type: 'address' }],
        name: 'testAddress',
        payable: false,
      },
      contractInputsValues: { paramAddress: '0x49d4450977E2c95362C13D3a31a09311E0Ea26A6' },
    },
    {
      to: '0x49d4450977E2c95362C13D3a31a09311E0Ea26A6',
      value: '0',
      contractMethod: {
        inputs: [{ internalType: 'bool', name: 'paramBool', type: 'bool' }],
        name: 'testBool',
        payable: false,
      },
      contractInputsValues: { paramAddress: '', paramBool: 'false' },
    },
    {
      to: '0x49d4450977E2c95362C13D3a31a09311E0Ea26A6',
      value: '2000000000000000000',
      data: '0x42f4579000000000000000000000000049d4450977e2c95362c13d3a31a09311e0ea26a6',
    },
  ],
}

const SAFE = getAddress('0x5afe5afe5afe5afe5afe5afe5afe5afe5afe5afe')
const TOKEN = getAddress('0x5FbDB2315678afecb367f032d93F642f64180aa3')
const VESTING = getAddress('0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512')

describe('the Transaction Builder checksum', () => {
  it("gives the Transaction Builder's own test file the checksum its test expects", () => {
    expect(batchFileChecksum(theirFile)).toBe('0x4ecbfd364aa6759983915644e73f8bd411e85a2dc306f252a387c2728c4db64c')
  })

  it('serializes objects with sorted keys and a comma after each value, arrays joined, undefined as null', () => {
    expect(serializeForChecksum({ b: [1, 'x'], a: undefined })).toBe('{["a","b"]null,[1,"x"],}')
    expect(serializeForChecksum([])).toBe('[]')
  })

  it('ignores the name and the order of keys, and changes with the order of transactions', () => {
    const renamed = { ...theirFile, meta: { ...theirFile.meta, name: 'another name' } }
    expect(batchFileChecksum(renamed)).toBe(batchFileChecksum(theirFile))
    const reordered = { ...theirFile, transactions: [...theirFile.transactions].reverse() }
    expect(batchFileChecksum(reordered)).not.toBe(batchFileChecksum(theirFile))
  })
})

describe('batchFile', () => {
  const calls = [
    { to: TOKEN, data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [VESTING, 10n ** 21n] }) },
    { to: VESTING, data: '0x12345678' as const },
  ]
  const file = batchFile({ chainId: 43114, safe: SAFE, name: 'NAI batch 1', description: 'd', calls, createdAt: 7 })

  it('writes the fields the Transaction Builder reads: strings for the chain and each value, the Safe, raw data', () => {
    expect(file).toMatchObject({
      version: '1.0',
      chainId: '43114',
      createdAt: 7,
      meta: { name: 'NAI batch 1', description: 'd', createdFromSafeAddress: SAFE, createdFromOwnerAddress: '' },
      transactions: [
        { to: TOKEN, value: '0', data: calls[0]?.data, contractMethod: null, contractInputsValues: null },
        { to: VESTING, value: '0', data: '0x12345678', contractMethod: null, contractInputsValues: null },
      ],
    })
  })

  it('carries the checksum the import check accepts: computed without meta.checksum, name ignored', () => {
    const { checksum, ...meta } = file.meta
    expect(checksum).toBe(batchFileChecksum(JSON.parse(JSON.stringify({ ...file, meta }))))
    expect(hasValidChecksum(file)).toBe(true)
    expect(hasValidChecksum({ ...file, meta: { ...file.meta, name: 'renamed in the app' } })).toBe(true)
    const tampered = {
      ...file,
      transactions: [file.transactions[1], file.transactions[0]].flatMap((t) => (t ? [t] : [])),
    }
    expect(hasValidChecksum(tampered)).toBe(false)
  })

  it('reads back what it wrote', () => {
    expect(parseBatchFile(JSON.stringify(file, null, 2))).toEqual(file)
    expect(() => parseBatchFile('{"version":"2"}')).toThrow('Not a Transaction Builder batch file')
  })
})
