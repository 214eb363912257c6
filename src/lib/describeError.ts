import { t } from '@lingui/core/macro'
import {
  type ErrorDescription,
  type ErrorLink,
  errorCauses,
  hasName,
  isUserRejection,
  NETWORK_ERROR_NAMES,
} from './errors'

export type DescribeErrorOptions = {
  /** The app's chain, named when the wallet is on another one; otherwise the name the error carries. */
  chainName?: string
  /** The sentence for a contract revert, when the audience's table has one. */
  revert?: (error: unknown) => string | undefined
}

const CHAIN_MISMATCH_ERROR_NAMES = ['ChainMismatchError', 'ConnectorChainMismatchError']

/** The chain a mismatch error expects, as viem names it ("Expected Chain ID: 43114 – Avalanche"). */
function expectedChainName(link: ErrorLink): string | undefined {
  const lines = Array.isArray(link.metaMessages) ? link.metaMessages : []
  for (const line of lines) {
    const match = typeof line === 'string' ? /Expected Chain ID:\s*\d+\s*–\s*(.+)/.exec(line) : null
    if (match?.[1]) return match[1].trim()
  }
  return undefined
}

/** viem's one-line summary, with newlines folded so that nothing multi-line (or a stack) reaches the page. */
function shortMessageOf(link: ErrorLink | undefined): string | undefined {
  if (typeof link?.shortMessage !== 'string') return undefined
  return link.shortMessage.replace(/\s+/g, ' ').trim() || undefined
}

/**
 * What the holder sees for any failure of a read or a write, never a stack trace: nothing for a rejection in the
 * wallet, the audience's sentence for a contract revert, a sentence of its own for a wrong network, missing gas money
 * or an unreachable RPC, otherwise viem's short message (in viem's English) or a generic sentence. The portal's own
 * sentences are in the page's language.
 */
export function describeError(error: unknown, options: DescribeErrorOptions = {}): ErrorDescription {
  if (isUserRejection(error)) return { kind: 'rejected' }
  const failed = (message: string): ErrorDescription => ({ kind: 'failed', message })
  const links = errorCauses(error)

  const revert = options.revert?.(error)
  if (revert) return failed(revert)

  const wrongNetwork = links.find((link) => hasName(link, CHAIN_MISMATCH_ERROR_NAMES))
  if (wrongNetwork) {
    const chainName = options.chainName ?? expectedChainName(wrongNetwork)
    return failed(
      chainName === undefined
        ? t`Your wallet is on another network. Switch to the network this app uses and try again.`
        : t`Your wallet is on another network. Switch to ${chainName} and try again.`,
    )
  }
  if (links.some((link) => link.name === 'InsufficientFundsError')) {
    return failed(t`Your wallet does not have enough funds to pay the network fee. Add some and try again.`)
  }
  if (links.some((link) => hasName(link, NETWORK_ERROR_NAMES))) {
    return failed(t`The network could not be reached. Check your connection and try again.`)
  }
  if (links.some((link) => link.name === 'ContractFunctionZeroDataError')) {
    return failed(t`The contract was not found on this network.`)
  }
  if (links.some((link) => link.name === 'ContractFunctionRevertedError')) {
    return failed(t`The contract refused the transaction.`)
  }
  return failed(shortMessageOf(links[0]) ?? t`Something went wrong. Please try again.`)
}
