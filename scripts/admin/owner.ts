import { type Address, encodeFunctionData, type Hex, type LocalAccount, zeroAddress } from 'viem'
import { legacyClaimAbi, vestingAbi } from '../../src/generated.ts'
import type { ClaimKind } from './claims-file.ts'
import { type Connection, walletClient } from './connection.ts'
import { type ClaimContract, CONTRACT_NAME, readClaimContract } from './contracts.ts'
import { AdminError, EXIT, RefusedError } from './errors.ts'
import { groupDigits } from './format.ts'
import type { Io } from './io.ts'
import { describeFailure } from './revert.ts'
import { describeSafe, readSafe, writeSafeFile } from './safe.ts'
import { sendCall } from './send.ts'
import { type KeySource, loadSigner, signerAddress } from './signer.ts'

/** One transaction; `sender` is who must send it when that is not the contract's owner. */
type Call = { contract: ClaimContract; data: Hex; what: string; sender?: Sender }

/** An account that may send a call, and its role in the refusal message ("the owner", "the pending owner"). */
type Sender = { address: Address; role: string }

/** The Safe an owner command writes its file for (`--safe`), and where the file goes (`--out`). */
export type SafeTarget = { address: Address; outDir: string }

/**
 * Who acts: the signer when sending; for a dry run the configured key's address, or else the owner. With a Safe, the
 * Safe: its owners execute the file the command writes.
 */
type Actor = {
  signer: LocalAccount | undefined
  address: Address | undefined
  safe: (SafeTarget & { write: boolean }) | undefined
}

async function actor(keys: KeySource, send: boolean, safe: SafeTarget | undefined): Promise<Actor> {
  if (safe) return { signer: undefined, address: safe.address, safe: { ...safe, write: send } }
  const signer = send ? await loadSigner(keys) : undefined
  return { signer, address: signer?.address ?? (await signerAddress(keys)), safe: undefined }
}

/** Whether the command changed the chain itself, so that it can read the result back. */
function sentByKey(acting: Actor): boolean {
  return acting.signer !== undefined
}

function assertSender(actor: Actor, contract: ClaimContract, sender?: Sender): Address {
  const { address, role } = sender ?? { address: contract.owner, role: 'the owner' }
  const from = actor.address ?? address
  if (from.toLowerCase() !== address.toLowerCase()) {
    throw new RefusedError(`${from} is not ${role} of ${contract.address} (${role} is ${address}); nothing was sent.`)
  }
  return from
}

/**
 * Checks who acts, estimates each call, and sends them when there is a signer. With a Safe, the calls are estimated
 * as the Safe makes them and, with `--send`, written as one Transaction Builder file named `fileName`.
 */
