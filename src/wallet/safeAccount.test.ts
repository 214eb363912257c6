import {
  type Address,
  createPublicClient,
  encodeFunctionData,
  getAddress,
  type Hash,
  type Hex,
  http,
  parseAbi,
} from 'viem'
import { readContract } from 'viem/actions'
import { foundry } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Anvil, freePort, startAnvil } from '../../scripts/lib/anvil'
import { createSafe, deploySafeSingletons, type SafeSingletons, safeAbi } from '../../testing/safe'
import { ANVIL_ACCOUNTS } from '../config/anvil'
import { connectedSafe, isDelegation, readSafeAccount } from './safeAccount'
import { proposalNonce, safeTransactionHash } from './safeTransaction'
import { safeProposal } from './write/safeOverConnection'

const OWNERS = [ANVIL_ACCOUNTS[1], ANVIL_ACCOUNTS[2], ANVIL_ACCOUNTS[3]] as Address[]
const KEY_ACCOUNT = ANVIL_ACCOUNTS[4] as Address
const DELEGATED: Address = '0x00000000000000000000000000000000000d1e9a'
const REVERTER: Address = '0x000000000000000000000000000000000000bEEF'
const TOKEN: Address = '0x0000000000000000000000000000000000007a11'

let anvil: Anvil
let client: ReturnType<typeof clientFor>
let singletons: SafeSingletons
let safe: Address

function clientFor(url: string) {
  return createPublicClient({ chain: foundry, transport: http(url, { retryCount: 0 }) })
}

async function setCode(address: Address, code: Hex) {
  await client.request({ method: 'anvil_setCode' as never, params: [address, code] as never })
}

beforeAll(async () => {
  anvil = await startAnvil()
  client = clientFor(anvil.rpcUrl)
  singletons = await deploySafeSingletons(anvil.rpcUrl)
  safe = await createSafe(anvil.rpcUrl, singletons, { owners: OWNERS, threshold: 2 })
  // An EIP-7702 account: `0xef0100 ‖ the address it delegates to`.
  await setCode(DELEGATED, `0xef0100${singletons.safeL2.slice(2)}`)
  // PUSH0 PUSH0 REVERT: a contract refusing every call.
  await setCode(REVERTER, '0x5f5ffd')
  // PUSH1 1 PUSH0 MSTORE PUSH1 32 PUSH0 RETURN: a contract answering 1 to every call.
  await setCode(TOKEN, '0x60015f5260205ff3')
}, 60_000)
afterAll(() => anvil?.stop())

describe('a Safe connected as a wallet', () => {
  it('is known by its own answers: version, threshold and owners', async () => {
    expect(await readSafeAccount(client, safe)).toEqual({ version: '1.4.1', threshold: 2, owners: OWNERS })
  })

  it("is not a key's account, an EIP-7702 delegation to a Safe's code, or a contract that does not answer as a Safe", async () => {
    expect(isDelegation(`0xef0100${singletons.safeL2.slice(2)}`)).toBe(true)
    expect(await readSafeAccount(client, KEY_ACCOUNT)).toBeUndefined()
    expect(await readSafeAccount(client, DELEGATED)).toBeUndefined()
    expect(await readSafeAccount(client, REVERTER)).toBeUndefined()
    expect(await readSafeAccount(client, TOKEN)).toBeUndefined()
  })

  it('a dead endpoint tells nothing: it throws, and the next ask asks again', async () => {
    const dead = clientFor(`http://127.0.0.1:${await freePort()}`)
    await expect(readSafeAccount(dead, safe)).rejects.toThrow()
    await expect(connectedSafe(dead, safe)).rejects.toThrow()
    expect(await connectedSafe(client, safe)).toEqual({ version: '1.4.1', threshold: 2, owners: OWNERS })
  })
})

