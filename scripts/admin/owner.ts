import { type Address, encodeFunctionData, type Hex, type LocalAccount } from 'viem'
import { legacyClaimAbi, vestingAbi } from '../../src/generated.ts'
import type { ClaimKind } from './claims-file.ts'
import { type Connection, walletClient } from './connection.ts'
import { type ClaimContract, CONTRACT_NAME, readClaimContract } from './contracts.ts'
import { AdminError, EXIT, RefusedError } from './errors.ts'
import { groupDigits } from './format.ts'
import type { Io } from './io.ts'
import { describeFailure } from './revert.ts'
import { sendCall } from './send.ts'
import { type KeySource, loadSigner, signerAddress } from './signer.ts'

type Call = { contract: ClaimContract; data: Hex; what: string }

/** Who acts: the signer when sending; for a dry run the configured key's address, or else the owner. */
type Actor = { signer: LocalAccount | undefined; address: Address | undefined }

async function actor(keys: KeySource, send: boolean): Promise<Actor> {
  const signer = send ? await loadSigner(keys) : undefined
  return { signer, address: signer?.address ?? (await signerAddress(keys)) }
}

function assertOwner(actor: Actor, contract: ClaimContract): Address {
  const from = actor.address ?? contract.owner
  if (from.toLowerCase() !== contract.owner.toLowerCase()) {
    throw new RefusedError(
      `${from} is not the owner of ${contract.address} (the owner is ${contract.owner}); nothing was sent.`,
    )
  }
  return from
}

/** Checks who acts, estimates each call, and sends them when there is a signer. */
async function runCalls(connection: Connection, io: Io, acting: Actor, calls: Call[]): Promise<void> {
  for (const { contract, data, what } of calls) {
    const from = assertOwner(acting, contract)
    try {
      const gas = await connection.client.estimateGas({ account: from, to: contract.address, data })
      io.out(`${what}: ~${groupDigits(gas)} gas`)
    } catch (error) {
      throw new RefusedError(`${what} would revert: ${describeFailure(error)}. Nothing was sent.`)
    }
  }
  if (!acting.signer) {
    io.out('Dry run: nothing was sent. Run again with --send.')
    return
  }
  const wallet = walletClient(connection, acting.signer)
  for (const { contract, data, what } of calls) {
    const receipt = await sendCall(connection, wallet, contract.address, data, what)
    io.out(`${what}: done in block ${receipt.blockNumber} (transaction ${receipt.transactionHash})`)
  }
}

/** `whitelist <address> <true|false>`: allows or disallows a contract to send or receive locked positions. */
export async function runWhitelist(
  connection: Connection,
  io: Io,
  keys: KeySource,
  vesting: Address,
  target: Address,
  allowed: boolean,
  send: boolean,
): Promise<number> {
  const contract = await readClaimContract(connection, 'vesting', vesting)
  const read = () =>
    connection.client.readContract({
      address: vesting,
      abi: vestingAbi,
      functionName: 'contractWhitelist',
      args: [target],
    })
  const current = await read()
  io.out(`Vesting ${vesting}: ${target} is ${current ? 'whitelisted' : 'not whitelisted'}`)
  if (current === allowed) {
    io.out('Nothing to change; nothing was sent.')
    return EXIT.ok
  }
  const code = await connection.client.getCode({ address: target })
  if (allowed && (!code || code === '0x')) {
    throw new RefusedError(
      `${target} has no code: only contracts can be whitelisted (Vesting_NoCode). Nothing was sent.`,
    )
  }
  const data = encodeFunctionData({ abi: vestingAbi, functionName: 'setContractWhitelist', args: [target, allowed] })
  const calls = [{ contract, data, what: `setContractWhitelist(${target}, ${allowed})` }]
  await runCalls(connection, io, await actor(keys, send), calls)
  if (send) {
    const now = await read()
    if (now !== allowed) throw new AdminError(`After the transaction, contractWhitelist(${target}) reads ${now}.`)
    io.out(`${target} is now ${now ? 'whitelisted' : 'not whitelisted'}.`)
  }
  return EXIT.ok
}

/** `transfer-ownership <address>`: hands one or both contracts to a new owner, which takes effect at once. */
export async function runTransferOwnership(
  connection: Connection,
  io: Io,
  keys: KeySource,
  targets: { kind: ClaimKind; address: Address }[],
  newOwner: Address,
  send: boolean,
): Promise<number> {
  const calls: Call[] = []
  const acting = await actor(keys, send)
  for (const { kind, address } of targets) {
    const contract = await readClaimContract(connection, kind, address)
    assertOwner(acting, contract)
    if (contract.owner.toLowerCase() === newOwner.toLowerCase()) {
      io.out(`${CONTRACT_NAME[kind]} ${address} is already owned by ${newOwner}; skipped.`)
      continue
    }
    const abi = kind === 'vesting' ? vestingAbi : legacyClaimAbi
    calls.push({
      contract,
      data: encodeFunctionData({ abi, functionName: 'transferOwnership', args: [newOwner] }),
      what: `${CONTRACT_NAME[kind]} ${address}: transferOwnership from ${contract.owner} to ${newOwner}`,
    })
  }
  if (calls.length === 0) {
    io.out('Nothing to change; nothing was sent.')
    return EXIT.ok
  }
  const [code, nonce] = await Promise.all([
    connection.client.getCode({ address: newOwner }),
    connection.client.getTransactionCount({ address: newOwner }),
  ])
  if ((!code || code === '0x') && nonce === 0) {
    io.err(
      `warning: ${newOwner} has no code and has never sent a transaction. Ownership moves at once and cannot be taken back by the current owner: make sure the new owner's key or multisig works.`,
    )
  }
  await runCalls(connection, io, acting, calls)
  if (send) {
    for (const { contract } of calls) {
      const abi = contract.kind === 'vesting' ? vestingAbi : legacyClaimAbi
      const owner = await connection.client.readContract({ address: contract.address, abi, functionName: 'owner' })
      if (owner.toLowerCase() !== newOwner.toLowerCase()) {
        throw new AdminError(`After the transaction, ${contract.address} is owned by ${owner}.`)
      }
      io.out(`${CONTRACT_NAME[contract.kind]} ${contract.address} is now owned by ${owner}.`)
    }
  }
  return EXIT.ok
}
