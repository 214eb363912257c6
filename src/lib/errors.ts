import { type Abi, decodeErrorResult, encodeErrorResult, type Hex, isHex } from 'viem'
import { formatBurnPercentage } from '../features/vesting/domain/position'
import { demoTokenAbi, legacyClaimAbi, vestingAbi } from '../generated'
import { formatDateTime, formatTokenAmount, shortenAddress } from './format'

/** What the UI does with a failure: stay quiet when the user said no, otherwise show `message`. */
export type ErrorDescription = { kind: 'rejected' } | { kind: 'failed'; message: string }

export type DescribeErrorOptions = {
  /** The app's chain, named in the wrong-network message; read from the error when not given. */
  chainName?: string
  /** Locale and time zone for dates in messages; the user's own when not given. */
  locale?: string
  timeZone?: string
}

/**
 * Every custom error the portal can meet: both contracts', OpenZeppelin's (Ownable, ReentrancyGuard, SafeERC20), the
 * ERC-20 errors a token transfer bubbles up, and Solidity's own `Error(string)` and `Panic(uint256)`.
 */
const portalErrorAbi = [
  ...vestingAbi,
  ...legacyClaimAbi,
  ...demoTokenAbi,
  { type: 'error', name: 'Error', inputs: [{ name: 'message', type: 'string' }] },
  { type: 'error', name: 'Panic', inputs: [{ name: 'code', type: 'uint256' }] },
] as const

/** The same list, typed loosely, for re-encoding errors whose name and arguments arrive untyped. */
const untypedPortalErrorAbi: Abi = portalErrorAbi

const NETWORK_ERROR_NAMES = new Set(['HttpRequestError', 'TimeoutError', 'WebSocketRequestError', 'SocketClosedError'])
const CHAIN_MISMATCH_ERROR_NAMES = new Set(['ChainMismatchError', 'ConnectorChainMismatchError'])
const KNOWN_CHAIN_NAMES: Record<string, string> = { '1': 'Ethereum', '43114': 'Avalanche C-Chain', '31337': 'Anvil' }

const NETWORK_MESSAGE = 'The network could not be reached. Check your connection and try again.'
const GENERIC_MESSAGE = 'Something went wrong. Please try again.'

/** EIP-1193 "User Rejected Request". */
const USER_REJECTED_CODE = 4001

type ErrorLink = { name?: unknown; code?: unknown; data?: unknown; shortMessage?: unknown; metaMessages?: unknown }

/**
 * The error and its causes, outermost first. Same path as viem's `BaseError.walk`, but it also follows errors that
 * are not viem's (wallet SDKs throw plain EIP-1193 objects, or errors from their own copy of viem) and stops on a
 * cycle.
 */
function causeChain(error: unknown): ErrorLink[] {
  const links: ErrorLink[] = []
  const seen = new Set<unknown>()
  let current: unknown = error
  while (typeof current === 'object' && current !== null && !seen.has(current) && links.length < 32) {
    seen.add(current)
    links.push(current)
    current = 'cause' in current ? current.cause : undefined
  }
  return links
}

const hasName = (link: ErrorLink, names: Set<string>) => typeof link.name === 'string' && names.has(link.name)

function isUserRejection(link: ErrorLink): boolean {
  return link.name === 'UserRejectedRequestError' || link.code === USER_REJECTED_CODE
}

/** Revert data carried anywhere in the chain: viem's decoded revert, raw `data`, or a wallet's nested `data.data`. */
function revertDataCandidates(links: ErrorLink[]): Hex[] {
  const candidates: Hex[] = []
  const add = (value: unknown) => {
    if (typeof value === 'string' && isHex(value) && value.length >= 10) candidates.push(value)
  }
  for (const link of links) {
    if ('raw' in link) add(link.raw)
    const data = link.data
    add(data)
    if (typeof data === 'object' && data !== null) {
      if ('data' in data) add(data.data)
      if ('originalError' in data && typeof data.originalError === 'object' && data.originalError !== null) {
        if ('data' in data.originalError) add(data.originalError.data)
      }
    }
  }
  return candidates
}

/** viem's decoded revert (`ContractFunctionRevertedError.data`) when the raw bytes are not at hand. */
function decodedRevertName(links: ErrorLink[]): { errorName: string; args: readonly unknown[] } | undefined {
  for (const link of links) {
    const data = link.data
    if (typeof data !== 'object' || data === null || !('errorName' in data)) continue
    if (typeof data.errorName !== 'string') continue
    const args = 'args' in data && Array.isArray(data.args) ? data.args : []
    return { errorName: data.errorName, args }
  }
  return undefined
}

type PortalError = ReturnType<typeof decodeErrorResult<typeof portalErrorAbi>>

function decodePortalError(links: ErrorLink[]): PortalError | undefined {
  for (const data of revertDataCandidates(links)) {
    try {
      return decodeErrorResult({ abi: portalErrorAbi, data })
    } catch {
      // Not one of ours; try the next candidate.
    }
  }
  const decoded = decodedRevertName(links)
  if (!decoded) return undefined
  try {
    // Re-encoding checks the arguments against our ABI and gives them their types.
    const data = encodeErrorResult({ abi: untypedPortalErrorAbi, errorName: decoded.errorName, args: decoded.args })
    return decodeErrorResult({ abi: portalErrorAbi, data })
  } catch {
    return undefined
  }
}

