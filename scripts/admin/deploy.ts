import { type Address, encodeDeployData, encodeFunctionData, getAddress, type Hex, zeroAddress } from 'viem'
import { legacyClaimAbi, vestingAbi } from '../../src/generated.ts'
import { creationBytecode } from '../lib/artifacts.ts'
import { type Clients, deployLegacyClaim, deployVesting, type Schedule } from '../lib/deploy.ts'
import { type Connection, walletClient } from './connection.ts'
import { readToken } from './contracts.ts'
import { EXIT, RefusedError } from './errors.ts'
import { formatRounded, formatTimestamp, groupDigits } from './format.ts'
import type { Io } from './io.ts'
import { findDeploymentBlock } from './ledger.ts'
import { describeSafe, readSafe, writeSafeFile } from './safe.ts'
import { scheduleProblem } from './schedule.ts'
import { sendCall } from './send.ts'
import { type KeySource, loadSigner, signerAddress } from './signer.ts'

export type DeployOptions = {
  token: Address
  /** The Vesting schedule; undefined when Vesting is not deployed. */
  vesting: Schedule | undefined
  /** LegacyClaim's claim start; undefined when LegacyClaim is not deployed. */
  legacyClaimStart: bigint | undefined
  send: boolean
  /**
   * A Safe to own the contracts: the deployer proposes it as owner of each, and the Safe's acceptance is written as a
   * Transaction Builder file to `outDir`.
   */
  owner: { safe: Address; outDir: string } | undefined
}

function vestingDeployData(token: Address, schedule: Schedule): Hex {
  return encodeDeployData({
    abi: vestingAbi,
    bytecode: creationBytecode('Vesting'),
    args: [token, schedule.claimStart, schedule.claimEnd, schedule.unlockStart, schedule.unlockEnd],
  })
}

function legacyDeployData(token: Address, claimStart: bigint): Hex {
  return encodeDeployData({ abi: legacyClaimAbi, bytecode: creationBytecode('LegacyClaim'), args: [token, claimStart] })
}

function time(seconds: bigint): string {
  return `${formatTimestamp(seconds)} (${seconds})`
}

/**
 * `deploy`: refuses an invalid schedule or a token that is not an ERC-20 before anything is sent, shows what would
 * be deployed with its gas, and with `--send` deploys and prints the environment lines the app and this tool need.
 */
