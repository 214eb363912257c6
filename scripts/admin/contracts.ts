import { type Address, erc20Abi } from 'viem'
import { legacyClaimAbi, vestingAbi } from '../../src/generated.ts'
import type { Schedule } from '../lib/deploy.ts'
import type { ClaimKind } from './claims-file.ts'
import { assertContract, type Connection } from './connection.ts'
import { RefusedError } from './errors.ts'

export type TokenInfo = { address: Address; symbol: string; decimals: number }

export const CONTRACT_NAME: Record<ClaimKind, string> = { vesting: 'Vesting', legacy: 'LegacyClaim' }

/** The token's symbol and decimals; an address without an ERC-20 behind it is refused. */
export async function readToken(connection: Connection, address: Address): Promise<TokenInfo> {
  await assertContract(connection, address, 'the token')
  let decimals: number
  try {
    decimals = await connection.client.readContract({ address, abi: erc20Abi, functionName: 'decimals' })
  } catch {
    throw new RefusedError(`${address} does not answer decimals(): is it an ERC-20 token?`)
  }
  const symbol = await connection.client
    .readContract({ address, abi: erc20Abi, functionName: 'symbol' })
    .catch(() => 'tokens')
  return { address, symbol, decimals }
}

export type ClaimContract = { kind: ClaimKind; address: Address; owner: Address; token: TokenInfo }

/** Checks that `address` is the expected kind of contract and reads its owner and token. */
export async function readClaimContract(
  connection: Connection,
  kind: ClaimKind,
  address: Address,
): Promise<ClaimContract> {
  const name = CONTRACT_NAME[kind]
  await assertContract(connection, address, name)
  const { client } = connection
  try {
    const [token, owner] =
      kind === 'vesting'
        ? await Promise.all([
            client.readContract({ address, abi: vestingAbi, functionName: 'token' }),
            client.readContract({ address, abi: vestingAbi, functionName: 'owner' }),
            client.readContract({ address, abi: vestingAbi, functionName: 'FULL_BURN' }),
          ])
        : await Promise.all([
            client.readContract({ address, abi: legacyClaimAbi, functionName: 'token' }),
            client.readContract({ address, abi: legacyClaimAbi, functionName: 'owner' }),
            client.readContract({ address, abi: legacyClaimAbi, functionName: 'claimStart' }),
          ])
    return { kind, address, owner, token: await readToken(connection, token) }
  } catch (error) {
    if (error instanceof RefusedError) throw error
    throw new RefusedError(`${address} does not behave like a ${name} contract (its views do not answer).`)
  }
}

export async function readSchedule(connection: Connection, vesting: Address, blockNumber?: bigint): Promise<Schedule> {
  const read = (functionName: 'claimStart' | 'claimEnd' | 'unlockStart' | 'unlockEnd') =>
    connection.client.readContract({ address: vesting, abi: vestingAbi, functionName, blockNumber })
  const [claimStart, claimEnd, unlockStart, unlockEnd] = await Promise.all([
    read('claimStart'),
    read('claimEnd'),
    read('unlockStart'),
    read('unlockEnd'),
  ])
  return { claimStart, claimEnd, unlockStart, unlockEnd }
}