function sentenceFor(error: PortalError, options: DescribeErrorOptions): string {
  const nai = (amount: bigint) => `${formatTokenAmount(amount, 18)} NAI`
  const date = (epochSeconds: bigint) => formatDateTime(epochSeconds, options.locale, options.timeZone)
  const address = shortenAddress

  switch (error.errorName) {
    // Vesting: holder actions
    case 'Vesting_OutsideClaimWindow': {
      const [, claimStart, claimEnd] = error.args
      return `The claim window is closed: claim and burn is only possible between ${date(claimStart)} and ${date(claimEnd)}.`
    }
    case 'Vesting_AmountExceedsPosition': {
      const [, amount, position] = error.args
      return `You asked to claim ${nai(amount)}, but your position holds only ${nai(position)}.`
    }
    case 'Vesting_UnlockNotStarted': {
      const [, unlockStart] = error.args
      return `Unlocking has not started yet: your tokens begin to unlock on ${date(unlockStart)}.`
    }
    case 'Vesting_NothingToUnlock':
      return 'Nothing has unlocked since your last claim.'
    case 'Vesting_NotLockedYet': {
      const [, claimEnd] = error.args
      return `Locked tokens can only be transferred once the claim window has ended, on ${date(claimEnd)}.`
    }
    case 'Vesting_NotWhitelisted': {
      const [from, to] = error.args
      return `Locked tokens can only move to or from an approved contract, and neither ${address(from)} nor ${address(to)} is one.`
    }
    case 'Vesting_InvalidRecipient': {
      const [to] = error.args
      return `Locked tokens cannot be transferred to ${address(to)}: choose another recipient.`
    }
    case 'Vesting_AmountExceedsLocked': {
      const [, amount, locked] = error.args
      return `You asked to transfer ${nai(amount)}, but only ${nai(locked)} is still locked in your position.`
    }
    case 'Vesting_ZeroAmount':
      return 'The amount must be more than zero.'
    // Vesting: owner actions and deployment
    case 'Vesting_ZeroTokenAddress':
      return 'The vesting contract needs a token: the zero address was given.'
    case 'Vesting_InvalidSchedule': {
      const [claimStart, claimEnd, unlockStart, unlockEnd] = error.args
      return `The schedule is invalid: the claim window (${date(claimStart)} to ${date(claimEnd)}) must end no later than unlocking starts, and unlocking (${date(unlockStart)} to ${date(unlockEnd)}) must end after it starts.`
    }
    case 'Vesting_LengthMismatch': {
      const [owners, amounts, burnPercentages] = error.args
      return `The lists of holders (${owners}), amounts (${amounts}) and burn percentages (${burnPercentages}) must be the same length.`
    }
    case 'Vesting_ZeroAddress': {
      const [index] = error.args
      return `Holder number ${index + 1n} in the list is the zero address.`
    }
    case 'Vesting_AmountTooLarge': {
      const [holder, amount, max] = error.args
      return `The amount for ${address(holder)} (${nai(amount)}) is above the most a position can hold (${nai(max)}).`
    }
    case 'Vesting_BurnPercentageTooHigh': {
      const [holder, burnPercentage] = error.args
      return `The burn percentage for ${address(holder)} (${formatBurnPercentage(burnPercentage)} %) is above 100 %.`
    }
    case 'Vesting_PositionExists': {
      const [holder] = error.args
      return `${address(holder)} already has a vesting position, so it cannot be added again.`
    }
    case 'Vesting_FundingMismatch': {
      const [expected, received] = error.args
      return `The vesting contract should have received ${nai(expected)} but received ${nai(received)}; tokens that take a fee on transfer are not supported.`
    }
    case 'Vesting_NoCode': {
      const [contractAddress] = error.args
      return `${address(contractAddress)} is not a contract on this network, so it cannot be approved for locked transfers.`
    }
    // LegacyClaim
    case 'LegacyClaim_ClaimNotStarted': {
      const [, claimStart] = error.args
      return `Legacy tokens can be claimed from ${date(claimStart)}.`
    }
    case 'LegacyClaim_NothingToClaim':
      return 'This address has no legacy tokens left to claim.'
    case 'LegacyClaim_ZeroTokenAddress':
      return 'The legacy claim contract needs a token: the zero address was given.'
    case 'LegacyClaim_LengthMismatch': {
      const [owners, amounts] = error.args
      return `The lists of owners (${owners}) and amounts (${amounts}) must be the same length.`
    }
    case 'LegacyClaim_ZeroAddress': {
      const [index] = error.args
      return `Owner number ${index + 1n} in the list is the zero address.`
    }
    case 'LegacyClaim_ZeroAmount': {
      const [owner] = error.args
      return `The legacy amount for ${address(owner)} must be more than zero.`
    }
    case 'LegacyClaim_ClaimExists': {
      const [owner] = error.args
      return `${address(owner)} already has unclaimed legacy tokens, so it cannot be added again.`
    }
    case 'LegacyClaim_FundingMismatch': {
      const [expected, received] = error.args
      return `The legacy claim contract should have received ${nai(expected)} but received ${nai(received)}; tokens that take a fee on transfer are not supported.`
    }
    // OpenZeppelin
    case 'OwnableUnauthorizedAccount': {
      const [account] = error.args
      return `Only the contract owner can do this, and ${address(account)} is not the owner.`
    }
    case 'OwnableInvalidOwner': {
      const [owner] = error.args
      return `${address(owner)} cannot be made the owner of the contract.`
    }
    case 'ReentrancyGuardReentrantCall':
      return 'The contract refused a call made while another of its calls was still running.'
    case 'SafeERC20FailedOperation': {
      const [token] = error.args
      return `The token transfer failed: the token at ${address(token)} did not complete it.`
    }
    // ERC-20 errors a transfer bubbles up
    case 'ERC20InsufficientBalance': {
      const [sender, balance, needed] = error.args
      return `The token transfer failed: ${address(sender)} holds ${nai(balance)} but ${nai(needed)} is needed.`
    }
    case 'ERC20InsufficientAllowance': {
      const [spender, allowance, needed] = error.args
      return `The token transfer failed: ${address(spender)} is allowed to move ${nai(allowance)} but ${nai(needed)} is needed. Approve the full amount first.`
    }
    case 'ERC20InvalidSender': {
      const [sender] = error.args
      return `The token transfer failed: tokens cannot be sent from ${address(sender)}.`
    }
    case 'ERC20InvalidReceiver': {
      const [receiver] = error.args
      return `The token transfer failed: tokens cannot be sent to ${address(receiver)}.`
    }
    case 'ERC20InvalidApprover': {
      const [approver] = error.args
      return `The token approval failed: ${address(approver)} cannot approve spending.`
    }
    case 'ERC20InvalidSpender': {
      const [spender] = error.args
      return `The token approval failed: ${address(spender)} cannot be allowed to spend tokens.`
    }
    // Solidity
    case 'Error': {
      const [message] = error.args
      return message ? `The contract refused the transaction: ${message}` : 'The contract refused the transaction.'
    }
    case 'Panic': {
      const [code] = error.args
      return `The contract stopped on an internal error (panic code 0x${code.toString(16)}).`
    }
    default: {
      const unhandled: never = error
      return unhandled
    }
  }
}

