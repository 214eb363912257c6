import { type Address, type Chain, defineChain } from 'viem'
import { avalanche, mainnet } from 'viem/chains'
import type { LogLimits } from '../domain/logRanges'
import type { AppConfig } from './env'

/** Where Multicall3 lives on every public chain; the local chain gets it at the same address. */
export const MULTICALL3_ADDRESS: Address = '0xcA11bde05977b3631167028862bE2a173976CA11'

/** The chain id of the local anvil chain (the demo and the browser tests). */
export const LOCAL_CHAIN_ID = 31337

/** The local anvil chain; the demo stack and the browser tests put Multicall3 at its canonical address. */
export const localAnvil = defineChain({
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

/** A chain's name where the portal knows it ("Ethereum"), otherwise "chain <id>". */
export function chainName(id: number): string {
  return id in chainsById ? chainsById[id as AppConfig['chainId']].name : `chain ${id}`
}

/**
 * The RPC endpoints of the one chain this build serves, in the order they are tried: the configured ones, then the
 * chain's public endpoint (the local chain has none: its URL is always configured or the anvil default).
 */
export function rpcUrlsFor(config: AppConfig): readonly string[] {
  const [publicUrl] = chainsById[config.chainId].rpcUrls.default.http
  if (config.rpcUrls.length === 0) return publicUrl ? [publicUrl] : []
  if (config.chainId === LOCAL_CHAIN_ID || !publicUrl || config.rpcUrls.includes(publicUrl)) return config.rpcUrls
  return [...config.rpcUrls, publicUrl]
}

/** The one chain this build serves, with its RPC endpoints as configured. */
export function chainFor(config: AppConfig): Chain {
  const chain = chainsById[config.chainId]
  return { ...chain, rpcUrls: { ...chain.rpcUrls, default: { http: [...rpcUrlsFor(config)] } } }
}

export function multicall3Address(chain: Chain) {
  return chain.contracts?.multicall3?.address ?? MULTICALL3_ADDRESS
}

/**
 * Each chain's log limits: the widest `eth_getLogs` range its public endpoints accept (Avalanche's public API allows
 * 2,048 blocks; a narrower cap is found by halving), and how many blocks a node behind a public endpoint's load
 * balancer is taken to lag its peers at most (a minute on Ethereum, half a minute on Avalanche; the local chain's
 * public-endpoint double lags 3).
 */
const LOG_LIMITS: Record<AppConfig['chainId'], LogLimits> = {
  1: { maxRange: 10_000n, settleBlocks: 5n },
  43114: { maxRange: 2_048n, settleBlocks: 16n },
  31337: { maxRange: 10_000n, settleBlocks: 4n },
}

export function logLimitsFor(chainId: AppConfig['chainId']): LogLimits {
  return LOG_LIMITS[chainId]
}