export async function runDeploy(
  connection: Connection,
  io: Io,
  keys: KeySource,
  options: DeployOptions,
): Promise<number> {
  const { client } = connection
  if (options.vesting) {
    const problem = scheduleProblem(options.vesting)
    if (problem) throw new RefusedError(`Invalid schedule: ${problem}. Nothing was sent.`)
  }
  const token = await readToken(connection, options.token)
  const block = await client.getBlock()
  io.out(
    `Chain ${connection.chain.id} (${connection.chain.name}), block ${block.number} at ${formatTimestamp(block.timestamp)}`,
  )
  io.out(`Token ${token.symbol} ${token.address}, ${token.decimals} decimals`)
  const from = (await signerAddress(keys)) ?? zeroAddress
  const estimates: { what: string; data: Hex }[] = []
  if (options.vesting) {
    const schedule = options.vesting
    io.out('Vesting schedule')
    io.out(`  claim window   ${time(schedule.claimStart)} → ${time(schedule.claimEnd)}`)
    io.out(`  locked until   ${time(schedule.unlockStart)}`)
    io.out(`  unlock ends    ${time(schedule.unlockEnd)}`)
    if (schedule.claimStart <= block.timestamp) {
      io.err(
        `warning: the claim window starts at or before the chain's current time ${formatTimestamp(block.timestamp)}.`,
      )
    }
    estimates.push({ what: 'Vesting', data: vestingDeployData(token.address, schedule) })
  }
  if (options.legacyClaimStart !== undefined) {
    io.out(`LegacyClaim claim start ${time(options.legacyClaimStart)}`)
    estimates.push({ what: 'LegacyClaim', data: legacyDeployData(token.address, options.legacyClaimStart) })
  }
  for (const { what, data } of estimates) {
    const gas = await client.estimateGas({ account: from, data })
    io.out(`Deploying ${what}: ~${groupDigits(gas)} gas`)
  }
  const gasPrice = await client.getGasPrice()
  io.out(`Gas price ${formatRounded(gasPrice, 9, 3)} gwei`)
  if (options.owner) {
    io.out(`Owner: ${describeSafe(await readSafe(connection, options.owner.safe))}`)
    io.out(
      `After deploying, the deployer proposes the Safe as owner of each contract and writes the Safe's acceptOwnership as a Transaction Builder file to ${options.owner.outDir}; the deployer stays the owner until the Safe executes it.`,
    )
  }

  if (!options.send) {
    io.out('Dry run: nothing was sent. Run again with --send to deploy.')
    return EXIT.ok
  }

  const signer = await loadSigner(keys)
  const clients: Clients = { wallet: walletClient(connection, signer), public: client }
  io.out(`Deploying from ${signer.address}`)
  const lines: string[] = [`VITE_CHAIN_ID=${connection.chain.id}`]
  const toolLines: string[] = []
  const deploymentBlocks: bigint[] = []
  const deployed: { abi: typeof vestingAbi | typeof legacyClaimAbi; address: Address }[] = []
  if (options.vesting) {
    const before = await client.getBlockNumber()
    const address = getAddress(await deployVesting(clients, token.address, options.vesting))
    const deployedAt = await findDeploymentBlock(connection, address, await client.getBlockNumber(), before + 1n)
    io.out(`Vesting deployed at ${address} (block ${deployedAt})`)
    deployed.push({ abi: vestingAbi, address })
    deploymentBlocks.push(deployedAt)
    lines.push(`VITE_VESTING_ADDRESS=${address}`)
    // The deployment's facts the app's build may carry, to show the schedule before it reads the chain.
    const { claimStart, claimEnd, unlockStart, unlockEnd } = options.vesting
    lines.push(
      `VITE_TOKEN_ADDRESS=${getAddress(token.address)}`,
      `VITE_CLAIM_START=${claimStart}`,
      `VITE_CLAIM_END=${claimEnd}`,
      `VITE_UNLOCK_START=${unlockStart}`,
      `VITE_UNLOCK_END=${unlockEnd}`,
    )
    toolLines.push(`ADMIN_VESTING_ADDRESS=${address}`, `ADMIN_VESTING_FROM_BLOCK=${deployedAt}`)
  }
  if (options.legacyClaimStart !== undefined) {
    const before = await client.getBlockNumber()
    const address = getAddress(await deployLegacyClaim(clients, token.address, options.legacyClaimStart))
    const deployedAt = await findDeploymentBlock(connection, address, await client.getBlockNumber(), before + 1n)
    io.out(`LegacyClaim deployed at ${address} (block ${deployedAt})`)
    deployed.push({ abi: legacyClaimAbi, address })
    deploymentBlocks.push(deployedAt)
    lines.push(`VITE_LEGACY_ADDRESS=${address}`, `VITE_LEGACY_CLAIM_START=${options.legacyClaimStart}`)
    toolLines.push(`ADMIN_LEGACY_ADDRESS=${address}`, `ADMIN_LEGACY_FROM_BLOCK=${deployedAt}`)
  }
  if (options.owner) {
    const { safe, outDir } = options.owner
    for (const { abi, address } of deployed) {
      const data = encodeFunctionData({ abi, functionName: 'transferOwnership', args: [safe] })
      const receipt = await sendCall(connection, clients.wallet, address, data, `transferOwnership(${safe})`)
      io.out(`${address}: ${safe} proposed as owner (transaction ${receipt.transactionHash})`)
    }
    const path = writeSafeFile(outDir, 'accept-ownership.json', {
      chainId: connection.chain.id,
      safe,
      name: 'Accept ownership of the NAI contracts',
      description: deployed.map(({ address }) => `${address}: acceptOwnership()`).join('; '),
      calls: deployed.map(({ abi, address }) => ({
        to: address,
        data: encodeFunctionData({ abi, functionName: 'acceptOwnership' }),
      })),
    })
    io.out(`Wrote ${path}: the Safe's owners import it in the Transaction Builder and execute it to take over.`)
  }
  // The app reads a holder's history from the earliest block either contract can have events in.
  const [firstBlock] = deploymentBlocks.toSorted((a, b) => (a < b ? -1 : a > b ? 1 : 0))
  if (firstBlock !== undefined) lines.push(`VITE_DEPLOYMENT_BLOCK=${firstBlock}`)
  io.out('')
  io.out('# Environment for the app (.env)')
  for (const line of lines) io.out(line)
  io.out('# Environment for this tool')
  io.out(`ADMIN_RPC_URL=${connection.rpcUrl}`)
  for (const line of toolLines) io.out(line)
  return EXIT.ok
}