describe("the proposal a Safe's answer stands for", () => {
  const call = {
    to: getAddress('0x00000000000000000000000000000000000c1a11'),
    value: 0n,
    data: encodeFunctionData({ abi: parseAbi(['function claim()']), functionName: 'claim' }),
  }
  const onChain = (nonce: bigint, safeTxGas: bigint) =>
    readContract(client, {
      address: safe,
      abi: safeAbi,
      functionName: 'getTransactionHash',
      args: [call.to, 0n, call.data, 0, safeTxGas, 0n, 0n, `0x${'0'.repeat(40)}`, `0x${'0'.repeat(40)}`, nonce],
    })

  it("hashes a Safe transaction as the Safe's own getTransactionHash does", async () => {
    const ours = safeTransactionHash(safe, foundry.id, '1.4.1', { ...call, safeTxGas: 123_456n, nonce: 7n })
    expect(ours).toBe(await onChain(7n, 123_456n))
  })

  it('finds its nonce among the queued ones, with the gas the request carried or none', async () => {
    const options = { safe, chainId: foundry.id, version: '1.4.1', call, gas: 90_000n, from: 0n }
    expect(proposalNonce({ ...options, answer: await onChain(3n, 90_000n) })).toBe(3n)
    expect(proposalNonce({ ...options, answer: await onChain(0n, 0n) })).toBe(0n)
    expect(proposalNonce({ ...options, answer: await onChain(19n, 0n) })).toBe(19n)
  })

  it('finds none for another call, another gas, a nonce past the queue, or a chain transaction hash', async () => {
    const options = { safe, chainId: foundry.id, version: '1.4.1', call, gas: 90_000n, from: 0n }
    expect(proposalNonce({ ...options, answer: await onChain(2n, 50_000n) })).toBeUndefined()
    expect(proposalNonce({ ...options, answer: await onChain(20n, 0n) })).toBeUndefined()
    expect(proposalNonce({ ...options, from: 4n, answer: await onChain(3n, 0n) })).toBeUndefined()
    expect(proposalNonce({ ...options, call: { ...call, value: 1n }, answer: await onChain(1n, 0n) })).toBeUndefined()
    expect(proposalNonce({ ...options, answer: `0x${'ab'.repeat(32)}` })).toBeUndefined()
  })

  it("signs without the chain id before Safe 1.3.0, as those Safes' domain had none", () => {
    const tx = { ...call, safeTxGas: 0n, nonce: 0n }
    expect(safeTransactionHash(safe, foundry.id, '1.2.0', tx)).not.toBe(
      safeTransactionHash(safe, foundry.id, '1.3.0', tx),
    )
    expect(safeTransactionHash(safe, 1, '1.2.0', tx)).toBe(safeTransactionHash(safe, 5, '1.2.0', tx))
  })
})

describe('what a Safe connected over WalletConnect answered', () => {
  const claim = { address: TOKEN, abi: parseAbi(['function claim()']), functionName: 'claim' } as const
  const safeAccount = { version: '1.4.1', threshold: 2, owners: OWNERS }
  const options = () => ({ account: safe, safe: safeAccount, chainId: foundry.id, call: claim })
  const proposed = (nonce: bigint) =>
    safeTransactionHash(safe, foundry.id, '1.4.1', {
      to: TOKEN,
      value: 0n,
      data: encodeFunctionData(claim),
      safeTxGas: 0n,
      nonce,
    })

  it('a chain transaction the node knows (an owner executed at once): followed as any transaction', async () => {
    const hash = (await client.request({
      method: 'eth_sendTransaction' as never,
      params: [{ from: OWNERS[0], to: TOKEN, data: encodeFunctionData(claim) }] as never,
    })) as Hash
    expect(await safeProposal(client, { ...options(), sent: { hash } })).toBeUndefined()
  })

  it("a Safe transaction hash: a proposal, with its nonce when it is the portal's own call", async () => {
    expect(await safeProposal(client, { ...options(), sent: { hash: proposed(2n) } })).toEqual({ nonce: 2 })
    expect(await safeProposal(client, { ...options(), sent: { hash: `0x${'cd'.repeat(32)}` } })).toEqual({})
    expect(await safeProposal(client, { ...options(), sent: { batch: proposed(0n) } })).toEqual({})
  })
})
