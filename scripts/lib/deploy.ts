import type { Account, Address, Chain, Hex, PublicClient, TestClient, Transport, WalletClient } from 'viem'
import { MULTICALL3_ADDRESS } from '../../src/config/chains.ts'
import type { Schedule } from '../../src/domain/schedule.ts'
import { demoTokenAbi, legacyClaimAbi, multicall3Abi, vestingAbi } from '../../src/generated.ts'
import { creationBytecode } from './artifacts.ts'

// The owner tool imports these from here.
export { MULTICALL3_ADDRESS, type Schedule }

export type Clients = {
  wallet: WalletClient<Transport, Chain, Account>
  public: PublicClient
}

/** What deploying needs of the clients: any client with these actions will do (a test client extended with them). */
type DeployClients = {
  wallet: Pick<Clients['wallet'], 'deployContract'>
  public: Pick<Clients['public'], 'getCode' | 'waitForTransactionReceipt'>
}

/** Throws unless claimStart < claimEnd <= unlockStart < unlockEnd, the rule the Vesting constructor enforces. */
export function assertValidSchedule(schedule: Schedule): void {
  const { claimStart, claimEnd, unlockStart, unlockEnd } = schedule
  if (!(claimStart < claimEnd && claimEnd <= unlockStart && unlockStart < unlockEnd)) {
    throw new Error(
      `Invalid schedule: need claimStart < claimEnd <= unlockStart < unlockEnd, got ${claimStart}, ${claimEnd}, ${unlockStart}, ${unlockEnd}.`,
    )
  }
}

async function confirmedAddress(clients: DeployClients, hash: Hex, what: string): Promise<Address> {
  const receipt = await clients.public.waitForTransactionReceipt({ hash })
  if (receipt.status !== 'success' || !receipt.contractAddress) {
    throw new Error(`Deploying ${what} failed (transaction ${hash} reverted).`)
  }
  return receipt.contractAddress
}

export async function deployDemoToken(clients: DeployClients, name = 'NAI', symbol = 'NAI'): Promise<Address> {
  const hash = await clients.wallet.deployContract({
    abi: demoTokenAbi,
    bytecode: creationBytecode('DemoToken'),
    args: [name, symbol],
  })
  return confirmedAddress(clients, hash, 'DemoToken')
}

export async function deployVesting(clients: DeployClients, token: Address, schedule: Schedule): Promise<Address> {
  assertValidSchedule(schedule)
  const hash = await clients.wallet.deployContract({
    abi: vestingAbi,
    bytecode: creationBytecode('Vesting'),
    args: [token, schedule.claimStart, schedule.claimEnd, schedule.unlockStart, schedule.unlockEnd],
  })
  return confirmedAddress(clients, hash, 'Vesting')
}

export async function deployLegacyClaim(clients: DeployClients, token: Address, claimStart: bigint): Promise<Address> {
  const hash = await clients.wallet.deployContract({
    abi: legacyClaimAbi,
    bytecode: creationBytecode('LegacyClaim'),
    args: [token, claimStart],
  })
  return confirmedAddress(clients, hash, 'LegacyClaim')
}

/**
 * Puts Multicall3 at its canonical address on a local anvil chain: deploys it anywhere, then copies the runtime
 * code with `anvil_setCode` (the contract has no constructor state, so the copy is identical).
 */
export async function installMulticall3(clients: DeployClients, anvil: TestClient<'anvil'>): Promise<Address> {
  const existing = await clients.public.getCode({ address: MULTICALL3_ADDRESS })
  if (existing && existing !== '0x') return MULTICALL3_ADDRESS
  const hash = await clients.wallet.deployContract({
    abi: multicall3Abi,
    bytecode: creationBytecode('Multicall3'),
  })
  const deployed = await confirmedAddress(clients, hash, 'Multicall3')
  const code = await clients.public.getCode({ address: deployed })
  if (!code) throw new Error('Multicall3 deployed without code.')
  await anvil.setCode({ address: MULTICALL3_ADDRESS, bytecode: code })
  return MULTICALL3_ADDRESS
}