function wrongNetworkMessage(link: ErrorLink, options: DescribeErrorOptions): string {
  const metaMessages = Array.isArray(link.metaMessages) ? link.metaMessages : []
  const expected = metaMessages
    .map((line) => (typeof line === 'string' ? /Expected Chain ID:\s*(\d+)(?:\s*–\s*(.+))?/.exec(line) : null))
    .find((match) => match !== null)
  const chainName =
    options.chainName ??
    (expected?.[1] !== undefined ? KNOWN_CHAIN_NAMES[expected[1]] : undefined) ??
    expected?.[2]?.trim() ??
    'the network this app uses'
  return `Your wallet is on another network. Switch to ${chainName} and try again.`
}

/** viem's one-line summary, with newlines folded so that nothing multi-line (or a stack) reaches the page. */
function shortMessageOf(link: ErrorLink | undefined): string | undefined {
  if (typeof link?.shortMessage !== 'string') return undefined
  const message = link.shortMessage.replace(/\s+/g, ' ').trim()
  return message || undefined
}

/**
 * Turns any failure of a read or a write into what the holder should see (SPEC §8): a rejection in the wallet is
 * `rejected` (stay quiet); a contract revert becomes a sentence for its custom error, with amounts and dates
 * formatted; a wrong network, missing gas money or an unreachable RPC get their own sentence; anything else viem's
 * short message, or a generic sentence. Never a stack trace.
 */
export function describeError(error: unknown, options: DescribeErrorOptions = {}): ErrorDescription {
  const links = causeChain(error)
  if (links.some(isUserRejection)) return { kind: 'rejected' }

  const failed = (message: string): ErrorDescription => ({ kind: 'failed', message })

  const decoded = decodePortalError(links)
  if (decoded) return failed(sentenceFor(decoded, options))

  const wrongNetwork = links.find((link) => hasName(link, CHAIN_MISMATCH_ERROR_NAMES))
  if (wrongNetwork) return failed(wrongNetworkMessage(wrongNetwork, options))

  if (links.some((link) => link.name === 'InsufficientFundsError')) {
    return failed('Your wallet does not have enough funds to pay the network fee. Add some and try again.')
  }
  if (links.some((link) => hasName(link, NETWORK_ERROR_NAMES))) return failed(NETWORK_MESSAGE)
  if (links.some((link) => link.name === 'ContractFunctionZeroDataError')) {
    return failed('The contract was not found on this network.')
  }
  if (links.some((link) => link.name === 'ContractFunctionRevertedError')) {
    return failed('The contract refused the transaction.')
  }
  return failed(shortMessageOf(links[0]) ?? GENERIC_MESSAGE)
}
