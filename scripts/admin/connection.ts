import {
  type Account,
  type Address,
  type Chain,
  createPublicClient,
  createWalletClient,
  defineChain,
  http,
  type PublicClient,
  type Transport,
  type WalletClient,
} from 'viem'
import { MULTICALL3_ADDRESS } from '../lib/deploy.ts'
import { RefusedError } from './errors.ts'

export type Connection = {
  rpcUrl: string
  chain: Chain
  client: PublicClient<Transport, Chain>
  /** Multicall3 when the chain has it at the canonical address; reads fall back to single calls otherwise. */
  multicall: Address | undefined
}

/** Names and native currencies of the chains the product runs on (viem/chains costs half a second to load). */
const KNOWN_CHAINS: Record<number, { name: string; symbol: string }> = {
  1: { name: 'Ethereum', symbol: 'ETH' },
  43114: { name: 'Avalanche C-Chain', symbol: 'AVAX' },
  31337: { name: 'local anvil', symbol: 'ETH' },
}

const LOCAL_CHAIN_ID = 31337

/** Local chains mine at once: poll fast there, politely elsewhere. */
function pollingInterval(chainId: number): number {
  return chainId === LOCAL_CHAIN_ID ? 50 : 2_000
}

/** Connects to the RPC, learns which chain it serves and whether Multicall3 is there. */
export async function connect(rpcUrl: string): Promise<Connection> {
  let url: URL
  try {
    url = new URL(rpcUrl)
  } catch {
    throw new RefusedError(`The RPC URL "${rpcUrl}" is not a URL.`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new RefusedError(`The RPC URL must be http(s), got ${url.protocol}`)
  }
  const transport = http(rpcUrl, { timeout: 60_000, retryCount: 3 })
  const probe = createPublicClient({ transport })
  const chainId = await probe.getChainId()
  const known = KNOWN_CHAINS[chainId] ?? { name: `chain ${chainId}`, symbol: 'ETH' }
  const chain = defineChain({
    id: chainId,
    name: known.name,
    nativeCurrency: { name: known.symbol, symbol: known.symbol, decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  })
  // No caching: after a receipt, the next read must see the block that holds it.
  const client = createPublicClient({ chain, transport, pollingInterval: pollingInterval(chainId), cacheTime: 0 })
  const code = await client.getCode({ address: MULTICALL3_ADDRESS })
  return { rpcUrl, chain, client, multicall: code && code !== '0x' ? MULTICALL3_ADDRESS : undefined }
}

export function walletClient(connection: Connection, account: Account): WalletClient<Transport, Chain, Account> {
  return createWalletClient({
    account,
    chain: connection.chain,
    transport: http(connection.rpcUrl, { timeout: 60_000, retryCount: 3 }),
    pollingInterval: pollingInterval(connection.chain.id),
    cacheTime: 0,
  })
}

/** Checks that `address` holds code, so that a wrong address fails with a clear message instead of zeros. */
export async function assertContract(connection: Connection, address: Address, what: string): Promise<void> {
  const code = await connection.client.getCode({ address })
  if (!code || code === '0x') {
    throw new RefusedError(`No contract at ${address} on chain ${connection.chain.id}: is ${what} the right address?`)
  }
}
