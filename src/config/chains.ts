import { type Address, type Chain, defineChain } from 'viem'
import { avalanche, mainnet } from 'viem/chains'
import type { AppConfig } from './env'

/** Where Multicall3 lives on every public chain; the local chain gets it at the same address. */
export const MULTICALL3_ADDRESS: Address = '0xcA11bde05977b3631167028862bE2a173976CA11'

/** The chain id of the local anvil chain (the demo and the browser tests). */
export const LOCAL_CHAIN_ID = 31337

/** The local anvil chain; the demo stack and the browser tests put Multicall3 at its canonical address. */
const localAnvil = defineChain({
  id: LOCAL_CHAIN_ID,
  name: 'Local (anvil)',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
  contracts: { multicall3: { address: MULTICALL3_ADDRESS, blockCreated: 0 } },
  testnet: true,
})

const chainsById: Record<AppConfig['chainId'], Chain> = {
  1: mainnet,
  43114: avalanche,
  31337: localAnvil,
}

/** The one chain this build serves, with the RPC override applied. */
export function chainFor(config: AppConfig): Chain {
  const chain = chainsById[config.chainId]
  if (!config.rpcUrl) return chain
  return { ...chain, rpcUrls: { ...chain.rpcUrls, default: { http: [config.rpcUrl] } } }
}

export function multicall3Address(chain: Chain) {
  return chain.contracts?.multicall3?.address ?? MULTICALL3_ADDRESS
}
