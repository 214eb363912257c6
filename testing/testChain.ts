import {
  type Address,
  createPublicClient,
  createTestClient,
  createWalletClient,
  encodePacked,
  getAddress,
  type Hex,
  http,
  keccak256,
  parseEther,
  parseUnits,
  type TestClient,
  type TransactionReceipt,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { type Anvil, startAnvil } from '../scripts/lib/anvil.ts'
import {
  type Clients,
  deployDemoToken,
  deployLegacyClaim,
  deployVesting,
  installMulticall3,
  type Schedule,
} from '../scripts/lib/deploy.ts'
import { ANVIL_PRIVATE_KEYS } from '../src/config/anvil.ts'
import { demoTokenAbi } from '../src/generated.ts'

/** Anvil's default accounts #0 (the deployer and owner in tests) and #1. */
export const [OWNER_KEY, OTHER_KEY] = ANVIL_PRIVATE_KEYS

export type TestChain = {
  anvil: Anvil
  rpcUrl: string
  clients: Clients
  testClient: TestClient<'anvil'>
  owner: Address
  token: Address
  vesting: Address
  legacy: Address
  schedule: Schedule
  /** Deploys another Vesting (owned by the key's account) with the same schedule. */
  deployVestingAs: (key: `0x${string}`) => Promise<Address>
  mint: (to: Address, wholeTokens: string) => Promise<void>
  stop: () => Promise<void>
}

function clientsFor(rpcUrl: string, key: `0x${string}`): Clients {
  const transport = http(rpcUrl)
  return {
    wallet: createWalletClient({ account: privateKeyToAccount(key), chain: foundry, transport, pollingInterval: 50 }),
    public: createPublicClient({ chain: foundry, transport, pollingInterval: 50 }),
  }
}

/**
 * A fresh anvil on a free port with DemoToken, Vesting (claim window opening in a day), LegacyClaim and Multicall3
 * at its canonical address; the owner holds a billion tokens.
 */
export async function startTestChain(): Promise<TestChain> {
  const anvil = await startAnvil()
  try {
    const clients = clientsFor(anvil.rpcUrl, OWNER_KEY)
    const testClient = createTestClient({ mode: 'anvil', chain: foundry, transport: http(anvil.rpcUrl) })
    await installMulticall3(clients, testClient)
    const { timestamp } = await clients.public.getBlock()
    const day = 86_400n
    const schedule: Schedule = {
      claimStart: timestamp + day,
      claimEnd: timestamp + 15n * day,
      unlockStart: timestamp + 380n * day,
      unlockEnd: timestamp + 745n * day,
    }
    const token = getAddress(await deployDemoToken(clients))
    const vesting = getAddress(await deployVesting(clients, token, schedule))
    const legacy = getAddress(await deployLegacyClaim(clients, token, schedule.claimStart))
    const mint = async (to: Address, wholeTokens: string) => {
      const hash = await clients.wallet.writeContract({
        address: token,
        abi: demoTokenAbi,
        functionName: 'mint',
        args: [to, parseUnits(wholeTokens, 18)],
      })
      await clients.public.waitForTransactionReceipt({ hash })
    }
    const owner = clients.wallet.account.address
    await mint(owner, '1000000000')
    return {
      anvil,
      rpcUrl: anvil.rpcUrl,
      clients,
      testClient,
      owner,
      token,
      vesting,
      legacy,
      schedule,
      deployVestingAs: async (key) => getAddress(await deployVesting(clientsFor(anvil.rpcUrl, key), token, schedule)),
      mint,
      stop: () => anvil.stop(),
    }
  } catch (error) {
    await anvil.stop()
    throw error
  }
}

/** Sends a call as `account` (a holder without a key, or a contract) through anvil's impersonation. */
export async function sendAs(
  chain: TestChain,
  account: Address,
  call: { to: Address; data: Hex },
): Promise<TransactionReceipt> {
  await chain.testClient.impersonateAccount({ address: account })
  await chain.testClient.setBalance({ address: account, value: parseEther('1') })
  const wallet = createWalletClient({ account, chain: foundry, transport: http(chain.rpcUrl) })
  const hash = await wallet.sendTransaction(call)
  const receipt = await chain.clients.public.waitForTransactionReceipt({ hash })
  if (receipt.status !== 'success') throw new Error(`The call to ${call.to} as ${account} reverted.`)
  return receipt
}

/** Mines a block dated `timestamp`: the chain's clock moves there. */
export async function setChainTime(chain: TestChain, timestamp: bigint): Promise<void> {
  await chain.testClient.setNextBlockTimestamp({ timestamp })
  await chain.testClient.mine({ blocks: 1 })
}

/** The i-th of a deterministic set of distinct holder addresses, in checksum form. */
export function holderAddress(seed: string, i: number): Address {
  return getAddress(`0x${keccak256(encodePacked(['string', 'uint256'], [seed, BigInt(i)])).slice(26)}`)
}

export type CsvRow = { address: string; amount: string; burn?: string }

export function vestingCsv(rows: readonly CsvRow[]): string {
  return `address,amount,burn_percent\n${rows.map((row) => `${row.address},${row.amount},${row.burn ?? '0'}`).join('\n')}\n`
}

export function legacyCsv(rows: readonly CsvRow[]): string {
  return `address,amount\n${rows.map((row) => `${row.address},${row.amount}`).join('\n')}\n`
}
