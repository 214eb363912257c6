import type { Chain, Hash } from 'viem'

/** A transaction's page on the chain's block explorer (Etherscan, SnowTrace), by the explorer's own name. */
export type ExplorerLink = { name: string; url: string }

/** Where to look `hash` up, or `undefined` on a chain without a public explorer (the local chain). */
export function transactionLink(chain: Pick<Chain, 'blockExplorers'>, hash: Hash): ExplorerLink | undefined {
  const explorer = chain.blockExplorers?.default
  if (!explorer) return undefined
  return { name: explorer.name, url: `${explorer.url.replace(/\/$/, '')}/tx/${hash}` }
}