async function runCalls(connection: Connection, io: Io, acting: Actor, calls: Call[], fileName: string): Promise<void> {
  if (acting.safe) io.out(describeSafe(await readSafe(connection, acting.safe.address)))
  for (const { contract, data, what, sender } of calls) {
    const from = assertSender(acting, contract, sender)
    try {
      const gas = await connection.client.estimateGas({ account: from, to: contract.address, data })
      io.out(`${what}: ~${groupDigits(gas)} gas`)
    } catch (error) {
      throw new RefusedError(`${what} would revert: ${describeFailure(error)}. Nothing was sent.`)
    }
  }
  if (acting.safe) {
    if (!acting.safe.write) {
      io.out(`Dry run: no file was written. Run again with --send to write it to ${acting.safe.outDir}.`)
      return
    }
    const path = writeSafeFile(acting.safe.outDir, fileName, {
      chainId: connection.chain.id,
      safe: acting.safe.address,
      name: calls.length === 1 ? (calls[0]?.what ?? fileName) : fileName.replace(/\.json$/, ''),
      description: calls.map(({ what }) => what).join('; '),
      calls: calls.map(({ contract, data }) => ({ to: contract.address, data })),
    })
    io.out(
      `Wrote ${path}: ${calls.length} call(s) in one Safe transaction. Import it in Safe{Wallet}'s Transaction Builder, then sign and execute.`,
    )
    return
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
  safe?: SafeTarget,
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
  const acting = await actor(keys, send, safe)
  await runCalls(connection, io, acting, calls, `whitelist-${target}-${allowed}.json`)
  if (sentByKey(acting)) {
    const now = await read()
    if (now !== allowed) throw new AdminError(`After the transaction, contractWhitelist(${target}) reads ${now}.`)
    io.out(`${target} is now ${now ? 'whitelisted' : 'not whitelisted'}.`)
  }
  return EXIT.ok
}

function ownerAbi(kind: ClaimKind) {
  return kind === 'vesting' ? vestingAbi : legacyClaimAbi
}

function readOwners(connection: Connection, contract: ClaimContract): Promise<[Address, Address]> {
  const { address, kind } = contract
  return Promise.all([
    connection.client.readContract({ address, abi: ownerAbi(kind), functionName: 'owner' }),
    connection.client.readContract({ address, abi: ownerAbi(kind), functionName: 'pendingOwner' }),
  ])
}

const same = (a: Address, b: Address) => a.toLowerCase() === b.toLowerCase()

export type OwnershipTarget = { kind: ClaimKind; address: Address }

/**
 * `transfer-ownership <address>`: proposes a new owner for one or both contracts. The current owner stays in
 * charge until the new owner accepts (`accept-ownership`); until then a new proposal replaces this one.
 */
export async function runTransferOwnership(
  connection: Connection,
  io: Io,
  keys: KeySource,
  targets: OwnershipTarget[],
  newOwner: Address,
  send: boolean,
  safe?: SafeTarget,
): Promise<number> {
  const calls: Call[] = []
  const acting = await actor(keys, send, safe)
  for (const { kind, address } of targets) {
    const contract = await readClaimContract(connection, kind, address)
    assertSender(acting, contract)
    const [, pending] = await readOwners(connection, contract)
    if (same(contract.owner, newOwner)) {
      io.out(`${CONTRACT_NAME[kind]} ${address} is already owned by ${newOwner}; skipped.`)
      continue
    }
    if (same(pending, newOwner)) {
      io.out(`${CONTRACT_NAME[kind]} ${address}: ${newOwner} is already proposed and has yet to accept; skipped.`)
      continue
    }
    calls.push({
      contract,
      data: encodeFunctionData({ abi: ownerAbi(kind), functionName: 'transferOwnership', args: [newOwner] }),
      what: `${CONTRACT_NAME[kind]} ${address}: transferOwnership (propose) from ${contract.owner} to ${newOwner}`,
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
      `warning: ${newOwner} has no code and has never sent a transaction. The transfer completes only when it accepts: make sure the new owner's key or multisig works.`,
    )
  }
  await runCalls(connection, io, acting, calls, `transfer-ownership-${newOwner}.json`)
  if (sentByKey(acting)) {
    for (const { contract } of calls) {
      const [owner, pending] = await readOwners(connection, contract)
      if (!same(pending, newOwner)) {
        throw new AdminError(`After the transaction, the pending owner of ${contract.address} is ${pending}.`)
      }
      io.out(
        `${CONTRACT_NAME[contract.kind]} ${contract.address}: ${pending} is proposed; ${owner} stays the owner until then.`,
      )
    }
  }
  const which = calls.length === 2 ? 'both' : calls[0]?.contract.kind
  const addresses = calls.map(({ contract }) => `--${contract.kind} ${contract.address}`).join(' ')
  const when = sentByKey(acting)
    ? 'To complete the transfer'
    : acting.safe?.write
      ? 'Once the Safe has executed the file, to complete the transfer'
      : 'After --send, to complete the transfer'
  const isContract = code !== undefined && code !== '0x'
  io.out(
    (isContract
      ? [
          `${when}, the new owner ${newOwner} accepts. It is a contract: if it is a Safe, this writes the file its owners execute:`,
          `  npm run admin -- accept-ownership --contract ${which} ${addresses} --safe ${newOwner} --rpc-url <URL> --send`,
        ]
      : [
          `${when}, the new owner ${newOwner} accepts with its own key:`,
          `  npm run admin -- accept-ownership --contract ${which} ${addresses} --rpc-url <URL> --send`,
          '(ADMIN_PRIVATE_KEY or --keystore of the new owner.)',
        ]
    ).join('\n'),
  )
  return EXIT.ok
}

/** `accept-ownership`: the proposed owner takes over one or both contracts. */
export async function runAcceptOwnership(
  connection: Connection,
  io: Io,
  keys: KeySource,
  targets: OwnershipTarget[],
  send: boolean,
  safe?: SafeTarget,
): Promise<number> {
  const calls: Call[] = []
  const acting = await actor(keys, send, safe)
  for (const { kind, address } of targets) {
    const contract = await readClaimContract(connection, kind, address)
    const [, pending] = await readOwners(connection, contract)
    if (same(pending, zeroAddress)) {
      // Run again after accepting: nothing left to do.
      if (acting.address && same(contract.owner, acting.address)) {
        io.out(`${CONTRACT_NAME[kind]} ${address} is already owned by ${acting.address}; skipped.`)
        continue
      }
      throw new RefusedError(
        `No ownership transfer of ${CONTRACT_NAME[kind]} ${address} is pending: its owner ${contract.owner} proposes one with transfer-ownership. Nothing was sent.`,
      )
    }
    const sender = { address: pending, role: 'the pending owner' }
    assertSender(acting, contract, sender)
    calls.push({
      contract,
      sender,
      data: encodeFunctionData({ abi: ownerAbi(kind), functionName: 'acceptOwnership' }),
      what: `${CONTRACT_NAME[kind]} ${address}: acceptOwnership by ${pending} (owner now ${contract.owner})`,
    })
  }
  if (calls.length === 0) {
    io.out('Nothing to change; nothing was sent.')
    return EXIT.ok
  }
  await runCalls(connection, io, acting, calls, 'accept-ownership.json')
  if (sentByKey(acting)) {
    for (const { contract, sender } of calls) {
      const [owner] = await readOwners(connection, contract)
      if (!sender || !same(owner, sender.address)) {
        throw new AdminError(`After the transaction, ${contract.address} is owned by ${owner}.`)
      }
      io.out(`${CONTRACT_NAME[contract.kind]} ${contract.address} is now owned by ${owner}.`)
    }
  }
  return EXIT.ok
}
